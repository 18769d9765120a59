#pragma once
// A player's history as the player page draws it (GET /api/players/{id}/history): their
// finished games in the order they ended, with the rating each left them at, and the
// people they shared the most games with, head to head. Kept between requests like the
// leaderboard (leaderboard_cache.hpp), so a popular player page reads the store's rows
// once per recorded game, not once per visit.
#include <cstddef>
#include <cstdint>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "protocol/rankings_api.hpp"
#include "server/store/rankings_rows.hpp"

namespace shithead::server {

// Read from `rows` (none for a player the store does not hold); a failure throws.
std::optional<protocol::player_history> player_history(rankings_rows& rows, std::string_view player_id);

// The last `capacity` histories asked for, each good until a game is recorded (the
// store's last game id moves). Used on one thread (the store's reader); not thread-safe.
class history_cache {
 public:
  explicit history_cache(std::size_t capacity = 64) : capacity_(capacity) {}

  std::optional<protocol::player_history> history(rankings_rows& rows, std::string_view player_id);

  // How many histories were read from the rows: what the cache saves, for tests.
  std::uint64_t computations() const { return computations_; }

 private:
  struct entry {
    std::int64_t last_game_id = -1;
    std::optional<protocol::player_history> history;
    std::list<std::string>::iterator age;  // its place in `oldest_first`
  };
  std::size_t capacity_;
  std::unordered_map<std::string, entry> entries_;
  std::list<std::string> oldest_first_;  // player ids, least recently asked first
  std::uint64_t computations_ = 0;
};

}  // namespace shithead::server
