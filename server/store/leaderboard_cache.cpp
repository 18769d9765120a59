#include "server/store/leaderboard_cache.hpp"

#include <algorithm>
#include <unordered_map>

namespace shithead::server {

std::vector<ranked_player> players_with_games(rankings_rows& rows, std::int64_t since,
                                              std::optional<std::string_view> only) {
  std::vector<ranked_player> out;
  for (const auto& seat : rows.finished_seats(since, only)) {
    if (out.empty() || out.back().id != seat.player_id)
      out.push_back(ranked_player{seat.player_id, seat.name, seat.current, {}, std::nullopt, 0});
    out.back().stats.add(game_outcome{seat.place.value_or(seat.seats), seat.seats, seat.shithead, true});
  }
  return out;
}

void add_week_trends(rankings_rows& rows, std::vector<ranked_player>& players, std::int64_t since) {
  struct week {
    rating start;
    int games = 0;
  };
  std::unordered_map<std::string, week> weeks;
  for (const auto& change : rows.rating_changes(since)) {
    if (!rating_moved(change.before, change.after)) continue;  // no part of a trend
    const auto found = weeks.try_emplace(change.player_id, week{change.before, 0}).first;
    ++found->second.games;
  }
  for (auto& player : players) {
    const auto found = weeks.find(player.id);
    if (found == weeks.end()) continue;
    player.week_start = found->second.start;
    player.week_games = found->second.games;
  }
}

void sort_board(std::vector<ranked_player>& players, board_sort sort) {
  std::stable_sort(players.begin(), players.end(), [sort](const ranked_player& a, const ranked_player& b) {
    switch (sort) {
      case board_sort::rating:
        // A player no game against people has rated yet comes after everyone who has
        // been rated: their ordinal of 0 says nothing, and it would otherwise rank a
        // shithead against bots above a person who came second at a table of people.
        if (a.current.rated() != b.current.rated()) return a.current.rated();
        if (a.current.ordinal() != b.current.ordinal()) return a.current.ordinal() > b.current.ordinal();
        break;
      case board_sort::shithead:
        if (a.stats.shithead() != b.stats.shithead()) return a.stats.shithead() > b.stats.shithead();
        break;
      case board_sort::rate:
        if (a.stats.shithead_rate() != b.stats.shithead_rate())
          return a.stats.shithead_rate() > b.stats.shithead_rate();
        break;
      case board_sort::games:
        if (a.stats.games() != b.stats.games()) return a.stats.games() > b.stats.games();
        break;
    }
    return a.name < b.name;
  });
}

std::int64_t period_start(board_period period, std::chrono::system_clock::time_point now) {
  if (period == board_period::all) return 0;
  const auto days = std::chrono::hours(24 * (period == board_period::days_7 ? 7 : 30));
  return std::chrono::duration_cast<std::chrono::milliseconds>((now - days).time_since_epoch()).count();
}

ranked_board leaderboard_cache::board(rankings_rows& rows, board_period period, board_sort sort,
                                      std::chrono::system_clock::time_point now) {
  const auto since = [now](std::chrono::system_clock::time_point then) {
    // A clock that went back counts as a long time passed.
    return now < then ? std::chrono::system_clock::duration::max() : now - then;
  };
  auto& slot = entries_[static_cast<std::size_t>(period)];
  // Within `refresh` of the last look nothing is read at all; after it, one cheap query
  // says whether a game was recorded meanwhile.
  if (!slot || since(slot->checked) >= options_.refresh) {
    const auto last_game_id = rows.last_game_id();
    const bool window_moved = slot && since(slot->computed) >= options_.window_step;
    if (!slot || slot->last_game_id != last_game_id || window_moved) {
      ++computations_;
      auto players = players_with_games(rows, period_start(period, now));
      add_week_trends(rows, players, period_start(board_period::days_7, now));
      slot = entry{last_game_id, now, now, std::move(players), {}};
    } else {
      slot->checked = now;
    }
  }
  auto& sorted = slot->sorted[static_cast<std::size_t>(sort)];
  if (!sorted) {
    auto players = slot->players;
    sort_board(players, sort);
    sorted = std::make_shared<const std::vector<ranked_player>>(std::move(players));
  }
  return sorted;
}

}  // namespace shithead::server
