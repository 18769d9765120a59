#pragma once
// One player's counts over their games, folded one game at a time so the store can keep
// them current as games end, or rebuild them from the history in time order.
#include <optional>
#include <span>

namespace shithead::server {

// One game as one player saw it.
struct game_outcome {
  int place = 1;              // 1 = first out
  int seats = 2;              // players at the table
  bool was_shithead = false;  // last; a leaver whose bot finished last still is
  bool finished = true;       // false: abandoned, which counts for nothing
};

class player_stats {
 public:
  // Games must come in the order they ended: the runs depend on it.
  void add(const game_outcome& game);

  int games() const { return games_; }          // finished games
  int shithead() const { return shithead_; }    // times the shithead
  int first() const { return first_; }          // times first out
  double shithead_rate() const;                 // shithead / games, 0 with no games
  std::optional<double> average_place() const;  // mean place, empty with no games
  // Finished games in a row without being the shithead: since the last time, and best.
  int current_run() const { return current_run_; }
  int longest_run() const { return longest_run_; }

 private:
  int games_ = 0;
  int shithead_ = 0;
  int first_ = 0;
  long long place_sum_ = 0;
  int current_run_ = 0;
  int longest_run_ = 0;
};

// The stats of a whole history, oldest game first.
player_stats stats_of(std::span<const game_outcome> games);

}  // namespace shithead::server
