// The five presets, each as its seed plays it: isf, limbo, palace, standard, and the
// deal and start of shiphead (its powers are in powers_test.cpp).
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

ruleset isf() { return preset(preset_id::isf); }
ruleset limbo() { return preset(preset_id::limbo); }
ruleset palace() { return preset(preset_id::palace); }
ruleset standard() { return preset(preset_id::standard); }

void expect_zone_sizes(const ruleset& rules, int players, int hand, int up, int down) {
  const auto dealt = deal_from_seed(rules, players, -1, 20240601);
  ASSERT_TRUE(dealt.ok()) << dealt.error().message;
  const deal& d = dealt.value();
  ASSERT_EQ(d.hands.size(), static_cast<std::size_t>(players));
  for (int s = 0; s < players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    EXPECT_EQ(d.hands[i].size(), static_cast<std::size_t>(hand)) << "seat " << s;
    EXPECT_EQ(d.face_up[i].size(), static_cast<std::size_t>(up)) << "seat " << s;
    EXPECT_EQ(d.face_down[i].size(), static_cast<std::size_t>(down)) << "seat " << s;
  }
}

// isf

TEST(isf, deals_3_in_hand_3_face_up_and_3_face_down) { expect_zone_sizes(isf(), 4, 3, 3, 3); }

TEST(isf, after_a_7_the_next_play_must_be_seven_or_lower) {
  table t(isf(), {{.hand = "3H 7C KC"}, {.hand = "4C 6D 7D 10D KD 2D"}});
  t.act(0, play("3H"));
  t.act(1, play("6D"));
  t.act(0, play("7C"));
  EXPECT_EQ(t.top(), (top_state{7, false}));
  EXPECT_TRUE(rank_playable(t.state, 2));
  EXPECT_TRUE(rank_playable(t.state, 3));
  EXPECT_TRUE(rank_playable(t.state, 7));
  EXPECT_FALSE(rank_playable(t.state, 8));
  EXPECT_FALSE(rank_playable(t.state, 13));
  t.refuse(1, play("KD"), error_code::not_playable);
  t.act(1, play("4C"));
  EXPECT_EQ(t.top(), (top_state{4, false}));
}

TEST(isf, a_10_may_not_be_played_on_a_7) {
  table t(isf(), {{.hand = "3H 7C 9C KC"}, {.hand = "4C 10D 5D KD"}});
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  t.act(0, play("7C"));
  EXPECT_FALSE(rank_playable(t.state, 10));
  t.refuse(1, play("10D"), error_code::not_playable);
  t.act(1, play("5D"));
  t.act(0, play("9C"));
  t.act(1, play("10D"));  // on a 9 the 10 burns as usual
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(isf, a_7_may_only_be_played_on_a_2_to_a_7) {
  table t(isf(), {{.hand = "3H 7C 5C"}, {.hand = "4C 8D KD"}});
  t.act(0, play("3H"));
  t.act(1, play("8D"));
  EXPECT_FALSE(rank_playable(t.state, 7));
  t.refuse(0, play("7C"), error_code::not_playable);
}

TEST(isf, a_7_may_be_played_on_a_6) {
  table t(isf(), {{.hand = "3H 7C 5C"}, {.hand = "4C 6D KD"}});
  t.act(0, play("3H"));
  t.act(1, play("6D"));
  t.act(0, play("7C"));
}

TEST(isf, four_of_a_kind_does_not_burn) {
  table t(isf(), {{.hand = "3H 5C 5D KC"}, {.hand = "4C 5H 5S QC"}});
  t.act(0, play("5C 5D"));
  t.act(1, play("5H 5S"));
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.pile().size(), 4u);
  EXPECT_EQ(t.current(), 0);
}

// 001: its rules "avoid endgame situations in which no player is able to win — as is
// occasionally the case with the popular If You Pick Up It's The Next Person's Turn
// variation": the one who picks up opens the next round.
TEST(isf, a_player_who_picks_up_leads_the_next_round_on_the_empty_pile) {
  table t(isf(), {{.hand = "3H KC 5H"}, {.hand = "4C 6D 8D"}});
  t.act(0, play("KC"));
  EXPECT_EQ(t.legal(1), (std::vector<action>{pick_up()}));
  t.act(1, pick_up());
  EXPECT_EQ(t.hand(1), bag("4C 6D 8D KC"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 1);
  t.refuse(0, play("3H"), error_code::not_your_turn);
  t.act(1, play("4C"));  // anything goes on the empty pile
  EXPECT_EQ(t.current(), 0);
}

TEST(isf, a_face_down_card_that_cannot_be_played_goes_up_with_the_pile_and_its_owner_leads) {
  table t(isf(), {{.hand = "3C", .down = "4D KS"}, {.hand = "5C 6C QC"}});
  t.act(0, play("3C"));
  t.act(1, play("QC"));
  t.act(0, turn_face_down(0));
  ASSERT_NE(t.saw(event_type::picked_up, 0), nullptr);
  EXPECT_EQ(t.hand(0), bag("3C QC 4D"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
  EXPECT_EQ(active_source(t.state, 0), card_source::hand);
}

TEST(isf, a_player_may_not_go_out_on_a_2_and_leads_again_with_the_pile_in_hand) {
  table t(isf(), {{.hand = "3H 2C"}, {.hand = "4C 5C 6C KC"}});
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  t.act(0, play("2C"));
  EXPECT_NE(t.saw(event_type::cannot_finish, 0), nullptr);
  EXPECT_EQ(t.saw(event_type::out), nullptr);
  EXPECT_EQ(t.hand(0), bag("2C 3H 4C"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.seat(0).place, 0);
  EXPECT_EQ(t.current(), 0);
  EXPECT_FALSE(t.state.over());
  t.act(0, play("3H"));
  EXPECT_EQ(t.current(), 1);
}

TEST(isf, a_player_may_not_go_out_on_a_10_and_nothing_burns) {
  table t(isf(), {{.hand = "3H 10C"}, {.hand = "4C 5C 6C KC"}});
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  t.act(0, play("10C"));
  EXPECT_NE(t.saw(event_type::cannot_finish, 0), nullptr);
  EXPECT_EQ(t.saw(event_type::burned), nullptr);
  EXPECT_EQ(t.state.burned, 0);
  EXPECT_EQ(t.hand(0), bag("3H 4C 10C"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(isf, a_player_may_go_out_on_any_other_rank) {
  table t(isf(), {{.hand = "3H 5C"}, {.hand = "4C 6C KC"}});
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  t.act(0, play("5C"));
  EXPECT_NE(t.saw(event_type::out, 0), nullptr);
  EXPECT_TRUE(t.state.over());
  EXPECT_EQ(t.state.shithead, 1);
}

TEST(isf, the_3_of_hearts_starts) {
  table t(isf(), {{.hand = "3C 4C"}, {.hand = "3H 5H"}, {.hand = "3S 6S"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(isf, without_the_3_of_hearts_the_lowest_card_starts) {
  table t(isf(), {{.hand = "4C 8C"}, {.hand = "3S 9S"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(isf, a_player_who_can_play_must_play) {
  table t(isf(), {{.hand = "3H 5C 9C"}, {.hand = "4C 6C 2C"}});
  t.act(0, play("3H"));
  t.refuse(1, pick_up(), error_code::must_play);
  for (const auto& a : t.legal(1)) EXPECT_NE(a, pick_up());
  t.act(1, play("4C"));
}

TEST(isf, a_player_who_cannot_play_picks_up) {
  table t(isf(), {{.hand = "3H KC 4H"}, {.hand = "4C AS 5S"}});
  t.act(0, play("KC"));
  t.act(1, play("AS"));
  EXPECT_EQ(t.legal(0), (std::vector<action>{pick_up()}));
  t.act(0, pick_up());
}

// limbo

TEST(limbo, deals_3_in_hand_3_face_up_and_3_face_down) { expect_zone_sizes(limbo(), 4, 3, 3, 3); }

TEST(limbo, a_4_is_invisible) {
  table t(limbo(), {{.hand = "3S 6C 5C KC"}, {.hand = "4H 7H 5H"}});
  t.act(0, play("6C"));
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{6, false}));
  t.refuse(0, play("5C"), error_code::not_playable);
  t.act(0, play("KC"));
}

TEST(limbo, a_4_may_be_played_on_an_ace) {
  table t(limbo(), {{.hand = "3S AC 5C"}, {.hand = "4H 7H 5H"}});
  t.act(0, play("AC"));
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{14, false}));
}

TEST(limbo, after_a_9_the_next_play_must_be_nine_or_lower) {
  table t(limbo(), {{.hand = "3S 9C KC"}, {.hand = "5H 8H KH QH"}});
  t.act(0, play("9C"));
  t.refuse(1, play("KH"), error_code::not_playable);
  t.act(1, play("8H"));
  EXPECT_EQ(t.top(), (top_state{8, false}));
}

TEST(limbo, 2_4_9_and_10_may_be_played_even_on_a_fresh_9) {
  table t(limbo(), {{.hand = "3S 9C KC"}, {.hand = "5H 8H KH QH"}});
  t.act(0, play("9C"));
  for (int r : {2, 4, 9, 10}) EXPECT_TRUE(rank_playable(t.state, static_cast<rank>(r))) << r;
  for (int r : {11, 12, 13, 14}) EXPECT_FALSE(rank_playable(t.state, static_cast<rank>(r))) << r;
}

TEST(limbo, a_9_may_be_played_on_anything) {
  table t(limbo(), {{.hand = "3S AC 5C"}, {.hand = "5H 9H 6H"}});
  t.act(0, play("AC"));
  t.act(1, play("9H"));
  EXPECT_EQ(t.top(), (top_state{9, false}));
}

TEST(limbo, a_4_on_a_fresh_9_lifts_the_limit) {
  table t(limbo(), {{.hand = "3S 9C KC"}, {.hand = "4H 5H 6H"}});
  t.act(0, play("9C"));
  t.act(1, play("4H"));
  EXPECT_EQ(t.top(), (top_state{9, true}));
  t.act(0, play("KC"));
}

TEST(limbo, a_10_burns_the_pile) {
  table t(limbo(), {{.hand = "3S 9C KC"}, {.hand = "10H 5H 6H"}});
  t.act(0, play("KC"));
  t.act(1, play("10H"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(limbo, four_of_a_kind_burns) {
  table t(limbo(), {{.hand = "3S 6C 6D KC"}, {.hand = "6H 6S 5H 7H"}});
  t.act(0, play("6C 6D"));
  t.act(1, play("6H 6S"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
  EXPECT_EQ(t.current(), 1);
}

TEST(limbo, the_3_of_spades_starts) {
  table t(limbo(), {{.hand = "3C 4C"}, {.hand = "3S 5S"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(limbo, a_player_who_can_play_must_play) {
  table t(limbo(), {{.hand = "3S 5C"}, {.hand = "6H 8H"}});
  t.act(0, play("5C"));
  t.refuse(1, pick_up(), error_code::must_play);
}

// palace

TEST(palace, deals_3_in_hand_no_face_up_and_6_face_down_from_two_decks) {
  expect_zone_sizes(palace(), 4, 3, 0, 6);
  EXPECT_EQ(palace().decks_for(2), 2);
  const auto dealt = deal_from_seed(palace(), 2, -1, 99);
  ASSERT_TRUE(dealt.ok());
  std::size_t total = dealt.value().stock.size();
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    total += dealt.value().hands[i].size() + dealt.value().face_up[i].size() + dealt.value().face_down[i].size();
  }
  EXPECT_EQ(total, 104u);
}

TEST(palace, the_swap_names_no_cards) {
  auto made = new_game(palace(), 2, -1,
                       make_deal({{.hand = "3C 4C 5C", .down = "6C 7C 8C 9C JC QC"},
                                  {.hand = "3D 4D 5D", .down = "6D 7D 8D 9D JD QD"}}));
  ASSERT_TRUE(made.ok());
  game_state state = made.value();
  EXPECT_EQ(legal_actions(state, 0), (std::vector<action>{swap_up("")}));
  EXPECT_EQ(validate(state, 0, swap_up("3C")).value_or(rule_error{error_code::bad_ruleset, ""}).code,
            error_code::bad_swap);
  std::vector<event> events;
  EXPECT_FALSE(try_apply(state, 0, swap_up(""), events));
  EXPECT_FALSE(try_apply(state, 1, swap_up(""), events));
  EXPECT_EQ(state.current_phase, phase::play);
}

TEST(palace, two_copies_of_a_card_may_be_dealt_from_two_decks) {
  auto made = new_game(palace(), 2, -1,
                       make_deal({{.hand = "3C 3C 5C", .down = "6C 7C"}, {.hand = "3D 4D 5D", .down = "6C 7D"}}));
  ASSERT_TRUE(made.ok()) << made.error().message;
  EXPECT_EQ(made.value().decks, 2);
}

TEST(palace, a_2_resets_the_pile) {
  table t(palace(), {{.hand = "3C KC 2C"}, {.hand = "4D AD 5D"}});
  t.act(0, play("KC"));
  t.act(1, play("AD"));
  t.act(0, play("2C"));
  t.act(1, play("4D"));
}

TEST(palace, a_10_and_a_7_are_plain_cards) {
  table t(palace(), {{.hand = "3C JC 8C"}, {.hand = "4D 10D 7D"}});
  t.act(0, play("JC"));
  t.refuse(1, play("10D"), error_code::not_playable);
  t.refuse(1, play("7D"), error_code::not_playable);
  EXPECT_EQ(t.legal(1), (std::vector<action>{pick_up()}));
}

TEST(palace, four_of_a_kind_burns_and_a_play_must_follow) {
  table t(palace(), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 5H 5S QC"}});
  t.act(0, play("5C 5D"));
  t.act(1, play("5H 5S"));
  const event* burned = t.saw(event_type::burned, 1);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->reason, burn_reason::n_of_a_kind);
  EXPECT_EQ(t.current(), 1);
  t.refuse(1, pick_up(), error_code::empty_pile);
  EXPECT_EQ(t.legal(1), (std::vector<action>{play("4C"), play("QC")}));
  t.act(1, play("4C"));
}

TEST(palace, a_player_who_can_play_must_play) {
  table t(palace(), {{.hand = "3C 5C"}, {.hand = "6D 4D"}});
  t.act(0, play("5C"));
  t.refuse(1, pick_up(), error_code::must_play);
}

TEST(palace, a_player_on_face_down_cards_turns_one_and_may_not_pick_up_instead) {
  table t(palace(), {{.hand = "3C", .down = "4C 5C 6C 7C 8C 9C"}, {.hand = "4D 6D KD"}});
  t.act(0, play("3C"));
  t.act(1, play("4D"));
  EXPECT_EQ(t.legal(0), (std::vector<action>{turn_face_down(0), turn_face_down(1), turn_face_down(2), turn_face_down(3),
                                             turn_face_down(4), turn_face_down(5)}));
  t.refuse(0, pick_up(), error_code::must_play);
  t.act(0, turn_face_down(5));
  EXPECT_EQ(t.top(), (top_state{9, false}));
}

// standard

TEST(standard, deals_3_in_hand_3_face_up_and_3_face_down) { expect_zone_sizes(standard(), 4, 3, 3, 3); }

TEST(standard, a_10_may_be_played_on_an_empty_pile_and_burns_it) {
  table t(standard(), {{.hand = "3C 10C KC"}, {.hand = "4D 5D"}});
  t.act(0, play("10C"));
  const event* burned = t.saw(event_type::burned, 0);
  ASSERT_NE(burned, nullptr);
  EXPECT_EQ(burned->count, 1);
  EXPECT_EQ(t.current(), 0);
}

TEST(standard, a_10_may_be_played_on_an_ace) {
  table t(standard(), {{.hand = "3C AC"}, {.hand = "4D 10D 5D"}});
  t.act(0, play("AC"));
  t.act(1, play("10D"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

TEST(standard, 7s_8s_and_9s_are_plain_cards) {
  table t(standard(), {{.hand = "3C 8C 4C"}, {.hand = "4D 7D 9D"}});
  t.act(0, play("8C"));
  t.refuse(1, play("7D"), error_code::not_playable);
  t.refuse(1, wait_turn(), error_code::cannot_wait);
  t.act(1, play("9D"));
  EXPECT_EQ(t.top(), (top_state{9, false}));
  t.refuse(0, play("4C"), error_code::not_playable);
}

TEST(standard, a_3_dealt_face_up_starts_before_a_3_in_hand) {
  table t(standard(), {{.hand = "3C 5C 6C"}, {.hand = "4D 8D 9D", .up = "3D"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(standard, without_a_3_face_up_a_3_in_hand_starts) {
  table t(standard(), {{.hand = "4C 5C"}, {.hand = "3D 8D"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(standard, without_any_3_the_lowest_card_starts) {
  table t(standard(), {{.hand = "5C 6C"}, {.hand = "4D 8D"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(standard, a_player_may_pick_up_even_when_able_to_play) {
  table t(standard(), {{.hand = "3C 5C"}, {.hand = "6D 4D"}});
  t.act(0, play("5C"));
  t.act(1, pick_up());
  EXPECT_EQ(t.hand(1), bag("4D 5C 6D"));
}

TEST(standard, four_of_a_kind_burns) {
  table t(standard(), {{.hand = "3C 5C 5D KC"}, {.hand = "4C 5H 5S QC"}});
  t.act(0, play("5C 5D"));
  t.act(1, play("5H 5S"));
  EXPECT_NE(t.saw(event_type::burned, 1), nullptr);
}

// shiphead: the deal and the start

TEST(shiphead, deals_5_in_hand_3_face_up_and_3_face_down_from_one_deck_for_four) {
  expect_zone_sizes(shiphead(), 4, 5, 3, 3);
  EXPECT_EQ(shiphead().decks_for(4), 1);
}

TEST(shiphead, the_lowest_card_in_hand_starts) {
  table t(shiphead(), {{.hand = "5C 6C"}, {.hand = "4D 9D"}, {.hand = "6H 7H"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(shiphead, 2s_do_not_count_as_the_lowest_card) {
  table t(shiphead(), {{.hand = "2C 5C"}, {.hand = "4D 9D"}});
  EXPECT_EQ(t.current(), 1);
}

TEST(shiphead, a_tie_goes_to_the_tied_seat_nearest_the_dealers_left) {
  // Dealer 1: the order from the dealer's left is 2, 0, 1.
  table after_one(shiphead(), {{.hand = "3C 9C"}, {.hand = "4H 9H"}, {.hand = "3D 9D"}}, "", 1);
  EXPECT_EQ(after_one.current(), 2);
  // Dealer 2: the order is 0, 1, 2.
  table after_two(shiphead(), {{.hand = "3C 9C"}, {.hand = "4H 9H"}, {.hand = "3D 9D"}}, "", 2);
  EXPECT_EQ(after_two.current(), 0);
}

TEST(shiphead, the_dealer_is_the_last_seat_unless_given) {
  table t(shiphead(), {{.hand = "3C 9C"}, {.hand = "4H 9H"}, {.hand = "3D 9D"}});
  EXPECT_EQ(t.state.dealer, 2);
  EXPECT_EQ(t.current(), 0);
}

TEST(shiphead, with_no_card_above_2_anywhere_the_dealers_left_starts) {
  table t(shiphead(), {{.hand = "2C"}, {.hand = "2D"}, {.hand = "2H"}}, "", 0);
  EXPECT_EQ(t.current(), 1);
}

TEST(shiphead, the_starter_need_not_play_the_card_that_made_them_start) {
  table t(shiphead(), {{.hand = "3C KC"}, {.hand = "4H 9H"}});
  t.act(0, play("KC"));
}

TEST(shiphead, a_player_may_pick_up_even_when_able_to_play) {
  table t(shiphead(), {{.hand = "3C 5C"}, {.hand = "6D 4D"}});
  t.act(0, play("5C"));
  EXPECT_EQ(t.legal(1).back(), pick_up());
  t.act(1, pick_up());
}

TEST(presets, every_preset_has_a_name_that_parses_back_and_a_summary) {
  for (preset_id p : all_presets) {
    EXPECT_EQ(parse_preset(to_string(p)), p);
    EXPECT_FALSE(preset_summary(p).empty());
    EXPECT_EQ(preset(p).preset, p);
  }
  EXPECT_EQ(parse_preset("shiphead"), preset_id::shiphead);
  EXPECT_EQ(parse_preset("isf"), preset_id::isf);
  EXPECT_EQ(parse_preset("limbo"), preset_id::limbo);
  EXPECT_EQ(parse_preset("palace"), preset_id::palace);
  EXPECT_EQ(parse_preset("standard"), preset_id::standard);
  EXPECT_FALSE(parse_preset("poker").has_value());
}

TEST(presets, make_ruleset_without_options_is_the_preset) {
  for (preset_id p : all_presets) {
    const auto made = make_ruleset(p);
    ASSERT_TRUE(made.ok());
    EXPECT_EQ(made.value().playable, preset(p).playable);
    EXPECT_EQ(made.value().powers, preset(p).powers);
    EXPECT_EQ(made.value().hand_size, preset(p).hand_size);
  }
}

TEST(presets, powers_are_assigned_as_documented) {
  const ruleset s = shiphead();
  EXPECT_EQ(s.power_of(2), power::reset);
  EXPECT_EQ(s.power_of(7), power::invisible);
  EXPECT_EQ(s.power_of(8), power::wait);
  EXPECT_EQ(s.power_of(9), power::lower);
  EXPECT_EQ(s.power_of(10), power::burn);
  EXPECT_EQ(s.power_of(5), power::none);
  EXPECT_EQ(isf().power_of(7), power::lower);
  EXPECT_EQ(isf().power_of(10), power::burn);
  EXPECT_EQ(limbo().power_of(4), power::invisible);
  EXPECT_EQ(limbo().power_of(9), power::lower);
  EXPECT_EQ(palace().power_of(2), power::reset);
  EXPECT_EQ(palace().power_of(10), power::none);
  EXPECT_EQ(standard().power_of(10), power::burn);
  EXPECT_EQ(standard().power_of(7), power::none);
  EXPECT_TRUE(shiphead().voluntary_pickup);
  EXPECT_TRUE(standard().voluntary_pickup);
  EXPECT_FALSE(isf().voluntary_pickup);
  EXPECT_FALSE(limbo().voluntary_pickup);
  EXPECT_FALSE(palace().voluntary_pickup);
  EXPECT_TRUE(isf().pickup_leads);
  for (const ruleset& r : {shiphead(), limbo(), palace(), standard()}) EXPECT_FALSE(r.pickup_leads);
  EXPECT_EQ(isf().starter, start_rule::three_of_hearts);
  EXPECT_EQ(limbo().starter, start_rule::three_of_spades);
  EXPECT_EQ(standard().starter, start_rule::first_three_face_up);
  EXPECT_EQ(shiphead().starter, start_rule::lowest_card);
  EXPECT_EQ(palace().starter, start_rule::lowest_card);
  EXPECT_EQ(isf().run_burn[5], 0);
  EXPECT_EQ(shiphead().run_burn[5], 4);
  EXPECT_EQ(isf().cannot_finish_on, static_cast<rank_mask>(mask_of(2) | mask_of(10)));
}

TEST(isf, a_face_down_2_as_the_last_card_goes_to_the_hand_with_the_pile) {
  table t(isf(), {{.hand = "3H", .down = "2C"}, {.hand = "4C 5C 6C"}});
  t.act(0, play("3H"));
  t.act(1, play("4C"));
  t.act(0, turn_face_down(0));
  EXPECT_NE(t.saw(event_type::revealed, 0), nullptr);
  EXPECT_NE(t.saw(event_type::cannot_finish, 0), nullptr);
  EXPECT_EQ(t.saw(event_type::out), nullptr);
  EXPECT_EQ(t.hand(0), bag("2C 3H 4C"));
  EXPECT_TRUE(t.pile().empty());
  EXPECT_EQ(t.current(), 0);
}

TEST(standard, of_two_3s_face_up_the_one_nearest_the_dealers_left_starts) {
  // Dealer 1: the order from the dealer's left is 2, 0, 1.
  table t(standard(), {{.hand = "5C 6C", .up = "3C"}, {.hand = "4H 9H"}, {.hand = "5D 6D", .up = "3D"}}, "", 1);
  EXPECT_EQ(t.current(), 2);
}

TEST(shiphead, face_up_cards_do_not_decide_who_starts) {
  table t(shiphead(), {{.hand = "5C 6C", .up = "3C"}, {.hand = "4D 9D"}});
  EXPECT_EQ(t.current(), 1);
}

}  // namespace
}  // namespace shithead::rules
