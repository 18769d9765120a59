#pragma once
// What the over-the-wire game tests share: a real server with the game attached, and a
// scripted player on a real WebSocket who remembers what it was last shown.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/action_json.hpp"
#include "protocol/view_json.hpp"
#include "rules/bots.hpp"
#include "server/app/attach_game.hpp"
#include "server/app/game_service.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::test {

using nlohmann::json;
using std::chrono::milliseconds;

// Scripted players act as fast as the server answers, far beyond a person's pace.
inline server::service_limits fast_players() {
  server::service_limits limits;
  limits.message_budget.rate_per_second = 10'000;
  limits.message_budget.burst = 10'000;
  limits.default_bot_pace = std::chrono::milliseconds{0};  // bots at once, unless a test is about their pace
  return limits;
}

// A server with the game attached. The service (and the rooms, whose timers live on
// the server's io_context) is released before the server and its io_context go.
// (Defined in game_client.cpp: it makes WebSocket sessions, whose Beast templates are
// compiled there once.)
struct game_server {
  test_server http;
  std::shared_ptr<std::shared_ptr<server::game_service>> service;
  // Searching bots think here, as in `shithead serve`.
  std::shared_ptr<server::bot_pool> bots = std::make_shared<server::bot_pool>(1, server::max_waiting_bot_questions);

  explicit game_server(server::service_limits limits = fast_players(), server::websocket_limits socket = {});
  game_server(std::shared_ptr<std::shared_ptr<server::game_service>> holder, server::service_limits limits,
              server::websocket_limits socket);
  ~game_server();
  void init(server::service_limits limits);
  std::uint16_t port() const { return http.port(); }
};

// One browser: a WebSocket that remembers the last state it was shown.
struct player {
  websocket_client ws;
  std::string token;
  std::string player_id;
  json view;  // the latest view of the game for this seat
  std::uint64_t version = 0;
  std::uint64_t acted_version = 0;
  std::optional<json> game_over;
  std::vector<json> frames;

  explicit player(std::uint16_t port) : ws(port) {}
  // Connected to `path`: "/ws?table=K7MPQ2", as a client goes back to its table.
  player(std::uint16_t port, std::string path) : ws(port, std::move(path)) {}
  // From another loopback address (127.0.0.0/8): another client's address or network.
  static std::unique_ptr<player> from(std::uint16_t port, std::string_view source) {
    return std::make_unique<player>(port, "/ws", source);
  }
  player(std::uint16_t port, std::string path, std::string_view source)
      : ws(port, std::move(path), default_timeout, source) {}

  // A send on a closed connection fails the test, unless the test takes servers away
  // under its players (`may_lose_connection`): then they come back instead.
  void send(const json& message) {
    const bool sent = ws.send(message.dump());
    if (!may_lose_connection) {
      ASSERT_TRUE(sent);
    }
  }

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
  // legal (a random pick-up now and then makes games needlessly long); or, when
  // `greedy`, the rules' greedy bot's play, for tests that need games to end soon
  // (random play now and then runs to the rules' turn limit).
  void act_if_asked() {
    if (view.is_null() || !view.contains("legal") || view["legal"].empty() || acted_version == version) return;
    acted_version = version;
    if (greedy) {
      auto read = protocol::parse_json_text(view.dump());
      auto seat_view = read ? protocol::view_from_json(read.value()) : protocol::parsed<rules::seat_view>(read.error());
      ASSERT_TRUE(seat_view) << seat_view.error().message;
      rules::rng random(random_state);
      const auto action = rules::choose_action(rules::bot_kind::greedy, seat_view.value(), random);
      if (action)
        send(json{{"type", "action"}, {"action", json::parse(protocol::dump_json(protocol::action_to_json(*action)))}});
      return;
    }
    std::vector<json> choices;
    for (const auto& a : view["legal"])
      if (a.value("type", "") != "pickup") choices.push_back(a);
    if (choices.empty()) choices.push_back(view["legal"][0]);
    random_state = random_state * 6364136223846793005ull + 1442695040888963407ull;
    send(json{{"type", "action"}, {"action", choices[(random_state >> 33) % choices.size()]}});
  }
  std::uint64_t random_state = 42;
  bool greedy = false;
  bool may_lose_connection = false;
};

// Pumps every player, acting when asked, until all have seen game over.
inline bool play_to_the_end(std::vector<player*> players, milliseconds limit = milliseconds(60000)) {
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

// Pumps every player, acting when asked, until the first has seen `steps` more versions
// than now, or the game ends (30 s at most): a game under way, partly played.
inline void play_some_steps(std::vector<player*> players, std::uint64_t steps) {
  const auto target = players.front()->version + steps;
  const auto deadline = std::chrono::steady_clock::now() + milliseconds(30'000);
  while (std::chrono::steady_clock::now() < deadline && players.front()->version < target &&
         !players.front()->game_over) {
    for (auto* p : players) {
      while (p->pump(milliseconds(5))) {
      }
      if (!p->game_over) p->act_if_asked();
    }
  }
}

inline std::string open_table(player& host, const json& settings) {
  json create = settings;
  create["type"] = "create_table";
  host.send(create);
  const auto joined = host.expect("joined");
  return joined.value("code", "");
}

// The next frame that answers a request: one of type `answer`, or an error; null when
// none comes within `within`.
inline json answer_or_error(player& p, std::string_view answer, milliseconds within = milliseconds(5000)) {
  for (const auto until = std::chrono::steady_clock::now() + within; std::chrono::steady_clock::now() < until;) {
    const auto before = p.frames.size();
    if (!p.pump(milliseconds(100))) continue;
    for (auto i = before; i < p.frames.size(); ++i) {
      const auto type = p.frames[i].value("type", "");
      if (type == answer || type == "error") return p.frames[i];
    }
  }
  return json();
}

// A hello (with `token`, if not empty) and its answer: the welcome or the error.
inline json named_hello_reply(player& p, const std::string& name, const std::string& token = "") {
  json message{{"type", "hello"}, {"v", 1}, {"name", name}};
  if (!token.empty()) message["token"] = token;
  p.send(message);
  return answer_or_error(p, "welcome");
}

// `host` (welcomed, in the lobby, greedy) plays a whole game against a greedy bot at a
// table of two and leaves it: a player with a recorded game.
inline bool finish_a_game_against_a_bot(player& host) {
  host.greedy = true;
  open_table(host, {{"seats", 2}});
  host.send({{"type", "add_bot"}, {"kind", "greedy"}});
  host.send({{"type", "start"}});
  if (!play_to_the_end({&host})) return false;
  host.send({{"type", "leave"}});
  host.expect("left");
  return true;
}

}  // namespace shithead::test
