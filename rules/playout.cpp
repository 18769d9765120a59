#include "rules/playout.hpp"

#include <algorithm>

#include "rules/engine.hpp"

namespace shithead::rules {
namespace {

bot_kind bot_for(std::span<const bot_kind> bots, int seat) {
  return bots[static_cast<std::size_t>(seat) % bots.size()];
}

bool any_searching(const game_state& state, std::span<const bot_kind> bots) {
  for (int seat = 0; seat < state.players; ++seat)
    if (searches(bot_for(bots, seat))) return true;
  return false;
}

// A fresh memory for every searching seat at the start of a game.
void start_memories(const game_state& state, std::span<const bot_kind> bots, playout_buffers& buffers) {
  const bool fresh = state.current_phase == phase::swap && std::none_of(state.seats.begin(), state.seats.end(),
                                                                        [](const seat_state& s) { return s.swapped; });
  if (!fresh && buffers.memories.size() == static_cast<std::size_t>(state.players)) return;
  buffers.memories.clear();
  if (!any_searching(state, bots)) return;
  for (int seat = 0; seat < state.players; ++seat) buffers.memories.emplace_back(seat, state.players);
}

// Applies an action, and lets every searching seat's memory see it.
void apply_seen(game_state& state, int seat, const action& a, std::span<const bot_kind> bots,
                playout_buffers& buffers) {
  if (buffers.memories.empty()) {
    apply(state, seat, a, buffers.events);
    return;
  }
  buffers.before.resize(static_cast<std::size_t>(state.players));
  for (int v = 0; v < state.players; ++v)
    if (searches(bot_for(bots, v))) view_for(state, v, buffers.before[static_cast<std::size_t>(v)]);
  apply(state, seat, a, buffers.events);
  for (int v = 0; v < state.players; ++v)
    if (searches(bot_for(bots, v)))
      buffers.memories[static_cast<std::size_t>(v)].observe(buffers.before[static_cast<std::size_t>(v)], buffers.events,
                                                            view_for(state, v));
}

// Lets `seat`'s bot act if it wants to; true when it did.
bool offer(game_state& state, int seat, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers) {
  view_for(state, seat, buffers.view);
  const bot_kind kind = bot_for(bots, seat);
  std::optional<action> choice;
  if (searches(kind) && !buffers.memories.empty()) {
    const search_budget budget = buffers.search.playouts > 0 ? buffers.search : budget_of(kind);
    choice = buffers.view.legal.empty()
                 ? std::nullopt
                 : choose_search(buffers.view, buffers.memories[static_cast<std::size_t>(seat)], budget, random);
  } else {
    choice = choose_action(kind, buffers.view, random);
  }
  if (!choice) return false;
  apply_seen(state, seat, *choice, bots, buffers);
  return true;
}

}  // namespace

int play_step(game_state& state, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers) {
  if (state.over()) return 0;
  start_memories(state, bots, buffers);
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
