#include "server/rankings/player_stats.hpp"

#include <algorithm>
#include <cassert>

namespace shithead::server {

void player_stats::add(const game_outcome& game) {
  if (!game.finished) return;
  assert(game.place >= 1 && game.place <= game.seats);
  ++games_;
  place_sum_ += game.place;
  if (game.place == 1) ++first_;
  if (game.was_shithead) {
    ++shithead_;
    current_run_ = 0;
  } else {
    ++current_run_;
    longest_run_ = std::max(longest_run_, current_run_);
  }
}

double player_stats::shithead_rate() const {
  if (games_ == 0) return 0.0;
  return static_cast<double>(shithead_) / games_;
}

std::optional<double> player_stats::average_place() const {
  if (games_ == 0) return std::nullopt;
  return static_cast<double>(place_sum_) / games_;
}

player_stats stats_of(std::span<const game_outcome> games) {
  player_stats stats;
  for (const auto& game : games) stats.add(game);
  return stats;
}

}  // namespace shithead::server
