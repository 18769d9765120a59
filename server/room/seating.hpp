#pragma once
// Who is at a table: its seats (a human, a bot the host added, or free) and its
// spectators, with the order each came in, which decides who runs the table next. A value
// the room owns; the rules of when a seat may change hands are the room's.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/bots.hpp"
#include "server/core/participant.hpp"
#include "server/core/seat_player.hpp"

namespace shithead::server {

struct seating {
  using clock = std::chrono::steady_clock;

  struct seat {
    std::string player_id;  // empty for a free seat or a bot
    std::string name;
    std::optional<rules::bot_kind> bot;       // a seat the host gave to a bot
    std::string bot_id;                       // "bot:N", the bot's scoreboard identity
    std::shared_ptr<participant> connection;  // null while disconnected
    std::uint64_t seated_order = 0;           // smaller: sat down earlier
    bool ready = false;
    bool left = false;           // left during this game; a bot finishes it
    bool grace_expired = false;  // disconnected past grace; a bot plays until they return
    bool timed_out = false;      // three timeouts in a row; a bot plays until they act
    int timeouts = 0;            // timeouts in a row
    clock::duration grace_used{};
    std::optional<clock::time_point> grace_since;  // grace running since

    bool free() const { return player_id.empty() && !bot; }
    bool human() const { return !player_id.empty(); }
  };
  struct watcher {
    std::string player_id;
    std::string name;
    std::shared_ptr<participant> connection;
    std::uint64_t joined_order = 0;
  };

  explicit seating(int seat_count) : seats(static_cast<std::size_t>(seat_count)) {}

  std::vector<seat> seats;
  std::vector<watcher> watchers;
  std::uint64_t next_order = 1;  // the next to sit or watch gets this, then one more
  int bots_added = 0;            // bots ever added: the next is "bot:<bots_added + 1>"

  // The seat a human holds and has not left; -1 when none (or for "").
  int find_seat(const std::string& player_id) const;
  int find_watcher(const std::string& player_id) const;
  // The lowest free seat, or -1.
  int free_seat() const;
  int seated_count() const;  // seats not free
  // The seat's player as a game and the scoreboard know them: a bot by its table id.
  seat_player player_at(int index) const;
  // A member's connection and name, seated or watching; null and "" for a stranger.
  std::shared_ptr<participant> connection_of(const std::string& player_id) const;
  std::string name_of(const std::string& player_id) const;
  // The humans holding seats (not bots, not spectators), leavers included.
  std::vector<std::string> seated_players() const;
  // A spectator, or a seated human who has not left, is connected.
  bool human_connected() const;
  // A human holds a seat (connected or not) and has not left it.
  bool human_seated() const;
  void free(int index) { seats[static_cast<std::size_t>(index)] = seat{}; }
  // Who runs the table instead of `host`: the longest-seated human who has not left
  // (connected, with `connected_only`), else the longest-watching spectator. "" when
  // nobody is left to take it and `connected_only` is false (the next to join runs the
  // table); nullopt to keep the host.
  std::optional<std::string> next_host(const std::string& host, bool connected_only) const;
};

}  // namespace shithead::server
