// The structure of a turn: which zone a seat plays from, drawing, picking up, the
// refusals and their codes, the order of legal actions, and how a game ends.
#include <gtest/gtest.h>

#include <algorithm>

#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

// Which zone

TEST(turns, the_hand_is_played_first_then_face_up_cards_then_face_down_cards) {
  table t(shiphead(), {{.hand = "3C", .up = "5D", .down = "KS"}, {.hand = "4H 6H 8S AS QS"}});
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
  t.act(0, play("3C"));
  EXPECT_EQ(active_source(t.state, 0), card_source::face_up);
  t.act(1, play("4H"));
  t.act(0, play("5D"));
  const event* played = t.saw(event_type::played, 0);
  ASSERT_NE(played, nullptr);
  EXPECT_EQ(played->source, card_source::face_up);
  EXPECT_EQ(cards_of(played->cards), cards("5D"));
  EXPECT_EQ(active_source(t.state, 0), card_source::face_down);
  t.act(1, play("6H"));
  t.act(0, turn_face_down(0));
  EXPECT_NE(t.saw(event_type::revealed, 0), nullptr);
  EXPECT_EQ(t.pile(), cards("3C 4H 5D 6H KS"));
}

TEST(turns, face_up_cards_wait_while_the_stock_still_has_cards) {
  // A hand of one below the hand size with a stock: the player draws, so the hand is
  // never empty while the stock lasts and the face-up cards stay put.
  table t(shiphead(), {{.hand = "3C 4C 5C 6C 7C", .up = "KD"}, {.hand = "4H 6H 8S AS QS"}}, "9C JC");
  t.act(0, play("3C"));
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
  t.act(1, play("4H"));
  t.refuse(0, play("KD"), error_code::not_held);
}

TEST(turns, several_face_up_cards_of_one_rank_may_be_played_together) {
  table t(shiphead(), {{.hand = "3C", .up = "6D 6H KS"}, {.hand = "4H 5S 8S AS QS"}});
  t.act(0, play("3C"));
  t.act(1, play("4H"));
  EXPECT_EQ(t.legal(0), (std::vector<action>{play("6D"), play("6D 6H"), play("KS"), pick_up()}));
  t.act(0, play("6D 6H"));
  EXPECT_EQ(t.seat(0).face_up, cards("KS"));
}

TEST(turns, hand_and_face_up_cards_are_never_combined_in_one_play) {
  table t(shiphead(), {{.hand = "3C 5C", .up = "5D"}, {.hand = "4H 6H 8S AS QS"}});
  t.refuse(0, play("5C 5D"), error_code::not_held);
  t.refuse(0, play("5D"), error_code::not_held);
  t.act(0, play("5C"));
}

TEST(turns, after_a_pick_up_the_hand_is_played_before_face_up_cards_again) {
  table t(shiphead(), {{.hand = "3C", .up = "5D KD"}, {.hand = "4H 6H 8S AS QS"}});
  t.act(0, play("3C"));
  t.act(1, play("4H"));
  t.act(0, pick_up());
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
  EXPECT_EQ(t.hand(0), bag("3C 4H"));
  t.act(1, play("6H"));
  t.refuse(0, play("KD"), error_code::not_held);
}

TEST(turns, face_down_cards_wait_until_hand_and_face_up_cards_are_gone) {
  table t(shiphead(), {{.hand = "3C 4C", .up = "5D", .down = "KS"}, {.hand = "4H 6H 8S AS QS"}});
  t.refuse(0, turn_face_down(0), error_code::not_on_face_down);
  t.act(0, play("3C"));
  t.act(1, play("4H"));
  t.act(0, play("4C"));
  t.act(1, play("6H"));
  EXPECT_EQ(active_source(t.state, 0), card_source::face_up);
  t.refuse(0, turn_face_down(0), error_code::not_on_face_down);
}

// Drawing

TEST(turns, after_playing_from_the_hand_the_player_draws_up_to_the_hand_size) {
  table t(shiphead(), {{.hand = "3C 3D 4C 5C 6C"}, {.hand = "4H 6H 8S AS QS"}}, "KH KD AH");
  t.act(0, play("3C 3D"));
  const event* drew = t.saw(event_type::drew, 0);
  ASSERT_NE(drew, nullptr);
  EXPECT_EQ(drew->count, 2);
  EXPECT_EQ(t.hand(0), bag("4C 5C 6C KH KD"));  // the stock is drawn from its front
  EXPECT_EQ(t.state.stock.size(), 1u);
}

TEST(turns, drawing_stops_when_the_stock_runs_out) {
  table t(shiphead(), {{.hand = "3C 3D 4C 5C 6C"}, {.hand = "4H 6H 6S AS QS"}}, "KH");
  t.act(0, play("3C 3D"));
  EXPECT_EQ(t.hand(0), bag("4C 5C 6C KH"));
  EXPECT_TRUE(t.state.stock.empty());
  t.act(1, play("6H 6S"));
  EXPECT_EQ(t.saw(event_type::drew), nullptr);
  EXPECT_EQ(t.hand(1), bag("4H AS QS"));
}

TEST(turns, a_player_holding_more_than_the_hand_size_draws_nothing) {
  table t(shiphead(), {{.hand = "3C 4C 5C 6C 7C 8C 9C"}, {.hand = "4H 6H 8S AS QS"}}, "KH");
  t.act(0, play("3C"));
  EXPECT_EQ(t.saw(event_type::drew), nullptr);
  EXPECT_EQ(t.seat(0).hand.size(), 6u);
  EXPECT_EQ(t.state.stock.size(), 1u);
}

TEST(turns, hands_below_the_hand_size_draw_after_the_swap_from_the_dealers_left) {
  table t(shiphead(), {{.hand = "4C"}, {.hand = "5C"}}, "6C 7C 8C 9C JC QC KC AC", 1);
  EXPECT_EQ(t.hand(0), bag("4C 6C 7C 8C 9C"));
  EXPECT_EQ(t.hand(1), bag("5C JC QC KC AC"));
  EXPECT_TRUE(t.state.stock.empty());
}

TEST(turns, who_starts_is_decided_after_the_hands_are_filled) {
  // Seat 1 draws the 3 during the refill after the swap, so seat 1 starts.
  table t(shiphead(), {{.hand = "4C 5C 6C 7C 8C"}, {.hand = "9C"}}, "3D JC QC KC", 1);
  EXPECT_EQ(t.current(), 1);
  const event* started = t.saw(event_type::play_started);
  ASSERT_NE(started, nullptr);
  EXPECT_EQ(started->seat, 1);
}

// Face-down cards

TEST(turns, a_face_down_card_is_played_blind_by_slot_and_its_slot_stays_empty) {
  table t(shiphead(), {{.hand = "3C", .down = "KS 4D"}, {.hand = "5C 6C 7C QC"}});
  t.act(0, play("3C"));
  t.act(1, play("5C"));
  EXPECT_EQ(t.legal(0), (std::vector<action>{turn_face_down(0), turn_face_down(1), pick_up()}));
  t.refuse(0, turn_face_down(2), error_code::bad_slot);
  t.refuse(0, turn_face_down(-1), error_code::bad_slot);
  t.act(0, turn_face_down(0));
  const event* revealed = t.saw(event_type::revealed, 0);
  ASSERT_NE(revealed, nullptr);
  EXPECT_EQ(revealed->slot, 0);
  EXPECT_EQ(cards_of(revealed->cards), cards("KS"));
  EXPECT_EQ(t.pile(), cards("3C 5C KS"));
  ASSERT_EQ(t.seat(0).face_down.size(), 2u);
  EXPECT_TRUE(t.seat(0).face_down[0].empty());
  EXPECT_EQ(t.seat(0).face_down[1], card_from("4D"));
  EXPECT_EQ(t.seat(0).face_down_left(), 1);
  t.act(1, play("7C"));
  t.refuse(0, turn_face_down(0), error_code::bad_slot);
  EXPECT_EQ(t.legal(0), (std::vector<action>{turn_face_down(1), pick_up()}));
}

TEST(turns, an_unplayable_face_down_card_goes_to_the_hand_with_the_pile_and_the_turn_passes) {
  table t(shiphead(), {{.hand = "3C", .down = "4D KS"}, {.hand = "5C 6C QC"}});
  t.act(0, play("3C"));
  t.act(1, play("QC"));
  t.act(0, turn_face_down(0));
  const event* revealed = t.saw(event_type::revealed, 0);
  ASSERT_NE(revealed, nullptr);
  EXPECT_EQ(cards_of(revealed->cards), cards("4D"));
  const event* picked = t.saw(event_type::picked_up, 0);
  ASSERT_NE(picked, nullptr);
  EXPECT_EQ(picked->count, 3);  // 3C, QC and the 4D
  EXPECT_EQ(t.hand(0), bag("3C QC 4D"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_TRUE(t.seat(0).face_down[0].empty());
  EXPECT_EQ(t.current(), 1);
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
}

// Picking up

TEST(turns, picking_up_takes_the_whole_pile_and_ends_the_turn) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.act(0, play("5C"));
  t.act(1, pick_up());  // voluntary: seat 1 could have played a 6
  const event* picked = t.saw(event_type::picked_up, 1);
  ASSERT_NE(picked, nullptr);
  EXPECT_EQ(picked->count, 1);
  EXPECT_EQ(t.hand(1), bag("4H 5C 6H 8S"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
  EXPECT_EQ(t.seat(1).hand.size(), 4u);  // no draw after a pick-up
}

TEST(turns, the_pile_is_never_picked_up_when_it_is_empty) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, pick_up(), error_code::empty_pile);
  const auto legal = t.legal(0);
  EXPECT_EQ(std::count(legal.begin(), legal.end(), pick_up()), 0);
}

TEST(turns, a_player_with_no_play_must_pick_up) {
  table t(shiphead(), {{.hand = "3C AC KC"}, {.hand = "4H 6H 8S"}});
  t.act(0, play("AC"));
  EXPECT_EQ(t.legal(1), (std::vector<action>{pick_up()}));
  t.act(1, pick_up());
}

// Refusals and their codes

TEST(turns, a_seat_that_is_not_to_act_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  ASSERT_EQ(t.current(), 0);
  t.refuse(1, play("4H"), error_code::not_your_turn);
  t.act(0, play("3C"));
  t.refuse(0, play("5C"), error_code::not_your_turn);
  t.refuse(0, pick_up(), error_code::not_your_turn);
}

TEST(turns, a_play_of_cards_the_seat_does_not_hold_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, play("4H"), error_code::not_held);
  t.refuse(0, play("5C 5D"), error_code::not_held);
  t.refuse(0, play("3C 3C"), error_code::not_held);  // one 3C held, named twice
}

TEST(turns, a_play_of_two_ranks_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, play("3C 5C"), error_code::mixed_ranks);
}

TEST(turns, a_play_of_no_cards_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, play(""), error_code::no_cards);
}

TEST(turns, a_rank_below_the_top_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.act(0, play("5C"));
  t.refuse(1, play("4H"), error_code::not_playable);
}

TEST(turns, a_wait_without_a_fresh_8_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, wait_turn(), error_code::cannot_wait);
  t.act(0, play("5C"));
  t.refuse(1, wait_turn(), error_code::cannot_wait);
}

TEST(turns, an_unknown_seat_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(2, play("4H"), error_code::bad_seat);
  t.refuse(-1, play("3C"), error_code::bad_seat);
}

TEST(turns, a_swap_during_play_is_refused) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  t.refuse(0, swap_up(""), error_code::wrong_phase);
}

TEST(turns, a_successful_action_counts_as_a_turn) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  EXPECT_EQ(t.state.turns, 0);
  t.act(0, play("3C"));
  EXPECT_EQ(t.state.turns, 1);
  t.act(1, play("4H"));
  EXPECT_EQ(t.state.turns, 2);
}

TEST(turns, a_played_event_names_the_cards_and_a_turn_event_the_next_seat) {
  table t(shiphead(), {{.hand = "3C 3D 5C KC"}, {.hand = "4H 6H 8S"}});
  t.act(0, play("3C 3D"));
  const event* played = t.saw(event_type::played, 0);
  ASSERT_NE(played, nullptr);
  EXPECT_EQ(bag(cards_of(played->cards)), bag("3C 3D"));
  EXPECT_EQ(played->source, card_source::hand);
  EXPECT_NE(t.saw(event_type::turn, 1), nullptr);
}

// Order of legal actions: plays by rank (2..A), fewest cards first, lowest suits; then
// face-down slots; then wait; then pick-up.

TEST(legal_actions_order, plays_by_rank_then_by_count_then_pick_up) {
  table t(shiphead(), {{.hand = "3S 3H 5D 5C 2C 10H 7D 9C"}, {.hand = "4C 6H 8S KS"}});
  EXPECT_EQ(t.legal(0), (std::vector<action>{play("2C"), play("3H"), play("3H 3S"), play("5C"), play("5C 5D"),
                                             play("7D"), play("9C"), play("10H")}));
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  EXPECT_EQ(t.legal(0), (std::vector<action>{play("2C"), play("5C"), play("5C 5D"), play("7D"), play("9C"), play("10H"),
                                             pick_up()}));
  EXPECT_TRUE(t.legal(1).empty());
}

TEST(legal_actions_order, every_listed_action_validates) {
  table t(shiphead(), {{.hand = "3S 3H 5D 5C 2C 10H 7D 9C"}, {.hand = "4C 6H 8S KS"}});
  for (const auto& a : legal_actions(t.state, 0)) EXPECT_TRUE(t.accepts(0, a)) << describe(a);
  t.act(0, play("5C"));
  for (const auto& a : legal_actions(t.state, 1)) EXPECT_TRUE(t.accepts(1, a)) << describe(a);
}

TEST(legal_actions_order, any_cards_of_a_listed_rank_and_count_validate_alike) {
  table t(shiphead(), {{.hand = "3S 3H 3D 5C"}, {.hand = "4C 6H 8S KS"}});
  EXPECT_TRUE(t.accepts(0, play("3S")));
  EXPECT_TRUE(t.accepts(0, play("3S 3H")));
  EXPECT_TRUE(t.accepts(0, play("3H 3D")));
  EXPECT_TRUE(t.accepts(0, play("3S 3D 3H")));
}

TEST(legal_actions_order, the_buffer_overload_matches_the_returning_one) {
  table t(shiphead(), {{.hand = "3S 3H 5D 5C 2C"}, {.hand = "4C 6H 8S KS"}});
  std::vector<action> buffer{pick_up(), wait_turn()};
  legal_actions(t.state, 0, buffer);
  EXPECT_EQ(buffer, legal_actions(t.state, 0));
}

// The swap phase

TEST(swap_phase, naming_other_cards_exchanges_hand_and_face_up_cards) {
  auto made = new_game(shiphead(), 2, -1,
                       make_deal({{.hand = "3C 4C 5C KC AC", .up = "6C 7C 8C", .down = "9C 10C JC"},
                                  {.hand = "3D 4D 5D 6D 7D", .up = "8D 9D 10D", .down = "JD QD KD"}}));
  ASSERT_TRUE(made.ok());
  game_state state = made.value();
  EXPECT_EQ(state.current_phase, phase::swap);
  std::vector<event> events;
  ASSERT_FALSE(try_apply(state, 0, swap_up("KC AC 8C"), events));
  EXPECT_EQ(bag(state.seats[0].face_up), bag("8C KC AC"));
  EXPECT_EQ(bag(state.seats[0].hand), bag("3C 4C 5C 6C 7C"));
  EXPECT_TRUE(state.seats[0].swapped);
  EXPECT_NE(find_event(events, event_type::swapped, 0), nullptr);
  EXPECT_EQ(state.current_phase, phase::swap);
  EXPECT_EQ(seat_to_act(state), 1);
  ASSERT_FALSE(try_apply(state, 1, swap_up("8D 9D 10D"), events));
  EXPECT_EQ(state.current_phase, phase::play);
  const event* started = find_event(events, event_type::play_started);
  ASSERT_NE(started, nullptr);
  EXPECT_EQ(started->seat, 0);  // both hold a 3: the tie goes to the dealer's left
  EXPECT_EQ(state.current, 0);
}

TEST(swap_phase, seats_may_swap_in_any_order) {
  auto made = new_game(
      shiphead(), 2, -1,
      make_deal({{.hand = "3C 4C 5C KC AC", .up = "6C 7C 8C"}, {.hand = "3D 4D 5D 6D 7D", .up = "8D 9D 10D"}}));
  ASSERT_TRUE(made.ok());
  game_state state = made.value();
  EXPECT_EQ(seat_to_act(state), 0);
  std::vector<event> events;
  EXPECT_EQ(error_text(try_apply(state, 1, swap_up("8D 9D 10D"), events)), "accepted");
  EXPECT_EQ(seat_to_act(state), 0);
  EXPECT_EQ(error_text(try_apply(state, 0, swap_up("6C 7C 8C"), events)), "accepted");
  EXPECT_EQ(state.current_phase, phase::play);
}

TEST(swap_phase, refusals_in_the_swap_leave_the_game_unchanged) {
  auto made = new_game(
      shiphead(), 2, -1,
      make_deal({{.hand = "3C 4C 5C KC AC", .up = "6C 7C 8C"}, {.hand = "3D 4D 5D 6D 7D", .up = "8D 9D 10D"}}));
  ASSERT_TRUE(made.ok());
  game_state state = made.value();
  auto refused = [&](int seat, const action& a, error_code code) {
    const game_state before = state;
    std::vector<event> events;
    const auto checked = validate(state, seat, a);
    const auto e = try_apply(state, seat, a, events);
    EXPECT_TRUE(checked && checked->code == code) << describe(a) << ": " << error_text(checked);
    EXPECT_TRUE(e && e->code == code) << describe(a) << ": " << error_text(e);
    expect_same_game(before, state);
  };
  refused(0, play("3C"), error_code::wrong_phase);
  refused(0, pick_up(), error_code::wrong_phase);
  refused(0, wait_turn(), error_code::wrong_phase);
  refused(0, turn_face_down(0), error_code::wrong_phase);
  refused(0, swap_up("6C 7C 8D"), error_code::bad_swap);     // 8D is seat 1's
  refused(0, swap_up("6C 7C"), error_code::bad_swap);        // too few
  refused(0, swap_up("6C 7C 8C KC"), error_code::bad_swap);  // too many without stacking
  refused(0, swap_up("6C 6C 7C"), error_code::bad_swap);     // one 6C named twice
  refused(2, swap_up("6C 7C 8C"), error_code::bad_seat);
  std::vector<event> events;
  ASSERT_FALSE(try_apply(state, 0, swap_up("6C 7C 8C"), events));
  refused(0, swap_up("6C 7C 8C"), error_code::already_swapped);
}

TEST(swap_phase, every_choice_of_three_from_hand_and_face_up_cards_is_legal) {
  auto made = new_game(
      shiphead(), 2, -1,
      make_deal({{.hand = "3C 4C 5C KC AC", .up = "6C 7C 8C"}, {.hand = "3D 4D 5D 6D 7D", .up = "8D 9D 10D"}}));
  ASSERT_TRUE(made.ok());
  const auto legal = legal_actions(made.value(), 0);
  EXPECT_EQ(legal.size(), 56u);  // 8 choose 3
  for (const auto& a : legal) {
    ASSERT_TRUE(std::holds_alternative<swap_action>(a));
    EXPECT_EQ(std::get<swap_action>(a).face_up.size(), 3u);
    EXPECT_FALSE(validate(made.value(), 0, a)) << describe(a);
  }
}

// The end of a game

TEST(game_end, players_finish_in_order_and_the_last_holding_cards_is_the_shithead) {
  table t(shiphead(), {{.hand = "3C"}, {.hand = "4C 9H"}, {.hand = "5C KD QD"}});
  t.act(0, play("3C"));
  const event* out = t.saw(event_type::out, 0);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->place, 1);
  EXPECT_FALSE(t.state.over());
  EXPECT_EQ(t.current(), 1);
  EXPECT_EQ(t.state.seats_in_game(), 2);
  t.act(1, play("4C"));
  t.act(2, play("5C"));
  t.act(1, play("9H"));
  out = t.saw(event_type::out, 1);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->place, 2);
  const event* over = t.saw(event_type::game_over);
  ASSERT_NE(over, nullptr);
  EXPECT_EQ(over->seat, 2);
  EXPECT_FALSE(over->abandoned);
  EXPECT_TRUE(t.state.over());
  EXPECT_EQ(t.state.current_phase, phase::over);
  EXPECT_EQ(t.state.shithead, 2);
  EXPECT_FALSE(t.state.abandoned);
  ASSERT_GE(t.state.finish_order.size(), 2u);
  EXPECT_EQ(t.state.finish_order[0], 0);
  EXPECT_EQ(t.state.finish_order[1], 1);
  EXPECT_EQ(t.seat(0).place, 1);
  EXPECT_EQ(t.seat(1).place, 2);
  EXPECT_EQ(seat_to_act(t.state), -1);
}

TEST(game_end, nothing_is_legal_once_the_game_is_over) {
  table t(shiphead(), {{.hand = "3C"}, {.hand = "4C 9H"}});
  t.act(0, play("3C"));
  ASSERT_TRUE(t.state.over());
  EXPECT_EQ(t.state.shithead, 1);
  for (int s = 0; s < 2; ++s) EXPECT_TRUE(legal_actions(t.state, s).empty());
  t.refuse(1, play("4C"), error_code::game_over);
  t.refuse(1, pick_up(), error_code::game_over);
  t.refuse(0, play("3C"), error_code::game_over);
}

TEST(game_end, a_last_10_in_a_two_player_game_ends_it) {
  table t(shiphead(), {{.hand = "3C 10C"}, {.hand = "4C 9H"}});
  t.act(0, play("3C"));
  t.act(1, play("4C"));
  t.act(0, play("10C"));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_TRUE(t.state.over());
  EXPECT_EQ(t.state.shithead, 1);
}

TEST(game_end, a_seat_that_is_out_is_skipped) {
  table t(shiphead(), {{.hand = "4C KC"}, {.hand = "3C"}, {.hand = "5C AD QD"}});
  ASSERT_EQ(t.current(), 1);
  t.act(1, play("3C"));
  ASSERT_NE(t.saw(event_type::out, 1), nullptr);
  t.act(2, play("5C"));
  EXPECT_EQ(t.current(), 0);
  t.act(0, play("KC"));
  EXPECT_EQ(t.current(), 2);
  t.refuse(1, pick_up(), error_code::not_your_turn);
}

TEST(turns, with_voluntary_pick_up_a_player_on_face_down_cards_may_pick_up_instead) {
  table t(shiphead(), {{.hand = "3C", .down = "KS 4D"}, {.hand = "5C 6C 7C QC"}});
  t.act(0, play("3C"));
  t.act(1, play("5C"));
  t.act(0, pick_up());
  EXPECT_EQ(t.hand(0), bag("3C 5C"));
  EXPECT_EQ(t.seat(0).face_down_left(), 2);
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
}

TEST(turns, a_burn_from_face_up_cards_lets_the_player_go_on_from_face_up_cards) {
  table t(shiphead(), {{.hand = "3C", .up = "10D 6D"}, {.hand = "4H 6H QS"}});
  t.act(0, play("3C"));
  t.act(1, play("4H"));
  t.act(0, play("10D"));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_EQ(t.current(), 0);
  EXPECT_EQ(active_source(t.state, 0), card_source::face_up);
  t.act(0, play("6D"));
}

TEST(legal_actions_order, with_two_decks_a_rank_is_listed_from_one_card_up_lowest_suits_first) {
  table t(shiphead(), {{.hand = "3C 5D 5C 5C"}, {.hand = "4D 6D"}});
  EXPECT_EQ(t.legal(0), (std::vector<action>{play("3C"), play("5C"), play("5C 5C"), play("5C 5C 5D")}));
}

TEST(swap_phase, a_choice_of_cards_is_listed_once_even_with_copies_from_two_decks) {
  auto made = new_game(
      shiphead(), 2, -1,
      make_deal({{.hand = "5C 5C 3C 4C 6C", .up = "7C 8C 9C"}, {.hand = "3D 4D 5D 6D 7D", .up = "8D 9D 10D"}}));
  ASSERT_TRUE(made.ok());
  const auto legal = normalized(legal_actions(made.value(), 0));
  for (std::size_t i = 0; i < legal.size(); ++i)
    for (std::size_t j = i + 1; j < legal.size(); ++j) EXPECT_NE(legal[i], legal[j]) << describe(legal[i]);
  EXPECT_EQ(legal.size(), 41u);  // 56 choices of 3 from 8, less the 15 that repeat a 5C
}

}  // namespace
}  // namespace shithead::rules
