// The kernel's generator behind every secret and every seed. A test cannot prove that a
// generator is unpredictable; these check that it is the real thing and wired as such:
// every call a fresh draw (no repeats, no fixed state to copy), all bits used.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <set>
#include <thread>
#include <vector>

#include "server/core/random_source.hpp"

namespace shithead::server {
namespace {

TEST(system_random, draws_do_not_repeat_and_use_every_bit) {
  std::set<std::uint64_t> seen;
  std::array<int, 64> ones{};
  constexpr int draws = 20'000;
  for (int i = 0; i < draws; ++i) {
    const auto value = system_random_u64();
    EXPECT_TRUE(seen.insert(value).second) << "a 64-bit draw repeated";
    for (int bit = 0; bit < 64; ++bit) ones[static_cast<std::size_t>(bit)] += static_cast<int>((value >> bit) & 1u);
  }
  // Each bit is 1 in half the draws; 6 standard deviations (about 424) either side.
  for (int bit = 0; bit < 64; ++bit) {
    EXPECT_GT(ones[static_cast<std::size_t>(bit)], draws / 2 - 424) << "bit " << bit;
    EXPECT_LT(ones[static_cast<std::size_t>(bit)], draws / 2 + 424) << "bit " << bit;
  }
}

TEST(system_random, copies_of_the_source_do_not_share_a_sequence) {
  // A seeded generator copied into two places repeats itself in both; this one cannot.
  const random_source first = system_random();
  const random_source copy = first;
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 1000; ++i) {
    EXPECT_TRUE(seen.insert(first()).second);
    EXPECT_TRUE(seen.insert(copy()).second);
  }
}

TEST(system_random, fills_buffers_of_any_size_from_many_threads) {
  std::vector<std::thread> threads;
  std::array<std::array<std::byte, 4096>, 4> buffers{};
  for (auto& buffer : buffers) threads.emplace_back([&buffer] { system_random_bytes(buffer); });
  for (auto& t : threads) t.join();
  for (const auto& buffer : buffers) {
    int zero = 0;
    for (const auto b : buffer) zero += b == std::byte{0};
    EXPECT_LT(zero, 64) << "about 16 of 4096 bytes are zero by chance";
  }
  EXPECT_NE(buffers[0], buffers[1]);
}

}  // namespace
}  // namespace shithead::server
