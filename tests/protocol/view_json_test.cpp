#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "protocol/view_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"

namespace shithead::protocol {
namespace {

// Every string in `value` that reads as a card.
void collect_cards(const json& value, std::set<std::string>& out) {
  if (value.is_string()) {
    const auto& text = value.get_ref<const std::string&>();
    if (rules::parse_card(text)) out.insert(text);
  } else if (value.is_structured()) {
    for (const auto& item : value) collect_cards(item, out);
  }
}

// The cards `viewer` must not learn: other seats' hands, every face-down card, the stock.
std::set<std::string> hidden_from(const rules::game_state& state, int viewer) {
  std::set<std::string> hidden;
  for (int s = 0; s < state.players; ++s) {
    const auto& seat = state.seats[static_cast<std::size_t>(s)];
    if (s != viewer)
      for (auto c : seat.hand) hidden.insert(rules::to_string(c));
    for (auto c : seat.face_down)
      if (!c.empty()) hidden.insert(rules::to_string(c));
  }
  for (auto c : state.stock) hidden.insert(rules::to_string(c));
  return hidden;
}

void expect_nothing_hidden(const rules::game_state& state, int viewer) {
  const auto view = viewer == rules::spectator ? rules::spectator_view(state) : rules::view_for(state, viewer);
  const json written = view_to_json(view);
  std::set<std::string> shown;
  collect_cards(written, shown);
  for (const auto& c : hidden_from(state, viewer))
    ASSERT_EQ(shown.count(c), 0u) << "seat " << viewer << " sees " << c << " in " << written.dump();
  if (viewer != rules::spectator) {
    for (auto c : state.seats[static_cast<std::size_t>(viewer)].hand) {
      ASSERT_EQ(shown.count(rules::to_string(c)), 1u) << "own card missing: " << rules::to_string(c);
    }
  }
}

// One deck only, so that a card string names exactly one card on the table.
TEST(view_json, a_view_never_shows_other_seats_hands_face_down_cards_or_the_stock) {
  for (auto preset : {rules::preset_id::shiphead, rules::preset_id::isf, rules::preset_id::limbo,
                      rules::preset_id::standard}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      SCOPED_TRACE(std::string(rules::to_string(preset)) + " seed " + std::to_string(seed));
      auto game = rules::new_game(rules::preset_ruleset(preset), 3, -1, seed);
      ASSERT_TRUE(game) << game.error().message;
      auto& state = game.value();
      ASSERT_EQ(state.decks, 1);
      rules::rng random(seed);
      std::vector<rules::event> events;
      while (!state.over()) {
        for (int viewer = rules::spectator; viewer < state.players; ++viewer) expect_nothing_hidden(state, viewer);
        const int seat = rules::seat_to_act(state);
        const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
        ASSERT_TRUE(action);
        ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
      }
      for (int viewer = rules::spectator; viewer < state.players; ++viewer) expect_nothing_hidden(state, viewer);
    }
  }
}

TEST(view_json, a_fresh_game_shows_the_table_as_dealt) {
  auto game = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 3, 2, 11);
  ASSERT_TRUE(game);
  const json view = view_to_json(rules::view_for(game.value(), 1));
  EXPECT_EQ(view["viewer"], 1);
  EXPECT_EQ(view["ruleset"], "shiphead");
  EXPECT_EQ(view["phase"], "swap");
  EXPECT_EQ(view["players"], 3);
  EXPECT_EQ(view["dealer"], 2);
  EXPECT_EQ(view["hand"].size(), 5u);
  ASSERT_EQ(view["seats"].size(), 3u);
  for (const auto& seat : view["seats"]) {
    EXPECT_EQ(seat["hand_count"], 5);
    EXPECT_EQ(seat["face_up"].size(), 3u);
    EXPECT_EQ(seat["face_down"], json::parse("[true, true, true]"));
    EXPECT_EQ(seat["swapped"], false);
    EXPECT_EQ(seat["place"], 0);
  }
  EXPECT_EQ(view["pile"], json::array());
  EXPECT_TRUE(view["top"].is_null());
  EXPECT_TRUE(view["run"].is_null());
  EXPECT_EQ(view["stock_count"], 52 - 33);
  EXPECT_EQ(view["burned"], 0);
  EXPECT_EQ(view["finish_order"], json::array());
  EXPECT_TRUE(view["shithead"].is_null());
  EXPECT_EQ(view["abandoned"], false);
  ASSERT_FALSE(view["legal"].empty());
  EXPECT_EQ(view["legal"][0]["type"], "swap");
}

TEST(view_json, a_spectator_has_no_hand_and_no_actions) {
  auto game = rules::new_game(rules::preset_ruleset(rules::preset_id::isf), 2, -1, 3);
  ASSERT_TRUE(game);
  const json view = view_to_json(rules::spectator_view(game.value()));
  EXPECT_TRUE(view["viewer"].is_null());
  EXPECT_EQ(view["hand"], json::array());
  EXPECT_EQ(view["legal"], json::array());
}

TEST(view_json, the_top_and_run_show_rank_and_state_once_cards_are_played) {
  auto game = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 2, -1, 5);
  ASSERT_TRUE(game);
  auto& state = game.value();
  rules::rng random(5);
  std::vector<rules::event> events;
  // Play until something lies on the pile.
  while (!state.over() && state.pile.cards.empty()) {
    const int seat = rules::seat_to_act(state);
    const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
    ASSERT_TRUE(action);
    ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
  }
  const json view = view_to_json(rules::view_for(state, 0));
  EXPECT_EQ(view["phase"], "play");
  EXPECT_EQ(view["pile"].size(), state.pile.cards.size());
  if (state.pile.top.top != 0) {
    EXPECT_EQ(view["top"]["rank"], std::string(rules::rank_name(state.pile.top.top)));
    EXPECT_EQ(view["top"]["used"], state.pile.top.used);
  }
  if (state.pile.run_length > 0) {
    EXPECT_EQ(view["run"]["length"], state.pile.run_length);
  }
  EXPECT_TRUE(view["current"].is_number_integer());
}

}  // namespace
}  // namespace shithead::protocol
