#include "server/rankings/titles.hpp"

#include <array>
#include <cassert>
#include <string_view>

namespace shithead::server {

namespace {

struct rank_step {
  int from;  // times shithead from which the rank holds
  std::string_view name;
};

// Thresholds as published in protocol/docs/http_api.md; steps in ascending order.
constexpr std::array<rank_step, 5> olympic_steps{
    {{1, "Bronze"}, {3, "Silver"}, {5, "Gold"}, {10, "Platinum"}, {25, "Diamond"}}};
constexpr std::array<rank_step, 5> feudal_steps{
    {{1, "Lord"}, {3, "Duke"}, {5, "Prince"}, {10, "King"}, {25, "Emperor"}}};

std::string rank_title(const std::array<rank_step, 5>& steps, int count) {
  std::string_view name;
  for (const auto& step : steps)
    if (count >= step.from) name = step.name;
  return std::string(name) + " shithead";
}

}  // namespace

title title_for(int times_shithead) {
  assert(times_shithead >= 0);
  title result{times_shithead, {}, {}, {}};
  if (times_shithead <= 0) return result;
  // U+00D7 MULTIPLICATION SIGN spelled as its UTF-8 bytes, whatever the source charset.
  result.numeric = "Shithead \xC3\x97" + std::to_string(times_shithead);
  result.olympic = rank_title(olympic_steps, times_shithead);
  result.feudal = rank_title(feudal_steps, times_shithead);
  return result;
}

}  // namespace shithead::server
