#include "rules/bots.hpp"

namespace shithead::rules {

std::optional<action> choose_random(const seat_view& view, rng& random);  // bot_random.cpp
std::optional<action> choose_greedy(const seat_view& view, rng& random);  // bot_greedy.cpp

std::optional<action> choose_action(bot_kind kind, const seat_view& view, rng& random) {
  if (view.legal.empty()) return std::nullopt;
  switch (kind) {
    case bot_kind::random: return choose_random(view, random);
    case bot_kind::greedy: return choose_greedy(view, random);
  }
  return std::nullopt;
}

}  // namespace shithead::rules
