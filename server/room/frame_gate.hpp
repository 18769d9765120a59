#pragma once
// Holds a room's outgoing frames until the step that made them is on disk, so that no
// player ever sees a move the store could still lose (a crash then replays the table
// to exactly what everyone last saw, or to a step that nobody saw yet).
//
// The room talks to stand-ins (wrap()) instead of the real connections; what it sends
// them collects here as the current step. end_step() either lets the step out at once
// (nothing to save) or parks it under a ticket until release(ticket). Steps leave in
// the order they were made: a step that needs no saving still waits behind one that
// does. Single-threaded: used on its room's strand only.
//
//   auto stand_in = gate.wrap(session);       // give the room this, not the session
//   room.handle(...);                         // the room "sends" to stand_in
//   auto ticket = gate.end_step(changed);     // parked if changed
//   store.save_table(..., [=] { post(strand, [=] { gate.release(*ticket, results); }); });
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "server/net/participant.hpp"

namespace shithead::server {

class frame_gate {
 public:
  struct held_frame {
    std::shared_ptr<participant> to;
    frame message;
  };
  // Rewrites a parked step's frames as it leaves (game_over gains the stored game id).
  using patcher = std::function<void(std::vector<held_frame>&)>;

  frame_gate() = default;
  frame_gate(const frame_gate&) = delete;
  frame_gate& operator=(const frame_gate&) = delete;

  // The stand-in for `connection` (the same one while it lives, so the room's pointer
  // comparisons of connections keep working).
  std::shared_ptr<participant> wrap(const std::shared_ptr<participant>& connection);
  // The stand-in of a real connection, if it has one; forgotten afterwards.
  std::shared_ptr<participant> take_stand_in(const participant* connection);

  // Ends the current step. Without `park`, its frames go out now (behind any parked
  // step); with it, they wait for release() of the ticket returned.
  std::optional<std::uint64_t> end_step(bool park);
  // The parked step may go; `patch` (may be empty) rewrites its frames first.
  void release(std::uint64_t ticket, const patcher& patch);
  // Steps waiting for the store.
  std::size_t parked() const { return steps_.size(); }

 private:
  class stand_in;
  struct step {
    std::uint64_t ticket = 0;
    std::vector<held_frame> frames;
    bool released = false;
  };
  void hold(const std::shared_ptr<participant>& to, frame message);
  void deliver_released();

  std::vector<held_frame> current_;
  std::deque<step> steps_;
  std::uint64_t next_ticket_ = 1;
  std::unordered_map<const participant*, std::weak_ptr<participant>> stand_ins_;
};

}  // namespace shithead::server
