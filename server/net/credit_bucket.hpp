#pragma once
// A per-connection message budget: a token bucket that refills at a steady rate up to a
// burst, plus a strike count so that a client which keeps hitting the limit (rather than
// bursting once) can be told apart and disconnected. Time comes in as an argument, so
// tests run on fake clocks.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>
#include <vector>

namespace shithead::server {

struct credit_limits {
  double rate_per_second = 10;  // credits regained per second
  double burst = 30;            // the most credits held; a fresh bucket is full
  // abuse() turns true once `abuse_strikes` refusals fall within `abuse_window`
  // (0 strikes: never).
  std::size_t abuse_strikes = 20;
  std::chrono::steady_clock::duration abuse_window = std::chrono::seconds(10);
};

class credit_bucket {
 public:
  using clock = std::chrono::steady_clock;

  explicit credit_bucket(credit_limits limits = {}) : limits_(limits), credits_(limits.burst) {
    refusals_.reserve(limits.abuse_strikes);
  }

  // Spends `cost` credits if there are that many; a refusal spends nothing and counts
  // as a strike. A time earlier than one already seen counts as no time passing.
  bool take(clock::time_point now, double cost = 1) {
    refill(now);
    if (credits_ >= cost) {
      credits_ -= cost;
      return true;
    }
    strike(now);
    return false;
  }

  // Sticky: once a client has been refused often enough, it stays an abuser.
  bool abuse() const { return abuse_; }

  // Whether the bucket holds its whole burst at `now`: a fresh bucket would be the same.
  bool full(clock::time_point now) const { return available(now) >= limits_.burst; }

  // The credits that take(now) could spend, without spending any.
  double available(clock::time_point now) const {
    if (!last_seen_ || now <= *last_seen_) return credits_;
    return std::min(limits_.burst, credits_ + seconds(now - *last_seen_) * limits_.rate_per_second);
  }

  // How long until take(now + wait, cost) could spend: zero if it could now, the
  // longest duration when credits never come back (no rate) or `cost` is over the burst.
  clock::duration wait_for(double cost, clock::time_point now) const {
    const double missing = cost - available(now);
    if (missing <= 0) return clock::duration::zero();
    if (limits_.rate_per_second <= 0 || cost > limits_.burst) return clock::duration::max();
    return std::chrono::ceil<clock::duration>(std::chrono::duration<double>(missing / limits_.rate_per_second));
  }

  const credit_limits& limits() const { return limits_; }

 private:
  static double seconds(clock::duration d) { return std::chrono::duration<double>(d).count(); }

  void refill(clock::time_point now) {
    credits_ = available(now);
    if (!last_seen_ || now > *last_seen_) last_seen_ = now;
  }

  // The last `abuse_strikes` refusal times, as a ring; `oldest_` indexes the oldest
  // once the ring is full.
  void strike(clock::time_point now) {
    const std::size_t n = limits_.abuse_strikes;
    if (n == 0) return;
    if (refusals_.size() < n) {
      refusals_.push_back(now);
    } else {
      refusals_[oldest_] = now;
      oldest_ = (oldest_ + 1) % n;
    }
    if (refusals_.size() == n && now - refusals_[oldest_] <= limits_.abuse_window) abuse_ = true;
  }

  credit_limits limits_;
  double credits_;
  std::optional<clock::time_point> last_seen_;
  std::vector<clock::time_point> refusals_;
  std::size_t oldest_ = 0;
  bool abuse_ = false;
};

}  // namespace shithead::server
