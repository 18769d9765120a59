#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "protocol/record_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/view.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

using rules::card;
using rules::suit;

game_record seeded_record() {
  game_record record;
  record.ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  record.players = 3;
  record.dealer = 2;
  record.start = std::uint64_t{18446744073709551557ull};
  record.actions = {
      {0, rules::swap_action{{card(14, suit::spades), card(13, suit::diamonds), card(10, suit::clubs)}, false}},
      {1, rules::play_action{{card(3, suit::hearts), card(3, suit::spades)}, -1}},
      {2, rules::pickup_action{}},
      {0, rules::wait_action{}},
      {1, rules::face_down_action{2}},
      {2, rules::play_action{{card::joker(rules::joker_black)}, 0}},
      {0, rules::swap_action{{card(5, suit::hearts)}, true}},
  };
  return record;
}

game_record dealt_record() {
  rules::ruleset_options options;
  options.hand_size = 4;
  options.decks = 0;
  auto made = rules::make_ruleset(rules::preset_id::isf, options);
  EXPECT_TRUE(made);
  game_record record;
  record.ruleset = made.value();
  record.players = 4;
  record.dealer = 1;
  auto cards = rules::deal_from_seed(record.ruleset, 4, 1, 7);
  EXPECT_TRUE(cards);
  record.start = cards.value();
  record.actions = {{3, rules::pickup_action{}}};
  return record;
}

void expect_same(const game_record& a, const game_record& b) {
  EXPECT_EQ(record_to_json(a), record_to_json(b));
  EXPECT_EQ(a.players, b.players);
  EXPECT_EQ(a.dealer, b.dealer);
  EXPECT_EQ(a.ruleset.preset, b.ruleset.preset);
  EXPECT_EQ(a.ruleset.hand_size, b.ruleset.hand_size);
  EXPECT_EQ(a.start, b.start);
  ASSERT_EQ(a.actions.size(), b.actions.size());
  for (std::size_t i = 0; i < a.actions.size(); ++i) {
    EXPECT_EQ(a.actions[i].seat, b.actions[i].seat) << i;
    EXPECT_EQ(a.actions[i].action, b.actions[i].action) << i;
  }
}

TEST(record_json, a_seeded_record_round_trips_through_text) {
  const game_record record = seeded_record();
  const std::string text = write_record(record);
  auto back = parse_record(text);
  ASSERT_TRUE(back) << back.error().message << "\n" << text;
  expect_same(record, back.value());
  EXPECT_EQ(write_record(back.value()), text);
}

TEST(record_json, a_dealt_record_round_trips_through_text) {
  const game_record record = dealt_record();
  const std::string text = write_record(record);
  auto back = parse_record(text);
  ASSERT_TRUE(back) << back.error().message << "\n" << text;
  expect_same(record, back.value());
  EXPECT_EQ(write_record(back.value()), text);
}

TEST(record_json, a_record_reads_back_from_its_json_value_too) {
  const game_record record = dealt_record();
  auto back = record_from_json(record_to_json(record));
  ASSERT_TRUE(back) << back.error().message;
  expect_same(record, back.value());
}

TEST(record_json, the_written_record_has_one_action_a_line) {
  const std::string text = write_record(seeded_record());
  EXPECT_TRUE(contains(text, "\n  {\"seat\": 1, \"type\": \"play\", \"cards\": [\"3H\", \"3S\"]},\n")) << text;
  EXPECT_TRUE(contains(text, "{\"ruleset\": \"shiphead\", \"players\": 3, \"dealer\": 2,\n")) << text;
  EXPECT_TRUE(contains(text, "\"seed\": \"18446744073709551557\",")) << text;
  EXPECT_EQ(text.back(), '\n');
}

// Seeds use all 64 bits; a JavaScript number keeps only 53, so the seed is a string.
TEST(record_json, a_seed_above_2_to_the_53_is_written_as_a_string_and_reads_back_exactly) {
  game_record record = seeded_record();
  record.start = std::uint64_t{9007199254740993};  // 2^53 + 1: the first a double rounds
  const json value = record_to_json(record);
  EXPECT_EQ(value["seed"], json("9007199254740993"));
  auto from_value = record_from_json(value);
  ASSERT_TRUE(from_value) << from_value.error().message;
  EXPECT_EQ(std::get<std::uint64_t>(from_value.value().start), 9007199254740993u);
  auto from_text = parse_record(write_record(record));
  ASSERT_TRUE(from_text) << from_text.error().message;
  EXPECT_EQ(std::get<std::uint64_t>(from_text.value().start), 9007199254740993u);
}

// Records stored before seeds were strings hold them as JSON numbers.
TEST(record_json, an_old_record_with_a_numeric_seed_still_reads) {
  auto record = parse_record(R"({"ruleset": "shiphead", "players": 2, "seed": 18446744073709551557})");
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_EQ(std::get<std::uint64_t>(record.value().start), 18446744073709551557u);
  auto as_string = parse_record(R"({"ruleset": "shiphead", "players": 2, "seed": "18446744073709551557"})");
  ASSERT_TRUE(as_string) << as_string.error().message;
  EXPECT_EQ(std::get<std::uint64_t>(as_string.value().start), 18446744073709551557u);
}

std::string record_file(std::string_view name) {
  std::ifstream in(std::string(SHITHEAD_TEST_DATA) + "/records/" + std::string(name));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The same bot game twice, its seed (above 2^53) written as a string and as an old number.
TEST(record_json, a_stored_game_replays_the_same_with_either_form_of_seed) {
  auto as_string = parse_record(record_file("legal_seeded.json"));
  auto as_number = parse_record(record_file("legal_seeded_numeric_seed.json"));
  ASSERT_TRUE(as_string) << as_string.error().message;
  ASSERT_TRUE(as_number) << as_number.error().message;
  expect_same(as_string.value(), as_number.value());
  EXPECT_EQ(std::get<std::uint64_t>(as_string.value().start), 16045690984503111693u);

  auto replayed = replay_record(as_number.value());
  ASSERT_TRUE(replayed) << replayed.error().message;
  EXPECT_EQ(replayed.value().failed_index, -1);
  EXPECT_TRUE(replayed.value().state.over());
  EXPECT_FALSE(replayed.value().state.abandoned);
  // Written again, the old record takes the new form.
  EXPECT_EQ(write_record(as_number.value()), record_file("legal_seeded.json"));
}

TEST(record_json, a_record_without_actions_writes_an_empty_list) {
  game_record record = seeded_record();
  record.actions.clear();
  const std::string text = write_record(record);
  EXPECT_TRUE(contains(text, "\"actions\": []")) << text;
  auto back = parse_record(text);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_TRUE(back.value().actions.empty());
}

TEST(record_json, the_documented_example_reads) {
  auto record = parse_record(R"({"ruleset": "shiphead", "players": 3, "dealer": 2,
    "deal": {"hands": [["3H","KD","9C","9S","4D"], ["3S","5H","6C","7D","8H"], ["2S","4S","5S","6S","7S"]],
             "face_up": [["AS","10C","JH"], ["QD","QC","2H"], ["8C","8D","9D"]],
             "face_down": [["2C","3C","4C"], ["5C","7C","JC"], ["KC","AC","2D"]],
             "stock": ["QS", "JS"]},
    "actions": [ {"seat": 0, "type": "swap", "face_up": ["AS","KD","10C"]},
                 {"seat": 1, "type": "play", "cards": ["3H","3S"]},
                 {"seat": 2, "type": "pickup"}, {"seat": 0, "type": "wait"},
                 {"seat": 1, "type": "play_face_down", "slot": 2} ]})");
  ASSERT_TRUE(record) << record.error().message;
  const auto& r = record.value();
  EXPECT_EQ(r.players, 3);
  EXPECT_EQ(r.dealer, 2);
  const auto& cards = std::get<rules::deal>(r.start);
  EXPECT_EQ(cards.hands[0][1], card(13, suit::diamonds));
  EXPECT_EQ(cards.stock.front(), card(12, suit::spades));
  ASSERT_EQ(r.actions.size(), 5u);
  EXPECT_EQ(r.actions[4].seat, 1);
  EXPECT_EQ(r.actions[4].action, rules::action{rules::face_down_action{2}});
}

TEST(record_json, the_dealer_defaults_to_the_last_seat) {
  auto record = parse_record(R"({"ruleset": "isf", "players": 5, "seed": 1})");
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_EQ(record.value().dealer, 4);
  EXPECT_TRUE(record.value().actions.empty());
}

TEST(record_json, a_ruleset_object_reads_inside_a_record) {
  auto record =
      parse_record(R"({"ruleset": {"preset": "palace", "decks": 3}, "players": 2, "seed": 9, "actions": []})");
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_EQ(record.value().ruleset.decks, 3);
  EXPECT_TRUE(contains(write_record(record.value()), R"({"ruleset": {"preset": "palace", "decks": 3},)"));
}

// Rules revisions (rules/README.md): a record says its revision only where the revisions
// play differently, a reset on another rank than the 2. Revision 1 read that reset by rank
// order; the stores marked every such record they held (SQLite 7, PostgreSQL 6).
TEST(record_json, a_record_says_its_rules_revision_only_where_a_reset_rank_makes_it_matter) {
  const rules::top_state ace{rules::rank_ace, false};
  auto now = parse_record(
      R"({"ruleset": {"preset": "shiphead", "powers": {"A": ["reset"]}}, "players": 2, "seed": "9", "actions": []})");
  ASSERT_TRUE(now) << now.error().message;
  EXPECT_FALSE(now.value().ruleset.reset_by_rank_order);
  EXPECT_TRUE(rules::has_rank(now.value().ruleset.playable_on(ace), 3));
  EXPECT_TRUE(contains(write_record(now.value()), R"(, "rules_revision": 2, "players": 2,)"));
  EXPECT_EQ(parse_record(write_record(now.value())).value(), now.value());

  auto then = parse_record(
      R"({"ruleset": {"preset": "shiphead", "powers": {"A": ["reset"]}}, "rules_revision": 1, "players": 2, "seed": "9"})");
  ASSERT_TRUE(then) << then.error().message;
  EXPECT_TRUE(then.value().ruleset.reset_by_rank_order);
  EXPECT_FALSE(rules::has_rank(then.value().ruleset.playable_on(ace), 3));
  EXPECT_TRUE(rules::has_rank(then.value().ruleset.playable_on(ace), rules::rank_ace));
  EXPECT_TRUE(contains(write_record(then.value()), R"(, "rules_revision": 1, "players": 2,)"));
  EXPECT_EQ(parse_record(write_record(then.value())).value(), then.value());
  EXPECT_EQ(record_from_json(record_to_json(then.value())).value(), then.value());

  // Where only the 2 resets, both revisions are one: nothing is written or kept.
  auto plain = parse_record(R"({"ruleset": "shiphead", "rules_revision": 1, "players": 2, "seed": "9"})");
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_EQ(plain.value().ruleset, rules::preset_ruleset(rules::preset_id::shiphead));
  EXPECT_FALSE(contains(write_record(plain.value()), "rules_revision"));

  for (const auto* bad : {R"("rules_revision": 3)", R"("rules_revision": 0)", R"("rules_revision": "1")"}) {
    const auto refused =
        parse_record(std::string(R"({"ruleset": "shiphead", "players": 2, "seed": "9", )") + bad + "}");
    ASSERT_FALSE(refused) << bad;
    EXPECT_TRUE(contains(refused.error().message, "rules_revision")) << refused.error().message;
  }
}

TEST(record_json, a_stock_may_be_left_out_of_a_deal) {
  auto dealt = parse_record(R"({"ruleset": "shiphead", "players": 2,
      "deal": {"hands": [["3H"], ["4H"]], "face_up": [[], []], "face_down": [[], []]}})");
  ASSERT_TRUE(dealt) << dealt.error().message;
  EXPECT_TRUE(std::get<rules::deal>(dealt.value().start).stock.empty());
}

TEST(record_json, mistakes_are_errors_that_name_the_problem) {
  const std::string deal2 =
      R"("deal": {"hands": [["3H"], ["4H"]], "face_up": [[], []], "face_down": [[], []], "stock": []})";
  const std::vector<error_case> cases = {
      {"not json", "invalid JSON"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1,})", "invalid JSON"},
      {"", "invalid JSON"},
      {"[]", "expected an object, got []"},
      {R"({"players": 2, "seed": 1})", "ruleset: missing"},
      {R"({"ruleset": "shiphead", "seed": 1})", "players: missing"},
      {R"({"ruleset": "shiphead", "players": "2", "seed": 1})", R"(players: expected an integer, got "2")"},
      {R"({"ruleset": "shiphead", "players": 1, "seed": 1})", "players: 1 is out of range 2..8"},
      {R"({"ruleset": "shiphead", "players": 9, "seed": 1})", "players: 9 is out of range 2..8"},
      {R"({"ruleset": "shiphead", "players": 3, "dealer": 3, "seed": 1})", "dealer: 3 is out of range 0..2"},
      {R"({"ruleset": "shiphead", "players": 3, "dealer": -1, "seed": 1})", "dealer: -1 is out of range 0..2"},
      {R"({"ruleset": "shiphead", "players": 3})", "deal: missing"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, )" + deal2 + "}", "not both"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": -5})", "seed: -5 is negative"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1.5})", "seed: expected an unsigned integer, got 1.5"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": "5x"})",
       R"(seed: expected a string of decimal digits, got "5x")"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": "-5"})",
       R"(seed: expected a string of decimal digits, got "-5")"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": ""})", R"(seed: expected a string of decimal digits, got "")"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": true})", "seed: expected a string of decimal digits, got true"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": "18446744073709551616"})",
       R"(seed: "18446744073709551616" does not fit in 64 bits)"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "comment": "hi"})", "comment: unknown key"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": {}})", "actions: expected an array of actions"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": [{"type": "pickup"}]})",
       "actions[0].seat: missing"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": [{"seat": "0", "type": "pickup"}]})",
       "actions[0].seat: expected an integer"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": [{"seat": 0}]})", "actions[0].type: missing"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": [{"seat": 0, "type": "pickup", "cards": []}]})",
       "actions[0].cards: unknown key"},
      {R"({"ruleset": "shiphead", "players": 2, "seed": 1, "actions": [{"seat": 0, "type": "pickup"},
           {"seat": 1, "type": "pickup"}, {"seat": 0, "type": "pickup"},
           {"seat": 1, "type": "play", "cards": ["3H", "11H"]}]})",
       R"(actions[3].cards[1]: "11H" is not a card)"},
      {R"({"ruleset": {"preset": "shiphead", "hand_sise": 1}, "players": 2, "seed": 1})",
       "ruleset.hand_sise: unknown key"},
      {R"({"ruleset": "poker", "players": 2, "seed": 1})", "ruleset: expected a preset"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": []})", "deal: expected an object"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": {"hands": [["3H"], ["4H"]], "face_up": [[], []]}})",
       "deal.face_down: missing"},
      {R"({"ruleset": "shiphead", "players": 3, )" + deal2 + "}", "deal.hands: 2 seats, but the record has 3 players"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": {"hands": [["3H"], "4H"], "face_up": [[], []], "face_down": [[], []]}})",
       "deal.hands[1]: expected an array of cards"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": {"hands": [["3H"], ["4H"]], "face_up": [[], ["1C"]], "face_down": [[], []]}})",
       R"(deal.face_up[1][0]: "1C" is not a card)"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": {"hands": [["3H"], ["4H"]], "face_up": [[], []], "face_down": [[], []], "stock": ["ZZ"]}})",
       R"(deal.stock[0]: "ZZ" is not a card)"},
      {R"({"ruleset": "shiphead", "players": 2, "deal": {"hands": [], "face_up": [], "face_down": [], "stock": [], "pile": []}})",
       "deal.pile: unknown key"},
  };
  for (const auto& c : cases) {
    auto record = parse_record(c.text);
    ASSERT_FALSE(record) << c.text;
    EXPECT_TRUE(contains(record.error().message, c.expected))
        << c.text << "\n  message: " << record.error().message << "\n  expected: " << c.expected;
  }
}

// ---- the written record is the tree's text --------------------------------------------

// A record as it was written before issue 31, through record_to_json's tree, each part
// formatted by format_json_line: write_record() now writes straight into the text, and
// stored records, diffs and `shithead replay` must not see a difference.
std::string tree_record_text(const game_record& record) {
  const json full = record_to_json(record);
  std::string text = "{\"ruleset\": " + format_json_line(full["ruleset"]);
  if (full.contains("rules_revision")) text += ", \"rules_revision\": " + dump_json(full["rules_revision"]);
  text += ", \"players\": " + dump_json(full["players"]) + ", \"dealer\": " + dump_json(full["dealer"]) + ",\n";
  if (full.contains("seed")) {
    text += " \"seed\": " + dump_json(full["seed"]) + ",\n";
  } else {
    const json& deal = full["deal"];
    text += " \"deal\": {\n";
    for (const char* zone : {"hands", "face_up", "face_down"})
      text += "  \"" + std::string(zone) + "\": " + format_json_line(deal[zone]) + ",\n";
    text += "  \"stock\": " + format_json_line(deal["stock"]) + "},\n";
  }
  const json& actions = full["actions"];
  if (actions.empty()) return text + " \"actions\": []}\n";
  text += " \"actions\": [\n";
  for (std::size_t i = 0; i < actions.size(); ++i)
    text += "  " + format_json_line(actions[i]) + (i + 1 < actions.size() ? ",\n" : "\n");
  return text + " ]}\n";
}

// Every preset, and options that change what a record holds: a ruleset written as an
// object, a rules revision (a reset moved to another rank), give-pile jokers (a play's
// "target"), stacked swaps ("more"), several decks and none.
std::vector<rules::ruleset> record_rulesets() {
  std::vector<rules::ruleset> out;
  for (auto preset : rules::all_presets) out.push_back(rules::preset_ruleset(preset));
  rules::ruleset_options give_pile;
  give_pile.jokers = rules::joker_rule::give_pile;
  rules::ruleset_options stacked;
  stacked.swap_stacking = true;
  rules::ruleset_options ace_resets;
  ace_resets.powers = {{14, rules::bit_of(rules::rank_power::reset)}};
  rules::ruleset_options big;
  big.hand_size = 7;
  big.decks = 3;
  rules::ruleset_options no_decks;
  no_decks.decks = 0;
  for (const auto& [preset, options] : {std::pair{rules::preset_id::standard, give_pile},
                                        {rules::preset_id::limbo, stacked},
                                        {rules::preset_id::shiphead, ace_resets},
                                        {rules::preset_id::palace, big},
                                        {rules::preset_id::isf, no_decks}}) {
    auto made = rules::make_ruleset(preset, options);
    EXPECT_TRUE(made) << made.error().message;
    if (made) out.push_back(std::move(made).value());
  }
  return out;
}

TEST(record_json, every_written_record_of_whole_bot_games_is_the_tree_text_byte_for_byte) {
  int records = 0;
  std::set<std::string> seen;  // the parts that only some records have
  std::uint64_t seed = 3;
  std::vector<rules::event> events;
  for (const auto& ruleset : record_rulesets()) {
    for (int players = rules::min_players; players <= rules::max_players; ++players, ++seed) {
      auto game = rules::new_game(ruleset, players, -1, seed);
      if (!game) continue;  // too few cards for this many players under this ruleset
      auto& state = game.value();
      game_record record;
      record.ruleset = ruleset;
      record.players = players;
      record.dealer = state.dealer;
      record.start = seed;
      if (seed % 2 == 0) {  // every other game starts from its cards as dealt
        auto cards = rules::deal_from_seed(ruleset, players, state.dealer, seed);
        ASSERT_TRUE(cards);
        record.start = cards.value();
      }
      SCOPED_TRACE(dump_json(ruleset_to_json(ruleset)) + ", " + std::to_string(players) + " players, seed " +
                   std::to_string(seed));
      ASSERT_EQ(write_record(record), tree_record_text(record));  // before any action
      // The random bot waits, picks up and swaps oddly, so every kind of action comes.
      const auto bot = seed % 3 == 0 ? rules::bot_kind::greedy : rules::bot_kind::random;
      rules::rng random(seed);
      for (int step = 0; !state.over() && step < 600; ++step) {
        const int seat = rules::seat_to_act(state);
        const auto action = rules::choose_action(bot, rules::view_for(state, seat), random);
        ASSERT_TRUE(action);
        ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
        record.actions.push_back(recorded_action{seat, *action});
      }
      // Bots never stack swaps: a stacked swap written into every fourth record.
      if (seed % 4 == 1)
        record.actions.insert(record.actions.begin(),
                              recorded_action{0, rules::swap_action{{card(5, suit::hearts)}, true}});
      const auto text = write_record(record);
      ASSERT_EQ(text, tree_record_text(record));
      auto back = parse_record(text);
      ASSERT_TRUE(back) << back.error().message;
      EXPECT_EQ(back.value(), record);
      for (const char* part : {"\"more\": true", "\"target\": ", "\"rules_revision\": ", "\"deal\": ", "\"seed\": ",
                               "\"ruleset\": {", "\"slot\": ", "\"wait\"", "\"pickup\""})
        if (contains(text, part)) seen.insert(part);
      ++records;
    }
  }
  EXPECT_GE(records, 70);
  std::string parts;
  for (const auto& part : seen) parts += part + "  ";
  EXPECT_EQ(seen.size(), 9u) << parts;
}

TEST(record_json, a_record_that_parses_may_still_hold_an_impossible_deal) {
  // Too many copies of a card is the rules' to judge when the game starts.
  auto record = parse_record(R"({"ruleset": {"preset": "shiphead", "decks": 1}, "players": 2,
      "deal": {"hands": [["AS", "AS", "AS"], ["AS", "AS"]], "face_up": [[], []], "face_down": [[], []]}})");
  ASSERT_TRUE(record) << record.error().message;
  auto game = start_game(record.value());
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().code, rules::error_code::bad_deal);
}

}  // namespace
}  // namespace shithead::protocol
