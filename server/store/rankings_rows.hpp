#pragma once
// What the rankings API reads from a store, as plain rows: the JSON is built from these
// (server/store/rankings_api.cpp), the SQL that finds them is the backend's own
// (server/store/sqlite_queries.cpp). A second backend answers the same six questions.
// Times are Unix milliseconds; rulesets and records are the protocol's JSON text.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/rankings/weng_lin.hpp"

namespace shithead::server {

// One human's seat in one finished game, with the player's current rating.
struct finished_seat_row {
  std::string player_id;
  std::string name;
  rating current;
  std::optional<int> place;  // null only in records older than places
  int seats = 0;
  bool shithead = false;
};

struct player_row {
  std::string player_id;
  std::string name;
  std::int64_t created = 0;
  std::int64_t last_seen = 0;
  rating current;
};

// A game a player sat in, finished or abandoned, with the rating it moved (if any).
struct player_game_row {
  std::int64_t game_id = 0;
  std::int64_t ended = 0;
  std::string ruleset;
  std::string status;  // "finished" or "abandoned"
  int seats = 0;
  std::optional<int> place;
  bool shithead = false;
  std::optional<rating> before;
  std::optional<rating> after;
};

// Whether a game changed a rating: one against bots alone leaves it as it was, and
// rates nobody.
inline bool rating_moved(const rating& before, const rating& after) {
  return before.mu != after.mu || before.sigma != after.sigma;
}

// A rating one game moved (or left as it was: a game against bots alone).
struct rating_change_row {
  std::string player_id;
  rating before;
  rating after;
};

// Another person at a finished game of the player's: what head-to-head counts are made of.
struct co_player_row {
  std::int64_t game_id = 0;
  std::string player_id;           // the other person
  std::string name;                // their name now
  std::optional<int> place;        // the player's
  std::optional<int> their_place;  // the other person's
};

struct named_player_row {
  std::string player_id;
  std::string name;
};

struct game_row {
  std::int64_t game_id = 0;
  std::string ruleset;
  std::string status;
  std::int64_t started = 0;
  std::int64_t ended = 0;
  std::string record;
};

struct game_seat_row {
  int seat = 0;
  std::optional<std::string> player_id;  // null for a bot
  std::optional<std::string> bot;        // the bot's kind; null for a human
  std::string name;
  std::optional<int> place;
  bool shithead = false;
};

// Runs on the store's thread; a failure throws (the API answers 503).
class rankings_rows {
 public:
  virtual ~rankings_rows() = default;
  // The human seats of finished games that ended at or after `since`, grouped by player
  // id and in the order the games ended; only `only`'s when given.
  virtual std::vector<finished_seat_row> finished_seats(std::int64_t since, std::optional<std::string_view> only) = 0;
  virtual std::optional<player_row> player(std::string_view player_id) = 0;
  // Newest first, at most `limit`.
  virtual std::vector<player_game_row> games_of(std::string_view player_id, int limit) = 0;
  // The rating changes of games that ended at or after `since`, grouped by player id and
  // in the order the games ended.
  virtual std::vector<rating_change_row> rating_changes(std::int64_t since) = 0;
  // Every other person at each finished game of the player's, one row a game and person.
  virtual std::vector<co_player_row> co_players_of(std::string_view player_id) = 0;
  // The players whose name has this key (name_key()): one at most, since the key is
  // unique.
  virtual std::vector<named_player_row> players_named(const std::string& key) = 0;
  // Any recorded game (finished or abandoned); games in progress are not recorded.
  virtual std::optional<game_row> game(std::int64_t game_id) = 0;
  virtual std::vector<game_seat_row> seats_of(std::int64_t game_id) = 0;
  // The newest recorded game's id (0 when none): it grows with every game recorded, so
  // a board computed at one value is still right while the value stays the same.
  virtual std::int64_t last_game_id() = 0;
};

}  // namespace shithead::server
