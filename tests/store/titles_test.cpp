// The shithead's titles at every threshold of protocol/docs/http_api.md and just below.
#include <gtest/gtest.h>

#include <string>

#include "server/rankings/titles.hpp"

namespace shithead::server {
namespace {

// "×" (U+00D7) as UTF-8 bytes; kept apart from the digits that follow it in a literal.
const std::string times_sign = "\xC3\x97";

void expect_title(int count, const std::string& olympic, const std::string& feudal) {
  const title t = title_for(count);
  EXPECT_EQ(t.count, count);
  EXPECT_EQ(t.numeric, "Shithead " + times_sign + std::to_string(count)) << count;
  EXPECT_EQ(t.olympic, olympic) << count;
  EXPECT_EQ(t.feudal, feudal) << count;
}

TEST(titles, never_the_shithead_means_no_title) {
  const title t = title_for(0);
  EXPECT_EQ(t.count, 0);
  EXPECT_FALSE(t.numeric.has_value());
  EXPECT_FALSE(t.olympic.has_value());
  EXPECT_FALSE(t.feudal.has_value());
}

TEST(titles, the_numeric_title_counts_with_a_multiplication_sign) {
  EXPECT_EQ(title_for(7).numeric,
            "Shithead \xC3\x97"
            "7");
  EXPECT_EQ(title_for(1).numeric,
            "Shithead \xC3\x97"
            "1");
  EXPECT_EQ(title_for(130).numeric,
            "Shithead \xC3\x97"
            "130");
}

TEST(titles, the_first_time_is_bronze_and_lord) { expect_title(1, "Bronze shithead", "Lord shithead"); }

TEST(titles, silver_and_duke_from_three) {
  expect_title(2, "Bronze shithead", "Lord shithead");
  expect_title(3, "Silver shithead", "Duke shithead");
}

TEST(titles, gold_and_prince_from_five) {
  expect_title(4, "Silver shithead", "Duke shithead");
  expect_title(5, "Gold shithead", "Prince shithead");
  expect_title(7, "Gold shithead", "Prince shithead");  // the API document's example
}

TEST(titles, platinum_and_king_from_ten) {
  expect_title(9, "Gold shithead", "Prince shithead");
  expect_title(10, "Platinum shithead", "King shithead");
}

TEST(titles, diamond_and_emperor_from_twenty_five_and_no_higher) {
  expect_title(24, "Platinum shithead", "King shithead");
  expect_title(25, "Diamond shithead", "Emperor shithead");
  expect_title(1000, "Diamond shithead", "Emperor shithead");
}

}  // namespace
}  // namespace shithead::server
