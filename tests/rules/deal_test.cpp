// Deals: seeded deals are reproducible and complete, explicit deals may be uneven, and
// impossible deals are refused.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>

#include "scenario.hpp"

// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"  // options name only what changes

namespace shithead::rules {
namespace {

using namespace scenario;

std::vector<card> all_cards(const deal& d) {
  std::vector<card> out = d.stock;
  for (std::size_t s = 0; s < d.hands.size(); ++s) {
    out.insert(out.end(), d.hands[s].begin(), d.hands[s].end());
    out.insert(out.end(), d.face_up[s].begin(), d.face_up[s].end());
    out.insert(out.end(), d.face_down[s].begin(), d.face_down[s].end());
  }
  return bag(out);
}

// `decks` full decks, built here rather than taken from the engine.
std::vector<card> full_decks(int decks, bool jokers) {
  std::vector<card> out;
  for (int d = 0; d < decks; ++d) {
    for (int r = 2; r <= rank_ace; ++r)
      for (int s = 0; s < 4; ++s) out.push_back(card(static_cast<rank>(r), static_cast<suit>(s)));
    if (jokers) {
      out.push_back(card::joker(joker_black));
      out.push_back(card::joker(joker_red));
    }
  }
  return bag(out);
}

TEST(deal, the_same_seed_deals_the_same_cards) {
  for (preset_id p : all_presets) {
    const auto a = deal_from_seed(preset(p), 4, -1, 123456789);
    const auto b = deal_from_seed(preset(p), 4, -1, 123456789);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a.value(), b.value()) << to_string(p);
  }
}

TEST(deal, different_seeds_deal_different_cards) {
  std::vector<deal> seen;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto d = deal_from_seed(shiphead(), 3, -1, seed);
    ASSERT_TRUE(d.ok());
    for (const auto& other : seen) EXPECT_NE(d.value(), other) << "seed " << seed;
    seen.push_back(d.value());
  }
}

TEST(deal, every_zone_has_the_presets_size_for_two_to_eight_players) {
  for (preset_id p : all_presets) {
    const ruleset rules = preset(p);
    for (int players = min_players; players <= max_players; ++players) {
      const int decks = rules.decks_for(players);
      if (decks == 0) continue;
      const auto dealt = deal_from_seed(rules, players, -1, 7);
      ASSERT_TRUE(dealt.ok()) << to_string(p) << " " << players << ": " << dealt.error().message;
      const deal& d = dealt.value();
      ASSERT_EQ(d.hands.size(), static_cast<std::size_t>(players));
      ASSERT_EQ(d.face_up.size(), static_cast<std::size_t>(players));
      ASSERT_EQ(d.face_down.size(), static_cast<std::size_t>(players));
      for (int s = 0; s < players; ++s) {
        const auto i = static_cast<std::size_t>(s);
        EXPECT_EQ(d.hands[i].size(), static_cast<std::size_t>(rules.hand_size));
        EXPECT_EQ(d.face_up[i].size(), static_cast<std::size_t>(rules.face_up));
        EXPECT_EQ(d.face_down[i].size(), static_cast<std::size_t>(rules.face_down));
      }
      EXPECT_EQ(d.stock.size(), static_cast<std::size_t>(52 * decks - players * rules.cards_per_player()))
          << to_string(p) << " " << players;
    }
  }
}

TEST(deal, every_card_of_the_decks_is_dealt_exactly_once) {
  for (preset_id p : all_presets) {
    for (int players : {2, 5, 8}) {
      const ruleset rules = preset(p);
      const int decks = rules.decks_for(players);
      ASSERT_GT(decks, 0);
      const auto dealt = deal_from_seed(rules, players, -1, 99);
      ASSERT_TRUE(dealt.ok());
      EXPECT_EQ(all_cards(dealt.value()), full_decks(decks, false)) << to_string(p) << " " << players;
    }
  }
  const ruleset jokers = variant(preset_id::shiphead, {.jokers = joker_rule::give_pile});
  const auto dealt = deal_from_seed(jokers, 6, -1, 5);
  ASSERT_TRUE(dealt.ok());
  EXPECT_EQ(all_cards(dealt.value()), full_decks(2, true));
}

TEST(deal, dealing_starts_at_the_dealers_left) {
  // The same shuffle dealt from another dealer reaches the same cards one seat later.
  const auto from_last = deal_from_seed(shiphead(), 3, 2, 31337);   // order 0, 1, 2
  const auto from_first = deal_from_seed(shiphead(), 3, 0, 31337);  // order 1, 2, 0
  ASSERT_TRUE(from_last.ok() && from_first.ok());
  const deal& a = from_last.value();
  const deal& b = from_first.value();
  for (std::size_t s = 0; s < 3; ++s) {
    const std::size_t t = (s + 1) % 3;
    EXPECT_EQ(a.hands[s], b.hands[t]);
    EXPECT_EQ(a.face_up[s], b.face_up[t]);
    EXPECT_EQ(a.face_down[s], b.face_down[t]);
  }
  EXPECT_EQ(a.stock, b.stock);
}

TEST(deal, the_default_dealer_is_the_last_seat) {
  const auto given = deal_from_seed(shiphead(), 4, 3, 8);
  const auto defaulted = deal_from_seed(shiphead(), 4, -1, 8);
  ASSERT_TRUE(given.ok() && defaulted.ok());
  EXPECT_EQ(given.value(), defaulted.value());
  const auto game = new_game(shiphead(), 4, -1, std::uint64_t{8});
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game.value().dealer, 3);
}

TEST(deal, a_seeded_game_is_the_game_of_its_seeded_deal) {
  const auto dealt = deal_from_seed(shiphead(), 3, 1, 2024);
  ASSERT_TRUE(dealt.ok());
  const auto a = new_game(shiphead(), 3, 1, std::uint64_t{2024});
  const auto b = new_game(shiphead(), 3, 1, dealt.value());
  ASSERT_TRUE(a.ok() && b.ok());
  expect_same_game(a.value(), b.value());
}

TEST(deal, a_new_game_waits_for_the_swap) {
  const auto made = new_game(shiphead(), 3, -1, std::uint64_t{5});
  ASSERT_TRUE(made.ok());
  const game_state& s = made.value();
  EXPECT_EQ(s.current_phase, phase::swap);
  EXPECT_EQ(s.players, 3);
  EXPECT_EQ(s.seats.size(), 3u);
  for (const auto& seat : s.seats) {
    EXPECT_FALSE(seat.swapped);
    EXPECT_EQ(seat.place, 0);
  }
  EXPECT_TRUE(s.pile.cards.empty());
  EXPECT_EQ(s.burned, 0);
  EXPECT_EQ(s.turns, 0);
  EXPECT_EQ(s.shithead, -1);
  EXPECT_EQ(seat_to_act(s), 0);
}

TEST(deal, an_explicit_deal_may_give_any_number_of_cards_to_any_zone) {
  const auto made = new_game(shiphead(), 2, -1,
                             make_deal({{.hand = "3C 4C", .up = "5C", .down = "6C 7C 8C 9C"},
                                        {.hand = "3D 4D 5D 6D 7D 8D", .up = "", .down = ""}},
                                       "KH QH JH"));
  ASSERT_TRUE(made.ok()) << made.error().message;
  const game_state& s = made.value();
  EXPECT_EQ(s.seats[0].hand, cards("3C 4C"));
  EXPECT_EQ(s.seats[0].face_up, cards("5C"));
  EXPECT_EQ(s.seats[0].face_down, cards("6C 7C 8C 9C"));  // kept by slot
  EXPECT_EQ(s.seats[1].hand.size(), 6u);
  EXPECT_TRUE(s.seats[1].face_up.empty());
  EXPECT_TRUE(s.seats[1].face_down.empty());
  ASSERT_EQ(s.stock.size(), 3u);
  EXPECT_EQ(s.stock.back(), card_from("KH"));  // the deal's first stock card is drawn first
  EXPECT_EQ(s.decks, 1);
}

TEST(deal, with_auto_decks_an_explicit_deal_uses_the_fewest_decks_that_hold_it) {
  const auto two = new_game(shiphead(), 2, -1, make_deal({{.hand = "3C 3C"}, {.hand = "4D"}}));
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two.value().decks, 2);
  const auto three = new_game(shiphead(), 2, -1, make_deal({{.hand = "3C 3C"}, {.hand = "3C"}}));
  ASSERT_TRUE(three.ok());
  EXPECT_EQ(three.value().decks, 3);
}

TEST(deal, a_card_dealt_more_often_than_the_decks_hold_is_refused) {
  const auto four = new_game(shiphead(), 2, -1, make_deal({{.hand = "3C 3C"}, {.hand = "3C 3C"}}));
  ASSERT_FALSE(four.ok());
  EXPECT_EQ(four.error().code, error_code::bad_deal);
  const ruleset one_deck = variant(preset_id::shiphead, {.decks = 1});
  const auto twice = new_game(one_deck, 2, -1, make_deal({{.hand = "3C"}, {.hand = "4D"}}, "3C"));
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().code, error_code::bad_deal);
}

TEST(deal, a_deal_for_another_number_of_seats_is_refused) {
  const auto made = new_game(shiphead(), 3, -1, make_deal({{.hand = "3C"}, {.hand = "4D"}}));
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.error().code, error_code::bad_deal);
}

TEST(deal, fewer_than_two_or_more_than_eight_players_are_refused) {
  EXPECT_FALSE(new_game(shiphead(), 1, -1, std::uint64_t{1}).ok());
  EXPECT_FALSE(new_game(shiphead(), 9, -1, std::uint64_t{1}).ok());
  EXPECT_FALSE(deal_from_seed(shiphead(), 1, -1, 1).ok());
  EXPECT_FALSE(deal_from_seed(shiphead(), 9, -1, 1).ok());
  EXPECT_FALSE(new_game(shiphead(), 1, -1, make_deal({{.hand = "3C"}})).ok());
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
