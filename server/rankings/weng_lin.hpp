#pragma once
// Weng and Lin (2011), "A Bayesian Approximation Method for Online Ranking", Algorithm 1
// with the Bradley-Terry model and full pairing (OpenSkill's "BradleyTerryFull"), each
// player a team of one. Pure arithmetic: the store owns persistence and order of games.
#include <span>
#include <vector>

namespace shithead::server {

inline constexpr double default_mu = 25.0;
inline constexpr double default_sigma = default_mu / 3.0;

// A rating is provisional while sigma is at or above this: the board shows the player
// but warns that the number is not settled yet (server/README.md gives games to leave).
inline constexpr double provisional_sigma = 5.0;

struct weng_lin_parameters {
  double mu = default_mu;          // a new player's mean skill
  double sigma = default_sigma;    // a new player's uncertainty
  double beta = default_mu / 6.0;  // spread of one game's performance around skill
  double kappa = 0.0001;           // floor of the variance factor, so sigma never reaches 0
};

struct rating {
  double mu = default_mu;
  double sigma = default_sigma;

  // Three sigmas below the mean: a cautious estimate that boards sort by, so a lucky
  // newcomer does not top the board after one game.
  double ordinal() const { return mu - 3.0 * sigma; }
  bool provisional() const { return sigma >= provisional_sigma; }
  // A game against other people has moved it: every update shrinks sigma, and games
  // against bots alone update nobody.
  bool rated() const { return sigma < default_sigma; }
};

rating new_rating(const weng_lin_parameters& parameters = {});

// The ratings after one finished game. `places[i]` is the place of `before[i]` (1 = first
// out); equal places are draws. Sizes must match; the result is in the same order.
std::vector<rating> rate_game(std::span<const rating> before, std::span<const int> places,
                              const weng_lin_parameters& parameters = {});

}  // namespace shithead::server
