#pragma once
// Helpers the engine's files share (legal_actions, validate, apply); not part of the
// public interface.
#include <array>
#include <vector>

#include "rules/card_set.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"

namespace shithead::rules::detail {

using rank_counts = std::array<int, rank_slots>;

inline bool in_game(const game_state& s, int seat) {
  return seat >= 0 && seat < s.players && s.seats[static_cast<std::size_t>(seat)].place == 0;
}
inline const seat_state& seat_of(const game_state& s, int seat) { return s.seats[static_cast<std::size_t>(seat)]; }
inline seat_state& seat_of(game_state& s, int seat) { return s.seats[static_cast<std::size_t>(seat)]; }

// The cards of a hand or face-up source (never called for face-down).
const std::vector<card>& source_cards(const game_state& s, int seat, card_source source);
std::vector<card>& source_cards(game_state& s, int seat, card_source source);

rank_counts count_ranks(const std::vector<card>& cards);

// The next seat still in the game after `from` in the direction of play.
int next_seat(const game_state& s, int from);

// With play_from_table, a play from the hand may also take face-up cards.
bool plays_from_table(const game_state& s, int seat);
// Whether `seat` may turn a face-down card now: on its face-down cards, or with
// play_from_table while some face-down card is uncovered (each face-up card covers one).
bool may_turn_face_down(const game_state& s, int seat);

bool fresh_wait_on_top(const game_state& s);
// A play, a face-down turn or a wait is open to `seat` (the pick-up test of rules
// without voluntary pick-up).
bool has_alternative_to_pickup(const game_state& s, int seat);

// The rank and missing count of each run on the pile that a burn-in could complete.
struct open_run {
  rank run_rank;
  int missing;
};
std::array<open_run, 2> open_runs(const game_state& s);

// Pile changes (pile.cpp).
void pile_add(pile_state& pile, const ruleset& rules, const card_set& cards);
bool pile_burns(const pile_state& pile, const ruleset& rules, rank played);
void pile_clear(pile_state& pile);

}  // namespace shithead::rules::detail
