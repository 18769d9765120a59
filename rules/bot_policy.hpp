#pragma once
// The greedy bot's choices as functions of the cards, shared with the searching bot's
// playouts (which play on a game state and never build a view).
#include <cstddef>
#include <span>
#include <vector>

#include "action.hpp"
#include "card.hpp"
#include "ruleset.hpp"

namespace shithead::rules {

// The index in `legal` of what greedy does in the play phase: its best play (lowest plain
// rank, powers kept for last), else the first other action listed (face-down turn, then
// wait, then pick-up); legal.size() when `legal` is empty.
std::size_t greedy_pick(const ruleset& rules, int own_cards_left, std::span<const action> legal);

// What `normal` does instead: the same, except that onto an empty pile it leads a plain
// rank rather than a card with a power while a plain rank goes.
std::size_t normal_pick(const ruleset& rules, int own_cards_left, bool pile_empty, std::span<const action> legal);

// The `count` cards of `pool` (hand and face-up cards) greedy keeps face up: the strongest.
std::vector<card> greedy_face_up(const ruleset& rules, std::vector<card> pool, std::size_t count);

}  // namespace shithead::rules
