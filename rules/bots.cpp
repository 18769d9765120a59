#include "rules/bots.hpp"

namespace shithead::rules {

std::optional<action> choose_random(const seat_view& view, rng& random);  // bot_random.cpp
std::optional<action> choose_greedy(const seat_view& view, rng& random);  // bot_greedy.cpp
std::optional<action> choose_normal(const seat_view& view, rng& random);  // bot_greedy.cpp
std::optional<action> choose_easy(const seat_view& view, rng& random);    // bot_easy.cpp

bool searches(bot_kind kind) { return kind == bot_kind::hard || kind == bot_kind::expert; }

search_budget budget_of(bot_kind kind) {
  // Figures from the strength probe in rules/README.md ("Bots"): a few milliseconds and
  // about a dozen a move on one core.
  return kind == bot_kind::expert ? search_budget{.playouts = 1500} : search_budget{.playouts = 300};
}

std::optional<action> choose_action(bot_kind kind, const seat_view& view, rng& random, const seat_memory& memory) {
  if (view.legal.empty()) return std::nullopt;
  switch (kind) {
    case bot_kind::random: return choose_random(view, random);
    case bot_kind::greedy: return choose_greedy(view, random);
    case bot_kind::easy: return choose_easy(view, random);
    case bot_kind::normal: return choose_normal(view, random);
    case bot_kind::hard:
    case bot_kind::expert: return choose_search(view, memory, budget_of(kind), random);
  }
  return std::nullopt;
}

}  // namespace shithead::rules
