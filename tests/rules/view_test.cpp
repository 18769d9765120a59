// Views: a seat sees its own hand, every face-up card and the pile, and of everything
// hidden only counts; a spectator sees no hand at all.
#include "rules/view.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

#include "rules/rng.hpp"
#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

// Face-down cards reach a view only as "is a card there" flags, the stock only as a count.
static_assert(std::is_same_v<decltype(public_seat::face_down), std::vector<bool>>);
static_assert(std::is_same_v<decltype(seat_view::stock_count), int>);

// Everything a view says, checked against the game it was made from.
void expect_view_of(const game_state& state, int viewer, const seat_view& v) {
  EXPECT_EQ(v.viewer, viewer);
  EXPECT_EQ(v.current_phase, state.current_phase);
  EXPECT_EQ(v.players, state.players);
  EXPECT_EQ(v.dealer, state.dealer);
  EXPECT_EQ(v.current, state.current);
  EXPECT_EQ(v.direction, state.direction);
  EXPECT_EQ(v.turns, state.turns);
  EXPECT_EQ(v.pile, state.pile.cards);
  EXPECT_EQ(v.top, state.pile.top);
  EXPECT_EQ(v.stock_count, static_cast<int>(state.stock.size()));
  EXPECT_EQ(v.burned, state.burned);
  EXPECT_EQ(v.finish_order, state.finish_order);
  EXPECT_EQ(v.shithead, state.shithead);
  EXPECT_EQ(v.abandoned, state.abandoned);
  ASSERT_EQ(v.seats.size(), state.seats.size());
  for (std::size_t s = 0; s < state.seats.size(); ++s) {
    const seat_state& real = state.seats[s];
    const public_seat& seen = v.seats[s];
    EXPECT_EQ(seen.hand_count, static_cast<int>(real.hand.size()));
    EXPECT_EQ(seen.face_up, real.face_up);
    ASSERT_EQ(seen.face_down.size(), real.face_down.size());
    for (std::size_t slot = 0; slot < real.face_down.size(); ++slot)
      EXPECT_EQ(seen.face_down[slot], !real.face_down[slot].empty());
    EXPECT_EQ(seen.swapped, real.swapped);
    EXPECT_EQ(seen.place, real.place);
  }
  if (viewer == spectator) {
    EXPECT_TRUE(v.hand.empty());
    EXPECT_TRUE(v.legal.empty());
  } else {
    EXPECT_EQ(v.hand, state.seats[static_cast<std::size_t>(viewer)].hand);
    EXPECT_EQ(v.legal, legal_actions(state, viewer));
  }
}

TEST(views, a_seat_sees_its_own_hand_and_only_counts_of_the_others) {
  table t(shiphead(),
          {{.hand = "3C 5C KC", .up = "9C", .down = "2C 4C"}, {.hand = "4H 6H 8S QS", .up = "JH AH", .down = "2H"}},
          "7D 8D");
  const seat_view v = view_for(t.state, 0);
  expect_view_of(t.state, 0, v);
  EXPECT_EQ(bag(v.hand), bag("3C 5C KC 7D 8D"));  // drew up to five after the swap
  EXPECT_EQ(v.seats[1].hand_count, 4);            // the stock ran out before seat 1's turn to draw
  EXPECT_EQ(v.seats[1].face_up, cards("JH AH"));
  EXPECT_EQ(v.seats[0].face_down, (std::vector<bool>{true, true}));
  EXPECT_EQ(v.seats[1].face_down, (std::vector<bool>{true}));
  EXPECT_FALSE(v.legal.empty());
  const seat_view other = view_for(t.state, 1);
  expect_view_of(t.state, 1, other);
  EXPECT_TRUE(other.legal.empty());  // not seat 1's turn
}

TEST(views, a_played_face_down_slot_shows_as_empty) {
  table t(shiphead(), {{.hand = "3C", .down = "KS 4D"}, {.hand = "5C 6C 7C QC"}});
  t.act(0, play("3C"));
  t.act(1, play("5C"));
  t.act(0, turn_face_down(0));
  const seat_view v = view_for(t.state, 1);
  expect_view_of(t.state, 1, v);
  EXPECT_EQ(v.seats[0].face_down, (std::vector<bool>{false, true}));
}

TEST(views, a_spectator_sees_no_hand_and_has_no_actions) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  const seat_view v = spectator_view(t.state);
  expect_view_of(t.state, spectator, v);
  EXPECT_EQ(v.seats[0].hand_count, 3);
}

TEST(views, the_swap_phase_shows_the_own_hand_and_the_swap_choices) {
  const auto made = new_game(shiphead(), 2, -1, std::uint64_t{77});
  ASSERT_TRUE(made.ok());
  const seat_view v = view_for(made.value(), 1);
  expect_view_of(made.value(), 1, v);
  EXPECT_EQ(v.hand.size(), 5u);
  EXPECT_FALSE(v.legal.empty());
}

TEST(views, a_reused_view_holds_nothing_of_its_last_viewer) {
  table t(shiphead(), {{.hand = "3C 5C KC"}, {.hand = "4H 6H 8S"}});
  seat_view v;
  view_for(t.state, 0, v);
  view_for(t.state, 1, v);
  expect_view_of(t.state, 1, v);
  view_for(t.state, spectator, v);
  expect_view_of(t.state, spectator, v);
}

TEST(views, every_view_of_random_games_matches_the_game_and_leaks_no_hidden_card) {
  for (preset_id p : all_presets) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto made = new_game(preset(p), 3, -1, seed);
      ASSERT_TRUE(made.ok());
      game_state state = made.value();
      rng random(seed * 1000 + 17);
      std::vector<event> events;
      seat_view v;
      for (int step = 0; step < 400 && !state.over(); ++step) {
        for (int s = 0; s < state.players; ++s) {
          view_for(state, s, v);
          expect_view_of(state, s, v);
          if (::testing::Test::HasFailure()) return;
        }
        const int seat = seat_to_act(state);
        ASSERT_GE(seat, 0);
        const auto legal = legal_actions(state, seat);
        ASSERT_FALSE(legal.empty()) << to_string(p) << " seed " << seed << " step " << step;
        const action& a = legal[random.below(static_cast<std::uint32_t>(legal.size()))];
        ASSERT_FALSE(try_apply(state, seat, a, events)) << describe(a);
      }
      expect_view_of(state, spectator, spectator_view(state));
    }
  }
}

}  // namespace
}  // namespace shithead::rules
