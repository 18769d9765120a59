#include "server/rankings/weng_lin.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace shithead::server {

rating new_rating(const weng_lin_parameters& parameters) { return rating{parameters.mu, parameters.sigma}; }

namespace {

// Score of i against q: 1 if i finished ahead (a lower place), 0.5 for a draw.
double score(int place_i, int place_q) {
  if (place_i < place_q) return 1.0;
  if (place_i == place_q) return 0.5;
  return 0.0;
}

}  // namespace

std::vector<rating> rate_game(std::span<const rating> before, std::span<const int> places,
                              const weng_lin_parameters& parameters) {
  assert(before.size() == places.size());
  const double two_beta_squared = 2.0 * parameters.beta * parameters.beta;

  std::vector<rating> after;
  after.reserve(before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    const rating& me = before[i];
    assert(me.sigma > 0.0 && places[i] >= 1);
    const double variance = me.sigma * me.sigma;
    double omega = 0.0;  // sum of mean corrections, one per opponent
    double delta = 0.0;  // sum of variance reductions, one per opponent
    for (std::size_t q = 0; q < before.size(); ++q) {
      if (q == i) continue;
      const rating& other = before[q];
      const double c = std::sqrt(variance + other.sigma * other.sigma + two_beta_squared);
      // exp(mu_i/c) / (exp(mu_i/c) + exp(mu_q/c)), written as a logistic of the
      // difference so large ratings cannot overflow exp.
      const double p_win = 1.0 / (1.0 + std::exp((other.mu - me.mu) / c));
      // The paper's suggested gamma_q = sigma_i / c_iq: it damps the variance step for a
      // player whose sigma is already small next to the pair's total uncertainty.
      const double gamma = me.sigma / c;
      omega += variance / c * (score(places[i], places[q]) - p_win);
      delta += gamma * variance / (c * c) * p_win * (1.0 - p_win);
    }
    const double factor = std::max(1.0 - delta, parameters.kappa);
    after.push_back(rating{me.mu + omega, std::sqrt(variance * factor)});
  }
  return after;
}

}  // namespace shithead::server
