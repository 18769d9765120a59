// The rank powers of the `shiphead` preset in play: 2 resets, 7 is invisible, 8 is
// "eight or wait", 9 is "nine or lower", 10 burns, and four of a kind burns.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

void expect_all_playable(const game_state& state) {
  for (int r = 2; r <= rank_ace; ++r)
    EXPECT_TRUE(rank_playable(state, static_cast<rank>(r))) << rank_name(static_cast<rank>(r));
}

// 2: reset

TEST(shiphead_powers, a_2_on_an_ace_resets_the_pile_so_anything_may_follow) {
  table t(shiphead(), {{.hand = "3C KC 2D 9D"}, {.hand = "4H AS QS 5S"}});
  t.act(0, play("KC"));
  t.act(1, play("AS"));
  t.act(0, play("2D"));
  EXPECT_EQ(t.top(), (top_state{2, false}));
  expect_all_playable(t.state);
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{4, false}));
}

// 7: invisible

TEST(shiphead_powers, a_7_takes_the_value_of_the_card_below_it) {
  table t(shiphead(), {{.hand = "3C 5C 4D 9D"}, {.hand = "4H 6H KS 7S"}});
  t.act(0, play("5C"));
  t.act(1, play("7S"));
  EXPECT_EQ(t.top(), (top_state{5, false}));
  EXPECT_EQ(t.pile(), cards("5C 7S"));
  EXPECT_FALSE(rank_playable(t.state, 4));
  EXPECT_TRUE(rank_playable(t.state, 5));
  t.refuse(0, play("4D"), error_code::not_playable);
  t.act(0, play("9D"));
}

TEST(shiphead_powers, a_7_may_be_played_on_a_king) {
  table t(shiphead(), {{.hand = "3C KC 5C"}, {.hand = "4H 7S 6H"}});
  t.act(0, play("KC"));
  t.act(1, play("7S"));
  EXPECT_EQ(t.top(), (top_state{13, false}));
  t.refuse(0, play("5C"), error_code::not_playable);
}

TEST(shiphead_powers, sevens_alone_on_the_pile_count_as_an_empty_pile) {
  table t(shiphead(), {{.hand = "3C 7C 7D KC"}, {.hand = "4H 6H KS 5S"}});
  t.act(0, play("7C 7D"));
  EXPECT_EQ(t.top(), (top_state{0, false}));
  expect_all_playable(t.state);
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{4, false}));
}

TEST(shiphead_powers, a_pile_of_only_sevens_is_not_empty_and_may_be_picked_up) {
  table t(shiphead(), {{.hand = "3C 7C KC"}, {.hand = "4H 6H KS"}});
  t.act(0, play("7C"));
  EXPECT_TRUE(t.accepts(1, pick_up()));
  t.act(1, pick_up());
  EXPECT_EQ(t.hand(1), bag("4H 6H KS 7C"));
}

TEST(shiphead_powers, a_7_on_a_fresh_9_lifts_nine_or_lower) {
  table t(shiphead(), {{.hand = "3C 9C KC 8C"}, {.hand = "4H 7H QH 5H"}});
  t.act(0, play("9C"));
  t.act(1, play("7H"));
  EXPECT_EQ(t.top(), (top_state{9, true}));
  // <9>: 2, 7, 9, 10, J, Q, K, A; an 8 is below the 9 that still counts.
  EXPECT_TRUE(rank_playable(t.state, 13));
  EXPECT_TRUE(rank_playable(t.state, 10));
  EXPECT_FALSE(rank_playable(t.state, 8));
  EXPECT_FALSE(rank_playable(t.state, 3));
  t.refuse(0, play("8C"), error_code::not_playable);
  t.act(0, play("KC"));
}

// 8: eight or wait

TEST(shiphead_powers, after_an_8_the_next_player_must_play_an_8_or_wait) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 8H KS"}});
  t.act(0, play("8C"));
  EXPECT_EQ(t.top(), (top_state{8, false}));
  t.refuse(1, play("KS"), error_code::not_playable);
  t.refuse(1, play("4H"), error_code::not_playable);
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("8H"), wait_turn(), pick_up()}));
}

TEST(shiphead_powers, a_seat_may_wait_even_when_it_holds_an_8) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 8H KS"}});
  t.act(0, play("8C"));
  t.act(1, wait_turn());
  ASSERT_NE(t.saw(event_type::waited, 1), nullptr);
  EXPECT_EQ(t.current(), 0);
  EXPECT_EQ(t.hand(1), bag("4H 8H KS"));
}

TEST(shiphead_powers, an_8_matching_a_fresh_8_passes_the_wait_on) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 8H KS"}});
  t.act(0, play("8C"));
  t.act(1, play("8H"));
  EXPECT_EQ(t.top(), (top_state{8, false}));
  EXPECT_EQ(t.current(), 0);
  t.refuse(0, play("KC"), error_code::not_playable);
}

TEST(shiphead_powers, after_one_player_has_waited_the_8_is_just_an_8) {
  table t(shiphead(), {{.hand = "3C 8C KC 4C"}, {.hand = "4H 8H KS"}});
  t.act(0, play("8C"));
  t.act(1, wait_turn());
  EXPECT_EQ(t.top(), (top_state{8, true}));
  EXPECT_EQ(t.current(), 0);
  t.refuse(0, wait_turn(), error_code::cannot_wait);
  t.refuse(0, play("4C"), error_code::not_playable);
  t.act(0, play("KC"));
}

TEST(shiphead_powers, several_8s_played_together_make_only_one_seat_wait) {
  table t(shiphead(), {{.hand = "3C 8C 8D KC"}, {.hand = "4H 5H KH"}, {.hand = "4S 9S KS"}});
  t.act(0, play("8C 8D"));
  t.act(1, wait_turn());
  EXPECT_EQ(t.current(), 2);
  EXPECT_EQ(t.top(), (top_state{8, true}));
  t.refuse(2, wait_turn(), error_code::cannot_wait);
  t.refuse(2, play("4S"), error_code::not_playable);
  t.act(2, play("9S"));
}

TEST(shiphead_powers, a_player_on_face_down_cards_cannot_wait_and_must_turn_a_card) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "", .down = "3S KD"}});
  t.act(0, play("8C"));
  EXPECT_EQ(active_source(t.state, 1), card_source::face_down);
  t.refuse(1, wait_turn(), error_code::cannot_wait);
  EXPECT_EQ(t.legal(1), (std::vector<action>{turn_face_down(0), turn_face_down(1), pick_up()}));
  t.act(1, turn_face_down(0));
  const event* revealed = t.saw(event_type::revealed, 1);
  ASSERT_NE(revealed, nullptr);
  EXPECT_EQ(revealed->slot, 0);
  EXPECT_EQ(cards_of(revealed->cards), cards("3S"));
  ASSERT_NE(t.saw(event_type::picked_up, 1), nullptr);
  EXPECT_EQ(t.hand(1), bag("8C 3S"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_TRUE(t.seat(1).face_down[0].empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, a_face_down_8_turned_on_a_fresh_8_is_played) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "", .down = "8S KD"}});
  t.act(0, play("8C"));
  t.act(1, turn_face_down(0));
  ASSERT_NE(t.saw(event_type::revealed, 1), nullptr);
  const event* played = t.saw(event_type::played, 1);
  ASSERT_NE(played, nullptr);
  EXPECT_EQ(played->source, card_source::face_down);
  EXPECT_EQ(t.saw(event_type::picked_up), nullptr);
  EXPECT_EQ(t.pile(), cards("8C 8S"));
  EXPECT_EQ(t.top(), (top_state{8, false}));
  EXPECT_EQ(t.current(), 0);
  // The face-down 8 is fresh: seat 0 now plays an 8 or waits.
  EXPECT_TRUE(t.accepts(0, wait_turn()));
  t.refuse(0, play("KC"), error_code::not_playable);
}

// 9: nine or lower

TEST(shiphead_powers, after_a_9_the_next_play_must_be_nine_or_lower) {
  table t(shiphead(), {{.hand = "3C 9C KC"}, {.hand = "4H 9H KH 10H 2H"}});
  t.act(0, play("9C"));
  EXPECT_EQ(t.top(), (top_state{9, false}));
  t.refuse(1, play("KH"), error_code::not_playable);
  t.refuse(1, play("10H"), error_code::not_playable);
  EXPECT_TRUE(t.accepts(1, play("9H")));
  EXPECT_TRUE(t.accepts(1, play("2H")));
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{4, false}));
}

// 10: burn

TEST(shiphead_powers, a_10_burns_the_pile_and_the_same_player_plays_again) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 10H KH"}});
  t.act(0, play("5C"));
  t.act(1, play("10H"));
  const event* burned = t.saw(event_type::burned, 1);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->count, 2);
  EXPECT_EQ(burned->reason, burn_reason::burn_card);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.top(), (top_state{0, false}));
  EXPECT_EQ(t.state.burned, 2);
  EXPECT_EQ(t.current(), 1);
  t.refuse(1, pick_up(), error_code::empty_pile);
  t.refuse(0, play("KC"), error_code::not_your_turn);
  t.act(1, play("4H"));
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, a_10_may_be_played_on_an_ace) {
  table t(shiphead(), {{.hand = "3C AC KC"}, {.hand = "4H 10H KH"}});
  t.act(0, play("AC"));
  t.act(1, play("10H"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

TEST(shiphead_powers, a_10_may_not_be_played_on_a_fresh_8_or_a_fresh_9) {
  table t(shiphead(), {{.hand = "3C 8C 9C KC"}, {.hand = "4H 10H KH"}});
  t.act(0, play("8C"));
  t.refuse(1, play("10H"), error_code::not_playable);
  t.act(1, wait_turn());
  t.act(0, play("9C"));
  t.refuse(1, play("10H"), error_code::not_playable);
}

// Four of a kind

TEST(shiphead_powers, four_of_a_kind_in_one_play_burns_and_the_same_player_plays_again) {
  table t(shiphead(), {{.hand = "3C 5C 5D 5H 5S KC"}, {.hand = "4H 6H KH"}});
  t.act(0, play("5C 5D 5H 5S"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  EXPECT_EQ(burned->count, 4);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, four_of_a_kind_counts_across_plays_and_players_with_sevens_between) {
  // The seed's example: a pile of [3, 4, 7, 7, 4, 4, 7, 4] burns like four 4s together.
  table t(shiphead(), {{.hand = "3C 7C 4D 4H 4S KC QC"}, {.hand = "4C 7D 7H KD QD JD"}});
  t.act(0, play("3C"));
  t.act(1, play("4C"));
  t.act(0, play("7C"));
  t.act(1, play("7D"));
  t.act(0, play("4D 4H"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.state.pile.run_rank, 4);
  EXPECT_EQ(t.state.pile.run_length, 3);
  t.act(1, play("7H"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  t.act(0, play("4S"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  EXPECT_EQ(burned->count, 8);
  EXPECT_EQ(t.state.burned, 8);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, a_different_rank_between_breaks_the_run) {
  table t(shiphead(), {{.hand = "3C 4D 4H 5D KC"}, {.hand = "4C 5C 4S KD"}});
  t.act(0, play("3C"));
  t.act(1, play("4C"));
  t.act(0, play("4D"));
  t.act(1, play("5C"));
  t.act(0, play("5D"));
  EXPECT_EQ(t.state.pile.run_rank, 5);
  EXPECT_EQ(t.state.pile.run_length, 2);
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
}

TEST(shiphead_powers, four_sevens_in_a_row_burn_like_any_other_quartet) {
  table t(shiphead(), {{.hand = "3C 7C 7H 7S KC"}, {.hand = "4H 7D KH"}});
  t.act(0, play("7C"));
  t.act(1, play("7D"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  t.act(0, play("7H 7S"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->count, 4);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, a_burn_with_the_last_cards_puts_the_player_out_and_the_next_seat_leads) {
  table t(shiphead(), {{.hand = "10H"}, {.hand = "4C KC"}, {.hand = "5C KD"}});
  ASSERT_EQ(t.current(), 1);  // seat 1 holds the lowest card, a 4
  t.act(1, play("4C"));
  t.act(2, play("5C"));
  t.act(0, play("10H"));
  ASSERT_NE(t.saw(event_type::burned, 0), nullptr);
  const event* out = t.saw(event_type::out, 0);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->place, 1);
  EXPECT_EQ(t.seat(0).place, 1);
  EXPECT_EQ(t.state.finish_order, (std::vector<int>{0}));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 1);
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("KC")}));
}

TEST(shiphead_powers, four_of_a_kind_completed_by_a_players_last_card_burns_and_puts_them_out) {
  table t(shiphead(), {{.hand = "5S"}, {.hand = "3C 5C 5D 5H KC"}, {.hand = "4D 7D KD"}});
  ASSERT_EQ(t.current(), 1);  // the 3
  t.act(1, play("5C 5D 5H"));
  t.act(2, play("7D"));  // invisible: the run of 5s goes on
  t.act(0, play("5S"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  ASSERT_NE(t.saw(event_type::out, 0), nullptr);
  EXPECT_EQ(t.seat(0).place, 1);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 1);
}

// Burns and the rest of the turn

TEST(shiphead_powers, a_10_from_the_hand_is_followed_by_a_draw_before_the_player_goes_again) {
  table t(shiphead(), {{.hand = "3C 10C 5C 6C KC"}, {.hand = "4H 6H 8S QS JS"}}, "AH");
  t.act(0, play("10C"));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_EQ(t.hand(0), bag("3C 5C 6C KC AH"));
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, a_face_down_10_burns_and_as_the_last_card_puts_the_player_out) {
  table t(shiphead(), {{.hand = "3C", .down = "10D"}, {.hand = "4H 6H QS"}, {.hand = "5S 9S JS"}});
  t.act(0, play("3C"));
  t.act(1, play("4H"));
  t.act(2, play("5S"));
  t.act(0, turn_face_down(0));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  ASSERT_NE(t.saw(event_type::out, 0), nullptr);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 1);
}

TEST(shiphead_powers, picking_up_a_fresh_8_leaves_the_next_seat_an_empty_pile) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 6H"}, {.hand = "5S 9S"}});
  t.act(0, play("8C"));
  t.act(1, pick_up());
  EXPECT_EQ(t.current(), 2);
  EXPECT_EQ(t.top(), (top_state{0, false}));
  t.act(2, play("5S"));
}

TEST(shiphead_powers, five_of_a_kind_from_two_decks_burns) {
  table t(shiphead(), {{.hand = "3C 5C 5D 5H KC"}, {.hand = "4H 5S 5C QS"}});
  EXPECT_EQ(t.state.decks, 2);
  t.act(0, play("5C 5D 5H"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  t.act(1, play("5S 5C"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(shiphead_powers, a_7_on_a_waited_8_leaves_it_waited) {
  table t(shiphead(), {{.hand = "3C 8C 7C KC"}, {.hand = "4H 6H QH"}});
  t.act(0, play("8C"));
  t.act(1, wait_turn());
  t.act(0, play("7C"));
  EXPECT_EQ(t.top(), (top_state{8, true}));
  t.refuse(1, wait_turn(), error_code::cannot_wait);
  t.act(1, play("QH"));
}

TEST(shiphead_powers, a_seat_playing_from_face_up_cards_may_wait) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "", .up = "4H QH"}});
  t.act(0, play("8C"));
  EXPECT_EQ(active_source(t.state, 1), card_source::face_up);
  t.act(1, wait_turn());
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead_powers, sevens_split_by_another_card_do_not_burn) {
  table t(shiphead(), {{.hand = "3C 7C 7D 4C KC"}, {.hand = "4H 7H 7S QH"}});
  t.act(0, play("7C 7D"));
  t.act(1, play("4H"));
  t.act(0, play("4C"));
  t.act(1, play("7H 7S"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.pile().size(), 6u);
}

TEST(shiphead_powers, the_events_of_an_action_are_only_its_own) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 10H 6H QH"}});
  t.act(0, play("5C"));
  t.act(1, play("10H"));
  ASSERT_NE(t.saw(event_type::burned), nullptr);
  t.act(1, play("4H"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.saw(event_type::played, 0), nullptr);
  EXPECT_EQ(count_events(t.events, event_type::played), 1);
}

}  // namespace
}  // namespace shithead::rules
