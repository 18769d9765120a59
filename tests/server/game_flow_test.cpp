// Whole games over real WebSockets against a real server on 127.0.0.1: hello, a
// private table joined by its code, bots, every preset, a spectator, a player who
// reconnects with their token mid-game, and the protocol's errors.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

TEST(game_flow, two_browsers_play_a_private_table_joined_by_code_with_a_bot) {
  game_server server;
  player ana(server.port()), ben(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, {{"public", false}, {"seats", 3}});
  ASSERT_EQ(code.size(), 6u);
  ben.send({{"type", "join"}, {"code", code}});
  EXPECT_EQ(ben.expect("joined").value("code", ""), code);
  ana.send({{"type", "add_bot"}, {"kind", "greedy"}});
  ana.send({{"type", "start"}});
  const bool ended = play_to_the_end({&ana, &ben});
  if (!ended)
    for (std::size_t i = ana.frames.size() > 6 ? ana.frames.size() - 6 : 0; i < ana.frames.size(); ++i)
      ADD_FAILURE() << ana.frames[i].dump().substr(0, 600);
  ASSERT_TRUE(ended);
  const auto& over = *ana.game_over;
  EXPECT_TRUE(over.contains("shithead"));
  EXPECT_EQ(*ben.game_over, over);
}

TEST(game_flow, every_preset_plays_to_the_end_at_two_four_and_eight_seats) {
  game_server server;
  int n = 0;
  for (const char* preset : {"shiphead", "isf", "limbo", "palace", "standard"}) {
    for (int seats : {2, 4, 8}) {
      SCOPED_TRACE(std::string(preset) + " x" + std::to_string(seats));
      // A new player each time: one may own only three open tables.
      player solo(server.port());
      solo.hello("Solo" + std::to_string(n++));
      open_table(solo, {{"public", false}, {"seats", seats}, {"ruleset", preset}});
      for (int b = 1; b < seats; ++b) solo.send({{"type", "add_bot"}, {"kind", b % 2 ? "greedy" : "random"}});
      solo.send({{"type", "start"}});
      ASSERT_TRUE(play_to_the_end({&solo}));
      solo.send({{"type", "leave"}});
      solo.expect("left");
    }
  }
}

TEST(game_flow, bots_of_every_level_play_a_whole_game_the_searching_ones_from_the_pool) {
  game_server server;
  player solo(server.port());
  solo.hello("Solo");
  open_table(solo, {{"public", false}, {"seats", 5}});
  for (const char* kind : {"easy", "normal", "hard", "expert"}) solo.send({{"type", "add_bot"}, {"kind", kind}});
  solo.send({{"type", "start"}});
  ASSERT_TRUE(play_to_the_end({&solo}, milliseconds(240'000)));
  EXPECT_GT(server.bots->answered_count(), 0u);
  // The seats name each bot's level.
  std::vector<std::string> levels;
  for (auto it = solo.frames.rbegin(); it != solo.frames.rend() && levels.empty(); ++it)
    if (it->value("type", "") == "room")
      for (const auto& seat : (*it)["seats"])
        if (seat["bot"].is_string()) levels.push_back(seat["bot"].get<std::string>());
  EXPECT_EQ(levels, (std::vector<std::string>{"easy", "normal", "hard", "expert"}));
}

TEST(game_flow, a_table_that_closes_while_its_bots_think_goes_quietly) {
  auto limits = fast_players();
  limits.adjust_table = [](server::table_settings& t) { t.deserted_close = std::chrono::milliseconds(20); };
  game_server server(limits);
  player solo(server.port()), other(server.port());
  solo.hello("Solo");
  other.hello("Other");
  // Seven experts on a full table: their questions queue up behind each other.
  const auto code = open_table(solo, {{"public", false}, {"seats", 8}});
  for (int b = 0; b < 7; ++b) solo.send({{"type", "add_bot"}, {"kind", "expert"}});
  solo.send({{"type", "start"}});
  solo.expect("game");
  // The only human leaves at once: the table is deserted and closes while a bot thinks.
  solo.send({{"type", "leave"}});
  solo.expect("left");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool closed = false;
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(50));
    other.send({{"type", "join"}, {"code", code}, {"spectate", true}});
    // Joined as a spectator while the table is open, refused once it has closed.
    std::string answer;
    for (int reads = 0; reads < 200 && answer.empty(); ++reads) {
      const auto before = other.frames.size();
      other.pump(milliseconds(100));
      for (auto i = before; i < other.frames.size(); ++i) {
        const auto type = other.frames[i].value("type", "");
        if (type == "joined" || type == "error") answer = type;
      }
    }
    closed = answer == "error";
    if (answer == "joined") {
      other.send({{"type", "leave"}});
      other.expect("left");
    }
  }
  EXPECT_TRUE(closed) << "the deserted table closed";
  // The server plays on: another table with a searching bot finishes its game.
  open_table(other, {{"public", false}, {"seats", 2}});
  other.send({{"type", "add_bot"}, {"kind", "hard"}});
  other.send({{"type", "start"}});
  EXPECT_TRUE(play_to_the_end({&other}, milliseconds(120'000)));
}

TEST(game_flow, a_spectator_sees_the_game_but_no_hand) {
  game_server server;
  player ana(server.port()), eve(server.port());
  ana.hello("Ana");
  eve.hello("Eve");
  const auto code = open_table(ana, {{"seats", 2}});
  ana.send({{"type", "add_bot"}, {"kind", "greedy"}});
  eve.send({{"type", "join"}, {"code", code}, {"spectate", true}});
  eve.expect("joined");
  ana.send({{"type", "start"}});
  ASSERT_TRUE(play_to_the_end({&ana, &eve}));
  int game_frames = 0;
  for (const auto& frame : eve.frames) {
    if (frame.value("type", "") != "game") continue;
    ++game_frames;
    const auto& view = frame["view"];
    EXPECT_TRUE(!view.contains("hand") || view["hand"].empty()) << view.dump();
    EXPECT_TRUE(!view.contains("legal") || view["legal"].empty());
  }
  EXPECT_GT(game_frames, 0);
}

TEST(game_flow, a_player_who_reconnects_with_the_token_returns_to_the_same_seat) {
  game_server server;
  player ana(server.port());
  auto ben = std::make_unique<player>(server.port());
  ana.hello("Ana");
  ben->hello("Ben");
  const auto code = open_table(ana, {{"seats", 2}, {"ruleset", "palace"}});
  ben->send({{"type", "join"}, {"code", code}});
  ben->expect("joined");
  ana.send({{"type", "start"}});
  // Play a little, then Ben's phone drops off the network.
  const auto until = std::chrono::steady_clock::now() + milliseconds(1500);
  while (std::chrono::steady_clock::now() < until) {
    for (auto* p : {&ana, ben.get()}) {
      while (p->pump(milliseconds(5))) {
      }
      p->act_if_asked();
    }
  }
  ASSERT_FALSE(ana.game_over) << "the game should still be running";
  const auto token = ben->token;
  const auto seat_before = ben->view.value("viewer", -2);
  ben.reset();
  player ben_again(server.port());
  ben_again.hello("Ben", token);
  const auto snapshot = ben_again.expect("room");
  ASSERT_FALSE(snapshot["game"].is_null());
  EXPECT_EQ(snapshot["game"].value("viewer", -3), seat_before);
  ben_again.view = snapshot["game"];
  ben_again.version = snapshot.value("version", 0);
  ASSERT_TRUE(play_to_the_end({&ana, &ben_again}));
}

TEST(game_flow, bad_input_gets_typed_errors_and_the_connection_stays) {
  game_server server;
  player p(server.port());
  p.send({{"type", "create_table"}});
  EXPECT_EQ(p.expect("error").value("code", ""), "need_hello");
  p.send({{"type", "hello"}, {"v", 99}, {"name", "X"}});
  EXPECT_EQ(p.expect("error").value("code", ""), "bad_version");
  ASSERT_TRUE(p.ws.send("not json"));
  EXPECT_EQ(p.expect("error").value("code", ""), "bad_message");
  ASSERT_TRUE(p.ws.send("[1,2]"));
  EXPECT_EQ(p.expect("error").value("code", ""), "bad_message");
  p.hello("Pat");
  p.send({{"type", "action"}, {"id", 5}, {"action", {{"type", "pickup"}}}});
  const auto not_in_room = p.expect("error");
  EXPECT_EQ(not_in_room.value("code", ""), "not_in_room");
  EXPECT_EQ(not_in_room["id"], 5);
  p.send({{"type", "join"}, {"code", "ZZZZZZ"}});
  EXPECT_EQ(p.expect("error").value("code", ""), "no_such_table");
  const auto code = open_table(p, {{"seats", 2}});
  p.send({{"type", "no_such_message"}, {"id", "x"}});
  const auto unknown = p.expect("error");
  EXPECT_EQ(unknown.value("code", ""), "unknown_type");
  EXPECT_EQ(unknown["id"], "x");
  p.send({{"type", "ping"}, {"id", 1}});
  EXPECT_EQ(p.expect("pong")["id"], 1);
  EXPECT_FALSE(code.empty());
}

TEST(game_flow, a_flood_of_messages_is_rate_limited_then_closed) {
  server::service_limits limits = fast_players();
  limits.message_budget.rate_per_second = 5;
  limits.message_budget.burst = 10;
  limits.message_budget.abuse_strikes = 20;
  game_server server(limits);
  player p(server.port());
  p.hello("Flo");
  for (int i = 0; i < 60; ++i)
    if (!p.ws.send(json{{"type", "ping"}, {"id", i}}.dump())) break;
  bool limited = false;
  while (auto text = p.ws.read(milliseconds(2000)))
    limited = limited || text->find("rate_limited") != std::string::npos;
  EXPECT_TRUE(limited);
  EXPECT_EQ(p.ws.close_reason().code, websocket::close_code::policy_error);
}

TEST(game_flow, too_many_connections_from_one_address_are_refused) {
  server::service_limits limits = fast_players();
  limits.connections_per_address = 3;
  game_server server(limits);
  std::vector<std::unique_ptr<player>> players;
  for (int i = 0; i < 3; ++i) {
    players.push_back(std::make_unique<player>(server.port()));
    players.back()->hello("P" + std::to_string(i));
  }
  player extra(server.port());
  EXPECT_FALSE(extra.ws.read(milliseconds(2000)));
  EXPECT_EQ(extra.ws.close_reason().code, websocket::close_code::try_again_later);
}

}  // namespace
}  // namespace shithead::test
