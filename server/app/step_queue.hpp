#pragma once
// Holds each step's letters until the step is on disk, so that no player ever sees a
// move the store could still lose (a crash then replays the table to exactly what
// everyone last saw, or to a step that nobody saw yet). Steps leave in the order they
// were made: a step that needs no saving still waits behind one that does. Each message
// is written as text once, however many members receive it. Single-threaded: used on its
// room's strand only.
//
//   room.handle(..., out);
//   auto ticket = queue.park(std::move(out.letters));   // or queue.pass(...) if unchanged
//   store.save_table(..., [=] { post(strand, [=] { queue.release(ticket); }); });
#include <cstdint>
#include <deque>
#include <vector>

#include "server/room/outbox.hpp"

namespace shithead::server {

class step_queue {
 public:
  // The letters go out now, behind any step still parked.
  void pass(std::vector<letter> letters);
  // The letters wait for release() of the ticket returned.
  std::uint64_t park(std::vector<letter> letters);
  // The parked step may go (with every released step after it).
  void release(std::uint64_t ticket);
  // Steps waiting for the store.
  std::size_t parked() const { return steps_.size(); }

 private:
  struct step {
    std::uint64_t ticket = 0;
    std::vector<letter> letters;
    bool released = false;
  };
  void deliver_released();

  std::deque<step> steps_;
  std::uint64_t next_ticket_ = 1;
};

}  // namespace shithead::server
