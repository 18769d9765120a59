// Refused connections in the log: the first at once, then one line every ten seconds at
// most, with the counts per reason since the line before.
#include "server/net/refusal_log.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace shithead::server {
namespace {

using namespace std::chrono_literals;

TEST(refusal_log, a_flood_is_one_line_every_ten_seconds_with_its_counts_per_reason) {
  std::vector<std::string> lines;
  refusal_log log("connection", 10s, [&](const std::string& line) { lines.push_back(line); });
  auto now = refusal_log::clock::time_point{} + 1000s;
  log.refused("address_full", now);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "refused 1 connection: address_full 1");

  // A flood of 1,000 refusals a second for 25 s: three lines more, never one a refusal.
  for (int i = 1; i <= 25'000; ++i) {
    now += 1ms;
    log.refused(i % 10 == 0 ? "server_full" : "address_full", now);
  }
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], "refused 10000 connections in the last 9 s: address_full 9000, server_full 1000");
  EXPECT_EQ(lines[2], "refused 10000 connections in the last 9 s: address_full 9000, server_full 1000");

  // Quiet, then one more: said at once, with the ones still counted from the flood.
  now += 1min;
  log.refused("network_full", now);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[3], "refused 5001 connections in the last 64 s: address_full 4500, network_full 1, server_full 500");
}

}  // namespace
}  // namespace shithead::server
