// The searching bot and what it remembers: samples of the hidden cards agree with
// everything the seat has seen, decisions never depend on what it cannot see, and it
// plays whole games legally under every preset and the house rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "hidden_cards.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/search_bot.hpp"
#include "rules/seat_memory.hpp"
#include "rules/view.hpp"
#include "scenario.hpp"

// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace shithead::rules {
namespace {

using namespace scenario;

// Applies `a` for `seat` and lets every seat's memory see it.
void act_seen(game_state& s, int seat, const action& a, std::vector<seat_memory>& memories) {
  std::vector<seat_view> before;
  for (int v = 0; v < s.players; ++v) before.push_back(view_for(s, v));
  std::vector<event> events;
  ASSERT_FALSE(try_apply(s, seat, a, events)) << describe(a);
  for (int v = 0; v < s.players; ++v)
    memories[static_cast<std::size_t>(v)].observe(before[static_cast<std::size_t>(v)], events, view_for(s, v));
}

std::vector<seat_memory> memories_for(int players) {
  std::vector<seat_memory> out;
  for (int v = 0; v < players; ++v) out.emplace_back(v, players);
  return out;
}

bool holds_all(std::vector<card> zone, const std::vector<card>& cards) {
  for (card c : cards) {
    auto it = std::find(zone.begin(), zone.end(), c);
    if (it == zone.end()) return false;
    zone.erase(it);
  }
  return true;
}

TEST(seat_memory, a_seat_remembers_the_pile_an_opponent_picked_up_until_it_is_played) {
  table t(shiphead(), {{.hand = "3C 9C KC"}, {.hand = "4H 5H 6H"}});
  auto memories = memories_for(2);
  act_seen(t.state, 0, play("KC"), memories);
  act_seen(t.state, 1, pick_up(), memories);
  EXPECT_EQ(bag(memories[0].known_hand(1)), bag("KC"));
  EXPECT_TRUE(memories[1].known_hand(1).empty());  // its own hand it sees anyway
  act_seen(t.state, 0, play("3C"), memories);
  act_seen(t.state, 1, play("KC"), memories);
  EXPECT_TRUE(memories[0].known_hand(1).empty());
}

TEST(seat_memory, burned_cards_are_remembered) {
  table t(shiphead(), {{.hand = "3C 10C KC"}, {.hand = "4H 5H 6H"}});
  auto memories = memories_for(2);
  act_seen(t.state, 0, play("3C"), memories);
  act_seen(t.state, 1, play("5H"), memories);
  act_seen(t.state, 0, play("10C"), memories);
  EXPECT_EQ(bag(memories[1].burned()), bag("3C 5H 10C"));
}

TEST(seat_memory, a_face_down_card_that_could_not_be_played_is_known_with_the_pile) {
  table t(shiphead(), {{.hand = "KC", .down = "4D"}, {.hand = "3H AH 5H"}});
  auto memories = memories_for(2);
  act_seen(t.state, 1, play("3H"), memories);
  act_seen(t.state, 0, play("KC"), memories);
  act_seen(t.state, 1, play("AH"), memories);
  act_seen(t.state, 0, turn_face_down(0), memories);
  EXPECT_EQ(bag(memories[1].known_hand(0)), bag("3H KC AH 4D"));
}

// Plays seeded games with greedy bots and, at every step, checks determinize against
// the real game from each seat.
void check_determinize_along(const ruleset& rules, int players, std::uint64_t seed) {
  game_state s = new_game(rules, players, 0, seed).value();
  auto memories = memories_for(players);
  rng bots(seed), samples(seed + 1);
  while (!s.over()) {
    const int seat = seat_to_act(s);
    for (int v = 0; v < players; ++v) {
      const seat_view view = view_for(s, v);
      const game_state guess = determinize(view, memories[static_cast<std::size_t>(v)], samples);
      // The sample looks to the seat exactly like the game...
      ASSERT_EQ(view_for(guess, v), view) << "seat " << v << " turn " << s.turns;
      // ...holds every card once...
      ASSERT_EQ(guess.stock.size(), s.stock.size());
      // ...and puts the cards the seat remembers where it saw them go.
      for (int o = 0; o < players; ++o)
        ASSERT_TRUE(holds_all(guess.seats[static_cast<std::size_t>(o)].hand,
                              memories[static_cast<std::size_t>(v)].known_hand(o)));
    }
    const auto a = choose_action(bot_kind::greedy, view_for(s, seat), bots);
    ASSERT_TRUE(a);
    act_seen(s, seat, *a, memories);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(determinize, a_sample_agrees_with_the_seats_view_and_memory_under_every_preset) {
  for (auto p : all_presets)
    for (int players : {2, 4}) {
      SCOPED_TRACE(std::string(to_string(p)) + " " + std::to_string(players));
      check_determinize_along(preset(p), players, 11 + players);
      if (HasFatalFailure()) return;
    }
  check_determinize_along(variant(preset_id::limbo, {.jokers = joker_rule::give_pile, .fixed_hand = true}), 3, 5);
}

TEST(search_bot, decides_the_same_whatever_the_cards_it_cannot_see) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    game_state s = new_game(preset(preset_id::shiphead), 3, 0, seed).value();
    auto memories = memories_for(3);
    rng bots(seed);
    // Some way into the game, so that piles have been picked up and burned.
    for (int step = 0; step < 25 && !s.over(); ++step) {
      const int seat = seat_to_act(s);
      act_seen(s, seat, *choose_action(bot_kind::greedy, view_for(s, seat), bots), memories);
    }
    if (s.over()) continue;
    const int seat = seat_to_act(s);
    rng scramble(seed * 7);
    const game_state other = scramble_hidden(s, seat, scramble);
    ASSERT_NE(other, s);
    rng a(seed), b(seed);
    const auto mine = choose_search(view_for(s, seat), memories[static_cast<std::size_t>(seat)], {.playouts = 60}, a);
    const auto theirs =
        choose_search(view_for(other, seat), memories[static_cast<std::size_t>(seat)], {.playouts = 60}, b);
    EXPECT_EQ(mine, theirs) << "seed " << seed;
  }
}

// Whole games: the searching seat and greedy seats, every action legal, every game over.
void play_games(const ruleset& rules, int players, int games, int playouts) {
  for (int g = 0; g < games; ++g) {
    const auto seed = static_cast<std::uint64_t>(100 + g);
    game_state s = new_game(rules, players, g % players, seed).value();
    seat_memory memory(0, players);
    rng search(seed), bots(seed + 1);
    std::vector<event> events;
    while (!s.over()) {
      const int seat = seat_to_act(s);
      const seat_view before = view_for(s, 0);
      const auto a = seat == 0 ? choose_search(before, memory, {.playouts = playouts}, search)
                               : choose_action(bot_kind::greedy, view_for(s, seat), bots);
      ASSERT_TRUE(a) << "seat " << seat << " has nothing to do";
      const auto refused = try_apply(s, seat, *a, events);
      ASSERT_FALSE(refused) << describe(*a) << ": " << refused->message;
      memory.observe(before, events, view_for(s, 0));
    }
  }
}

TEST(search_bot, plays_whole_games_legally_under_every_preset_and_the_house_rules) {
  for (auto p : all_presets) {
    SCOPED_TRACE(to_string(p));
    play_games(preset(p), 3, 3, 24);
    if (HasFatalFailure()) return;
  }
  play_games(variant(preset_id::shiphead, {.jokers = joker_rule::skip, .play_from_table = true}), 4, 2, 24);
  play_games(
      variant(preset_id::standard,
              {.jokers = joker_rule::give_pile, .powers = {{9, bit_of(rank_power::reverse)}}, .fixed_hand = true}),
      2, 2, 24);
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
