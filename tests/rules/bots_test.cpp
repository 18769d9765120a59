// Bots: whatever they choose is legal, and the greedy bot plays the way its comment says.
#include "rules/bots.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "rules/rng.hpp"
#include "rules/view.hpp"
#include "scenario.hpp"

// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"  // options name only what changes

namespace shithead::rules {
namespace {

using namespace scenario;

struct bot_table {
  std::string name;
  ruleset rules;
};

std::vector<bot_table> tables() {
  std::vector<bot_table> out;
  for (preset_id p : all_presets) out.push_back({std::string(to_string(p)), preset(p)});
  out.push_back({"reverse jokers", variant(preset_id::shiphead, {.jokers = joker_rule::reverse})});
  out.push_back({"give-pile jokers", variant(preset_id::shiphead, {.jokers = joker_rule::give_pile})});
  out.push_back({"burn-in", variant(preset_id::shiphead, {.burn_in = true})});
  out.push_back({"swap stacking", variant(preset_id::standard, {.swap_stacking = true})});
  out.push_back({"no voluntary pick-up", variant(preset_id::shiphead, {.voluntary_pickup = false})});
  return out;
}

// Plays whole games with `kind` in every seat; every action a bot picks must validate.
void expect_bots_play_legally(bot_kind kind) {
  for (const auto& t : tables()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const int players = 2 + static_cast<int>(seed % 3);
      auto made = new_game(t.rules, players, -1, seed);
      ASSERT_TRUE(made.ok()) << t.name;
      game_state state = made.value();
      rng random(seed);
      std::vector<event> events;
      int steps = 0;
      for (; steps < 4000 && !state.over(); ++steps) {
        const int seat = seat_to_act(state);
        ASSERT_GE(seat, 0);
        // Seats not to act may only suggest a legal burn-in.
        if (state.current_phase == phase::play) {
          for (int other = 0; other < players; ++other) {
            if (other == seat) continue;
            const auto idle = choose_action(kind, view_for(state, other), random);
            if (idle) {
              EXPECT_FALSE(validate(state, other, *idle))
                  << t.name << " seed " << seed << ": seat " << other << " out of turn " << describe(*idle);
            }
          }
        }
        const auto chosen = choose_action(kind, view_for(state, seat), random);
        ASSERT_TRUE(chosen.has_value()) << t.name << " seed " << seed << " step " << steps;
        const auto refused = try_apply(state, seat, *chosen, events);
        ASSERT_FALSE(refused) << t.name << " seed " << seed << " step " << steps << ": " << describe(*chosen) << " "
                              << error_text(refused);
      }
      EXPECT_TRUE(state.over()) << t.name << " seed " << seed;
    }
  }
}

TEST(bots, the_random_bot_always_chooses_a_legal_action) { expect_bots_play_legally(bot_kind::random); }

TEST(bots, the_greedy_bot_always_chooses_a_legal_action) { expect_bots_play_legally(bot_kind::greedy); }

TEST(bots, a_bot_whose_turn_it_is_not_does_nothing) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  rng random(1);
  EXPECT_FALSE(choose_action(bot_kind::greedy, view_for(t.state, 1), random).has_value());
  EXPECT_FALSE(choose_action(bot_kind::random, view_for(t.state, 1), random).has_value());
}

TEST(bots, bot_names_parse_back) {
  for (bot_kind k : all_bot_kinds) EXPECT_EQ(parse_bot_kind(to_string(k)), k);
  EXPECT_EQ(parse_bot_kind("expert"), bot_kind::expert);
  EXPECT_EQ(parse_bot_kind("greedy"), bot_kind::greedy);
  EXPECT_EQ(parse_bot_kind("random"), bot_kind::random);
  EXPECT_FALSE(parse_bot_kind("clever").has_value());
}

// The greedy bot

action greedy_choice(const table& t, int seat) {
  rng random(3);
  const auto chosen = choose_action(bot_kind::greedy, view_for(t.state, seat), random);
  if (!chosen) throw setup_failed("greedy chose nothing");
  EXPECT_FALSE(validate(t.state, seat, *chosen)) << describe(*chosen);
  return *chosen;
}

// The rank of a play, 0 for any other action.
int played_rank(const action& a) {
  const auto* p = std::get_if<play_action>(&a);
  if (!p || p->cards.empty()) return 0;
  for (card c : p->cards)
    if (rank_of(c) != rank_of(p->cards[0])) return -1;
  return rank_of(p->cards[0]);
}

TEST(greedy_bot, plays_its_lowest_playable_plain_rank) {
  table t(shiphead(), {{.hand = "3C 4C KC"}, {.hand = "2C 5D 7H 10S 6C QD"}});
  t.act(0, play("4C"));
  EXPECT_EQ(played_rank(greedy_choice(t, 1)), 5);
}

TEST(greedy_bot, keeps_its_2s_7s_and_10s_while_it_has_another_play) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "2C 7H 10S QD"}});
  t.act(0, play("5C"));
  EXPECT_EQ(played_rank(greedy_choice(t, 1)), 12);
}

TEST(greedy_bot, plays_a_power_card_rather_than_pick_up) {
  table two(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "2C 3D"}});
  two.act(0, play("5C"));
  EXPECT_EQ(played_rank(greedy_choice(two, 1)), 2);
  table seven(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "7C 3D"}});
  seven.act(0, play("5C"));
  EXPECT_EQ(played_rank(greedy_choice(seven, 1)), 7);
  table ten(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "10C 3D"}});
  ten.act(0, play("5C"));
  EXPECT_EQ(played_rank(greedy_choice(ten, 1)), 10);
}

TEST(greedy_bot, picks_up_when_it_has_no_play) {
  table t(shiphead(), {{.hand = "3C KC 5C"}, {.hand = "3D 4D"}});
  t.act(0, play("KC"));
  EXPECT_EQ(greedy_choice(t, 1), pick_up());
}

TEST(greedy_bot, waits_on_a_fresh_8_rather_than_picking_up) {
  table t(shiphead(), {{.hand = "3C 8C 5C"}, {.hand = "3D KD"}});
  t.act(0, play("8C"));
  EXPECT_EQ(greedy_choice(t, 1), wait_turn());
}

TEST(greedy_bot, turns_a_face_down_card_rather_than_picking_up) {
  table t(shiphead(), {{.hand = "3C KC 5C"}, {.hand = "", .down = "3S 4S"}});
  t.act(0, play("KC"));
  EXPECT_TRUE(std::holds_alternative<face_down_action>(greedy_choice(t, 1)));
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
