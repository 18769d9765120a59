#pragma once
// The running score of one table's session: games played and, per player, games, first
// places and times shithead. Players are counted by player_id (with the name they last
// had); bots by their table label ("Greedy bot 2"). An abandoned game counts for nobody.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "protocol/json_text.hpp"
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

  // The saved form, for the store: {"games": 3, "abandoned": 0, "players": [{"player_id":
  // "p1"|null, "name": "Ana", "bot_id"?: "bot:2", "bot": null|"greedy", "games": 3,
  // "first": 1, "shithead": 2}, ...]}, players in the order they first finished a game
  // here; bots carry their table id so that from_json() can count them on after a
  // restart. (Clients get protocol::scoreboard_view.)
  protocol::json to_json() const;
  // Back from to_json(), for a restarted table; nullopt for a damaged one.
  static std::optional<scoreboard> from_json(const protocol::json& saved);

 private:
  score_entry& entry_for(const seat_player& player);

  int games_ = 0;
  int abandoned_ = 0;
  std::vector<score_entry> entries_;
};

}  // namespace shithead::server
