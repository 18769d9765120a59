// The random bot: any legal action, uniformly. The baseline every other bot must beat,
// and the widest exploration of the rules for simulation tests.
#include "rules/bots.hpp"

namespace shithead::rules {

std::optional<action> choose_random(const seat_view& view, rng& random) {
  const bool my_turn = view.current_phase == phase::swap || view.current == view.viewer;
  // Out of turn the only actions are burn-ins: take one half the time.
  if (!my_turn && random.below(2) == 0) return std::nullopt;
  return view.legal[random.below(static_cast<std::uint32_t>(view.legal.size()))];
}

}  // namespace shithead::rules
