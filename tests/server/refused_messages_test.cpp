// Every refused message changes nothing (issue 13): each malformed variant of every
// client message type (an unknown key, each field of the wrong JSON type, a bad id, a
// type that is no string) is answered with one typed error and nothing else, from a
// player seated at a table in play and from one in the lobby, and nobody else at the
// table hears a thing. The first case found: `{"type":"leave","x":1}` was refused by the
// room after the lobby had already taken the player back.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

// One well-formed example of every message type a client may send, with its fields.
std::vector<json> well_formed(const std::string& code) {
  return {
      {{"type", "hello"}, {"v", 1}, {"name", "Someone"}, {"token", "00"}},
      {{"type", "ping"}},
      {{"type", "list_tables"}},
      {{"type", "create_table"}, {"public", true}, {"seats", 4}, {"ruleset", "shiphead"}, {"turn_timer", 30}},
      {{"type", "join"}, {"code", code}, {"spectate", true}},
      {{"type", "quick_play"}},
      {{"type", "ready"}, {"ready", true}},
      {{"type", "add_bot"}, {"kind", "greedy"}},
      {{"type", "remove_bot"}, {"seat", 2}},
      {{"type", "start"}},
      {{"type", "rematch"}},
      {{"type", "action"}, {"action", {{"type", "pickup"}}}},
      {{"type", "chat"}, {"text", "hello"}},
      {{"type", "react"}, {"reaction", "\U0001F602"}},
      {{"type", "snapshot"}},
      {{"type", "sit"}, {"seat", 1}},
      {{"type", "stand"}},
      {{"type", "leave"}},
  };
}

// Values of every JSON type; a field gets each one whose type differs from its own.
const std::vector<json> other_values{nullptr, true, 7, 1.5, "text", json::array({1}), json::object({{"a", 1}})};

bool same_json_type(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.is_number_float() == b.is_number_float();
  return a.type() == b.type();
}

// The malformed variants of one message, each with what it breaks.
std::vector<std::pair<std::string, json>> malformed(const json& message) {
  std::vector<std::pair<std::string, json>> out;
  auto extra = message;
  extra["x"] = 1;
  out.emplace_back("an unknown key", extra);
  for (const auto& [key, value] : message.items()) {
    if (key == "type") continue;
    for (const auto& other : other_values) {
      if (same_json_type(other, value)) continue;
      auto wrong = message;
      wrong[key] = other;
      out.emplace_back(key + " as " + other.dump(), wrong);
    }
  }
  for (const auto& id : {json::object(), json::array(), json(1.5), json(true), json(std::string(65, 'i'))}) {
    auto bad_id = message;
    bad_id["id"] = id;
    out.emplace_back("id " + id.dump().substr(0, 12), bad_id);
  }
  auto no_type = message;
  no_type["type"] = 5;
  out.emplace_back("a type that is no string", no_type);
  return out;
}

// Sends `message` and reads until the ping after it is answered: the frames in between.
std::vector<json> answers_to(player& p, const json& message, int& sync) {
  const auto before = p.frames.size();
  p.send(message);
  p.send({{"type", "ping"}, {"id", "sync" + std::to_string(++sync)}});
  const auto mark = "sync" + std::to_string(sync);
  const auto deadline = std::chrono::steady_clock::now() + milliseconds(5000);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!p.pump(milliseconds(200))) continue;
    const auto& last = p.frames.back();
    if (last.value("type", "") == "pong" && last.value("id", json()) == mark)
      return std::vector<json>(p.frames.begin() + static_cast<std::ptrdiff_t>(before), p.frames.end() - 1);
  }
  ADD_FAILURE() << "no pong after " << message.dump();
  return {};
}

void expect_only_an_error(const std::vector<json>& answers, const json& sent, const std::string& what) {
  SCOPED_TRACE(what + ": " + sent.dump());
  ASSERT_EQ(answers.size(), 1u) << (answers.empty() ? std::string("no answer") : json(answers).dump());
  EXPECT_EQ(answers[0].value("type", ""), "error") << answers[0].dump();
  const auto code = answers[0].value("code", "");
  EXPECT_TRUE(code == "bad_message" || code == "bad_table") << answers[0].dump();
}

class refused_messages : public ::testing::Test {
 protected:
  void SetUp() override {
    host.hello("Hana");
    guest.hello("Gus");
    code = open_table(host, {{"public", false}, {"seats", 3}});
    guest.send({{"type", "join"}, {"code", code}});
    guest.expect("joined");
    host.send({{"type", "add_bot"}, {"kind", "greedy"}});
    host.send({{"type", "start"}});
    host.expect("game");
    guest.expect("game");
    // Settle: everything the start caused (the bot's swap too) has arrived.
    for (int i = 0; i < 10; ++i) {
      while (host.pump(milliseconds(30))) {
      }
      while (guest.pump(milliseconds(30))) {
      }
    }
    int sync = 1000;
    answers_to(host, {{"type", "snapshot"}}, sync);
    answers_to(guest, {{"type", "snapshot"}}, sync);
  }

  game_server server;
  player host{server.port()}, guest{server.port()};
  std::string code;
};

TEST_F(refused_messages, from_a_seated_player_each_is_one_error_and_the_table_hears_nothing) {
  const auto guest_frames = guest.frames.size();
  int sync = 0, sent = 0;
  for (const auto& message : well_formed(code))
    for (const auto& [what, variant] : malformed(message)) {
      expect_only_an_error(answers_to(host, variant, sync), variant, what);
      ++sent;
    }
  EXPECT_GT(sent, 150);
  // Nobody else saw anything: the guest's next ping is the first frame since.
  const auto after = answers_to(guest, {{"type", "ping"}}, sync);
  ASSERT_EQ(after.size(), 1u);  // the pong to that ping itself
  EXPECT_EQ(guest.frames.size(), guest_frames + 2);

  // The host is still seated and in the game: a table request still reaches the room.
  const auto snapshot = answers_to(host, {{"type", "snapshot"}}, sync);
  ASSERT_FALSE(snapshot.empty());
  EXPECT_EQ(snapshot.back().value("type", ""), "room") << snapshot.back().dump();
  // And a well-formed leave still leaves.
  host.send({{"type", "leave"}});
  host.expect("left");
}

TEST_F(refused_messages, the_leave_with_an_unknown_key_leaves_nobody) {
  int sync = 0;
  expect_only_an_error(answers_to(host, {{"type", "leave"}, {"id", 1}, {"x", 1}}, sync), json(), "leave");
  // Still at the table: chat reaches the guest, no not_in_room.
  answers_to(host, {{"type", "chat"}, {"text", "still here"}}, sync);  // its own line comes back
  const auto chat = guest.expect("chat");
  EXPECT_EQ(chat.value("text", ""), "still here");
  // And the room still has them in their seat, connected.
  const auto room = answers_to(host, {{"type", "snapshot"}}, sync);
  ASSERT_EQ(room.size(), 1u);
  bool seated = false;
  for (const auto& seat : room[0]["seats"])
    if (seat.value("player_id", json()) == host.player_id) seated = !seat.value("left", true);
  EXPECT_TRUE(seated) << room[0].dump();
}

TEST_F(refused_messages, from_the_lobby_each_is_one_error_and_changes_nothing) {
  player loner(server.port());
  loner.hello("Lou");
  loner.expect("tables");  // a new player watches the lobby's list
  int sync = 0;
  for (const auto& message : well_formed(code))
    for (const auto& [what, variant] : malformed(message))
      expect_only_an_error(answers_to(loner, variant, sync), variant, what);
  // Still in the lobby, at no table, and the host's table was never joined.
  const auto table_request = answers_to(loner, {{"type", "snapshot"}}, sync);
  ASSERT_EQ(table_request.size(), 1u);
  EXPECT_EQ(table_request[0].value("code", ""), "not_in_room");
}

}  // namespace
}  // namespace shithead::test
