// The effects of a legal action, and the events that tell the table what happened.
#include <algorithm>
#include <cassert>

#include "rules/engine.hpp"
#include "rules/engine_detail.hpp"

namespace shithead::rules {
namespace {

using detail::seat_of;

event make_event(event_type type, int seat) {
  event e;
  e.type = type;
  e.seat = seat;
  return e;
}

template <class Cards>
void remove_cards(std::vector<card>& zone, const Cards& cards) {
  for (card c : cards) {
    auto it = std::find(zone.begin(), zone.end(), c);
    assert(it != zone.end());
    *it = zone.back();  // order within a hand carries no meaning
    zone.pop_back();
  }
}

void draw_up(game_state& state, int seat, std::vector<event>& events) {
  auto& hand = seat_of(state, seat).hand;
  int drawn = 0;
  while (static_cast<int>(hand.size()) < state.rules.hand_size && !state.stock.empty()) {
    hand.push_back(state.stock.back());
    state.stock.pop_back();
    ++drawn;
  }
  if (drawn > 0) {
    event e = make_event(event_type::drew, seat);
    e.count = drawn;
    events.push_back(e);
  }
}

void take_pile(game_state& state, int seat) {
  auto& hand = seat_of(state, seat).hand;
  hand.insert(hand.end(), state.pile.cards.begin(), state.pile.cards.end());
  detail::pile_clear(state.pile);
}

void end_game(game_state& state, bool abandoned, std::vector<event>& events) {
  state.current_phase = phase::over;
  state.current = -1;
  state.abandoned = abandoned;
  event e = make_event(event_type::game_over, -1);
  e.abandoned = abandoned;
  if (!abandoned) {
    for (int s = 0; s < state.players; ++s)
      if (seat_of(state, s).place == 0) {
        state.shithead = s;
        seat_of(state, s).place = state.players;
      }
    e.seat = state.shithead;
  }
  events.push_back(e);
}

// Records `seat` as out if it has no cards; ends the game when one seat is left.
void check_out(game_state& state, int seat, std::vector<event>& events) {
  auto& s = seat_of(state, seat);
  if (s.place != 0 || s.cards_left() > 0) return;
  state.finish_order.push_back(seat);
  s.place = static_cast<int>(state.finish_order.size());
  event e = make_event(event_type::out, seat);
  e.place = s.place;
  events.push_back(e);
  if (state.seats_in_game() <= 1) end_game(state, false, events);
}

// Hands the turn to `seat` (or on from `seat`), counts the turn and applies the limit.
void finish_turn(game_state& state, int next, std::vector<event>& events) {
  ++state.turns;
  if (state.over()) return;
  if (state.turns >= state.rules.turn_limit) {
    end_game(state, true, events);
    return;
  }
  state.current = next;
  events.push_back(make_event(event_type::turn, next));
}

// Who acts after `seat` took the pile into its hand by its own action (a pick-up, or a
// face-down card it could not play): itself, on the empty pile, where the ruleset says
// so; else the next seat. The pile is empty then, so the seat must play: no loop.
int after_taking_the_pile(const game_state& state, int seat) {
  return state.rules.pickup_leads ? seat : detail::next_seat(state, seat);
}

// The seat after `seat` once `count` seats have lost their turn to skip cards: each
// card skips the next seat still in the game, round the table (the player too, once the
// count passes them).
int skip_seats(const game_state& state, int seat, int count, std::vector<event>& events) {
  int next = detail::next_seat(state, seat);
  for (int k = 0; k < count; ++k) {
    event e = make_event(event_type::skipped, seat);
    e.other = next;
    events.push_back(e);
    next = detail::next_seat(state, next);
  }
  return next;
}

// Puts played cards on the pile (or not, as the rules decide) and settles the turn. The
// `played` events are the caller's. `from_face_down`: a blind card, after which there
// is nothing to draw.
void play_cards(game_state& state, int seat, const card_set& cards, bool from_face_down, int target,
                std::vector<event>& events) {
  const ruleset& rules = state.rules;
  const rank r = rank_of(cards[0]);

  // isf: going out on a 2 or 10 is not allowed; the cards and the pile come back and
  // the player leads again. On an empty pile that would repeat for ever, so then the
  // turn passes on and the pile can grow before their next try.
  const bool last_cards = seat_of(state, seat).cards_left() == 0 && state.stock.empty();
  if (has_rank(rules.cannot_finish_on, r) && last_cards) {
    const bool pile_was_empty = state.pile.cards.empty();
    auto& hand = seat_of(state, seat).hand;
    hand.insert(hand.end(), cards.begin(), cards.end());
    event e = make_event(event_type::cannot_finish, seat);
    e.count = static_cast<int>(state.pile.cards.size()) + cards.size();
    events.push_back(e);
    take_pile(state, seat);
    finish_turn(state, pile_was_empty ? detail::next_seat(state, seat) : seat, events);
    return;
  }

  detail::pile_add(state.pile, rules, cards);
  bool again = false;
  if (r == rank_joker && rules.jokers == joker_rule::give_pile) {
    event e = make_event(event_type::pile_given, seat);
    e.other = target;
    e.count = static_cast<int>(state.pile.cards.size());
    events.push_back(e);
    take_pile(state, target);
  } else {
    // Once a play, however many reversing cards it holds (rules/README.md).
    if (rules.reverses_on(r)) {
      state.direction = -state.direction;
      event e = make_event(event_type::reversed, seat);
      e.other = state.direction;
      events.push_back(e);
    }
    if (detail::pile_burns(state.pile, rules, r)) {
      event e = make_event(event_type::burned, seat);
      e.count = static_cast<int>(state.pile.cards.size());
      e.reason = r != rank_joker && rules.powers[r] == power::burn ? burn_reason::burn_card : burn_reason::n_of_a_kind;
      events.push_back(e);
      state.burned += e.count;
      detail::pile_clear(state.pile);
      again = true;
    }
  }
  if (!from_face_down) draw_up(state, seat, events);
  check_out(state, seat, events);
  const bool still_in = seat_of(state, seat).place == 0;
  int next = detail::next_seat(state, seat);
  if (again) {
    // A burn clears the table: the same player plays again, and no seat is skipped.
    if (still_in) next = seat;
  } else if (rules.skips_on(r) && !state.over()) {
    next = skip_seats(state, seat, cards.size(), events);
  }
  finish_turn(state, next, events);
}

void push_played(const card_set& cards, card_source source, int seat, std::vector<event>& events) {
  if (cards.empty()) return;
  event played = make_event(event_type::played, seat);
  played.cards = cards;
  played.source = source;
  events.push_back(played);
}

// Takes a play's cards from where the seat holds them. With play_from_table a play from
// the hand may take face-up cards too (a face-up copy first, as it uncovers a card): one
// `played` event for the table's cards, then one for the hand's.
void take_played_cards(game_state& state, int seat, const card_set& cards, std::vector<event>& events) {
  const card_source source = active_source(state, seat);
  if (source != card_source::hand || !state.rules.play_from_table) {
    remove_cards(detail::source_cards(state, seat, source), cards);
    push_played(cards, source, seat, events);
    return;
  }
  auto& s = seat_of(state, seat);
  card_set from_table, from_hand;
  for (card c : cards) {
    auto it = std::find(s.face_up.begin(), s.face_up.end(), c);
    if (it != s.face_up.end()) {
      s.face_up.erase(it);  // keeps the row's order, as the table shows it
      from_table.push_back(c);
    } else {
      from_hand.push_back(c);
    }
  }
  remove_cards(s.hand, from_hand);
  push_played(from_table, card_source::face_up, seat, events);
  push_played(from_hand, card_source::hand, seat, events);
}

void apply_swap(game_state& state, int seat, const swap_action& a, std::vector<event>& events) {
  auto& s = seat_of(state, seat);
  s.hand.insert(s.hand.end(), s.face_up.begin(), s.face_up.end());
  remove_cards(s.hand, a.face_up);
  s.face_up = a.face_up;
  if (state.rules.swap_stacking) draw_up(state, seat, events);
  if (a.more) return;
  s.swapped = true;
  event e = make_event(event_type::swapped, seat);
  e.count = static_cast<int>(s.face_up.size());
  events.push_back(e);
}

int lowest_card_seat(const game_state& state, const std::vector<int>& order) {
  int best_seat = order.front();
  rank best = rank_joker;
  for (int seat : order)
    for (card c : seat_of(state, seat).hand) {
      const rank r = rank_of(c);
      if (r > rank_two && r < best) {
        best = r;
        best_seat = seat;
      }
    }
  return best_seat;
}

int first_holding(const game_state& state, const std::vector<int>& order, card wanted) {
  for (int seat : order) {
    const auto& hand = seat_of(state, seat).hand;
    if (std::find(hand.begin(), hand.end(), wanted) != hand.end()) return seat;
  }
  return -1;
}

int choose_starter(const game_state& state) {
  std::vector<int> order;  // from the dealer's left round the table
  for (int k = 1; k <= state.players; ++k) order.push_back((state.dealer + k) % state.players);
  int seat = -1;
  switch (state.rules.starter) {
    case start_rule::three_of_hearts: seat = first_holding(state, order, card(3, suit::hearts)); break;
    case start_rule::three_of_spades: seat = first_holding(state, order, card(3, suit::spades)); break;
    case start_rule::first_three_face_up:
      for (int s : order) {
        const auto& up = seat_of(state, s).face_up;
        if (seat < 0 && std::any_of(up.begin(), up.end(), [](card c) { return rank_of(c) == 3; })) seat = s;
      }
      break;
    case start_rule::lowest_card: break;
  }
  return seat >= 0 ? seat : lowest_card_seat(state, order);
}

void start_play(game_state& state, std::vector<event>& events) {
  for (int k = 1; k <= state.players; ++k) draw_up(state, (state.dealer + k) % state.players, events);
  state.current_phase = phase::play;
  state.current = choose_starter(state);
  events.push_back(make_event(event_type::play_started, state.current));
  events.push_back(make_event(event_type::turn, state.current));
}

void apply_face_down(game_state& state, int seat, const face_down_action& a, std::vector<event>& events) {
  auto& slot = seat_of(state, seat).face_down[static_cast<std::size_t>(a.slot)];
  const card c = slot;
  slot = card{};
  event revealed = make_event(event_type::revealed, seat);
  revealed.slot = a.slot;
  revealed.cards.push_back(c);
  revealed.source = card_source::face_down;
  events.push_back(revealed);
  if (rank_playable(state, rank_of(c))) {
    // A blind give-pile joker cannot choose: the pile goes to the next seat.
    const int target = detail::next_seat(state, seat);
    push_played(card_set{c}, card_source::face_down, seat, events);
    play_cards(state, seat, card_set{c}, true, target, events);
    return;
  }
  event e = make_event(event_type::picked_up, seat);
  e.count = static_cast<int>(state.pile.cards.size()) + 1;
  events.push_back(e);
  seat_of(state, seat).hand.push_back(c);
  take_pile(state, seat);
  finish_turn(state, after_taking_the_pile(state, seat), events);
}

}  // namespace

void apply(game_state& state, int seat, const action& a, std::vector<event>& events) {
  events.clear();
  assert(!validate(state, seat, a));
  if (const auto* swap = std::get_if<swap_action>(&a)) {
    apply_swap(state, seat, *swap, events);
    if (std::all_of(state.seats.begin(), state.seats.end(), [](const seat_state& s) { return s.swapped; }))
      start_play(state, events);
  } else if (const auto* play = std::get_if<play_action>(&a)) {
    take_played_cards(state, seat, play->cards, events);
    play_cards(state, seat, play->cards, false, play->target, events);
  } else if (const auto* down = std::get_if<face_down_action>(&a)) {
    apply_face_down(state, seat, *down, events);
  } else if (std::holds_alternative<pickup_action>(a)) {
    event e = make_event(event_type::picked_up, seat);
    e.count = static_cast<int>(state.pile.cards.size());
    events.push_back(e);
    take_pile(state, seat);
    finish_turn(state, after_taking_the_pile(state, seat), events);
  } else {
    state.pile.top.used = true;
    events.push_back(make_event(event_type::waited, seat));
    finish_turn(state, detail::next_seat(state, seat), events);
  }
}

std::optional<rule_error> try_apply(game_state& state, int seat, const action& a, std::vector<event>& events) {
  events.clear();
  if (auto error = validate(state, seat, a)) return error;
  apply(state, seat, a, events);
  return std::nullopt;
}

}  // namespace shithead::rules
