#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "protocol/ruleset_json.hpp"
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
  for (auto preset :
       {rules::preset_id::shiphead, rules::preset_id::isf, rules::preset_id::limbo, rules::preset_id::standard}) {
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

// ---- reading a view back ------------------------------------------------------------

// Each preset as documented and a spread of variants, so that rulesets written as
// objects, jokers, invisible ranks, burn-ins, several decks and the house rules of
// `powers`, play from the table and a fixed hand all cross the wire.
std::vector<rules::ruleset> round_trip_rulesets() {
  std::vector<rules::ruleset> out;
  for (auto preset : {rules::preset_id::shiphead, rules::preset_id::isf, rules::preset_id::limbo,
                      rules::preset_id::palace, rules::preset_id::standard})
    out.push_back(rules::preset_ruleset(preset));
  const auto variant = [&out](rules::preset_id preset, auto set) {
    rules::ruleset_options o;
    set(o);
    auto made = rules::make_ruleset(preset, o);
    ASSERT_TRUE(made) << made.error().message;
    out.push_back(std::move(made).value());
  };
  variant(rules::preset_id::shiphead, [](auto& o) { o.jokers = rules::joker_rule::reverse; });
  variant(rules::preset_id::standard, [](auto& o) { o.jokers = rules::joker_rule::give_pile; });
  variant(rules::preset_id::shiphead, [](auto& o) { o.burn_in = true; });
  variant(rules::preset_id::limbo, [](auto& o) { o.invisible = rules::rank{8}; });
  variant(rules::preset_id::isf, [](auto& o) {
    o.tens_restricted = true;
    o.lower_than_seven = true;
    o.n_of_a_kind = 3;
  });
  variant(rules::preset_id::limbo, [](auto& o) { o.swap_stacking = true; });
  variant(rules::preset_id::shiphead, [](auto& o) {
    o.hand_size = 7;
    o.decks = 3;
  });
  variant(rules::preset_id::shiphead, [](auto& o) {
    o.jokers = rules::joker_rule::skip;
    o.powers = {{5, rules::bit_of(rules::rank_power::skip)}, {8, 0}, {9, rules::bit_of(rules::rank_power::reverse)}};
  });
  variant(rules::preset_id::standard, [](auto& o) {
    o.play_from_table = true;
    o.fixed_hand = true;
    o.specials_on_anything = false;
  });
  return out;
}

// Writing and reading every view of a step costs about a millisecond under the
// sanitizers, so 40 games by default; SHITHEAD_SIMULATION_GAMES, which scales the rules'
// simulation (10,080 games by default), scales this in proportion.
int round_trip_games() {
  const char* text = std::getenv("SHITHEAD_SIMULATION_GAMES");
  const long games = text ? std::atol(text) / 250 : 40;
  return static_cast<int>(std::max(12L, games));
}

// The random bot reaches states the greedy one avoids (waits, early pick-ups, odd
// swaps) but rarely finishes, so its games stop at a short turn limit, which also
// brings "abandoned" across.
rules::ruleset with_short_turn_limit(const rules::ruleset& rules) {
  auto options = rules.overrides;
  options.turn_limit = 150;
  auto made = rules::make_ruleset(rules.preset, options);
  EXPECT_TRUE(made) << made.error().message;
  return made ? std::move(made).value() : rules;
}

void expect_view_round_trip(const rules::seat_view& view) {
  const json written = view_to_json(view);
  auto read = view_from_json(written);
  ASSERT_TRUE(read) << read.error().message << " in " << written.dump();
  ASSERT_TRUE(read.value() == view) << "read back differently: " << written.dump();
}

TEST(view_json, every_view_of_every_step_reads_back_as_it_was_written) {
  const auto rulesets = round_trip_rulesets();
  const int games = round_trip_games();
  rules::seat_view view;
  std::vector<rules::event> events;
  for (int g = 0; g < games; ++g) {
    const bool random_bot = g % 4 == 3;
    const auto kind = random_bot ? rules::bot_kind::random : rules::bot_kind::greedy;
    const auto& preset = rulesets[static_cast<std::size_t>(g) % rulesets.size()];
    const auto rules = random_bot ? with_short_turn_limit(preset) : preset;
    const int players = rules::min_players + g % (rules::max_players - rules::min_players + 1);
    const auto seed = static_cast<std::uint64_t>(g) + 1;
    SCOPED_TRACE("game " + std::to_string(g) + ", " + dump_json(ruleset_to_json(rules)) + ", " +
                 std::to_string(players) + " players, " + std::string(rules::to_string(kind)) + " bot");
    auto game = rules::new_game(rules, players, -1, seed);
    ASSERT_TRUE(game) << game.error().message;
    auto& state = game.value();
    rules::rng random(seed);
    for (;;) {
      for (int viewer = rules::spectator; viewer < state.players; ++viewer) {
        rules::view_for(state, viewer, view);
        expect_view_round_trip(view);
        if (::testing::Test::HasFatalFailure()) return;
      }
      if (state.over()) break;
      const int seat = rules::seat_to_act(state);
      rules::view_for(state, seat, view);
      const auto action = rules::choose_action(kind, view, random);
      ASSERT_TRUE(action);
      ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
    }
  }
}

// A fresh three-player shiphead view, seen by seat 1, to break in the tests below.
json a_written_view() {
  auto game = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 3, 2, 11);
  EXPECT_TRUE(game);
  return view_to_json(rules::view_for(game.value(), 1));
}

std::string read_error(const json& view, std::string_view path = {}) {
  auto read = view_from_json(view, path);
  if (read) return "(read without error)";
  return read.error().message;
}

TEST(view_json, a_view_that_is_not_an_object_is_refused) {
  EXPECT_EQ(read_error(json::array()), "expected an object, got []");
  EXPECT_EQ(read_error(json(nullptr), "view"), "view: expected an object, got null");
}

TEST(view_json, a_missing_or_unknown_key_is_named_with_its_path) {
  json view = a_written_view();
  view.erase("legal");
  EXPECT_EQ(read_error(view, "view"), "view.legal: missing");
  view = a_written_view();
  view["seats"][2].erase("place");
  EXPECT_EQ(read_error(view), "seats[2].place: missing");
  view = a_written_view();
  view["secret_hands"] = json::array();
  EXPECT_EQ(read_error(view), "secret_hands: unknown key");
}

TEST(view_json, a_value_of_the_wrong_kind_is_named_with_its_path) {
  json view = a_written_view();
  view["seats"][1]["face_up"][0] = "11H";
  EXPECT_EQ(read_error(view), "seats[1].face_up[0]: \"11H\" is not a card");
  view = a_written_view();
  view["phase"] = "deal";
  EXPECT_EQ(read_error(view), "phase: expected \"swap\", \"play\" or \"over\", got \"deal\"");
  view = a_written_view();
  view["seats"][0]["face_down"][1] = 1;
  EXPECT_EQ(read_error(view), "seats[0].face_down[1]: expected true or false, got 1");
  view = a_written_view();
  view["legal"][0]["type"] = "cheat";
  EXPECT_EQ(read_error(view).rfind("legal[0].type: \"cheat\" is not an action", 0), 0u) << read_error(view);
  view = a_written_view();
  view["top"] = json{{"rank", "Joker"}, {"used", false}};
  EXPECT_EQ(read_error(view).rfind("top.rank: expected a rank", 0), 0u) << read_error(view);
  view = a_written_view();
  view["run"] = json{{"rank", "5"}, {"length", 0}};
  EXPECT_EQ(read_error(view), "run.length: 0 is out of range 1..162");
  view = a_written_view();
  view["ruleset"] = json{{"preset", "shiphead"}, {"hand_size", "five"}};
  EXPECT_EQ(read_error(view), "ruleset.hand_size: expected an integer, got \"five\"");
}

TEST(view_json, every_seat_number_lies_at_the_table) {
  json view = a_written_view();
  view["viewer"] = 3;
  EXPECT_EQ(read_error(view), "viewer: 3 is out of range 0..2");
  view = a_written_view();
  view["current"] = -1;
  EXPECT_EQ(read_error(view), "current: -1 is out of range 0..2");
  view = a_written_view();
  view["finish_order"] = json::array({0, 5});
  EXPECT_EQ(read_error(view), "finish_order[1]: 5 is out of range 0..2");
  view = a_written_view();
  view["players"] = 9;
  EXPECT_EQ(read_error(view), "players: 9 is out of range 2..8");
  view = a_written_view();
  view["seats"].erase(1);
  EXPECT_EQ(read_error(view), "seats: 2 seats for 3 players");
  view = a_written_view();
  view["direction"] = 0;
  EXPECT_EQ(read_error(view), "direction: expected 1 or -1, got 0");
}

TEST(view_json, a_spectator_has_nothing_to_do) {
  json view = a_written_view();
  view["viewer"] = nullptr;
  EXPECT_EQ(read_error(view), "hand: a spectator has no hand");
  view["hand"] = json::array();
  EXPECT_EQ(read_error(view), "legal: a spectator has no actions");
  view["legal"] = json::array();
  EXPECT_EQ(read_error(view), "(read without error)");
}

}  // namespace
}  // namespace shithead::protocol
