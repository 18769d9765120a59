// The rules as the HTTP API and `shithead rules --json` write them, and the house rules
// a query names, read as the server has always read them.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/rules_api.hpp"
#include "rules/words.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

rules::ruleset with_skip_jokers() {
  rules::ruleset_options options;
  options.jokers = rules::joker_rule::skip;
  auto rs = rules::make_ruleset(rules::preset_id::shiphead, options);
  EXPECT_TRUE(rs) << rs.error().message;
  return rs ? std::move(rs).value() : rules::preset_ruleset(rules::preset_id::shiphead);
}

std::vector<std::string> keys_of(const std::string& text) {
  const auto doc = json::parse(text);
  std::vector<std::string> keys;
  for (const auto& [key, value] : doc.items()) keys.push_back(key);
  return keys;
}

// The card reference tables in one line, as tests/cli checks `shithead rules --json` prints it.
TEST(rules_api, the_shiphead_play_table_is_the_card_reference_tables_in_one_line) {
  std::ifstream in(std::string(SHITHEAD_TEST_DATA) + "/shiphead_play_table.json");
  std::string reference;
  ASSERT_TRUE(std::getline(in, reference));
  EXPECT_EQ(play_table_text(rules::preset_ruleset(rules::preset_id::shiphead)), reference);
}

TEST(rules_api, top_states_are_named_as_the_reference_tables_name_them) {
  EXPECT_EQ(top_state_name({0, false}), "empty");
  EXPECT_EQ(top_state_name({8, false}), "[8]");
  EXPECT_EQ(top_state_name({rules::rank_queen, true}), "<Q>");
  EXPECT_EQ(rank_names(rules::rank_mask{0}), std::vector<std::string>{});
}

TEST(rules_api, the_preset_list_names_every_preset_in_order_with_its_summary) {
  const auto doc = json::parse(presets_body());
  ASSERT_EQ(doc["presets"].size(), rules::all_presets.size());
  for (std::size_t i = 0; i < rules::all_presets.size(); ++i) {
    EXPECT_EQ(dump_json(doc["presets"][i]), dump_json(json{{"name", rules::to_string(rules::all_presets[i])},
                                                           {"summary", rules::preset_summary(rules::all_presets[i])}}));
  }
}

TEST(rules_api, a_preset_body_is_the_play_table_then_summary_powers_and_every_kind_of_words) {
  const auto rs = rules::preset_ruleset(rules::preset_id::shiphead);
  const auto body = preset_body(rs);
  const auto table = play_table_text(rs);
  // The play table's bytes open the body, its closing brace left off.
  EXPECT_EQ(body.substr(0, table.size() - 1), table.substr(0, table.size() - 1));
  EXPECT_EQ(keys_of(body), (std::vector<std::string>{"preset", "play_on", "summary", "powers", "rules_in_words",
                                                     "pile_words", "run_burn"}));
  EXPECT_TRUE(contains(body, R"("powers":{"2":["reset"],"7":["invisible"],"8":["wait"],"9":["lower"],"10":["burn"]})"))
      << body;
  const auto doc = json::parse(body);
  EXPECT_EQ(doc["summary"], std::string(rules::preset_summary(rules::preset_id::shiphead)));
  json words = json::array();
  for (const auto& sentence : rules::rules_in_words(rs)) words.push_back(sentence);
  EXPECT_EQ(doc["rules_in_words"], words);
  // A sentence for every row of the play table, under the same name.
  ASSERT_EQ(doc["pile_words"].size(), doc["play_on"].size());
  for (const auto& [state, sentence] : rules::pile_words(rs))
    EXPECT_EQ(doc["pile_words"][top_state_name(state)], sentence);
  EXPECT_EQ(doc["pile_words"]["[9]"], "Play a 9 or lower.");
  // Four of a kind burns every rank.
  EXPECT_EQ(doc["run_burn"].size(), 13u);
  EXPECT_EQ(doc["run_burn"]["5"], 4);
}

TEST(rules_api, a_preset_where_no_run_burns_has_an_empty_run_burn) {
  const auto doc = json::parse(preset_body(rules::preset_ruleset(rules::preset_id::isf)));
  EXPECT_TRUE(doc["run_burn"].is_object());
  EXPECT_TRUE(doc["run_burn"].empty()) << doc["run_burn"].dump();
}

TEST(rules_api, a_tables_house_rules_come_back_as_its_ruleset_after_the_summary) {
  const auto body = preset_body(with_skip_jokers());
  EXPECT_EQ(keys_of(body), (std::vector<std::string>{"preset", "play_on", "summary", "ruleset", "powers",
                                                     "rules_in_words", "pile_words", "run_burn"}));
  EXPECT_TRUE(contains(body, R"("ruleset":{"preset":"shiphead","jokers":"skip"},)")) << body;
  // The summary is the table's, not the preset's.
  const auto doc = json::parse(body);
  EXPECT_NE(doc["summary"], std::string(rules::preset_summary(rules::preset_id::shiphead)));
  EXPECT_NE(doc["summary"].get<std::string>().find("jokers skip a player"), std::string::npos) << doc["summary"];
}

TEST(rules_api, house_rules_may_leave_out_the_preset_or_name_the_paths) {
  for (const char* text : {R"({"jokers":"skip"})", R"({"preset":"shiphead","jokers":"skip"})"}) {
    const auto rs = parse_house_rules_query(rules::preset_id::shiphead, text);
    ASSERT_TRUE(rs) << text << ": " << rs.error().message;
    EXPECT_EQ(rs.value(), with_skip_jokers()) << text;
  }
  const auto isf = parse_house_rules_query(rules::preset_id::isf, "{}");
  ASSERT_TRUE(isf) << isf.error().message;
  EXPECT_EQ(isf.value(), rules::preset_ruleset(rules::preset_id::isf));
}

TEST(rules_api, house_rules_that_are_not_an_object_or_name_another_preset_are_refused) {
  for (const char* text : {"not-json", "[1]", R"("shiphead")", "", R"({"jokers":)"}) {
    const auto rs = parse_house_rules_query(rules::preset_id::shiphead, text);
    ASSERT_FALSE(rs) << text;
    EXPECT_EQ(rs.error().message, "ruleset: expected a JSON object of house rules") << text;
  }
  for (const char* text : {R"({"preset":"isf"})", R"({"preset":3})"}) {
    const auto rs = parse_house_rules_query(rules::preset_id::shiphead, text);
    ASSERT_FALSE(rs) << text;
    EXPECT_EQ(rs.error().message, "ruleset: its preset differs from the path's") << text;
  }
}

TEST(rules_api, a_bad_house_rule_is_named_by_its_path_under_ruleset) {
  const auto power = parse_house_rules_query(rules::preset_id::shiphead, R"({"powers":{"9":["fly"]}})");
  ASSERT_FALSE(power);
  EXPECT_TRUE(power.error().message.starts_with("ruleset.powers.9[0]: ")) << power.error().message;
  const auto key = parse_house_rules_query(rules::preset_id::shiphead, R"({"hand_sise":4})");
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().message, "ruleset.hand_sise: unknown key");
  const auto range = parse_house_rules_query(rules::preset_id::shiphead, R"({"hand_size":11})");
  ASSERT_FALSE(range);
  EXPECT_TRUE(range.error().message.starts_with("ruleset: hand_size must be between 1 and 10"))
      << range.error().message;
}

}  // namespace
}  // namespace shithead::protocol
