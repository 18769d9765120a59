#include "server/room/frame_gate.hpp"

#include <algorithm>

namespace shithead::server {

// Lives inside the room; forwards what the room sends into the gate. The gate outlives
// it: both belong to the same room_host, and the room (holder of stand-ins) is
// destroyed first.
class frame_gate::stand_in : public participant {
 public:
  stand_in(frame_gate& gate, std::shared_ptr<participant> connection)
      : gate_(gate), connection_(std::move(connection)) {}
  void deliver(frame message) override { gate_.hold(connection_, std::move(message)); }

 private:
  frame_gate& gate_;
  std::shared_ptr<participant> connection_;
};

std::shared_ptr<participant> frame_gate::wrap(const std::shared_ptr<participant>& connection) {
  // Drop entries of stand-ins the room has let go of, so the map stays small.
  std::erase_if(stand_ins_, [](const auto& entry) { return entry.second.expired(); });
  if (const auto it = stand_ins_.find(connection.get()); it != stand_ins_.end())
    if (auto existing = it->second.lock()) return existing;
  auto made = std::make_shared<stand_in>(*this, connection);
  stand_ins_[connection.get()] = made;
  return made;
}

std::shared_ptr<participant> frame_gate::take_stand_in(const participant* connection) {
  const auto it = stand_ins_.find(connection);
  if (it == stand_ins_.end()) return nullptr;
  auto found = it->second.lock();
  stand_ins_.erase(it);
  return found;
}

void frame_gate::hold(const std::shared_ptr<participant>& to, frame message) {
  current_.push_back(held_frame{to, std::move(message)});
}

std::optional<std::uint64_t> frame_gate::end_step(bool park) {
  if (!park && current_.empty()) return std::nullopt;
  step s;
  s.frames.swap(current_);
  s.released = !park;
  s.ticket = park ? next_ticket_++ : 0;
  const auto ticket = s.ticket;
  steps_.push_back(std::move(s));
  deliver_released();
  return park ? std::optional<std::uint64_t>(ticket) : std::nullopt;
}

void frame_gate::release(std::uint64_t ticket, const patcher& patch) {
  const auto it = std::find_if(steps_.begin(), steps_.end(), [&](const step& s) { return s.ticket == ticket; });
  if (it == steps_.end() || it->released) return;
  if (patch) patch(it->frames);
  it->released = true;
  deliver_released();
}

void frame_gate::deliver_released() {
  while (!steps_.empty() && steps_.front().released) {
    // Taken off the queue first: a delivery may not call back in, but be safe anyway.
    auto frames = std::move(steps_.front().frames);
    steps_.pop_front();
    for (auto& f : frames) f.to->deliver(std::move(f.message));
  }
}

}  // namespace shithead::server
