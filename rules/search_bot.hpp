#pragma once
// The searching bot: determinized Monte Carlo search from one seat's view. Each playout
// deals the cards the seat cannot see at random, consistently with what it has seen
// (its view and its seat_memory), tries one of the seat's choices on that deal and plays
// the game out with the greedy policy through the real engine; the choice that did best
// over the playouts (by UCB1, most visited) is taken. Its budget is a number of playouts
// and its chance a seeded rng: no clock, so a game replays exactly.
#include <optional>

#include "action.hpp"
#include "game_state.hpp"
#include "rng.hpp"
#include "seat_memory.hpp"
#include "view.hpp"

namespace shithead::rules {

struct search_budget {
  int playouts = 400;         // in all, over the seat's choices
  int playout_actions = 400;  // a playout longer than this is scored as it stands
};

// A game state that agrees with everything `view` and `memory` say, the hidden cards
// dealt at random. Only the viewer's information is read.
game_state determinize(const seat_view& view, const seat_memory& memory, rng& random);

// The seat's action, or nullopt when it has nothing it wants to do (out of turn, no
// burn-in worth making).
std::optional<action> choose_search(const seat_view& view, const seat_memory& memory, search_budget budget,
                                    rng& random);

}  // namespace shithead::rules
