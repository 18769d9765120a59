#pragma once
// The shithead's titles: how often a player has been the shithead, said three ways, as
// the house rules keep the tally (numeric, Olympic medals, feudal ranks).
#include <optional>
#include <string>

namespace shithead::server {

struct title {
  int count = 0;                       // times the shithead
  std::optional<std::string> numeric;  // "Shithead ×7"
  std::optional<std::string> olympic;  // "Gold shithead"
  std::optional<std::string> feudal;   // "Prince shithead"
};

// The three strings are empty when `times_shithead` is 0: no title before the first loss.
title title_for(int times_shithead);

}  // namespace shithead::server
