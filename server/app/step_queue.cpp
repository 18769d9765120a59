#include "server/app/step_queue.hpp"

#include <algorithm>
#include <utility>

namespace shithead::server {

void step_queue::pass(std::vector<letter> letters) {
  if (letters.empty() && steps_.empty()) return;
  steps_.push_back(step{0, std::move(letters), true});
  deliver_released();
}

std::uint64_t step_queue::park(std::vector<letter> letters) {
  const auto ticket = next_ticket_++;
  steps_.push_back(step{ticket, std::move(letters), false});
  return ticket;
}

void step_queue::release(std::uint64_t ticket) {
  const auto it = std::find_if(steps_.begin(), steps_.end(), [&](const step& s) { return s.ticket == ticket; });
  if (it == steps_.end() || it->released) return;
  it->released = true;
  deliver_released();
}

void step_queue::deliver_released() {
  while (!steps_.empty() && steps_.front().released) {
    // Taken off the queue first: delivering never calls back in, but stay safe anyway.
    auto letters = std::move(steps_.front().letters);
    steps_.pop_front();
    deliver(letters);
  }
}

}  // namespace shithead::server
