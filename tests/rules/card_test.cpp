// Cards as values and as text, and the names and short forms of actions.
#include <gtest/gtest.h>

#include <set>

#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

TEST(cards, a_card_is_its_rank_and_suit) {
  const card c(10, suit::hearts);
  EXPECT_EQ(rank_of(c), 10);
  EXPECT_EQ(suit_of(c), suit::hearts);
  EXPECT_FALSE(c.empty());
  EXPECT_TRUE(card{}.empty());
  EXPECT_TRUE(is_joker(card::joker(joker_red)));
  EXPECT_FALSE(is_joker(c));
  EXPECT_NE(card::joker(joker_black), card::joker(joker_red));
}

TEST(cards, every_card_prints_and_parses_back) {
  const auto deck = deck_cards();
  std::set<card> distinct(deck.begin(), deck.end());
  EXPECT_EQ(distinct.size(), 54u);
  int jokers = 0;
  for (card c : deck) {
    jokers += is_joker(c) ? 1 : 0;
    EXPECT_EQ(parse_card(to_string(c)), c) << to_string(c);
    EXPECT_EQ(card_from(to_string(c)), c) << to_string(c);  // the tests' own parser agrees
  }
  EXPECT_EQ(jokers, 2);
}

TEST(cards, text_is_rank_then_suit) {
  EXPECT_EQ(to_string(card(10, suit::hearts)), "10H");
  EXPECT_EQ(to_string(card(rank_queen, suit::spades)), "QS");
  EXPECT_EQ(to_string(card(2, suit::clubs)), "2C");
  EXPECT_EQ(to_string(card(rank_ace, suit::diamonds)), "AD");
  EXPECT_EQ(to_string(card::joker(joker_black)), "BJ");
  EXPECT_EQ(to_string(card::joker(joker_red)), "RJ");
  EXPECT_EQ(rank_name(rank_jack), "J");
  EXPECT_EQ(rank_name(10), "10");
  EXPECT_EQ(parse_rank("K"), rank{rank_king});
  EXPECT_EQ(parse_rank("7"), rank{7});
}

TEST(cards, text_that_is_no_card_does_not_parse) {
  for (const char* text : {"", "1H", "11H", "3X", "H3", "10", "JJ", "3HH"})
    EXPECT_FALSE(parse_card(text).has_value()) << "'" << text << "'";
  EXPECT_FALSE(parse_rank("1").has_value());
  EXPECT_FALSE(parse_rank("").has_value());
}

TEST(cards, a_card_set_holds_the_cards_of_one_play) {
  card_set s{card_from("3C"), card_from("3H")};
  EXPECT_EQ(s.size(), 2);
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(s[1], card_from("3H"));
  EXPECT_EQ(s, set_of("3C 3H"));
  EXPECT_NE(s, set_of("3C"));
  card_set full;
  for (int i = 0; i < card_set::capacity; ++i) full.push_back(card_from("3C"));
  EXPECT_TRUE(full.full());
}

TEST(actions, have_the_names_records_use) {
  EXPECT_EQ(action_name(swap_up("")), "swap");
  EXPECT_EQ(action_name(play("3H")), "play");
  EXPECT_EQ(action_name(turn_face_down(0)), "play_face_down");
  EXPECT_EQ(action_name(pick_up()), "pickup");
  EXPECT_EQ(action_name(wait_turn()), "wait");
}

TEST(actions, describe_in_a_short_readable_form) {
  EXPECT_EQ(describe(play("3H 3S")), "play 3H 3S");
  EXPECT_EQ(describe(pick_up()), "pickup");
}

TEST(names, every_code_and_type_has_a_name) {
  for (int i = 0; i <= static_cast<int>(error_code::not_a_burn_in); ++i)
    EXPECT_FALSE(to_string(static_cast<error_code>(i)).empty()) << i;
  for (int i = 0; i <= static_cast<int>(event_type::game_over); ++i)
    EXPECT_FALSE(to_string(static_cast<event_type>(i)).empty()) << i;
  EXPECT_EQ(to_string(error_code::not_your_turn), "not_your_turn");
  EXPECT_EQ(to_string(error_code::must_play), "must_play");
}

}  // namespace
}  // namespace shithead::rules
