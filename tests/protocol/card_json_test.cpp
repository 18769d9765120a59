#include <gtest/gtest.h>

#include <string>

#include "protocol/card_json.hpp"

namespace shithead::protocol {
namespace {

TEST(card_json, every_card_of_a_deck_with_jokers_round_trips) {
  for (rules::card c : rules::deck_cards()) {
    const json written = card_to_json(c);
    ASSERT_TRUE(written.is_string());
    auto read = card_from_json(written, "card");
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read.value(), c) << written.dump();
  }
}

TEST(card_json, cards_are_written_in_the_rules_notation) {
  EXPECT_EQ(card_to_json(rules::card(10, rules::suit::hearts)), "10H");
  EXPECT_EQ(card_to_json(rules::card(rules::rank_ace, rules::suit::spades)), "AS");
  EXPECT_EQ(card_to_json(rules::card::joker(rules::joker_black)), "BJ");
  EXPECT_EQ(card_to_json(rules::card::joker(rules::joker_red)), "RJ");
}

TEST(card_json, a_string_that_is_not_a_card_is_named_with_its_path) {
  auto read = card_from_json(json("11H"), "actions[3].cards[1]");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "actions[3].cards[1]: \"11H\" is not a card");
}

TEST(card_json, a_number_is_not_a_card) {
  auto read = card_from_json(json(10), "hand[0]");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "hand[0]: expected a card like \"10H\", got 10");
}

TEST(card_json, a_list_reports_the_index_of_its_bad_card) {
  auto read = cards_from_json(json::parse(R"(["2C", "3X", "4D"])"), "stock");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "stock[1]: \"3X\" is not a card");
}

TEST(card_json, a_list_must_be_an_array) {
  auto read = cards_from_json(json("2C"), "stock");
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("stock: expected an array of cards"), std::string::npos);
}

TEST(card_json, a_list_longer_than_three_decks_is_refused) {
  json cards = json::array();
  for (std::size_t i = 0; i <= max_cards_in_list; ++i) cards.push_back("2C");
  auto read = cards_from_json(cards, "stock");
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("more than the 162 allowed"), std::string::npos) << read.error().message;
}

TEST(card_json, a_play_holds_at_most_twelve_cards) {
  json twelve = json::array();
  for (int i = 0; i < 12; ++i) twelve.push_back("5D");
  auto read = card_set_from_json(twelve, "cards");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value().size(), 12);

  twelve.push_back("5D");
  auto too_many = card_set_from_json(twelve, "cards");
  ASSERT_FALSE(too_many);
  EXPECT_EQ(too_many.error().message, "cards: 13 cards, more than the 12 allowed");
}

TEST(card_json, a_card_set_writes_as_an_array) {
  const rules::card_set cards{rules::card(3, rules::suit::hearts), rules::card(3, rules::suit::spades)};
  EXPECT_EQ(cards_to_json(cards), json::parse(R"(["3H", "3S"])"));
}

}  // namespace
}  // namespace shithead::protocol
