#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol/event_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {
namespace {

using rules::card;
using rules::event_type;
using rules::suit;

rules::event make(event_type type, int seat) {
  rules::event e;
  e.type = type;
  e.seat = seat;
  return e;
}

TEST(event_json, a_play_says_who_played_what_from_where) {
  rules::event e = make(event_type::played, 1);
  e.cards = {card(3, suit::hearts), card(3, suit::spades)};
  e.source = rules::card_source::face_up;
  EXPECT_EQ(event_to_json(e),
            json::parse(R"({"type": "played", "seat": 1, "cards": ["3H", "3S"], "source": "face_up"})"));
}

TEST(event_json, each_type_carries_only_its_own_fields) {
  rules::event revealed = make(event_type::revealed, 0);
  revealed.slot = 2;
  revealed.cards = {card(9, suit::clubs)};
  EXPECT_EQ(event_to_json(revealed), json::parse(R"({"type": "revealed", "seat": 0, "slot": 2, "card": "9C"})"));

  rules::event burned = make(event_type::burned, 2);
  burned.count = 7;
  burned.reason = rules::burn_reason::n_of_a_kind;
  EXPECT_EQ(event_to_json(burned),
            json::parse(R"({"type": "burned", "seat": 2, "count": 7, "reason": "n_of_a_kind"})"));
  burned.reason = rules::burn_reason::burn_card;
  EXPECT_EQ(event_to_json(burned)["reason"], "burn_card");

  rules::event given = make(event_type::pile_given, 1);
  given.other = 3;
  given.count = 5;
  EXPECT_EQ(event_to_json(given), json::parse(R"({"type": "pile_given", "seat": 1, "target": 3, "count": 5})"));

  rules::event reversed = make(event_type::reversed, 1);
  reversed.other = -1;
  EXPECT_EQ(event_to_json(reversed), json::parse(R"({"type": "reversed", "seat": 1, "direction": -1})"));

  rules::event skipped = make(event_type::skipped, 1);
  skipped.other = 2;
  EXPECT_EQ(event_to_json(skipped), json::parse(R"({"type": "skipped", "seat": 1, "target": 2})"));

  rules::event out = make(event_type::out, 4);
  out.place = 2;
  EXPECT_EQ(event_to_json(out), json::parse(R"({"type": "out", "seat": 4, "place": 2})"));

  for (auto type : {event_type::swapped, event_type::picked_up, event_type::cannot_finish, event_type::drew}) {
    rules::event counted = make(type, 1);
    counted.count = 3;
    json expected = json::object();
    expected["type"] = rules::to_string(type);
    expected["seat"] = 1;
    expected["count"] = 3;
    EXPECT_EQ(event_to_json(counted), expected);
  }
  for (auto type : {event_type::play_started, event_type::waited, event_type::turn}) {
    json expected = json::object();
    expected["type"] = rules::to_string(type);
    expected["seat"] = 0;
    EXPECT_EQ(event_to_json(make(type, 0)), expected);
  }
}

TEST(event_json, game_over_names_the_shithead_or_null_when_abandoned) {
  rules::event over = make(event_type::game_over, 2);
  EXPECT_EQ(event_to_json(over), json::parse(R"({"type": "game_over", "shithead": 2, "abandoned": false})"));
  over.seat = -1;
  over.abandoned = true;
  EXPECT_EQ(event_to_json(over), json::parse(R"({"type": "game_over", "shithead": null, "abandoned": true})"));
}

TEST(event_json, a_skip_names_the_seat_that_lost_its_turn_and_reads_back) {
  rules::event skipped = make(event_type::skipped, 3);
  skipped.other = 0;
  std::string frame;
  json_writer out(frame);
  write_event(out, skipped);
  EXPECT_EQ(frame, R"({"type":"skipped","seat":3,"target":0})");
  EXPECT_EQ(frame, dump_json(event_to_json(skipped)));
  auto read = event_from_json(json::parse(frame), "event");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value(), skipped);
}

// The events of whole games played by random bots under `rules`, each written, checked
// to hold no hidden card, and read back; returns the types seen.
std::set<std::string> check_bot_games(const rules::ruleset& rules) {
  const std::set<std::string> with_cards = {"played", "revealed"};
  std::set<std::string> seen;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto game = rules::new_game(rules, 4, -1, seed);
    EXPECT_TRUE(game) << game.error().message;
    if (!game) return seen;
    auto& state = game.value();
    rules::rng random(seed);
    std::vector<rules::event> events;
    while (!state.over()) {
      const int seat = rules::seat_to_act(state);
      const auto action = rules::choose_action(rules::bot_kind::random, rules::view_for(state, seat), random);
      EXPECT_TRUE(action);
      if (!action) return seen;
      EXPECT_FALSE(rules::try_apply(state, seat, *action, events));
      for (const auto& e : events) {
        const json j = event_to_json(e);
        const std::string type = j["type"];
        seen.insert(type);
        EXPECT_EQ(type, rules::to_string(e.type));
        EXPECT_EQ(j.contains("cards") || j.contains("card"), with_cards.count(type) == 1) << j.dump();
        // And reads back as the very event: a client knows everything the server said.
        auto read = event_from_json(j, "event");
        EXPECT_TRUE(read) << read.error().message;
        if (read) {
          EXPECT_EQ(read.value(), e) << j.dump();
        }
        // The frame writer says the same.
        std::string frame;
        json_writer out(frame);
        write_event(out, e);
        EXPECT_EQ(frame, dump_json(j));
      }
      if (::testing::Test::HasFailure()) return seen;
    }
  }
  return seen;
}

// Every event of whole bot games writes, and a `drew` event never names the cards drawn.
TEST(event_json, every_event_of_bot_games_writes_without_hidden_cards) {
  for (auto preset : rules::all_presets) {
    SCOPED_TRACE(rules::to_string(preset));
    check_bot_games(rules::preset_ruleset(preset));
  }
}

TEST(event_json, skips_and_reverses_of_house_rules_cross_the_wire) {
  rules::ruleset_options o;
  o.jokers = rules::joker_rule::skip;
  o.powers = {{5, rules::bit_of(rules::rank_power::skip)},
              {6, rules::bit_of(rules::rank_power::skip)},
              {9, rules::bit_of(rules::rank_power::reverse)}};
  o.play_from_table = true;
  auto made = rules::make_ruleset(rules::preset_id::shiphead, o);
  ASSERT_TRUE(made) << made.error().message;
  const auto seen = check_bot_games(made.value());
  EXPECT_EQ(seen.count("skipped"), 1u);
  EXPECT_EQ(seen.count("reversed"), 1u);
}

TEST(event_json, a_reader_refuses_what_the_server_never_writes) {
  const auto refused = [](const char* text) {
    auto read = event_from_json(json::parse(text), "events[0]");
    return read ? std::string("accepted") : read.error().message;
  };
  EXPECT_EQ(refused(R"({"type": "shuffled", "seat": 1})"), "events[0].type: \"shuffled\" is not an event type");
  EXPECT_EQ(refused(R"({"type": "turn", "seat": 1, "cards": []})"), "events[0].cards: unknown key");
  EXPECT_EQ(refused(R"({"type": "played", "seat": 1, "cards": ["3H"]})"), "events[0].source: missing");
  EXPECT_EQ(refused(R"({"type": "reversed", "seat": 1, "direction": 0})"),
            "events[0].direction: expected 1 or -1, got 0");
  EXPECT_EQ(refused(R"({"type": "skipped", "seat": 1})"), "events[0].target: missing");
  EXPECT_EQ(refused(R"({"type": "skipped", "seat": 1, "target": 2, "direction": 1})"),
            "events[0].direction: unknown key");
  EXPECT_EQ(refused(R"({"type": "skipped", "seat": 1, "target": -1})"), "events[0].target: -1 is out of range 0..63");
  EXPECT_EQ(refused(R"({"type": "burned", "seat": 0, "count": 4, "reason": "fire"})"),
            "events[0].reason: expected \"burn_card\" or \"n_of_a_kind\", got \"fire\"");
  EXPECT_EQ(refused(R"([1])"), "events[0]: expected an event object, got [1]");
  auto reveal = event_from_json(json::parse(R"({"type": "revealed", "seat": 2, "slot": 1, "card": null})"), "e");
  ASSERT_TRUE(reveal) << reveal.error().message;
  EXPECT_TRUE(reveal.value().cards.empty());
}

}  // namespace
}  // namespace shithead::protocol
