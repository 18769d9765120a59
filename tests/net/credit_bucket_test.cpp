#include <gtest/gtest.h>

#include <chrono>

#include "server/net/credit_bucket.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
using clock = credit_bucket::clock;

const clock::time_point t0 = clock::time_point{} + 1000s;

credit_limits limits(double rate, double burst, std::size_t strikes = 0, clock::duration window = 10s) {
  return credit_limits{rate, burst, strikes, window};
}

TEST(credit_bucket, a_fresh_bucket_allows_one_burst_then_refuses) {
  credit_bucket bucket(limits(10, 5));
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(bucket.take(t0)) << i;
  EXPECT_FALSE(bucket.take(t0));
  EXPECT_FALSE(bucket.take(t0));
}

TEST(credit_bucket, credits_come_back_at_the_rate) {
  credit_bucket bucket(limits(10, 5));
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(bucket.take(t0));
  EXPECT_FALSE(bucket.take(t0 + 99ms));
  EXPECT_TRUE(bucket.take(t0 + 100ms));
  EXPECT_FALSE(bucket.take(t0 + 150ms));
  EXPECT_TRUE(bucket.take(t0 + 200ms));
  EXPECT_TRUE(bucket.take(t0 + 500ms) && bucket.take(t0 + 500ms) && bucket.take(t0 + 500ms));
  EXPECT_FALSE(bucket.take(t0 + 500ms));
}

// What a refusal can tell the client: how long until the next credit.
TEST(credit_bucket, says_how_long_until_a_credit_comes_back) {
  credit_bucket bucket(limits(60.0 / 3600, 2));  // 2 at once, then one a minute
  EXPECT_EQ(bucket.wait_for(1, t0), clock::duration::zero());
  ASSERT_TRUE(bucket.take(t0) && bucket.take(t0));
  const auto wait = bucket.wait_for(1, t0);
  EXPECT_GE(wait, 59s);
  EXPECT_LE(wait, 61s);
  EXPECT_FALSE(bucket.take(t0 + wait - 1s));
  EXPECT_TRUE(bucket.take(t0 + wait));
  EXPECT_EQ(bucket.wait_for(3, t0), clock::duration::max()) << "more than the burst never comes";
  EXPECT_EQ(credit_bucket(limits(0, 1)).wait_for(2, t0), clock::duration::max());
}

TEST(credit_bucket, a_steady_client_at_the_rate_is_never_refused) {
  credit_bucket bucket(limits(10, 1));
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(bucket.take(t0 + i * 100ms)) << i;
}

TEST(credit_bucket, a_steady_client_over_the_rate_gets_the_rate) {
  credit_bucket bucket(limits(10, 5));
  int accepted = 0;
  // 50 messages a second for 10 seconds: the burst plus 10 a second.
  for (int i = 0; i < 500; ++i) accepted += bucket.take(t0 + i * 20ms) ? 1 : 0;
  EXPECT_GE(accepted, 100);
  EXPECT_LE(accepted, 5 + 100);
}

TEST(credit_bucket, refill_stops_at_the_burst) {
  credit_bucket bucket(limits(10, 5));
  ASSERT_TRUE(bucket.take(t0));
  EXPECT_DOUBLE_EQ(bucket.available(t0 + 1h), 5);
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(bucket.take(t0 + 1h)) << i;
  EXPECT_FALSE(bucket.take(t0 + 1h));
}

TEST(credit_bucket, an_expensive_message_costs_more) {
  credit_bucket bucket(limits(1, 5));
  EXPECT_TRUE(bucket.take(t0, 4));
  EXPECT_FALSE(bucket.take(t0, 2));
  EXPECT_TRUE(bucket.take(t0, 1));
  EXPECT_FALSE(bucket.take(t0 + 1s, 2));
  EXPECT_TRUE(bucket.take(t0 + 2s, 2));
}

TEST(credit_bucket, a_clock_that_goes_back_gives_nothing) {
  credit_bucket bucket(limits(10, 2));
  ASSERT_TRUE(bucket.take(t0 + 10s));
  ASSERT_TRUE(bucket.take(t0 + 10s));
  EXPECT_FALSE(bucket.take(t0));
  EXPECT_FALSE(bucket.take(t0 + 10s));
  EXPECT_TRUE(bucket.take(t0 + 10s + 100ms));
}

TEST(credit_bucket, one_burst_over_the_limit_is_not_abuse) {
  credit_bucket bucket(limits(10, 5, 10, 10s));
  for (int i = 0; i < 14; ++i) bucket.take(t0);  // 9 refusals
  EXPECT_FALSE(bucket.abuse());
}

TEST(credit_bucket, enough_refusals_within_the_window_are_abuse) {
  credit_bucket bucket(limits(10, 5, 10, 10s));
  for (int i = 0; i < 15; ++i) bucket.take(t0);  // 10 refusals
  EXPECT_TRUE(bucket.abuse());
}

TEST(credit_bucket, refusals_spread_wider_than_the_window_are_not_abuse) {
  // A client that overshoots a little every few seconds is refused now and then but
  // never collects 3 refusals within 10 s.
  credit_bucket bucket(limits(1, 1, 3, 10s));
  for (int i = 0; i < 20; ++i) {
    const auto at = t0 + i * 6s;
    EXPECT_TRUE(bucket.take(at));
    EXPECT_FALSE(bucket.take(at));
  }
  EXPECT_FALSE(bucket.abuse());
}

TEST(credit_bucket, sustained_flooding_is_abuse_even_with_refills_between) {
  credit_bucket bucket(limits(10, 5, 20, 10s));
  // 100 messages a second against a budget of 10: 90 refusals a second.
  int i = 0;
  while (!bucket.abuse() && i < 1000) bucket.take(t0 + i++ * 10ms);
  EXPECT_TRUE(bucket.abuse());
  EXPECT_LT(i, 100);  // caught within the first second
}

TEST(credit_bucket, abuse_stays_once_found) {
  credit_bucket bucket(limits(10, 1, 2, 1s));
  bucket.take(t0);
  bucket.take(t0);
  bucket.take(t0);
  ASSERT_TRUE(bucket.abuse());
  EXPECT_TRUE(bucket.take(t0 + 1h));
  EXPECT_TRUE(bucket.abuse());
}

TEST(credit_bucket, zero_strikes_never_call_it_abuse) {
  credit_bucket bucket(limits(1, 1, 0));
  for (int i = 0; i < 1000; ++i) bucket.take(t0);
  EXPECT_FALSE(bucket.abuse());
}

}  // namespace
}  // namespace shithead::server
