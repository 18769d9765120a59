#pragma once
// The leaderboard's boards, kept between requests so that reading the leaderboard costs
// a slice of a list and not a pass over every finished game (issue 13: 60-94 ms a request
// over 5,379 games, and twenty clients looping on it kept a core busy).
//
// One board per period (all, 30d, 7d): every human with a finished game in it, folded
// from the store's rows, and its sorted orders made on first use. A board is computed
// again only when both
//   - a game has been recorded since (the store's last game id moved), or `window_step`
//     has passed, as games leave the 30d and 7d windows and every board's week trend; and
//   - `refresh` has passed since it was computed,
// so however many requests arrive, a period is folded at most once per `refresh`, and a
// quiet server folds nothing. The price: a game shows on the leaderboard up to `refresh`
// after it ends, and a game leaves the 7d or 30d board up to `window_step` late.
//
// Used on one thread (the store's reader); not thread-safe.
#include <array>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/rankings_api.hpp"
#include "server/rankings/player_stats.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/rankings_rows.hpp"

namespace shithead::server {

struct ranked_player {
  std::string id;
  std::string name;
  rating current;
  player_stats stats;
  // The week's trend: the rating before the first game of the last 7 days that moved it,
  // and how many did; none without such a game.
  std::optional<rating> week_start;
  int week_games = 0;
};

// Every human's finished games that ended at or after `since` (Unix ms), folded into
// stats in the order the games ended; only `only`'s when given. Grouped by player id.
std::vector<ranked_player> players_with_games(rankings_rows& rows, std::int64_t since,
                                              std::optional<std::string_view> only = std::nullopt);

// Fills in each player's week_start and week_games from the games that ended at or after
// `since` (a week before now).
void add_week_trends(rankings_rows& rows, std::vector<ranked_player>& players, std::int64_t since);

// The API's periods and orders (protocol/rankings_api.hpp).
using protocol::board_period;
using protocol::board_sort;

// The players of a board in the order `sort` asks for (ties by name).
using ranked_board = std::shared_ptr<const std::vector<ranked_player>>;

// The same order leaderboard_cache gives, for a board made without it.
void sort_board(std::vector<ranked_player>& players, board_sort sort);

// Unix ms where `period` begins, when it is `now`; 0 for all.
std::int64_t period_start(board_period period, std::chrono::system_clock::time_point now);

class leaderboard_cache {
 public:
  struct options {
    std::chrono::milliseconds refresh{1000};
    std::chrono::milliseconds window_step{60'000};
  };

  leaderboard_cache() = default;
  explicit leaderboard_cache(options settings) : options_(settings) {}

  // `now` both anchors the 30d and 7d windows and clocks `refresh` and `window_step`
  // (a clock that goes back counts as time passed).
  ranked_board board(rankings_rows& rows, board_period period, board_sort sort,
                     std::chrono::system_clock::time_point now);

  // How many times a board was folded from the rows: what the cache saves, for tests
  // and /metrics.
  std::uint64_t computations() const { return computations_; }

 private:
  struct entry {
    std::int64_t last_game_id = -1;
    std::chrono::system_clock::time_point computed{};  // folded from the rows
    std::chrono::system_clock::time_point checked{};   // last_game_id last asked
    std::vector<ranked_player> players;                // as folded, grouped by id
    std::array<ranked_board, 4> sorted;                // by board_sort, made on first use
  };
  options options_;
  std::array<std::optional<entry>, 3> entries_;  // by board_period
  std::uint64_t computations_ = 0;
};

}  // namespace shithead::server
