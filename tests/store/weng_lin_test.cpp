// Weng-Lin (2011) Algorithm 1, Bradley-Terry full pairing, teams of one. The expected
// numbers were worked out independently of this code, pair by pair, with python3 from the
// paper's formulas (beta = 25/6, kappa = 0.0001):
//
//   c_iq     = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2)
//   p_iq     = exp(mu_i / c_iq) / (exp(mu_i / c_iq) + exp(mu_q / c_iq))
//   s_iq     = 1 if i placed ahead of q, 0.5 if level, 0 if behind
//   gamma_q  = sigma_i / c_iq
//   Omega_i  = sum over q != i of  sigma_i^2 / c_iq * (s_iq - p_iq)
//   Delta_i  = sum over q != i of  gamma_q * sigma_i^2 / c_iq^2 * p_iq * p_qi
//   mu_i'    = mu_i + Omega_i
//   sigma_i' = sqrt(sigma_i^2 * max(1 - Delta_i, kappa))
//
// The tables below show each pair rounded to 6 places; the EXPECT lines hold the full
// double results of that script.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "server/rankings/weng_lin.hpp"
#include "tests/store/rating_tolerance.hpp"

namespace shithead::server {
namespace {

using store_testing::rating_tolerance;
constexpr double new_sigma = 25.0 / 3.0;

void expect_rating(const rating& actual, double mu, double sigma) {
  EXPECT_NEAR(actual.mu, mu, rating_tolerance);
  EXPECT_NEAR(actual.sigma, sigma, rating_tolerance);
}

TEST(weng_lin, a_new_player_starts_at_25_and_25_over_3_with_ordinal_0_and_provisional) {
  const rating fresh = new_rating();
  EXPECT_DOUBLE_EQ(fresh.mu, 25.0);
  EXPECT_DOUBLE_EQ(fresh.sigma, 25.0 / 3.0);
  EXPECT_NEAR(fresh.ordinal(), 0.0, 1e-12);
  EXPECT_TRUE(fresh.provisional());
}

TEST(weng_lin, ordinal_is_mu_less_three_sigma) { EXPECT_DOUBLE_EQ((rating{29.1, 4.2}.ordinal()), 29.1 - 12.6); }

TEST(weng_lin, provisional_at_sigma_5_and_above_only) {
  EXPECT_TRUE((rating{25.0, 5.0}.provisional()));
  EXPECT_TRUE((rating{25.0, 5.5}.provisional()));
  EXPECT_FALSE((rating{25.0, 4.999999}.provisional()));
}

// Two new players, the first goes out first. With equal ratings everything is closed form:
//   c     = sqrt(2 (25/3)^2 + 2 (25/6)^2) = sqrt(6250/36) = (25/6) sqrt(10) = 13.176157
//   p     = 1/2 both ways
//   Omega = +-(625/9) / c * (1 - 1/2)      = +-25 / (3 sqrt(10)) = +-2.635231
//   sigma_i^2 / c^2 = (625/9) / (6250/36)  = 0.4,   gamma = (25/3) / c = 2 / sqrt(10)
//   Delta = (2 / sqrt(10)) * 0.4 * 1/4     = 0.2 / sqrt(10) = 0.063246
//   sigma' = (25/3) sqrt(1 - 0.063246)     = 8.065506
TEST(weng_lin, two_new_players_worked_by_hand) {
  const std::array<rating, 2> before{new_rating(), new_rating()};
  const std::array<int, 2> places{1, 2};
  const auto after = rate_game(before, places);
  ASSERT_EQ(after.size(), 2u);
  expect_rating(after[0], 27.63523138347365, 8.065506316323548);
  expect_rating(after[1], 22.36476861652635, 8.065506316323548);
  EXPECT_NEAR(after[0].mu, 25.0 + 25.0 / (3.0 * std::sqrt(10.0)), 1e-12);
  EXPECT_NEAR(after[0].sigma, new_sigma * std::sqrt(1.0 - 0.2 / std::sqrt(10.0)), 1e-12);
}

// Three players (mu, sigma): 0 = (30, 6) second, 1 = (25, 25/3) first, 2 = (20, 4) third.
//   i q  c_iq       p_iq      s    Omega term  Delta term
//   0 1  11.839200  0.604040  0.0  -1.836731   0.031132
//   0 2   9.312477  0.745324  1.0  +0.984521   0.050768
//   1 0  11.839200  0.395960  1.0  +3.543077   0.083408
//   1 2  10.962056  0.612093  1.0  +2.457384   0.104310
//   2 0   9.312477  0.254676  0.0  -0.437565   0.015042
//   2 1  10.962056  0.387907  0.0  -0.566181   0.011536
//   player 0: Omega -0.852210, Delta 0.081900 -> mu 29.147790, sigma sqrt(36 * 0.918100)
//   player 1: Omega +6.000461, Delta 0.187718 -> mu 31.000461, sigma sqrt(69.444444 * 0.812282)
//   player 2: Omega -1.003746, Delta 0.026578 -> mu 18.996254, sigma sqrt(16 * 0.973422)
TEST(weng_lin, three_players_worked_by_hand) {
  const std::array<rating, 3> before{rating{30.0, 6.0}, rating{25.0, new_sigma}, rating{20.0, 4.0}};
  const std::array<int, 3> places{2, 1, 3};
  const auto after = rate_game(before, places);
  ASSERT_EQ(after.size(), 3u);
  expect_rating(after[0], 29.147789677166678, 5.7490524786356145);
  expect_rating(after[1], 31.000461205893142, 7.5105594201212735);
  expect_rating(after[2], 18.996253881643696, 3.9464855532324847);
}

// Five players (mu, sigma) and place: 0 = (25, 25/3) 3rd, 1 = (28, 5.5) 1st,
// 2 = (22, 7) 5th, 3 = (25, 3) 2nd, 4 = (31, 2.5) 4th.
//   i q  c_iq       p_iq      s    Omega term  Delta term
//   0 1  11.593820  0.435669  0.0  -2.609561   0.091299
//   0 2  12.376052  0.560306  1.0  +2.467209   0.075212
//   0 3  10.637982  0.500000  0.0  -3.263986   0.120176
//   0 4  10.507934  0.361007  1.0  +4.222955   0.115058
//   1 0  11.593820  0.564331  1.0  +1.136725   0.026248
//   1 2  10.675777  0.636920  1.0  +1.028794   0.031621
//   1 3   8.600711  0.586329  1.0  +1.454945   0.063428
//   1 4   8.439326  0.412055  1.0  +2.107437   0.067059
//   2 0  12.376052  0.439694  0.0  -1.740863   0.044578
//   2 1  10.675777  0.363080  0.0  -1.666476   0.065190
//   2 3   9.629238  0.422736  0.0  -2.151164   0.093748
//   2 4   9.485369  0.279120  0.0  -1.441893   0.080870
//   3 0  10.637982  0.500000  1.0  +0.423013   0.005607
//   3 1   8.600711  0.413671  0.0  -0.432876   0.010293
//   3 2   9.629238  0.577264  1.0  +0.395112   0.007380
//   3 4   7.069103  0.299692  1.0  +0.891594   0.016041
//   4 0  10.507934  0.638993  0.0  -0.380066   0.003107
//   4 1   8.439326  0.587945  0.0  -0.435421   0.006298
//   4 2   9.485369  0.720880  1.0  +0.183915   0.003684
//   4 3   7.069103  0.700308  0.0  -0.619162   0.009283
//   player 0: Omega +0.816617, Delta 0.401745 -> mu 25.816617, sigma 6.445579
//   player 1: Omega +5.727901, Delta 0.188356 -> mu 33.727901, sigma 4.955020
//   player 2: Omega -7.000397, Delta 0.284386 -> mu 14.999603, sigma 5.921577
//   player 3: Omega +1.276842, Delta 0.039321 -> mu 26.276842, sigma 2.940427
//   player 4: Omega -1.250734, Delta 0.022371 -> mu 29.749266, sigma 2.471878
TEST(weng_lin, five_players_worked_by_hand) {
  const std::array<rating, 5> before{rating{25.0, new_sigma}, rating{28.0, 5.5}, rating{22.0, 7.0}, rating{25.0, 3.0},
                                     rating{31.0, 2.5}};
  const std::array<int, 5> places{3, 1, 5, 2, 4};
  const auto after = rate_game(before, places);
  ASSERT_EQ(after.size(), 5u);
  expect_rating(after[0], 25.81661725433421, 6.445579074729049);
  expect_rating(after[1], 33.72790135404094, 4.955019983704919);
  expect_rating(after[2], 14.999602990593, 5.921576844046523);
  expect_rating(after[3], 26.27684216379825, 2.9404269702255736);
  expect_rating(after[4], 29.749265588856254, 2.471877637382637);
}

// A draw scores 0.5: the favourite (27, 5) loses a little to the underdog (23, 6).
//   c = sqrt(25 + 36 + 2 (25/6)^2) = 9.783773,  p_01 = 0.600810
//   player 0: Omega = 25/c (0.5 - 0.600810) = -0.257594, Delta = (5/c)(25/c^2)(0.239838) = 0.032012
//   player 1: Omega = 36/c (0.5 - 0.399190) = +0.370936, Delta = (6/c)(36/c^2)(0.239838) = 0.055316
TEST(weng_lin, equal_places_are_a_draw) {
  const std::array<rating, 2> before{rating{27.0, 5.0}, rating{23.0, 6.0}};
  const std::array<int, 2> places{1, 1};
  const auto after = rate_game(before, places);
  expect_rating(after[0], 26.74240575012768, 4.919320005712328);
  expect_rating(after[1], 23.370935719816142, 5.831691066205632);
}

TEST(weng_lin, the_winner_rises_the_loser_falls_and_every_sigma_shrinks) {
  const std::array<rating, 4> before{rating{20.0, 7.0}, rating{25.0, 2.0}, rating{33.0, 4.0}, rating{25.0, new_sigma}};
  const std::array<int, 4> places{1, 3, 4, 2};
  const auto after = rate_game(before, places);
  EXPECT_GT(after[0].mu, before[0].mu);  // first out
  EXPECT_LT(after[2].mu, before[2].mu);  // the shithead
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_LT(after[i].sigma, before[i].sigma) << i;
}

TEST(weng_lin, an_upset_moves_more_than_the_expected_result) {
  const std::array<rating, 2> before{rating{30.0, 5.0}, rating{20.0, 5.0}};
  const std::array<int, 2> favourite_wins{1, 2};
  const std::array<int, 2> underdog_wins{2, 1};
  const double expected_gain = rate_game(before, favourite_wins)[0].mu - 30.0;
  const double upset_gain = rate_game(before, underdog_wins)[1].mu - 20.0;
  EXPECT_GT(expected_gain, 0.0);
  EXPECT_GT(upset_gain, expected_gain);
}

TEST(weng_lin, two_equal_players_gain_and_lose_the_same_amount) {
  const std::array<rating, 2> before{rating{27.5, 6.0}, rating{27.5, 6.0}};
  const std::array<int, 2> places{2, 1};
  const auto after = rate_game(before, places);
  EXPECT_NEAR(after[0].mu + after[1].mu, 55.0, 1e-12);
  EXPECT_NEAR(after[1].mu - 27.5, 27.5 - after[0].mu, 1e-12);
  EXPECT_DOUBLE_EQ(after[0].sigma, after[1].sigma);
}

TEST(weng_lin, the_order_players_are_listed_in_does_not_matter) {
  const std::vector<rating> before{rating{25.0, new_sigma}, rating{28.0, 5.5}, rating{22.0, 7.0}, rating{25.0, 3.0},
                                   rating{31.0, 2.5}};
  const std::vector<int> places{3, 1, 5, 2, 4};
  const auto reference = rate_game(before, places);

  std::vector<std::size_t> order{0, 1, 2, 3, 4};
  int permutations = 0;
  do {
    std::vector<rating> shuffled;
    std::vector<int> shuffled_places;
    for (const auto i : order) {
      shuffled.push_back(before[i]);
      shuffled_places.push_back(places[i]);
    }
    const auto after = rate_game(shuffled, shuffled_places);
    for (std::size_t k = 0; k < order.size(); ++k) {
      EXPECT_NEAR(after[k].mu, reference[order[k]].mu, 1e-12);
      EXPECT_NEAR(after[k].sigma, reference[order[k]].sigma, 1e-12);
    }
    ++permutations;
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(permutations, 120);
}

TEST(weng_lin, a_lone_player_or_no_player_changes_nothing) {
  const std::array<rating, 1> alone{rating{31.0, 4.0}};
  const std::array<int, 1> place{1};
  const auto after = rate_game(alone, place);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_DOUBLE_EQ(after[0].mu, 31.0);
  EXPECT_DOUBLE_EQ(after[0].sigma, 4.0);
  EXPECT_TRUE(rate_game({}, {}).empty());
}

// Fourteen very uncertain players with a tiny beta: Delta is 13 * (1/sqrt 2)^3 / 4 > 1,
// so the variance factor is kappa and sigma' = 100 * sqrt(0.0001) = 1.
TEST(weng_lin, kappa_keeps_sigma_above_zero) {
  const weng_lin_parameters parameters{.beta = 1e-9};
  const std::vector<rating> before(14, rating{25.0, 100.0});
  std::vector<int> places(14);
  for (int i = 0; i < 14; ++i) places[static_cast<std::size_t>(i)] = i + 1;
  for (const auto& after : rate_game(before, places, parameters)) EXPECT_NEAR(after.sigma, 1.0, 1e-9);
}

// How many games until a new player is no longer provisional (sigma below 5). Everyone
// plays every game at the same table; `rotate` moves each seat one place down a game (a
// balanced table), otherwise the order is the same every game (a one-sided table). The
// answer per seat is the first game after which its sigma is below provisional_sigma.
std::vector<int> games_until_settled(std::vector<rating> table, bool rotate) {
  const std::size_t n = table.size();
  std::vector<int> settled(n, 0);
  for (int game = 1; game <= 1000; ++game) {
    std::vector<int> places(n);
    for (std::size_t i = 0; i < n; ++i)
      places[i] = static_cast<int>(rotate ? (i + static_cast<std::size_t>(game)) % n : i) + 1;
    table = rate_game(table, places);
    for (std::size_t i = 0; i < n; ++i)
      if (settled[i] == 0 && !table[i].provisional()) settled[i] = game;
    if (std::ranges::none_of(settled, [](int g) { return g == 0; })) break;
  }
  return settled;
}

// These figures are the ones server/README.md quotes.
TEST(weng_lin, games_until_not_provisional) {
  const rating fresh = new_rating();
  const rating settled_player{25.0, 3.0};
  // Two new players winning in turn: 20 games; one always beating the other: 173, because
  // once the result is predictable a game carries little information.
  EXPECT_EQ(games_until_settled({fresh, fresh}, true), (std::vector<int>{20, 20}));
  EXPECT_EQ(games_until_settled({fresh, fresh}, false), (std::vector<int>{173, 173}));
  // Four new players: 7 games when places rotate; 10 (middle) to 15 (always first or
  // always last) when the order never changes.
  EXPECT_EQ(games_until_settled({fresh, fresh, fresh, fresh}, true), (std::vector<int>{7, 7, 7, 7}));
  EXPECT_EQ(games_until_settled({fresh, fresh, fresh, fresh}, false), (std::vector<int>{15, 10, 10, 15}));
  // A newcomer at a table of settled players (sigma 3), places rotating: 12 games heads
  // up, 4 games at a table of four.
  EXPECT_EQ(games_until_settled({fresh, settled_player}, true)[0], 12);
  EXPECT_EQ(games_until_settled({fresh, settled_player, settled_player, settled_player}, true)[0], 4);
}

}  // namespace
}  // namespace shithead::server
