#pragma once
// The running score of one table's session: games played and, per player, games, first
// places and times shithead. Players are counted by player_id (with the name they last
// had); bots by their table label ("Greedy bot 2"). An abandoned game counts for nobody.
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
  // Counts a game that is over; `players` by game seat.
  void record(std::span<const seat_player> players, const rules::game_state& game);

  int games() const { return games_; }
  int abandoned() const { return abandoned_; }
  const std::vector<score_entry>& entries() const { return entries_; }
  const score_entry* find(const std::string& id, bool bot) const;

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
};

}  // namespace shithead::server
