// Device codes: how a player carries their identity to another device. A code is short
// enough to type, works once, expires, and replacing or cancelling it ends the old one.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <string>

#include "server/lobby/device_codes.hpp"
#include "server/lobby/table_code.hpp"
#include "tests/lobby/seeded_random.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
using clock_type = device_codes::clock;

const clock_type::time_point codes_start = clock_type::time_point{} + 1000h;

TEST(device_codes, a_code_is_eight_characters_of_the_table_code_alphabet) {
  device_codes codes(seeded(1));
  for (int i = 0; i < 200; ++i) {
    const auto code = codes.issue("player" + std::to_string(i), "token", codes_start);
    ASSERT_EQ(code.size(), device_code_length);
    for (const char c : code) EXPECT_NE(table_code_alphabet.find(c), std::string_view::npos) << code;
  }
  EXPECT_EQ(codes.size(), 200u);
}

TEST(device_codes, a_typed_code_ignores_case_spaces_and_the_dash) {
  EXPECT_EQ(normalize_device_code("k7mp-q2xd"), "K7MPQ2XD");
  EXPECT_EQ(normalize_device_code(" K7MP Q2XD \n"), "K7MPQ2XD");
  EXPECT_EQ(display_device_code("K7MPQ2XD"), "K7MP-Q2XD");
  EXPECT_FALSE(normalize_device_code("K7MP-Q2X"));    // seven
  EXPECT_FALSE(normalize_device_code("K7MP-Q2XDA"));  // nine
  EXPECT_FALSE(normalize_device_code("K7MP-Q2X0"));   // 0 is not in the alphabet
  EXPECT_FALSE(normalize_device_code("K7MP_Q2XD"));
  EXPECT_FALSE(normalize_device_code(""));
}

TEST(device_codes, a_code_gives_its_token_once) {
  device_codes codes(seeded(2));
  const auto code = codes.issue("ana", "ana-token", codes_start);
  EXPECT_EQ(codes.redeem(display_device_code(code), codes_start + 1s), "ana-token");
  EXPECT_FALSE(codes.redeem(code, codes_start + 2s)) << "a code is spent by its first use";
  EXPECT_EQ(codes.size(), 0u);
}

TEST(device_codes, a_code_expires_after_its_lifetime) {
  device_codes codes(seeded(3), 600s);
  const auto late = codes.issue("ana", "ana-token", codes_start);
  EXPECT_FALSE(codes.redeem(late, codes_start + 600s));
  const auto in_time = codes.issue("ana", "ana-token", codes_start + 1000s);
  EXPECT_EQ(codes.redeem(in_time, codes_start + 1000s + 599s), "ana-token");
}

TEST(device_codes, asking_again_replaces_the_code_before) {
  device_codes codes(seeded(4));
  const auto first = codes.issue("ana", "ana-token", codes_start);
  const auto second = codes.issue("ana", "ana-token", codes_start + 1s);
  EXPECT_NE(first, second);
  EXPECT_FALSE(codes.redeem(first, codes_start + 2s));
  EXPECT_EQ(codes.redeem(second, codes_start + 2s), "ana-token");
}

TEST(device_codes, cancelling_ends_only_that_players_code) {
  device_codes codes(seeded(5));
  const auto ana = codes.issue("ana", "ana-token", codes_start);
  const auto bob = codes.issue("bob", "bob-token", codes_start);
  codes.cancel("ana");
  EXPECT_FALSE(codes.redeem(ana, codes_start));
  EXPECT_EQ(codes.redeem(bob, codes_start), "bob-token");
}

TEST(device_codes, unknown_and_malformed_codes_give_nothing) {
  device_codes codes(seeded(6));
  codes.issue("ana", "ana-token", codes_start);
  EXPECT_FALSE(codes.redeem("ABCD-EFGH", codes_start));
  EXPECT_FALSE(codes.redeem("not a code", codes_start));
  EXPECT_EQ(codes.size(), 1u);
}

TEST(device_codes, a_player_asking_again_and_again_keeps_the_memory_bounded) {
  device_codes codes(seeded(7));
  std::string last;
  for (int i = 0; i < 100'000; ++i) last = codes.issue("ana", "ana-token", codes_start + std::chrono::milliseconds(i));
  EXPECT_EQ(codes.size(), 1u);
  EXPECT_EQ(codes.redeem(last, codes_start + 100s), "ana-token");
}

TEST(device_codes, expired_codes_are_swept_as_new_ones_are_issued) {
  device_codes codes(seeded(8), 600s);
  for (int i = 0; i < 50; ++i) codes.issue("p" + std::to_string(i), "t", codes_start);
  EXPECT_EQ(codes.size(), 50u);
  codes.issue("late", "t", codes_start + 601s);
  EXPECT_EQ(codes.size(), 1u);
}

}  // namespace
}  // namespace shithead::server
