#pragma once
// Where one connection's messages go, decided on the connection's own strand: a table
// message from a player seated (or watching) at a table goes straight to that table's
// host, and everything else (hello, the lobby, leaving, a message while the connection
// is between tables) to the game service's strand. So the tables of a busy server do
// not queue behind one strand, and the message budget is spent where the bytes arrive.
//
// Order: a connection's messages reach its table in the order sent. While any message of
// the connection is still on its way through the service, the next goes that way too
// (`at_service`), so a table message never overtakes the join or leave before it.
//
// Threads: the budget and the counting up are the session strand's; the service strand
// sets and clears the table (under the mutex) and counts down; `retired` is atomic.
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/net/credit_bucket.hpp"
#include "server/net/websocket_session.hpp"

namespace shithead::server {

class room_host;

class session_route : public session_context {
 public:
  explicit session_route(credit_limits limits) : budget(limits) {}

  // --- the session's strand -----------------------------------------------------------
  credit_bucket budget;

  // The table to hand a table message to directly, with the player it comes from; nullopt
  // when it must go through the service (no table, a message of the connection still
  // there, or the table gone).
  struct direct {
    std::shared_ptr<room_host> room;
    std::string player_id;
  };
  std::optional<direct> direct_target() const;
  // A message goes to the service: the ones after it follow it there until it is handled.
  void sent_to_service() { at_service_.fetch_add(1, std::memory_order_relaxed); }

  // --- the service's strand -----------------------------------------------------------
  // The service has handled one message sent to it (after passing on whatever it gave
  // the table): the release pairs with the session's acquire in direct_target().
  void handled_by_service() { at_service_.fetch_sub(1, std::memory_order_release); }
  // The connection's player has joined `room`; table messages may go straight there.
  void seat_at(const std::shared_ptr<room_host>& room, std::string player_id);
  // Left, moved, or the table closed: table messages go through the service again.
  void leave_table();
  // Replaced by a newer connection of its player: nothing from it is handled any more.
  void retire() { retired_.store(true, std::memory_order_relaxed); }

  // Any strand.
  bool retired() const { return retired_.load(std::memory_order_relaxed); }

 private:
  std::atomic<int> at_service_{0};
  std::atomic<bool> retired_{false};
  mutable std::mutex mutex_;
  std::weak_ptr<room_host> room_;  // weak: a closed table is not kept alive by its connections
  std::string player_id_;
};

}  // namespace shithead::server
