// The JSON API over a real socket: health, the preset list, each preset's table (the
// same bytes as `shithead rules PRESET --json`) with its summary and rules in words.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "protocol/rules_api.hpp"
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
    doc.erase("pile_words");
    doc.erase("run_burn");
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
  const auto body = protocol::preset_body(rules::preset_ruleset(rules::preset_id::shiphead));
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

}  // namespace
}  // namespace shithead::server
