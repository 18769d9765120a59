// Whole games over real WebSockets against a real server on 127.0.0.1: hello, a
// private table joined by its code, bots, every preset, a spectator, a player who
// reconnects with their token mid-game, and the protocol's errors.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/game_service.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::test {
namespace {

using nlohmann::json;
using std::chrono::milliseconds;

// Scripted players act as fast as the server answers, far beyond a person's pace.
server::service_limits fast_players() {
  server::service_limits limits;
  limits.message_budget.rate_per_second = 10'000;
  limits.message_budget.burst = 10'000;
  return limits;
}

// A server with the game attached. The service (and the rooms, whose timers live on
// the server's io_context) is released before the server and its io_context go.
struct game_server {
  test_server http;
  std::shared_ptr<std::shared_ptr<server::game_service>> service;

  explicit game_server(server::service_limits limits = fast_players())
      : game_server(std::make_shared<std::shared_ptr<server::game_service>>(), limits) {}
  game_server(std::shared_ptr<std::shared_ptr<server::game_service>> holder, server::service_limits limits)
      : http([holder](beast::tcp_stream stream, http::request<http::string_body> request) {
          std::make_shared<server::websocket_session>(std::move(stream), *holder)->run(std::move(request));
        }),
        service(holder) {
    init(limits);
  }
  void init(server::service_limits limits) {
    std::uint64_t counter = 0x1234;
    *service = std::make_shared<server::game_service>(
        http.get().io_context(), [counter]() mutable { return counter = counter * 6364136223846793005ull + 1442695040888963407ull; },
        limits);
    http.get().on_shutdown([s = *service] { s->shutdown(); });
  }
  ~game_server() {
    http.stop();
    service->reset();
  }
  std::uint16_t port() const { return http.port(); }
};

// One browser: a WebSocket that remembers the last state it was shown.
struct player {
  websocket_client ws;
  std::string token;
  std::string player_id;
  json view;               // the latest view of the game for this seat
  std::uint64_t version = 0;
  std::uint64_t acted_version = 0;
  std::optional<json> game_over;
  std::vector<json> frames;

  explicit player(std::uint16_t port) : ws(port) {}

  void send(const json& message) { ASSERT_TRUE(ws.send(message.dump())); }

  // Reads frames for up to `wait`; true when one arrived.
  bool pump(milliseconds wait) {
    auto text = ws.read(wait);
    if (!text) return false;
    json frame = json::parse(*text);
    frames.push_back(frame);
    const auto type = frame.value("type", "");
    if (type == "room" && frame.contains("game") && !frame["game"].is_null()) {
      view = frame["game"];
      version = frame.value("version", version);
    } else if (type == "game") {
      view = frame["view"];
      version = frame.value("version", version);
    } else if (type == "game_over") {
      game_over = frame;
    }
    return true;
  }

  // The next frame of `type` (others are still recorded).
  json expect(const std::string& type, milliseconds wait = milliseconds(5000)) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < deadline) {
      const auto before = frames.size();
      if (!pump(milliseconds(200))) continue;
      for (auto i = before; i < frames.size(); ++i)
        if (frames[i].value("type", "") == type) return frames[i];
    }
    ADD_FAILURE() << "no '" << type << "' frame within the wait";
    return json();
  }

  void hello(const std::string& name, const std::string& with_token = "") {
    json message{{"type", "hello"}, {"v", 1}, {"name", name}};
    if (!with_token.empty()) message["token"] = with_token;
    send(message);
    const auto welcome = expect("welcome");
    token = welcome.value("token", "");
    player_id = welcome.value("player_id", "");
  }

  // Once per version it is shown: a random play, picking up only when nothing else is
  // legal (a random pick-up now and then makes games needlessly long).
  void act_if_asked() {
    if (view.is_null() || !view.contains("legal") || view["legal"].empty() || acted_version == version) return;
    acted_version = version;
    std::vector<json> choices;
    for (const auto& a : view["legal"])
      if (a.value("type", "") != "pickup") choices.push_back(a);
    if (choices.empty()) choices.push_back(view["legal"][0]);
    random_state = random_state * 6364136223846793005ull + 1442695040888963407ull;
    send(json{{"type", "action"}, {"action", choices[(random_state >> 33) % choices.size()]}});
  }
  std::uint64_t random_state = 42;
};

// Pumps every player, acting when asked, until all have seen game over.
bool play_to_the_end(std::vector<player*> players, milliseconds limit = milliseconds(60000)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    bool all_over = true;
    for (auto* p : players) {
      while (p->pump(milliseconds(5))) {
      }
      if (!p->game_over) {
        all_over = false;
        p->act_if_asked();
      }
    }
    if (all_over) return true;
  }
  return false;
}

std::string open_table(player& host, const json& settings) {
  json create = settings;
  create["type"] = "create_table";
  host.send(create);
  const auto joined = host.expect("joined");
  return joined.value("code", "");
}

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
  while (auto text = p.ws.read(milliseconds(2000))) limited = limited || text->find("rate_limited") != std::string::npos;
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
