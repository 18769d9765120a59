#include "rules/playout.hpp"

#include "rules/engine.hpp"

namespace shithead::rules {
namespace {

bot_kind bot_for(std::span<const bot_kind> bots, int seat) {
  return bots[static_cast<std::size_t>(seat) % bots.size()];
}

// Lets `seat`'s bot act if it wants to; true when it did.
bool offer(game_state& state, int seat, std::span<const bot_kind> bots, rng& random,
           playout_buffers& buffers) {
  view_for(state, seat, buffers.view);
  const auto choice = choose_action(bot_for(bots, seat), buffers.view, random);
  if (!choice) return false;
  apply(state, seat, *choice, buffers.events);
  return true;
}

}  // namespace

int play_step(game_state& state, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers) {
  if (state.over()) return 0;
  const int seat = seat_to_act(state);
  int applied = offer(state, seat, bots, random, buffers) ? 1 : 0;
  if (!state.rules.burn_in || state.current_phase != phase::play) return applied;
  // Another seat may complete a run out of turn; ask only those who can.
  for (int k = 1; k < state.players && !state.over(); ++k) {
    const int other = (seat + k) % state.players;
    if (other == state.current) continue;
    legal_actions(state, other, buffers.probe);
    if (!buffers.probe.empty() && offer(state, other, bots, random, buffers)) ++applied;
  }
  return applied;
}

long play_out(game_state& state, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers) {
  long actions = 0;
  while (!state.over()) actions += play_step(state, bots, random, buffers);
  return actions;
}

}  // namespace shithead::rules
