// The house rules of 002 and 004 beyond the presets (rules/README.md, "Variants"):
// powers on any rank, skip jokers, special cards that lose "on anything", playing from
// the table, and a fixed hand. Each test states one rule.
#include <gtest/gtest.h>

#include "scenario.hpp"

// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace shithead::rules {
namespace {

using namespace scenario;

constexpr rank_power_set both(rank_power a, rank_power b) { return bit_of(a) | bit_of(b); }

int count_skipped(const std::vector<event>& events) { return count_events(events, event_type::skipped); }

// Powers on any rank (004: "reversing the order of play…, skipping a player's turn, or
// requiring the next card to be lower than the played card"; 002: "The ranks of the
// special cards are sometimes changed")

TEST(rank_powers, a_rank_given_reverse_flips_the_direction_and_loses_its_old_power) {
  table t(shiphead_with({.powers = {{9, only(rank_power::reverse)}}}),
          {{.hand = "3C 5C KC"}, {.hand = "4H 9H 6H QH"}, {.hand = "4S 6S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("9H"));
  ASSERT_NE(t.saw(event_type::reversed, 1), nullptr);
  EXPECT_EQ(t.state.direction, -1);
  EXPECT_EQ(t.current(), 0);
  t.act(0, play("KC"));  // the 9 is no longer "nine or lower"
  EXPECT_EQ(t.current(), 2);
}

TEST(rank_powers, a_rank_given_skip_makes_the_next_seat_lose_its_turn) {
  table t(shiphead_with({.powers = {{6, only(rank_power::skip)}}}),
          {{.hand = "3C 6C KC"}, {.hand = "4H 7H QH"}, {.hand = "4S 8S JS"}});
  t.act(0, play("6C"));
  const event* skipped = t.saw(event_type::skipped, 0);
  ASSERT_NE(skipped, nullptr);
  EXPECT_EQ(skipped->other, 1);
  EXPECT_EQ(t.current(), 2);
  EXPECT_EQ(t.top(), (top_state{6, false}));  // a skip card keeps its value on the pile
}

TEST(rank_powers, each_skip_card_in_a_play_skips_one_seat_round_the_table) {
  table t(shiphead_with({.powers = {{6, only(rank_power::skip)}}}),
          {{.hand = "3C 6C 6D KC"}, {.hand = "4H 7H QH"}, {.hand = "4S 8S JS"}});
  t.act(0, play("6C 6D"));
  EXPECT_EQ(count_skipped(t.events), 2);
  EXPECT_EQ(t.current(), 0);  // seats 1 and 2 skipped: the player again
}

TEST(rank_powers, with_two_seats_a_skip_gives_the_player_another_turn) {
  table t(shiphead_with({.powers = {{6, only(rank_power::skip)}}}), {{.hand = "3C 6C KC"}, {.hand = "4H 7H QH"}});
  t.act(0, play("6C"));
  EXPECT_EQ(t.current(), 0);
}

TEST(rank_powers, a_burn_cancels_the_skip_and_the_player_plays_again) {
  table t(shiphead_with({.powers = {{6, only(rank_power::skip)}}}),
          {{.hand = "3C 6C 6D 6H 6S KC"}, {.hand = "4H 7H QH"}, {.hand = "4S 8S JS"}});
  t.act(0, play("6C 6D 6H 6S"));
  ASSERT_NE(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(count_skipped(t.events), 0);
  EXPECT_EQ(t.current(), 0);
}

TEST(rank_powers, lower_than_played_admits_only_strictly_lower_ranks) {
  table t(shiphead_with({.powers = {{5, only(rank_power::lower_than_played)}}}),
          {{.hand = "3C 5C KC"}, {.hand = "4H 5H 6H 2H"}});
  t.act(0, play("5C"));
  t.refuse(1, play("5H"), error_code::not_playable);
  t.refuse(1, play("6H"), error_code::not_playable);
  EXPECT_TRUE(t.accepts(1, play("4H")));
  EXPECT_TRUE(t.accepts(1, play("2H")));
}

TEST(rank_powers, a_rank_whose_powers_are_taken_away_is_plain) {
  table t(shiphead_with({.powers = {{10, 0}}}), {{.hand = "3C KC 10C"}, {.hand = "4H 10H 10D"}});
  t.act(0, play("KC"));
  t.refuse(1, play("10H"), error_code::not_playable);  // no longer on anything
  t.act(1, pick_up());
  t.act(0, play("3C"));
  t.act(1, play("10H 10D"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);  // and no longer burns
  EXPECT_EQ(t.top(), (top_state{10, false}));
}

TEST(rank_powers, a_rank_given_reset_goes_on_anything_and_anything_follows_it) {
  table t(shiphead_with({.powers = {{4, only(rank_power::reset)}}}), {{.hand = "3C AC 5C"}, {.hand = "4H 6H"}});
  t.act(0, play("AC"));
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{4, false}));
  EXPECT_TRUE(t.accepts(0, play("3C")));  // lower than the 4: the reset left nothing to beat
  EXPECT_TRUE(t.accepts(0, play("5C")));
}

TEST(rank_powers, a_burn_rank_that_reverses_flips_the_direction_and_the_player_plays_again) {
  table t(variant(preset_id::standard, {.powers = {{rank_jack, both(rank_power::burn, rank_power::reverse)}}}),
          {{.hand = "3C JC KC"}, {.hand = "4H 7H QH"}, {.hand = "4S 8S 9S"}});
  t.act(0, play("JC"));
  ASSERT_NE(t.saw(event_type::reversed, 0), nullptr);
  ASSERT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_EQ(t.current(), 0);
  t.act(0, play("KC"));
  EXPECT_EQ(t.current(), 2);  // the direction stayed reversed
}

TEST(rank_powers, a_wait_rank_that_skips_makes_the_seat_after_the_skipped_one_answer_it) {
  table t(shiphead_with({.powers = {{8, both(rank_power::wait, rank_power::skip)}}}),
          {{.hand = "3C 8C KC"}, {.hand = "4H 7H QH"}, {.hand = "4S 8S JS"}});
  t.act(0, play("8C"));
  EXPECT_EQ(t.current(), 2);
  EXPECT_TRUE(t.accepts(2, wait_turn()));
  t.refuse(2, play("JS"), error_code::not_playable);
}

TEST(rank_powers, the_presets_read_back_in_the_same_terms) {
  const ruleset s = shiphead();
  EXPECT_EQ(s.powers_of(2), only(rank_power::reset));
  EXPECT_EQ(s.powers_of(7), only(rank_power::invisible));
  EXPECT_EQ(s.powers_of(8), only(rank_power::wait));
  EXPECT_EQ(s.powers_of(9), only(rank_power::lower));
  EXPECT_EQ(s.powers_of(10), only(rank_power::burn));
  EXPECT_EQ(s.powers_of(5), 0);
  EXPECT_EQ(preset(preset_id::isf).powers_of(7), only(rank_power::lower));
  EXPECT_EQ(variant(preset_id::isf, {.lower_than_seven = true}).powers_of(7), only(rank_power::lower_than_played));
}

TEST(rank_powers, giving_every_rank_its_preset_powers_changes_nothing) {
  for (auto p : all_presets) {
    const ruleset base = preset(p);
    ruleset_options same;
    for (rank k = rank_two; k <= rank_ace; ++k) same.powers.push_back({k, base.powers_of(k)});
    const ruleset again = variant(p, same);
    EXPECT_EQ(again.playable, base.playable) << to_string(p);
    EXPECT_EQ(again.powers, base.powers) << to_string(p);
  }
}

TEST(rank_powers, make_ruleset_refuses_powers_that_do_not_combine) {
  const auto refused = [](ruleset_options o) {
    auto made = make_ruleset(preset_id::shiphead, o);
    return made ? std::string("accepted") : made.error().message;
  };
  EXPECT_NE(refused({.powers = {{9, both(rank_power::burn, rank_power::lower)}}}), "accepted");
  EXPECT_NE(refused({.powers = {{9, both(rank_power::reverse, rank_power::skip)}}}), "accepted");
  EXPECT_NE(refused({.powers = {{9, both(rank_power::burn, rank_power::skip)}}}), "accepted");
  EXPECT_NE(refused({.powers = {{9, 0}, {9, 0}}}), "accepted");
  EXPECT_NE(refused({.powers = {{1, 0}}}), "accepted");
  EXPECT_NE(refused({.powers = {{rank_joker, 0}}}), "accepted");
  EXPECT_NE(refused({.lower_than_seven = true, .powers = {{7, 0}}}), "accepted");
  EXPECT_EQ(refused({.powers = {{9, both(rank_power::burn, rank_power::reverse)}}}), "accepted");
  EXPECT_EQ(refused({.powers = {{4, both(rank_power::invisible, rank_power::skip)}}}), "accepted");
}

// Skip jokers (002: "Jokers may be dealt, having the effect of reversing the direction of
// play or skipping a player")

TEST(jokers_skip, a_joker_skips_the_next_seat_and_is_invisible) {
  table t(shiphead_with({.jokers = joker_rule::skip}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ"));
  const event* skipped = t.saw(event_type::skipped, 1);
  ASSERT_NE(skipped, nullptr);
  EXPECT_EQ(skipped->other, 2);
  EXPECT_EQ(t.current(), 0);
  EXPECT_EQ(t.top(), (top_state{5, false}));
}

TEST(jokers_skip, two_jokers_together_skip_two_seats) {
  table t(shiphead_with({.jokers = joker_rule::skip}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ RJ 6H"}, {.hand = "4S 9S JS"}, {.hand = "4D 9D JD"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ RJ"));
  EXPECT_EQ(count_skipped(t.events), 2);
  EXPECT_EQ(t.current(), 0);  // seats 2 and 3 skipped
}

TEST(jokers_reverse, two_jokers_played_together_flip_the_direction_once) {
  table t(shiphead_with({.jokers = joker_rule::reverse}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ RJ 6H"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ RJ"));
  EXPECT_EQ(count_events(t.events, event_type::reversed), 1);
  EXPECT_EQ(t.state.direction, -1);
  EXPECT_EQ(t.current(), 0);
}

// Special cards that lose "on anything" (002: "The special cards (except Two) can lose
// their ability to be played over higher ranked cards")

TEST(specials_on_anything, switched_off_a_10_and_a_7_obey_equal_or_higher_but_a_2_does_not) {
  table t(shiphead_with({.specials_on_anything = false}), {{.hand = "3C KC 5C"}, {.hand = "4H 10H 7H 2H"}});
  t.act(0, play("KC"));
  t.refuse(1, play("10H"), error_code::not_playable);
  t.refuse(1, play("7H"), error_code::not_playable);
  EXPECT_TRUE(t.accepts(1, play("2H")));
}

TEST(specials_on_anything, switched_off_a_10_played_where_it_may_still_burns) {
  table t(shiphead_with({.specials_on_anything = false}), {{.hand = "3C 5C"}, {.hand = "4H 10H 6H"}});
  t.act(0, play("5C"));
  t.act(1, play("10H"));
  EXPECT_NE(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(specials_on_anything, switched_off_in_limbo_a_10_no_longer_beats_a_fresh_9) {
  const ruleset limbo = preset(preset_id::limbo);
  const ruleset off = variant(preset_id::limbo, {.specials_on_anything = false});
  EXPECT_TRUE(has_rank(limbo.playable_on({9, false}), 10));
  EXPECT_FALSE(has_rank(off.playable_on({9, false}), 10));
  EXPECT_TRUE(has_rank(off.playable_on({9, false}), 2));
  EXPECT_FALSE(has_rank(off.playable_on({rank_king, false}), 4));  // the invisible 4 too
}

// Playing from the table (002: "Face-up cards can be played straight from the table,
// while face down cards may be played as soon as they are uncovered")

TEST(play_from_table, a_face_up_card_may_be_played_while_the_hand_is_held) {
  table t(shiphead_with({.hand_size = 2, .play_from_table = true}),
          {{.hand = "3C 5C", .up = "KC 8C 6C", .down = "4D 4H 4S"},
           {.hand = "3D 6D", .up = "QD JD 9D", .down = "5D 5H 5S"}},
          "AD AH");
  t.act(0, play("KC"));
  const event* played = t.saw(event_type::played, 0);
  ASSERT_NE(played, nullptr);
  EXPECT_EQ(played->source, card_source::face_up);
  EXPECT_EQ(bag(t.seat(0).face_up), bag("8C 6C"));
  EXPECT_EQ(t.hand(0), bag("3C 5C"));
  EXPECT_EQ(t.saw(event_type::drew), nullptr);
}

TEST(play_from_table, hand_and_face_up_cards_of_one_rank_go_together_and_the_hand_draws_up) {
  table t(shiphead_with({.hand_size = 2, .play_from_table = true}),
          {{.hand = "3C 6D", .up = "6C KC QC", .down = "4D 4H 4S"},
           {.hand = "3D 9D", .up = "QD JD 9S", .down = "5D 5H 5S"}},
          "AD AH");
  t.act(0, play("6C 6D"));
  ASSERT_EQ(count_events(t.events, event_type::played), 2);
  EXPECT_EQ(t.events[0].source, card_source::face_up);
  EXPECT_EQ(cards_of(t.events[0].cards), cards("6C"));
  EXPECT_EQ(t.events[1].source, card_source::hand);
  EXPECT_EQ(cards_of(t.events[1].cards), cards("6D"));
  EXPECT_EQ(bag(t.seat(0).face_up), bag("KC QC"));
  EXPECT_EQ(t.seat(0).hand.size(), 2u);  // drew one
}

TEST(play_from_table, a_face_down_card_may_be_turned_once_uncovered_even_with_a_hand) {
  table t(shiphead_with({.hand_size = 2, .play_from_table = true}),
          {{.hand = "3C 5C", .up = "KC QC", .down = "4D 9D"}, {.hand = "4H 6H AH", .up = "5S 7S", .down = "8S 8H"}},
          "2C 2D 3D 3H");
  t.refuse(0, turn_face_down(0), error_code::not_on_face_down);  // both still covered
  t.act(0, play("KC"));
  t.act(1, play("AH"));
  EXPECT_TRUE(t.accepts(0, turn_face_down(1)));  // either unseen card: one is uncovered
  t.act(0, turn_face_down(0));
  ASSERT_NE(t.saw(event_type::picked_up, 0), nullptr);  // the 4 does not go on an ace
  EXPECT_EQ(t.hand(0), bag("3C 5C 4D KC AH"));
  EXPECT_EQ(t.seat(0).face_down_left(), 1);
}

TEST(play_from_table, when_two_decks_give_the_same_card_the_face_up_copy_is_played) {
  table t(shiphead_with({.play_from_table = true}),
          {{.hand = "3C 6C", .up = "6C KC", .down = "4D 4H"}, {.hand = "3D 9D", .up = "QD JD", .down = "5D 5H"}});
  t.act(0, play("6C"));
  EXPECT_EQ(t.events[0].source, card_source::face_up);
  EXPECT_EQ(bag(t.seat(0).face_up), bag("KC"));
  EXPECT_EQ(t.hand(0), bag("3C 6C"));
}

TEST(play_from_table, switched_off_face_up_cards_wait_for_the_hand) {
  table t(shiphead(), {{.hand = "3C 5C", .up = "KC", .down = "4D"}, {.hand = "3D 6D", .up = "QD", .down = "5D"}});
  t.refuse(0, play("KC"), error_code::not_held);
}

TEST(play_from_table, does_not_combine_with_swap_stacking) {
  EXPECT_FALSE(make_ruleset(preset_id::shiphead, {.swap_stacking = true, .play_from_table = true}));
}

// A fixed hand (002: "The cards can be dealt for a fixed hand of seven, with leftover
// cards being ignored")

TEST(fixed_hand, the_leftover_cards_are_set_aside_and_nobody_draws) {
  table t(shiphead_with({.fixed_hand = true}),
          {{.hand = "3C 5C", .up = "KC", .down = "4D"}, {.hand = "3D 6D", .up = "QD", .down = "5D"}}, "9C 9D 9H");
  EXPECT_TRUE(t.state.stock.empty());
  EXPECT_EQ(t.state.set_aside, 3);
  t.act(0, play("3C"));
  EXPECT_EQ(t.saw(event_type::drew), nullptr);
  EXPECT_EQ(t.hand(0), bag("5C"));
}

TEST(fixed_hand, a_seeded_hand_of_seven_for_three_sets_thirteen_cards_aside) {
  const ruleset rules = variant(preset_id::standard, {.hand_size = 7, .fixed_hand = true});
  const game_state s = new_game(rules, 3, 2, 42).value();
  EXPECT_TRUE(s.stock.empty());
  EXPECT_EQ(s.set_aside, 52 - 3 * 13);
  for (const auto& seat : s.seats) EXPECT_EQ(seat.hand.size(), 7u);
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
