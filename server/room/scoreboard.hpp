#pragma once
// The running score of one table's session: games played and, per player, games, first
// places and times shithead. Players are counted by player_id (with the name they last
// had); bots by their table label ("Greedy bot 2"). An abandoned game counts for nobody.
// It also lists the table's last games that the store recorded, each a link to its page.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "protocol/saved_room.hpp"
#include "rules/bots.hpp"
#include "rules/game_state.hpp"
#include "server/core/seat_player.hpp"

namespace shithead::server {

struct score_entry {
  seat_player player;
  int games = 0;
  int first = 0;     // times first out
  int shithead = 0;  // times last
};

class scoreboard {
 public:
  // Counts a game that is over, the table's game `number`; `players` by game seat.
  void record(std::span<const seat_player> players, const rules::game_state& game, std::int64_t number);
  // The store recorded the table's game `number` as `game_id`: recent() lists it from now
  // on (the newest protocol::table_games_kept). False, and nothing changes, unless that is
  // the last game record() counted and it had no id yet.
  bool recorded(std::int64_t number, std::int64_t game_id);

  int games() const { return games_; }
  int abandoned() const { return abandoned_; }
  const std::vector<score_entry>& entries() const { return entries_; }
  const score_entry* find(const std::string& id, bool bot) const;
  const std::vector<protocol::table_game>& recent() const { return recent_; }

  // The saved form, for the store (protocol/saved_room.hpp): players in the order they
  // first finished a game here, bots by their table id so that a restarted table counts
  // them on. (Clients get protocol::scoreboard_view.)
  protocol::saved_scoreboard saved() const;
  // Back from saved(), for a restarted table.
  static scoreboard restored(const protocol::saved_scoreboard& saved);

 private:
  score_entry& entry_for(const seat_player& player);

  int games_ = 0;
  int abandoned_ = 0;
  std::vector<score_entry> entries_;
  std::vector<protocol::table_game> recent_;  // oldest first
  // The last game counted, until the store gives its id. Not saved: the store answers
  // within the process that sent the game.
  std::optional<protocol::table_game> unrecorded_;
};

}  // namespace shithead::server
