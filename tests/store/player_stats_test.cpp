// One player's counts over a history of games, worked by hand.
#include <gtest/gtest.h>

#include <vector>

#include "server/rankings/player_stats.hpp"

namespace shithead::server {
namespace {

game_outcome finished_game(int place, int seats) { return {place, seats, place == seats, true}; }
game_outcome abandoned_game(int place, int seats) { return {place, seats, false, false}; }

TEST(player_stats, no_games_means_zero_counts_a_zero_rate_and_no_average) {
  const player_stats stats;
  EXPECT_EQ(stats.games(), 0);
  EXPECT_EQ(stats.shithead(), 0);
  EXPECT_EQ(stats.first(), 0);
  EXPECT_DOUBLE_EQ(stats.shithead_rate(), 0.0);
  EXPECT_FALSE(stats.average_place().has_value());
  EXPECT_EQ(stats.current_run(), 0);
  EXPECT_EQ(stats.longest_run(), 0);
}

// Places 1, 3 (of 3: shithead), 2, 4 (of 4: shithead), 1, 2:
// 6 games, 2 times shithead, 2 firsts, average (1+3+2+4+1+2)/6 = 13/6,
// runs: 1, 0, 1, 0, 1, 2 -> current 2, longest 2.
TEST(player_stats, a_mixed_history_worked_by_hand) {
  const std::vector<game_outcome> history{finished_game(1, 3), finished_game(3, 3), finished_game(2, 4),
                                          finished_game(4, 4), finished_game(1, 2), finished_game(2, 3)};
  const player_stats stats = stats_of(history);
  EXPECT_EQ(stats.games(), 6);
  EXPECT_EQ(stats.shithead(), 2);
  EXPECT_EQ(stats.first(), 2);
  EXPECT_DOUBLE_EQ(stats.shithead_rate(), 2.0 / 6.0);
  ASSERT_TRUE(stats.average_place().has_value());
  EXPECT_DOUBLE_EQ(*stats.average_place(), 13.0 / 6.0);
  EXPECT_EQ(stats.current_run(), 2);
  EXPECT_EQ(stats.longest_run(), 2);
}

// Runs 1, 2, 3, 0, 1: the longest run is kept after the current one is broken.
TEST(player_stats, the_longest_run_outlives_a_broken_one) {
  const std::vector<game_outcome> history{finished_game(1, 2), finished_game(1, 2), finished_game(2, 3),
                                          finished_game(2, 2), finished_game(1, 4)};
  const player_stats stats = stats_of(history);
  EXPECT_EQ(stats.current_run(), 1);
  EXPECT_EQ(stats.longest_run(), 3);
}

TEST(player_stats, being_the_shithead_last_ends_the_current_run) {
  const std::vector<game_outcome> history{finished_game(1, 2), finished_game(2, 2)};
  const player_stats stats = stats_of(history);
  EXPECT_EQ(stats.current_run(), 0);
  EXPECT_EQ(stats.longest_run(), 1);
  EXPECT_DOUBLE_EQ(stats.shithead_rate(), 0.5);
}

// A leaver whose bot finished last is the shithead though the place was kept by the bot;
// the flag, not the place, decides.
TEST(player_stats, the_shithead_flag_decides_not_the_place) {
  player_stats stats;
  stats.add(game_outcome{3, 3, true, true});
  stats.add(game_outcome{2, 2, false, true});
  EXPECT_EQ(stats.shithead(), 1);
  EXPECT_EQ(stats.current_run(), 1);
}

// An abandoned game counts for nothing: not a game, not a place, and it neither extends
// nor breaks a run.
TEST(player_stats, abandoned_games_are_skipped) {
  const std::vector<game_outcome> history{finished_game(1, 2), abandoned_game(1, 3), finished_game(1, 4),
                                          abandoned_game(3, 3), finished_game(2, 3)};
  const player_stats stats = stats_of(history);
  EXPECT_EQ(stats.games(), 3);
  EXPECT_EQ(stats.first(), 2);
  EXPECT_EQ(stats.shithead(), 0);
  EXPECT_DOUBLE_EQ(*stats.average_place(), 4.0 / 3.0);
  EXPECT_EQ(stats.current_run(), 3);
  EXPECT_EQ(stats.longest_run(), 3);

  const std::vector<game_outcome> only_abandoned{abandoned_game(1, 2), abandoned_game(2, 2)};
  EXPECT_EQ(stats_of(only_abandoned).games(), 0);
  EXPECT_FALSE(stats_of(only_abandoned).average_place().has_value());
}

TEST(player_stats, folding_one_game_at_a_time_matches_the_whole_history) {
  const std::vector<game_outcome> history{finished_game(2, 4), finished_game(4, 4), abandoned_game(1, 2),
                                          finished_game(1, 3), finished_game(1, 2), finished_game(3, 3),
                                          finished_game(2, 5), finished_game(1, 5), finished_game(3, 4)};
  const player_stats whole = stats_of(history);
  player_stats folded;
  for (const auto& game : history) folded.add(game);
  EXPECT_EQ(folded.games(), whole.games());
  EXPECT_EQ(folded.shithead(), whole.shithead());
  EXPECT_EQ(folded.first(), whole.first());
  EXPECT_EQ(folded.average_place(), whole.average_place());
  EXPECT_EQ(folded.current_run(), whole.current_run());
  EXPECT_EQ(folded.longest_run(), whole.longest_run());
  // By hand: 8 finished, shithead twice (4 of 4, 3 of 3), first 3 times,
  // places 2+4+1+1+3+2+1+3 = 17, runs 1,0,1,2,0,1,2,3.
  EXPECT_EQ(whole.games(), 8);
  EXPECT_EQ(whole.shithead(), 2);
  EXPECT_EQ(whole.first(), 3);
  EXPECT_DOUBLE_EQ(*whole.average_place(), 17.0 / 8.0);
  EXPECT_EQ(whole.current_run(), 3);
  EXPECT_EQ(whole.longest_run(), 3);
}

}  // namespace
}  // namespace shithead::server
