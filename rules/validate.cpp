// Checking an action against the rules without changing anything.
#include <algorithm>
#include <bit>
#include <string>

#include "rules/engine.hpp"
#include "rules/engine_detail.hpp"

namespace shithead::rules {
namespace {

using detail::seat_of;

rule_error fail(error_code code, std::string message) { return {code, std::move(message)}; }

template <class Cards>
bool holds_all(const std::vector<card>& zone, const Cards& cards) {
  std::array<int, 64> counts{};
  for (card c : zone) ++counts[c.code];
  for (card c : cards)
    if (c.code >= counts.size() || --counts[c.code] < 0) return false;
  return true;
}

std::string card_list(const card_set& cards) {
  std::string text;
  for (card c : cards) text += (text.empty() ? "" : " ") + to_string(c);
  return text;
}

std::optional<rule_error> check_swap(const game_state& state, int seat, const swap_action& a) {
  const auto& s = seat_of(state, seat);
  if (s.swapped) return fail(error_code::already_swapped, "you have already confirmed your swap");
  std::vector<card> pool = s.hand;
  pool.insert(pool.end(), s.face_up.begin(), s.face_up.end());
  if (!holds_all(pool, a.face_up))
    return fail(error_code::bad_swap, "the face-up cards must come from your hand and face-up cards");
  const auto named = static_cast<int>(a.face_up.size());
  if (!state.rules.swap_stacking) {
    if (a.more) return fail(error_code::bad_swap, "stacking is not allowed at this table");
    if (named != s.face_up_stacks)
      return fail(error_code::bad_swap, "choose exactly " + std::to_string(s.face_up_stacks) + " face-up cards, not " +
                                            std::to_string(named));
    return std::nullopt;
  }
  rank_mask ranks = 0;
  for (card c : a.face_up) ranks |= mask_of(rank_of(c));
  const int distinct = std::popcount(static_cast<unsigned>(ranks));
  if (named < s.face_up_stacks || distinct > s.face_up_stacks)
    return fail(error_code::bad_swap, "make " + std::to_string(s.face_up_stacks) + " face-up stacks, each of one rank");
  return std::nullopt;
}

// Out of turn, a play is legal only as a burn-in: it completes N of a kind on top.
std::optional<rule_error> check_burn_in(const game_state& state, const card_set& cards) {
  const rank r = rank_of(cards[0]);
  for (const auto& run : detail::open_runs(state))
    if (run.run_rank == r && run.missing > 0 && cards.size() >= run.missing) return std::nullopt;
  return fail(error_code::not_a_burn_in, "out of turn you may only complete a burn");
}

std::optional<rule_error> check_play(const game_state& state, int seat, const play_action& a) {
  if (a.cards.empty()) return fail(error_code::no_cards, "a play needs at least one card");
  const rank r = rank_of(a.cards[0]);
  for (card c : a.cards)
    if (rank_of(c) != r) return fail(error_code::mixed_ranks, "play cards of one rank only");
  if (seat != state.current) {
    if (!state.rules.burn_in || !detail::in_game(state, seat))
      return fail(error_code::not_your_turn, "it is seat " + std::to_string(state.current) + "'s turn");
    if (auto e = check_burn_in(state, a.cards)) return e;
  }
  const card_source source = active_source(state, seat);
  if (source == card_source::face_down)
    return fail(error_code::not_held, "you are on your face-down cards: turn one by its slot");
  if (detail::plays_from_table(state, seat)) {
    const auto& s = seat_of(state, seat);
    std::vector<card> pool = s.hand;
    pool.insert(pool.end(), s.face_up.begin(), s.face_up.end());
    if (!holds_all(pool, a.cards))
      return fail(error_code::not_held, card_list(a.cards) + " not in your hand or face-up cards");
  } else if (!holds_all(detail::source_cards(state, seat, source), a.cards)) {
    return fail(error_code::not_held, source == card_source::hand
                                          ? card_list(a.cards) + " not in your hand (face-up cards come after the hand)"
                                          : card_list(a.cards) + " not among your face-up cards");
  }
  if (!rank_playable(state, r))
    return fail(error_code::not_playable, std::string(rank_name(r)) + " may not be played on the pile as it is");
  const bool give_pile = r == rank_joker && state.rules.jokers == joker_rule::give_pile;
  if (give_pile && (a.target == seat || !detail::in_game(state, a.target)))
    return fail(error_code::bad_target, "hand the pile to an opponent still in the game");
  if (!give_pile && a.target != -1) return fail(error_code::bad_target, "only a give-pile joker names a target");
  return std::nullopt;
}

std::optional<rule_error> check_turn(const game_state& state, int seat) {
  if (seat != state.current)
    return fail(error_code::not_your_turn, "it is seat " + std::to_string(state.current) + "'s turn");
  return std::nullopt;
}

std::optional<rule_error> check_face_down(const game_state& state, int seat, const face_down_action& a) {
  if (auto e = check_turn(state, seat)) return e;
  if (!detail::may_turn_face_down(state, seat))
    return fail(error_code::not_on_face_down, state.rules.play_from_table
                                                  ? "each of your face-down cards is still covered by a face-up card"
                                                  : "play your hand and face-up cards first");
  const auto& slots = seat_of(state, seat).face_down;
  if (a.slot < 0 || a.slot >= static_cast<int>(slots.size()) || slots[static_cast<std::size_t>(a.slot)].empty())
    return fail(error_code::bad_slot, "there is no face-down card in slot " + std::to_string(a.slot));
  return std::nullopt;
}

std::optional<rule_error> check_pickup(const game_state& state, int seat) {
  if (auto e = check_turn(state, seat)) return e;
  if (state.pile.cards.empty()) return fail(error_code::empty_pile, "the pile is empty");
  if (!state.rules.voluntary_pickup && detail::has_alternative_to_pickup(state, seat))
    return fail(error_code::must_play, "you must play when you can");
  return std::nullopt;
}

std::optional<rule_error> check_wait(const game_state& state, int seat) {
  if (auto e = check_turn(state, seat)) return e;
  if (!detail::fresh_wait_on_top(state)) return fail(error_code::cannot_wait, "waiting is only for a fresh wait card");
  if (active_source(state, seat) == card_source::face_down)
    return fail(error_code::cannot_wait, "on face-down cards you must turn a card");
  return std::nullopt;
}

}  // namespace

std::optional<rule_error> validate(const game_state& state, int seat, const action& a) {
  if (seat < 0 || seat >= state.players) return fail(error_code::bad_seat, "there is no seat " + std::to_string(seat));
  if (state.over()) return fail(error_code::game_over, "the game is over");
  const bool is_swap = std::holds_alternative<swap_action>(a);
  if (is_swap != (state.current_phase == phase::swap))
    return fail(error_code::wrong_phase, is_swap ? "the swap is over" : "the swap is not over yet");
  if (seat_of(state, seat).place != 0 && !is_swap) return fail(error_code::not_your_turn, "you are out of this game");
  return std::visit(
      [&](const auto& act) -> std::optional<rule_error> {
        using T = std::decay_t<decltype(act)>;
        if constexpr (std::is_same_v<T, swap_action>) return check_swap(state, seat, act);
        if constexpr (std::is_same_v<T, play_action>) return check_play(state, seat, act);
        if constexpr (std::is_same_v<T, face_down_action>) return check_face_down(state, seat, act);
        if constexpr (std::is_same_v<T, pickup_action>) return check_pickup(state, seat);
        if constexpr (std::is_same_v<T, wait_action>) return check_wait(state, seat);
      },
      a);
}

}  // namespace shithead::rules
