// The JSON API over a real socket: health, the preset list, each preset's table (the
// same bytes as `shithead rules PRESET --json`) with its summary and rules in words.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "server/net/http_api.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

using nlohmann::ordered_json;
namespace http = boost::beast::http;

// The built binary's stdout.
std::string run_binary(const std::string& args) {
  const std::string command = std::string(SHITHEAD_BINARY) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {};
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  pclose(pipe);
  return out;
}

bool mentions(const std::vector<std::string>& words, std::string_view text) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

TEST(http_api, healthz_answers_ok_as_json) {
  test::test_server server;
  const auto reply = test::http_get(server.port(), "/healthz");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_EQ(reply.header("Content-Type"), "application/json");
  EXPECT_EQ(nlohmann::json::parse(reply.body), nlohmann::json({{"ok", true}, {"status", "ok"}, {"store", "ok"}}));
}

TEST(http_api, healthz_says_which_part_fails) {
  const auto healthy = health_reply(std::nullopt);
  EXPECT_EQ(healthy.status, 200);
  EXPECT_EQ(nlohmann::json::parse(healthy.body)["ok"], true);
  const auto failing = health_reply("the disk is full");
  EXPECT_EQ(failing.status, 503);
  EXPECT_EQ(
      nlohmann::json::parse(failing.body),
      nlohmann::json({{"ok", false}, {"status", "unhealthy"}, {"store", "failing"}, {"reason", "the disk is full"}}));
}

TEST(http_api, the_preset_list_names_every_preset_with_its_summary) {
  test::test_server server;
  const auto reply = test::http_get(server.port(), "/api/rules");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  const auto doc = ordered_json::parse(reply.body);
  ASSERT_EQ(doc["presets"].size(), rules::all_presets.size());
  for (std::size_t i = 0; i < rules::all_presets.size(); ++i) {
    EXPECT_EQ(doc["presets"][i]["name"], std::string(rules::to_string(rules::all_presets[i])));
    EXPECT_EQ(doc["presets"][i]["summary"], std::string(rules::preset_summary(rules::all_presets[i])));
  }
}

TEST(http_api, a_preset_is_the_rules_command_json_plus_summary_and_words) {
  test::test_server server;
  for (auto preset : rules::all_presets) {
    const std::string name(rules::to_string(preset));
    const auto reply = test::http_get(server.port(), "/api/rules/" + name);
    ASSERT_EQ(reply.status, 200u) << name << ": " << reply.error;
    auto doc = ordered_json::parse(reply.body);
    EXPECT_EQ(doc["summary"], std::string(rules::preset_summary(preset)));
    ASSERT_TRUE(doc["rules_in_words"].is_array());
    EXPECT_GE(doc["rules_in_words"].size(), 5u);
    ASSERT_TRUE(doc["powers"].is_object());
    for (auto& [rank_text, names] : doc["powers"].items()) {
      const auto r = rules::parse_rank(rank_text);
      ASSERT_TRUE(r) << rank_text;
      rules::rank_power_set set = 0;
      for (const auto& n : names) set |= rules::bit_of(rules::parse_rank_power(n.get<std::string>()).value());
      EXPECT_EQ(set, rules::preset_ruleset(preset).powers_of(*r)) << name << " " << rank_text;
    }
    doc.erase("summary");
    doc.erase("rules_in_words");
    doc.erase("powers");
    EXPECT_EQ(doc.dump() + "\n", run_binary("rules " + name + " --json")) << name;
  }
}

TEST(http_api, a_tables_house_rules_come_back_with_their_table_powers_and_words) {
  // {"powers":{"9":["reverse"]},"jokers":"skip"}, URL-encoded
  const auto reply =
      rules_reply("/api/rules/shiphead",
                  "ruleset=%7B%22powers%22%3A%7B%229%22%3A%5B%22reverse%22%5D%7D%2C%22jokers%22%3A%22skip%22%7D");
  ASSERT_EQ(reply.status, 200) << reply.body;
  const auto doc = nlohmann::json::parse(reply.body);
  EXPECT_EQ(doc["powers"]["9"], nlohmann::json::parse(R"(["reverse"])"));
  EXPECT_EQ(doc["ruleset"]["jokers"], "skip");
  const auto on_nine = doc["play_on"]["[9]"].dump();  // no longer "nine or lower"
  EXPECT_NE(on_nine.find("\"K\""), std::string::npos) << on_nine;
  const std::string words = doc["rules_in_words"].dump();
  EXPECT_NE(words.find("skip"), std::string::npos) << words;
  EXPECT_NE(words.find("revers"), std::string::npos) << words;
}

TEST(http_api, a_bad_tables_ruleset_is_a_400_bad_query) {
  for (const char* query : {"ruleset=%7B%22powers%22%3A%7B%229%22%3A%5B%22fly%22%5D%7D%7D",  // an unknown power
                            "ruleset=%7B%22preset%22%3A%22isf%22%7D",  // another preset than the path's
                            "ruleset=not-json", "ruleset=%ZZ", "other=1"}) {
    const auto reply = rules_reply("/api/rules/shiphead", query);
    EXPECT_EQ(reply.status, 400) << query;
    EXPECT_EQ(nlohmann::json::parse(reply.body)["error"], "bad_query") << query;
  }
}

TEST(http_api, an_unknown_preset_is_a_404_with_a_json_error) {
  test::test_server server;
  const auto reply = test::http_get(server.port(), "/api/rules/poker");
  ASSERT_EQ(reply.status, 404u) << reply.error;
  EXPECT_EQ(reply.header("Content-Type"), "application/json");
  EXPECT_EQ(nlohmann::json::parse(reply.body)["error"], "unknown_preset");
  EXPECT_EQ(test::http_get(server.port(), "/api/nothing").status, 404u);
}

TEST(http_api, head_gets_the_headers_without_the_body) {
  test::test_server server;
  test::http_connection connection(server.port());
  const auto reply = connection.request(http::verb::head, "/api/rules/shiphead");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_TRUE(reply.body.empty());
  const auto body = preset_body(rules::preset_ruleset(rules::preset_id::shiphead));
  EXPECT_EQ(reply.header("Content-Length"), std::to_string(body.size()));
  // The connection is still in step: the next answer is whole.
  EXPECT_EQ(nlohmann::json::parse(connection.get("/healthz").body)["ok"], true);
}

TEST(http_api, other_methods_are_refused_with_405) {
  test::test_server server;
  const auto reply = test::http_request(server.port(), http::verb::post, "/api/rules", "{}");
  EXPECT_EQ(reply.status, 405u) << reply.error;
  EXPECT_EQ(reply.header("Allow"), "GET, HEAD");
}

TEST(http_api, an_error_quoting_bytes_that_are_not_utf8_is_still_json) {
  const auto reply = rules_reply("/api/rules/\xff\xfe");
  EXPECT_EQ(reply.status, 404);
  EXPECT_TRUE(nlohmann::json::accept(reply.body));
}

TEST(http_api, shiphead_in_words_covers_the_deal_every_power_and_who_starts) {
  const auto words = rules_in_words(rules::preset_ruleset(rules::preset_id::shiphead));
  EXPECT_TRUE(mentions(words, "three cards face down, three face up and a hand of five"));
  EXPECT_TRUE(mentions(words, "A 2 resets the pile"));
  EXPECT_TRUE(mentions(words, "A 7 is invisible"));
  EXPECT_TRUE(mentions(words, "An 8 must be answered with an 8, or the next player waits a turn"));
  EXPECT_TRUE(mentions(words, "After a 9 the next card must be a 9 or lower"));
  EXPECT_TRUE(mentions(words, "A 10 burns the pile"));
  EXPECT_TRUE(mentions(words, "2 and 7 may be played on anything but a fresh 8."));
  EXPECT_TRUE(mentions(words, "10 may be played on anything but a fresh 8 or a fresh 9."));
  EXPECT_TRUE(mentions(words, "Four of a kind"));
  EXPECT_TRUE(mentions(words, "You may pick up the pile instead of playing"));
  EXPECT_TRUE(mentions(words, "After a pick-up the turn passes to the next player."));
  EXPECT_TRUE(mentions(words, "lowest card in hand starts"));
}

TEST(http_api, isf_in_words_says_you_must_play_and_cannot_go_out_on_2_or_10) {
  const auto words = rules_in_words(rules::preset_ruleset(rules::preset_id::isf));
  EXPECT_TRUE(mentions(words, "After a 7 the next card must be a 7 or lower"));
  EXPECT_TRUE(mentions(words, "10 may be played on anything but a 7"));
  EXPECT_TRUE(mentions(words, "Nobody may go out on a 2 or a 10"));
  EXPECT_TRUE(mentions(words, "You must play if you can"));
  EXPECT_TRUE(mentions(
      words, "Whoever picks up the pile (or turns up a face-down card they cannot play) starts the next round"));
  EXPECT_TRUE(mentions(words, "3 of hearts"));
  EXPECT_FALSE(mentions(words, "of a kind"));
}

TEST(http_api, palace_in_words_has_six_blind_cards_and_two_decks) {
  const auto words = rules_in_words(rules::preset_ruleset(rules::preset_id::palace));
  EXPECT_TRUE(mentions(words, "six cards face down, none face up and a hand of three"));
  EXPECT_TRUE(mentions(words, "Two decks are used"));
  EXPECT_FALSE(mentions(words, "swap"));
  EXPECT_FALSE(mentions(words, "face-up cards"));
  EXPECT_TRUE(mentions(words, "play the face-down cards blind"));
}

TEST(http_api, variants_show_in_the_words) {
  rules::ruleset_options options;
  options.jokers = rules::joker_rule::reverse;
  options.three_eights_burn = true;
  options.lower_than_seven = true;
  const auto rs = rules::make_ruleset(rules::preset_id::shiphead, options);
  ASSERT_TRUE(rs);
  const auto words = rules_in_words(rs.value());
  EXPECT_TRUE(mentions(words, "two jokers in each deck"));
  EXPECT_TRUE(mentions(words, "reverses the direction of play"));
  EXPECT_TRUE(mentions(words, "Three 8s in a row burn the pile"));
  EXPECT_TRUE(mentions(words, "After a 7 the next card must be lower than 7"));
}

rules::ruleset made(rules::preset_id preset, const rules::ruleset_options& options) {
  auto rs = rules::make_ruleset(preset, options);
  EXPECT_TRUE(rs) << rs.error().message;
  return rs ? std::move(rs).value() : rules::preset_ruleset(preset);
}

TEST(http_api, skip_jokers_say_who_misses_a_turn) {
  rules::ruleset_options options;
  options.jokers = rules::joker_rule::skip;
  const auto words = rules_in_words(made(rules::preset_id::standard, options));
  EXPECT_TRUE(mentions(words, "two jokers in each deck"));
  EXPECT_TRUE(mentions(words, "A joker is invisible and makes the next player miss a turn"));
  EXPECT_TRUE(mentions(words, "two jokers played together skip the next two players"));
}

TEST(http_api, a_table_that_changes_powers_says_what_each_rank_now_does) {
  rules::ruleset_options options;
  options.powers = {{3, rules::bit_of(rules::rank_power::lower_than_played)},
                    {5, rules::bit_of(rules::rank_power::skip)},
                    {8, 0},
                    {9, rules::bit_of(rules::rank_power::reverse)},
                    {rules::rank_jack, static_cast<rules::rank_power_set>(rules::bit_of(rules::rank_power::burn) |
                                                                          rules::bit_of(rules::rank_power::reverse))}};
  const auto words = rules_in_words(made(rules::preset_id::shiphead, options));
  EXPECT_TRUE(mentions(words, "After a 3 the next card must be lower than 3."));
  EXPECT_TRUE(
      mentions(words, "A 5 makes the next player miss a turn; two 5s played together skip the next two players"));
  EXPECT_TRUE(mentions(words, "An 8 is an ordinary card at this table."));
  EXPECT_FALSE(mentions(words, "must be answered with an 8"));
  EXPECT_TRUE(mentions(words, "A 9 reverses the direction of play"));
  EXPECT_FALSE(mentions(words, "After a 9"));
  EXPECT_TRUE(mentions(words, "A jack burns the pile"));
  EXPECT_TRUE(mentions(words, "A jack reverses the direction of play"));
}

TEST(http_api, specials_that_lose_on_anything_follow_the_usual_rule_in_words) {
  rules::ruleset_options options;
  options.specials_on_anything = false;
  const auto words = rules_in_words(made(rules::preset_id::shiphead, options));
  EXPECT_TRUE(
      mentions(words, "Apart from the 2, special cards follow the usual rule: equal to or higher than the top"));
  EXPECT_FALSE(mentions(words, "10 may be played on anything"));
  EXPECT_TRUE(mentions(words, "2 may be played on anything"));
  // The preset as documented says nothing of it.
  EXPECT_FALSE(mentions(rules_in_words(rules::preset_ruleset(rules::preset_id::shiphead)), "usual rule"));
}

// Issue 32: jokers have no rank to be higher than, so they keep going on anything when
// the other special cards lose it, and the words say so and where they go.
TEST(http_api, jokers_keep_going_on_anything_when_specials_lose_it_and_the_words_say_so) {
  rules::ruleset_options options;
  options.specials_on_anything = false;
  options.jokers = rules::joker_rule::reverse;
  const auto rs = made(rules::preset_id::shiphead, options);
  const auto words = rules_in_words(rs);
  EXPECT_TRUE(mentions(words, "Apart from the 2 and the jokers, special cards follow the usual rule"));
  EXPECT_TRUE(mentions(words, "2 and jokers may be played on anything but a fresh 8."));
  EXPECT_TRUE(rules::has_rank(rs.playable_on(rules::top_state{rules::rank_jack, false}), rules::rank_joker));
  EXPECT_FALSE(rules::has_rank(rs.playable_on(rules::top_state{rules::rank_jack, false}), 10));
}

TEST(http_api, an_ace_that_resets_is_said_to_let_anything_follow_it_and_does) {
  rules::ruleset_options options;
  options.powers = {{rules::rank_ace, rules::bit_of(rules::rank_power::reset)}};
  const auto rs = made(rules::preset_id::shiphead, options);
  EXPECT_TRUE(mentions(rules_in_words(rs), "An ace resets the pile: anything may follow it."));
  EXPECT_EQ(rs.playable_on(rules::top_state{rules::rank_ace, false}), rules::all_ranks);
}

TEST(http_api, play_from_table_and_a_fixed_hand_show_in_the_words) {
  rules::ruleset_options options;
  options.play_from_table = true;
  options.fixed_hand = true;
  const auto words = rules_in_words(made(rules::preset_id::standard, options));
  EXPECT_TRUE(mentions(words, "Face-up cards may be played together with the hand"));
  EXPECT_TRUE(mentions(words, "A face-down card not covered by a face-up card may be turned up on any turn."));
  EXPECT_TRUE(mentions(words, "There is no stock: the cards left over after the deal are set aside"));
  EXPECT_FALSE(mentions(words, "draw back up"));
  const auto plain = rules_in_words(rules::preset_ruleset(rules::preset_id::standard));
  EXPECT_TRUE(mentions(plain, "draw back up to three while the stock lasts"));
  EXPECT_FALSE(mentions(plain, "Face-up cards may be played together"));
  EXPECT_FALSE(mentions(plain, "There is no stock"));
}

}  // namespace
}  // namespace shithead::server
