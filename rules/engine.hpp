#pragma once
// The rules engine: what a seat may do, whether an action is legal, and its effects.
//
// Order of legal actions (fixed, so bots and tests are reproducible):
//   swap phase: every plain choice of face-up cards, in the order of the pool's
//     combinations (stacked swaps are legal where the variant allows but not listed);
//   play phase: plays by rank (2..A, then the joker, one per receiving seat), fewest
//     cards first, taking cards of the lowest suit; then face-down slots in order;
//     then wait; then pick-up.
// Cards of one rank are interchangeable for the rules: a play lists the lowest suits,
// and any cards of that rank and count validate the same way.
#include <optional>
#include <vector>

#include "action.hpp"
#include "error.hpp"
#include "event.hpp"
#include "game_state.hpp"

namespace shithead::rules {

// Appends to `out` (cleared first) so a caller can reuse one buffer for a whole game.
void legal_actions(const game_state& state, int seat, std::vector<action>& out);
std::vector<action> legal_actions(const game_state& state, int seat);

// nullopt when `seat` may do `a` now.
std::optional<rule_error> validate(const game_state& state, int seat, const action& a);

// Applies a legal action (checked only by assertions) and appends its events to
// `events` (cleared first).
void apply(game_state& state, int seat, const action& a, std::vector<event>& events);

// validate, then apply when legal; the state is unchanged on error.
std::optional<rule_error> try_apply(game_state& state, int seat, const action& a, std::vector<event>& events);

// The seat that must act next in the play phase; in the swap phase the lowest seat
// that has not swapped; -1 when the game is over.
int seat_to_act(const game_state& state);

// Which zone a seat plays from now.
card_source active_source(const game_state& state, int seat);

// Whether a rank may go on the pile as it is.
bool rank_playable(const game_state& state, rank r);

}  // namespace shithead::rules
