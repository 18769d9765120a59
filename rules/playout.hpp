#pragma once
// Playing a whole game with bots: what `shithead simulate`, the benchmarks and the
// simulation tests share.
#include <span>
#include <vector>

#include "rules/bots.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/search_bot.hpp"
#include "rules/seat_memory.hpp"
#include "rules/view.hpp"

namespace shithead::rules {

// Buffers reused from game to game so a playout allocates almost nothing.
struct playout_buffers {
  seat_view view;
  std::vector<event> events;
  std::vector<action> probe;
  // What each searching bot has seen of the game (empty when no bot searches).
  std::vector<seat_memory> memories;
  std::vector<seat_view> before;
  // The searching bots' budget; 0 playouts: each level's own (tests make it small).
  search_budget search{.playouts = 0};
};

// Applies one bot action: the swap of a seat that has not swapped, or the move of the
// seat to act, then any burn-in another seat's bot wants. Returns the actions applied.
int play_step(game_state& state, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers);

// Plays until the game is over (finished or abandoned at the turn limit); `bots` holds
// one bot per seat (cycled if shorter). Returns the number of actions applied.
long play_out(game_state& state, std::span<const bot_kind> bots, rng& random, playout_buffers& buffers);

}  // namespace shithead::rules
