// The variants a table can switch on over a preset (rules/README.md, "Variants"), each
// through make_ruleset(preset, options), and the settings make_ruleset refuses.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "scenario.hpp"

// Options are written with designated initializers that name only the settings a test
// changes; every other field is an empty optional on purpose.
// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace shithead::rules {
namespace {

using namespace scenario;

std::size_t cards_dealt(const deal& d) {
  std::size_t total = d.stock.size();
  for (std::size_t s = 0; s < d.hands.size(); ++s)
    total += d.hands[s].size() + d.face_up[s].size() + d.face_down[s].size();
  return total;
}

// Jokers that reverse the direction

TEST(jokers_reverse, a_joker_reverses_the_direction_of_play) {
  table t(shiphead_with({.jokers = joker_rule::reverse}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H QH"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ"));
  const event* reversed = t.saw(event_type::reversed, 1);
  ASSERT_NE(reversed, nullptr);
  EXPECT_EQ(reversed->other, -1);
  EXPECT_EQ(t.state.direction, -1);
  EXPECT_EQ(t.current(), 0);
  t.act(0, play("KC"));
  EXPECT_EQ(t.current(), 2);
}

TEST(jokers_reverse, a_joker_is_invisible) {
  table t(shiphead_with({.jokers = joker_rule::reverse}),
          {{.hand = "3C 5C KC 4C"}, {.hand = "4H BJ 6H QH"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ"));
  EXPECT_EQ(t.top(), (top_state{5, false}));
  t.refuse(0, play("4C"), error_code::not_playable);
}

TEST(jokers_reverse, with_two_seats_a_reverse_changes_nothing) {
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ"));
  EXPECT_EQ(t.current(), 0);
  t.act(0, play("KC"));
  EXPECT_EQ(t.current(), 1);
}

TEST(jokers_reverse, a_joker_may_be_played_on_an_ace_but_not_on_a_fresh_8) {
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C 8C AC"}, {.hand = "4H BJ RJ 6H"}});
  t.act(0, play("8C"));
  t.refuse(1, play("BJ"), error_code::not_playable);
  t.act(1, wait_turn());
  t.act(0, play("AC"));
  t.act(1, play("BJ RJ"));  // two jokers together
  EXPECT_EQ(t.top(), (top_state{14, false}));
}

TEST(jokers_reverse, a_joker_on_a_fresh_9_cancels_nine_or_lower) {
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C 9C KC"}, {.hand = "4H BJ 6H"}});
  t.act(0, play("9C"));
  t.act(1, play("BJ"));
  EXPECT_EQ(t.top(), (top_state{9, true}));
  t.act(0, play("KC"));
}

TEST(jokers_reverse, a_joker_and_another_rank_are_never_played_together) {
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H"}});
  t.act(0, play("5C"));
  t.refuse(1, play("6H BJ"), error_code::mixed_ranks);
}

TEST(jokers_reverse, jokers_never_count_towards_four_of_a_kind) {
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C BJ BJ RJ RJ KC"}, {.hand = "4H 6H 8H"}});
  EXPECT_EQ(t.state.decks, 2);
  t.act(0, play("BJ BJ RJ RJ"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.pile().size(), 4u);
}

TEST(jokers_reverse, a_joker_never_decides_who_starts) {
  // Dealer 0: nobody holds a card from 3 to ace, so the dealer's left (seat 1) starts.
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "BJ"}, {.hand = "2C"}}, "", 0);
  EXPECT_EQ(t.current(), 1);
}

TEST(jokers_reverse, a_deck_with_jokers_has_54_cards) {
  const ruleset rules = shiphead_with({.jokers = joker_rule::reverse});
  EXPECT_EQ(rules.decks_for(4), 1);
  EXPECT_EQ(rules.decks_for(5), 2);  // 55 cards do not fit in 54
  const auto dealt = deal_from_seed(rules, 2, -1, 5);
  ASSERT_TRUE(dealt.ok());
  EXPECT_EQ(cards_dealt(dealt.value()), 54u);
}

TEST(jokers, without_the_variant_a_dealt_joker_is_refused) {
  const auto made = new_game(shiphead(), 2, -1, make_deal({{.hand = "3C BJ"}, {.hand = "4C 5C"}}));
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.error().code, error_code::bad_deal);
}

// Jokers that hand the pile to an opponent

TEST(jokers_give_pile, the_named_seat_receives_the_pile_joker_included) {
  table t(shiphead_with({.jokers = joker_rule::give_pile}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H QH"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("6H"), play("QH"), play("BJ", 0), play("BJ", 2), pick_up()}));
  t.act(1, play("BJ", 0));
  const event* given = t.saw(event_type::pile_given, 1);
  ASSERT_NE(given, nullptr);
  EXPECT_EQ(given->other, 0);
  EXPECT_EQ(given->count, 2);
  EXPECT_EQ(t.hand(0), bag("3C KC 5C BJ"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 2);  // the turn passes on as usual
  for (const auto& a : t.legal(2)) EXPECT_NE(a, pick_up());
  EXPECT_EQ(t.state.direction, 1);
}

TEST(jokers_give_pile, the_pile_may_not_go_to_nobody_or_the_player_or_an_unknown_seat) {
  table t(shiphead_with({.jokers = joker_rule::give_pile}),
          {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H QH"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.refuse(1, play("BJ"), error_code::bad_target);
  t.refuse(1, play("BJ", 1), error_code::bad_target);
  t.refuse(1, play("BJ", 3), error_code::bad_target);
}

TEST(jokers_give_pile, the_pile_may_not_go_to_a_player_who_is_out) {
  table t(shiphead_with({.jokers = joker_rule::give_pile}),
          {{.hand = "3C"}, {.hand = "4H BJ 6H QH"}, {.hand = "4S 9S JS"}});
  t.act(0, play("3C"));
  ASSERT_NE(t.saw(event_type::out, 0), nullptr);
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("4H"), play("6H"), play("QH"), play("BJ", 2), pick_up()}));
  t.refuse(1, play("BJ", 0), error_code::bad_target);
  t.act(1, play("BJ", 2));
  EXPECT_EQ(t.hand(2), bag("3C BJ 4S 9S JS"));
}

// Swap stacking

TEST(swap_stacking, a_seat_may_stack_equal_ranks_and_refills_its_hand_from_the_stock) {
  auto made = new_game(shiphead_with({.swap_stacking = true}), 2, -1,
                       make_deal({{.hand = "5D 5H 3C 4C 6C", .up = "5C 9D KH", .down = "2C 2D 2H"},
                                  {.hand = "3D 4D 6D 7D 8D", .up = "9C 10C JC", .down = "QC QD QH"}},
                                 "9H AD JH QS AS 8H"));
  ASSERT_TRUE(made.ok()) << made.error().message;
  game_state state = made.value();
  std::vector<event> events;
  auto accepted = [&](int seat, const action& a) {
    const auto e = try_apply(state, seat, a, events);
    EXPECT_FALSE(e) << describe(a) << ": " << error_text(e);
  };
  accepted(0, swap_up("5C 5D 5H 9D KH", true));
  EXPECT_EQ(bag(state.seats[0].face_up), bag("5C 5D 5H 9D KH"));
  EXPECT_EQ(bag(state.seats[0].hand), bag("3C 4C 6C 9H AD"));  // drew two to refill
  EXPECT_FALSE(state.seats[0].swapped);
  // Stack again with the 9 just drawn; this last swap omits `more`.
  accepted(0, swap_up("5C 5D 5H 9D 9H KH"));
  EXPECT_TRUE(state.seats[0].swapped);
  EXPECT_EQ(bag(state.seats[0].face_up), bag("5C 5D 5H 9D 9H KH"));
  EXPECT_EQ(bag(state.seats[0].hand), bag("3C 4C 6C AD JH"));
  accepted(1, swap_up("9C 10C JC"));
  EXPECT_EQ(state.current_phase, phase::play);
}

TEST(swap_stacking, stacks_may_not_outnumber_the_face_up_places) {
  auto made =
      new_game(shiphead_with({.swap_stacking = true}), 2, -1,
               make_deal({{.hand = "5D 5H 3C 4C 6C", .up = "5C 9D KH"}, {.hand = "3D 4D 6D 7D 8D", .up = "9C 10C JC"}},
                         "9H AD JH QS AS 8H"));
  ASSERT_TRUE(made.ok());
  const game_state& state = made.value();
  auto code = [&](const action& a) {
    const auto e = validate(state, 0, a);
    return e ? e->code : error_code::bad_ruleset;
  };
  EXPECT_EQ(code(swap_up("5C 5D 9D KH 3C")), error_code::bad_swap);  // four ranks, three places
  EXPECT_EQ(code(swap_up("5C 5D")), error_code::bad_swap);           // fewer than three
  EXPECT_FALSE(validate(state, 0, swap_up("5C 5D 5H 9D KH")));
}

TEST(swap_stacking, face_up_stacks_are_played_together_later) {
  table t(shiphead_with({.swap_stacking = true}), {{.hand = "3C", .up = "5C 5D 5H 9D KH"}, {.hand = "4D 6D 7D 8D QD"}});
  t.act(0, play("3C"));
  t.act(1, play("4D"));
  t.act(0, play("5C 5D 5H"));
  EXPECT_EQ(bag(t.seat(0).face_up), bag("9D KH"));
}

// Tens restricted

TEST(tens_restricted, a_10_may_not_be_played_on_a_jack_queen_or_king) {
  table t(shiphead_with({.tens_restricted = true}), {{.hand = "3C JC QC KC AC 5C"}, {.hand = "4D 10D 6D"}});
  for (const char* face : {"JC", "QC", "KC"}) {
    t.act(0, play(face));
    EXPECT_FALSE(rank_playable(t.state, 10)) << "on " << face;
    t.refuse(1, play("10D"), error_code::not_playable);
    t.act(1, pick_up());
  }
  t.act(0, play("AC"));
  EXPECT_TRUE(rank_playable(t.state, 10));
  t.act(1, play("10D"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

// Lower than seven

TEST(lower_than_seven, after_a_7_only_2_to_6_or_a_10_may_follow) {
  table t(shiphead_with({.lower_than_seven = true}), {{.hand = "3C 7C KC"}, {.hand = "4D 6D 7D 8D 10D 2D"}});
  t.act(0, play("7C"));
  EXPECT_EQ(t.top(), (top_state{7, false}));
  for (int r : {2, 3, 4, 5, 6, 10}) EXPECT_TRUE(rank_playable(t.state, static_cast<rank>(r))) << r;
  for (int r : {7, 8, 9, 11, 14}) EXPECT_FALSE(rank_playable(t.state, static_cast<rank>(r))) << r;
  t.refuse(1, play("7D"), error_code::not_playable);
  t.refuse(1, play("8D"), error_code::not_playable);
  t.act(1, play("6D"));
}

TEST(lower_than_seven, a_10_may_still_be_played_on_a_fresh_7) {
  table t(shiphead_with({.lower_than_seven = true}), {{.hand = "3C 7C KC"}, {.hand = "4D 10D 2D"}});
  t.act(0, play("7C"));
  t.act(1, play("10D"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

TEST(lower_than_seven, the_7_loses_its_invisibility_and_its_place_on_anything) {
  const ruleset rules = shiphead_with({.lower_than_seven = true});
  EXPECT_EQ(rules.power_of(7), power::lower);
  table t(rules, {{.hand = "3C 7C KC"}, {.hand = "4D 7D 2D"}});
  t.act(0, play("KC"));
  t.refuse(1, play("7D"), error_code::not_playable);
}

TEST(lower_than_seven, nine_or_lower_is_unchanged) {
  table t(shiphead_with({.lower_than_seven = true}), {{.hand = "3C 9C KC"}, {.hand = "4D 9D 2D"}});
  t.act(0, play("9C"));
  EXPECT_TRUE(rank_playable(t.state, 9));
  t.act(1, play("9D"));
}

// Three eights burn

TEST(three_eights_burn, three_8s_played_together_burn_the_pile) {
  const ruleset rules = shiphead_with({.three_eights_burn = true});
  EXPECT_EQ(rules.run_burn[8], 3);
  EXPECT_EQ(rules.run_burn[5], 4);
  table t(rules, {{.hand = "3C 8C 8D 8H KC"}, {.hand = "4D 6D"}});
  t.act(0, play("8C 8D 8H"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  EXPECT_EQ(t.current(), 0);
}

TEST(three_eights_burn, three_8s_across_players_burn_the_pile) {
  table t(shiphead_with({.three_eights_burn = true}), {{.hand = "3C 8C KC"}, {.hand = "4D 8D 8H 6D"}});
  t.act(0, play("8C"));
  t.act(1, play("8D 8H"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(three_eights_burn, three_5s_still_do_not_burn) {
  table t(shiphead_with({.three_eights_burn = true}), {{.hand = "3C 5C 5D 5H KC"}, {.hand = "4D 6D"}});
  t.act(0, play("5C 5D 5H"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
}

// Another invisible rank

TEST(invisible_rank, with_8_invisible_the_8_takes_the_value_below_and_the_7_is_plain) {
  const ruleset rules = shiphead_with({.invisible = rank{8}});
  EXPECT_EQ(rules.power_of(8), power::invisible);
  EXPECT_EQ(rules.power_of(7), power::none);
  table t(rules, {{.hand = "3C KC 5C"}, {.hand = "4D 8D 7D"}});
  t.act(0, play("KC"));
  t.refuse(1, play("7D"), error_code::not_playable);
  t.act(1, play("8D"));
  EXPECT_EQ(t.top(), (top_state{13, false}));
  t.refuse(0, play("5C"), error_code::not_playable);
  t.refuse(0, wait_turn(), error_code::cannot_wait);
}

TEST(invisible_rank, with_3_invisible_a_3_may_go_on_a_king_and_keeps_its_value) {
  const ruleset rules = shiphead_with({.invisible = rank{3}});
  EXPECT_EQ(rules.power_of(3), power::invisible);
  table t(rules, {{.hand = "3C KC 5C"}, {.hand = "3D 6D 9D"}});
  t.act(0, play("KC"));
  t.act(1, play("3D"));
  EXPECT_EQ(t.top(), (top_state{13, false}));
}

TEST(invisible_rank, with_no_invisible_rank_a_7_is_plain) {
  const ruleset rules = shiphead_with({.invisible = rank{0}});
  EXPECT_EQ(rules.power_of(7), power::none);
  table t(rules, {{.hand = "3C KC 5C"}, {.hand = "4D 7D 6D"}});
  t.act(0, play("KC"));
  t.refuse(1, play("7D"), error_code::not_playable);
}

TEST(invisible_rank, in_limbo_a_7_made_invisible_goes_even_on_a_fresh_9_and_the_4_is_plain) {
  const ruleset rules = variant(preset_id::limbo, {.invisible = rank{7}});
  EXPECT_EQ(rules.power_of(7), power::invisible);
  EXPECT_EQ(rules.power_of(4), power::none);
  table t(rules, {{.hand = "3S 9C KC 5C"}, {.hand = "4D 7D 7H 6D"}});
  t.act(0, play("9C"));
  t.act(1, play("7D"));
  EXPECT_EQ(t.top(), (top_state{9, true}));
  t.act(0, play("KC"));
  t.refuse(1, play("4D"), error_code::not_playable);
  t.act(1, play("7H"));
}

// Hand size

TEST(hand_size, hands_of_3_5_and_7_are_dealt_and_refilled) {
  for (int size : {3, 5, 7}) {
    const ruleset rules = shiphead_with({.hand_size = size});
    EXPECT_EQ(rules.hand_size, size);
    const auto dealt = deal_from_seed(rules, 3, -1, 11);
    ASSERT_TRUE(dealt.ok());
    for (const auto& hand : dealt.value().hands) EXPECT_EQ(hand.size(), static_cast<std::size_t>(size));
  }
  table t(shiphead_with({.hand_size = 7}), {{.hand = "3C 4C 5C 6C 8C 9C JC"}, {.hand = "4D 5D 6D 7D 8D 9D JD"}},
          "QH KH");
  t.act(0, play("3C"));
  EXPECT_EQ(t.seat(0).hand.size(), 7u);
  EXPECT_EQ(t.state.stock.size(), 1u);
}

TEST(face_zones, face_up_and_face_down_counts_may_be_changed) {
  const ruleset rules = shiphead_with({.face_up = 2, .face_down = 4});
  const auto dealt = deal_from_seed(rules, 2, -1, 3);
  ASSERT_TRUE(dealt.ok());
  for (std::size_t s = 0; s < 2; ++s) {
    EXPECT_EQ(dealt.value().face_up[s].size(), 2u);
    EXPECT_EQ(dealt.value().face_down[s].size(), 4u);
  }
}

// Decks

TEST(decks, a_table_may_use_one_to_three_decks) {
  for (int n : {1, 2, 3}) {
    const ruleset rules = shiphead_with({.decks = n});
    EXPECT_EQ(rules.decks_for(2), n);
    const auto dealt = deal_from_seed(rules, 2, -1, 17);
    ASSERT_TRUE(dealt.ok());
    EXPECT_EQ(cards_dealt(dealt.value()), static_cast<std::size_t>(52 * n));
  }
}

TEST(decks, auto_picks_the_fewest_decks_that_deal_everyone) {
  const ruleset rules = shiphead();  // 11 cards a player
  EXPECT_EQ(rules.decks, 0);
  EXPECT_EQ(rules.decks_for(2), 1);
  EXPECT_EQ(rules.decks_for(4), 1);
  EXPECT_EQ(rules.decks_for(5), 2);
  EXPECT_EQ(rules.decks_for(8), 2);
  const ruleset big = shiphead_with({.hand_size = 7});  // 13 a player
  EXPECT_EQ(big.decks_for(4), 1);
  EXPECT_EQ(big.decks_for(8), 2);
  const ruleset huge = shiphead_with({.hand_size = 10, .face_up = 6, .face_down = 6});  // 22
  EXPECT_EQ(huge.decks_for(7), 3);
  EXPECT_EQ(huge.decks_for(8), 0);
  EXPECT_FALSE(new_game(huge, 8, -1, std::uint64_t{1}).ok());
}

TEST(decks, a_seeded_game_for_eight_players_uses_two_decks) {
  const auto made = new_game(shiphead(), 8, -1, std::uint64_t{42});
  ASSERT_TRUE(made.ok());
  EXPECT_EQ(made.value().decks, 2);
}

TEST(decks, a_fixed_deck_count_too_small_for_the_table_is_refused) {
  const ruleset one = shiphead_with({.decks = 1});
  EXPECT_FALSE(deal_from_seed(one, 5, -1, 1).ok());
  EXPECT_FALSE(new_game(one, 5, -1, std::uint64_t{1}).ok());
}

// Voluntary pick-up

TEST(voluntary_pickup, switched_on_over_isf_a_player_may_pick_up_while_able_to_play) {
  table t(variant(preset_id::isf, {.voluntary_pickup = true}), {{.hand = "3H 5C"}, {.hand = "6D 4D"}});
  t.act(0, play("5C"));
  t.act(1, pick_up());
}

TEST(voluntary_pickup, switched_off_over_shiphead_a_player_who_can_play_must_play) {
  table t(shiphead_with({.voluntary_pickup = false}), {{.hand = "3C 5C"}, {.hand = "6D 4D"}});
  t.act(0, play("5C"));
  t.refuse(1, pick_up(), error_code::must_play);
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("6D")}));
}

TEST(voluntary_pickup, switched_off_a_seat_facing_a_fresh_8_waits_rather_than_picking_up) {
  table t(shiphead_with({.voluntary_pickup = false}), {{.hand = "3C 8C"}, {.hand = "4H KS"}});
  t.act(0, play("8C"));
  EXPECT_EQ(t.legal(1), (std::vector<action>{wait_turn()}));
  t.refuse(1, pick_up(), error_code::must_play);
}

// Burn-in

TEST(burn_in, a_seat_holding_the_rest_of_a_quartet_may_play_it_out_of_turn) {
  table t(shiphead_with({.burn_in = true}), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 6C QC"}, {.hand = "5H 5S 9S JS"}});
  t.act(0, play("5C 5D"));
  ASSERT_EQ(t.current(), 1);
  const auto legal = t.legal(2);
  EXPECT_NE(std::find(legal.begin(), legal.end(), play("5H 5S")), legal.end());
  t.act(2, play("5H 5S"));
  const event* burned = t.saw(event_type::burned, 2);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 2);  // play continues from the seat that burned
  t.act(2, play("9S"));
  EXPECT_EQ(t.current(), 0);
}

TEST(burn_in, an_out_of_turn_play_that_does_not_complete_the_quartet_is_refused) {
  table t(shiphead_with({.burn_in = true}), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 6C QC"}, {.hand = "5H 5S 9S JS"}});
  t.act(0, play("5C 5D"));
  t.refuse(2, play("5H"), error_code::not_a_burn_in);
  t.refuse(2, play("9S"), error_code::not_a_burn_in);
}

TEST(burn_in, without_the_variant_an_out_of_turn_quartet_is_not_your_turn) {
  table t(shiphead(), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 6C QC"}, {.hand = "5H 5S 9S JS"}});
  t.act(0, play("5C 5D"));
  t.refuse(2, play("5H 5S"), error_code::not_your_turn);
  EXPECT_TRUE(t.legal(2).empty());
}

// N of a kind

TEST(n_of_a_kind, three_of_a_kind_burns_when_n_is_3) {
  table t(shiphead_with({.n_of_a_kind = 3}), {{.hand = "3C 5C 5D 5H KC"}, {.hand = "4D 6D"}});
  t.act(0, play("5C 5D 5H"));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_EQ(t.current(), 0);
}

TEST(n_of_a_kind, nothing_burns_by_count_when_n_is_0) {
  table t(shiphead_with({.n_of_a_kind = 0}), {{.hand = "3C 5C 5D 5H 5S KC"}, {.hand = "4D 6D"}});
  t.act(0, play("5C 5D 5H 5S"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.current(), 1);
}

// Turn limit

TEST(turn_limit, a_game_reaching_the_turn_limit_ends_abandoned_without_a_shithead) {
  table t(shiphead_with({.turn_limit = 3}), {{.hand = "3C 4C 5C 6C"}, {.hand = "3D 4D 5D 6D"}});
  t.act(0, play("3C"));
  t.act(1, play("3D"));
  EXPECT_FALSE(t.state.over());
  t.act(0, play("4C"));
  EXPECT_TRUE(t.state.over());
  EXPECT_TRUE(t.state.abandoned);
  EXPECT_EQ(t.state.shithead, -1);
  const event* over = t.saw(event_type::game_over);
  ASSERT_NE(over, nullptr);
  EXPECT_TRUE(over->abandoned);
  EXPECT_EQ(over->seat, -1);
  EXPECT_TRUE(legal_actions(t.state, 1).empty());
  t.refuse(1, play("4D"), error_code::game_over);
}

TEST(turn_limit, the_default_is_2000) { EXPECT_EQ(shiphead().turn_limit, 2000); }

// make_ruleset

TEST(make_ruleset, keeps_the_overrides_as_given) {
  const ruleset rules = shiphead_with({.hand_size = 7, .burn_in = true});
  EXPECT_EQ(rules.overrides.hand_size, 7);
  EXPECT_EQ(rules.overrides.burn_in, true);
  EXPECT_FALSE(rules.overrides.decks.has_value());
  EXPECT_TRUE(rules.burn_in);
}

TEST(make_ruleset, refuses_settings_out_of_range) {
  const std::vector<ruleset_options> bad = {
      {.hand_size = 0},        {.hand_size = 11},  {.face_up = -1},    {.face_up = 7},
      {.face_down = -1},       {.face_down = 7},   {.decks = -1},      {.decks = 4},
      {.n_of_a_kind = 1},      {.n_of_a_kind = 2}, {.n_of_a_kind = 9}, {.invisible = rank{1}},
      {.invisible = rank{20}},
  };
  for (std::size_t i = 0; i < bad.size(); ++i) {
    for (preset_id p : all_presets) {
      const auto made = make_ruleset(p, bad[i]);
      ASSERT_FALSE(made.ok()) << "case " << i << " over " << to_string(p);
      EXPECT_EQ(made.error().code, error_code::bad_ruleset) << "case " << i;
    }
  }
}

TEST(make_ruleset, accepts_the_edges_of_every_range) {
  const std::vector<ruleset_options> good = {
      {.hand_size = 1},   {.hand_size = 10},  {.face_up = 0},     {.face_up = 6},
      {.face_down = 0},   {.face_down = 6},   {.decks = 0},       {.decks = 3},
      {.n_of_a_kind = 0}, {.n_of_a_kind = 3}, {.n_of_a_kind = 8}, {.invisible = rank{0}},
  };
  for (std::size_t i = 0; i < good.size(); ++i) {
    const auto made = make_ruleset(preset_id::shiphead, good[i]);
    EXPECT_TRUE(made.ok()) << "case " << i << ": " << (made.ok() ? "" : made.error().message);
  }
}

TEST(make_ruleset, joker_rule_names_parse) {
  EXPECT_EQ(parse_joker_rule("reverse"), joker_rule::reverse);
  EXPECT_EQ(parse_joker_rule("give_pile"), joker_rule::give_pile);
  EXPECT_EQ(parse_joker_rule("none"), joker_rule::none);
  EXPECT_EQ(parse_joker_rule("skip"), joker_rule::skip);
  EXPECT_FALSE(parse_joker_rule("swap").has_value());
}

TEST(lower_than_seven, over_isf_a_10_may_now_be_played_on_a_7) {
  table t(variant(preset_id::isf, {.lower_than_seven = true}), {{.hand = "3H 7C KC"}, {.hand = "4D 10D 7D 6D"}});
  t.act(0, play("3H"));
  t.act(1, play("6D"));
  t.act(0, play("7C"));
  EXPECT_FALSE(rank_playable(t.state, 7));  // strict: only 2..6
  t.act(1, play("10D"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

TEST(jokers_give_pile, with_two_seats_the_opponent_takes_the_pile_and_leads) {
  table t(shiphead_with({.jokers = joker_rule::give_pile}), {{.hand = "3C 5C KC"}, {.hand = "4H BJ 6H"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ", 0));
  EXPECT_EQ(t.hand(0), bag("3C KC 5C BJ"));
  EXPECT_EQ(t.current(), 0);
  EXPECT_TRUE(t.pile().empty());
}

TEST(jokers_give_pile, a_joker_as_the_last_card_hands_the_pile_on_and_the_player_is_out) {
  table t(shiphead_with({.jokers = joker_rule::give_pile}),
          {{.hand = "3C 5C KC"}, {.hand = "BJ"}, {.hand = "4S 9S JS"}});
  t.act(0, play("5C"));
  t.act(1, play("BJ", 2));
  ASSERT_NE(t.saw(event_type::out, 1), nullptr);
  EXPECT_EQ(t.hand(2), bag("4S 9S JS 5C BJ"));
  EXPECT_EQ(t.current(), 2);
}

TEST(jokers_reverse, a_reversed_turn_skips_seats_that_are_out) {
  table t(shiphead_with({.jokers = joker_rule::reverse}),
          {{.hand = "3C"}, {.hand = "4H BJ 6H"}, {.hand = "4S 9S"}, {.hand = "5D JD"}});
  t.act(0, play("3C"));
  ASSERT_NE(t.saw(event_type::out, 0), nullptr);
  ASSERT_EQ(t.current(), 1);
  t.act(1, play("BJ"));
  EXPECT_EQ(t.current(), 3);
}

TEST(burn_in, sevens_between_do_not_stop_a_burn_in) {
  table t(shiphead_with({.burn_in = true}),
          {{.hand = "3C 5C 5D 5H 5S KC"}, {.hand = "4C 7C QC"}, {.hand = "6H 9S JS"}});
  t.act(0, play("5C 5D"));
  t.act(1, play("7C"));
  ASSERT_EQ(t.current(), 2);
  t.act(0, play("5H 5S"));
  EXPECT_NE(t.saw(event_type::burned, 0), nullptr);
  EXPECT_EQ(t.current(), 0);
}

TEST(burn_in, a_burn_in_with_the_last_cards_puts_the_seat_out_and_the_next_seat_leads) {
  table t(shiphead_with({.burn_in = true}), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 6C QC"}, {.hand = "5H 5S"}});
  t.act(0, play("5C 5D"));
  t.act(2, play("5H 5S"));
  EXPECT_NE(t.saw(event_type::burned, 2), nullptr);
  ASSERT_NE(t.saw(event_type::out, 2), nullptr);
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(jokers_reverse, a_joker_inside_a_run_is_skipped_like_any_invisible_card) {
  // 5, 5, joker, 5, 5: the joker never counts, and being invisible it does not break
  // the run either.
  table t(shiphead_with({.jokers = joker_rule::reverse}), {{.hand = "3C 5C 5D 5H 5S KC"}, {.hand = "4H BJ 6H"}});
  t.act(0, play("5C 5D"));
  t.act(1, play("BJ"));
  EXPECT_EQ(t.state.pile.run_rank, 5);
  EXPECT_EQ(t.state.pile.run_length, 2);
  t.act(0, play("5H 5S"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
}

TEST(burn_in, a_seat_still_holding_a_hand_may_not_burn_in_from_its_face_up_cards) {
  table t(shiphead_with({.burn_in = true}),
          {{.hand = "3C 5C 5D KC"}, {.hand = "4C 6C QC"}, {.hand = "9S", .up = "5H 5S"}});
  t.act(0, play("5C 5D"));
  t.refuse(2, play("5H 5S"), error_code::not_held);
  EXPECT_TRUE(t.legal(2).empty());
}

TEST(burn_in, a_seat_may_burn_in_on_fresh_8s) {
  table t(shiphead_with({.burn_in = true}), {{.hand = "3C 8C 8D KC"}, {.hand = "4C 6C QC"}, {.hand = "9S 8H 8S"}});
  t.act(0, play("8C 8D"));
  t.act(2, play("8H 8S"));
  EXPECT_NE(t.saw(event_type::burned, 2), nullptr);
  EXPECT_EQ(t.current(), 2);
}

// pickup_leads: who takes the pile into their hand leads next (isf's rule, a house rule elsewhere).

TEST(pickup_leads, on_any_preset_the_player_who_picks_up_leads_next) {
  table t(shiphead_with({.pickup_leads = true}), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}, {.hand = "4D 6D 9D"}});
  t.act(0, play("5C"));
  t.act(1, pick_up());  // voluntary in shiphead
  EXPECT_EQ(t.current(), 1);
  EXPECT_TRUE(t.pile().empty());
  t.refuse(2, play("4D"), error_code::not_your_turn);
  t.act(1, play("4H"));
  EXPECT_EQ(t.current(), 2);
}

TEST(pickup_leads, off_under_isf_the_turn_passes_on_as_before) {
  table t(variant(preset_id::isf, {.pickup_leads = false}), {{.hand = "3H KC 5H"}, {.hand = "4C 6D 8D"}});
  t.act(0, play("KC"));
  t.act(1, pick_up());
  EXPECT_EQ(t.current(), 0);
}

TEST(pickup_leads, a_pile_given_by_a_joker_is_not_taken_by_its_receiver_and_the_turn_passes_on) {
  table t(variant(preset_id::standard, {.jokers = joker_rule::give_pile, .pickup_leads = true}),
          {{.hand = "3S 5C KC"}, {.hand = "4H 6H 8S"}, {.hand = "4D 9D BJ"}});
  t.act(0, play("5C"));
  t.act(1, play("6H"));
  t.act(2, play("BJ", 1));
  EXPECT_EQ(t.hand(1), bag("4H 8S 5C 6H BJ"));
  EXPECT_EQ(t.current(), 0);  // the seat after the joker's player, as without the setting
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
