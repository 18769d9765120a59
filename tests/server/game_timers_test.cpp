// Time and absence over real WebSockets: turn and swap timers, the three-timeouts bot,
// a disconnected player's grace, idle connections, the lobby's live table list, and a
// shutdown with players at the tables. Table clocks run in milliseconds here
// (service_limits::adjust_table) so the tests take seconds, not minutes.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

server::service_limits fast_clocks(std::chrono::milliseconds turn, std::chrono::milliseconds grace) {
  auto limits = fast_players();
  limits.adjust_table = [turn, grace](server::table_settings& table) {
    if (table.turn_timer.count() > 0) table.turn_timer = turn;
    table.swap_timer = turn.count() > 0 ? turn : 300ms;
    table.grace = grace;
  };
  return limits;
}

// Reads everything that arrives within `wait`, acting for nobody.
void idle(player& p, milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (std::chrono::steady_clock::now() < until && !p.game_over) p.pump(20ms);
}

bool any_seat_frame(const player& p, const std::string& player_id, const std::string& key) {
  for (const auto& frame : p.frames) {
    if (frame.value("type", "") != "room") continue;
    for (const auto& seat : frame["seats"])
      if (seat["player_id"] == player_id && seat.value(key, false)) return true;
  }
  return false;
}

TEST(game_timers, players_who_never_act_are_played_for_and_the_game_still_ends) {
  game_server server(fast_clocks(150ms, 60s));
  player ana(server.port()), ben(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, {{"seats", 2}, {"turn_timer", 15}});
  ben.send({{"type", "join"}, {"code", code}});
  ben.expect("joined");
  ana.send({{"type", "start"}});
  // Nobody swaps and nobody plays: the swap timer swaps for both, every turn runs out
  // and gets the greedy bot's move, and after three in a row a bot keeps the seat.
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline && !(ana.game_over && ben.game_over)) {
    ana.pump(10ms);
    ben.pump(10ms);
  }
  ASSERT_TRUE(ana.game_over && ben.game_over) << "the timers did not finish the game";
  EXPECT_TRUE(any_seat_frame(ana, ana.player_id, "controlled_by_bot"));
  EXPECT_TRUE(any_seat_frame(ana, ben.player_id, "controlled_by_bot"));
  bool saw_turn_clock = false;
  for (const auto& frame : ana.frames)
    if (frame.value("type", "") == "game" && frame["deadlines"]["turn_ms_left"].is_number()) saw_turn_clock = true;
  EXPECT_TRUE(saw_turn_clock) << "game frames should carry the running turn clock";
}

TEST(game_timers, a_timed_out_player_takes_the_seat_back_by_coming_back) {
  game_server server(fast_clocks(150ms, 60s));
  player ana(server.port()), ben(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, {{"seats", 2}, {"turn_timer", 15}, {"ruleset", "palace"}});
  ben.send({{"type", "join"}, {"code", code}});
  ben.expect("joined");
  ana.send({{"type", "start"}});
  // Ana plays along; Ben sleeps through three turns and a bot takes his seat.
  const auto until = std::chrono::steady_clock::now() + 20s;
  while (std::chrono::steady_clock::now() < until && !ana.game_over &&
         !any_seat_frame(ana, ben.player_id, "controlled_by_bot")) {
    while (ana.pump(5ms)) {
    }
    ana.act_if_asked();
    ben.pump(5ms);
  }
  ASSERT_FALSE(ana.game_over) << "the game ended before Ben timed out three times";
  ASSERT_TRUE(any_seat_frame(ana, ben.player_id, "controlled_by_bot"));
  // Ben wakes up: any message of his that the table accepts (here a snapshot) shows
  // he is back, and his seat is his own again.
  ben.send({{"type", "snapshot"}});
  bool back = false;
  const auto until_back = std::chrono::steady_clock::now() + 5s;
  while (!back && std::chrono::steady_clock::now() < until_back) {
    ana.pump(5ms);
    if (!ben.pump(20ms)) continue;
    const auto& frame = ben.frames.back();
    if (frame.value("type", "") != "room") continue;
    for (const auto& seat : frame["seats"])
      if (seat["player_id"] == ben.player_id && !seat.value("controlled_by_bot", true)) back = true;
  }
  EXPECT_TRUE(back);
}

TEST(game_timers, a_disconnected_player_is_played_by_a_bot_after_the_grace_and_comes_back) {
  game_server server(fast_clocks(0ms, 200ms));
  player ana(server.port());
  auto ben = std::make_unique<player>(server.port());
  ana.hello("Ana");
  ben->hello("Ben");
  const auto code = open_table(ana, {{"seats", 3}});
  ben->send({{"type", "join"}, {"code", code}});
  ben->expect("joined");
  ana.send({{"type", "add_bot"}, {"kind", "random"}});
  ana.send({{"type", "start"}});
  // Ben swaps, then drops off; the table has no turn timer, yet his grace runs out on
  // his turn and a bot plays for him, so Ana can finish the game.
  idle(*ben, 300ms);
  const auto token = ben->token;
  const auto ben_id = ben->player_id;
  ben.reset();
  const auto until = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < until && !ana.game_over) {
    while (ana.pump(5ms)) {
    }
    ana.act_if_asked();
  }
  ASSERT_TRUE(ana.game_over) << "the game stalled on a disconnected player";
  bool disconnected = false, grace_shown = false;
  for (const auto& frame : ana.frames) {
    if (frame.value("type", "") == "room")
      for (const auto& seat : frame["seats"])
        if (seat["player_id"] == ben_id) disconnected |= !seat.value("connected", true);
    if (frame.value("type", "") == "game" && frame["deadlines"]["grace_ms_left"].is_number()) grace_shown = true;
  }
  EXPECT_TRUE(disconnected);
  EXPECT_TRUE(grace_shown) << "frames should show a disconnected player's grace clock";
  // Ben comes back with his token after the game: he is at the table, in his seat.
  player ben_again(server.port());
  ben_again.hello("", token);
  const auto room = ben_again.expect("room");
  EXPECT_EQ(room.value("code", ""), code);
  bool seated = false;
  for (const auto& seat : room["seats"])
    if (seat["player_id"] == ben_again.player_id) seated = seat.value("connected", false);
  EXPECT_TRUE(seated);
}

TEST(game_timers, a_connection_that_never_answers_pings_is_closed_when_idle) {
  server::websocket_limits socket;
  socket.idle_timeout = 1s;
  game_server server(fast_players(), socket);
  player quiet(server.port());
  quiet.hello("Quiet");
  // The client reads nothing, so it never answers the server's ping.
  std::this_thread::sleep_for(2500ms);
  while (quiet.ws.read(500ms)) {
  }
  EXPECT_TRUE(quiet.ws.closed());
  // A client that reads (and so answers pings) stays.
  player awake(server.port());
  awake.hello("Awake");
  idle(awake, 2500ms);
  awake.send({{"type", "ping"}, {"id", 7}});
  EXPECT_EQ(awake.expect("pong")["id"], 7);
}

TEST(game_timers, the_lobby_list_follows_public_tables_as_they_open_and_fill) {
  game_server server;
  player watcher(server.port()), host(server.port());
  watcher.hello("Wat");
  host.hello("Hos");
  watcher.send({{"type", "list_tables"}});
  const auto before = watcher.expect("tables");
  EXPECT_TRUE(before["tables"].empty());
  const auto code = open_table(host, {{"public", true}, {"seats", 3}, {"ruleset", "isf"}});
  json listed;
  const auto until = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < until) {
    // Changes come a quarter of a second later, gathered, as the changed summaries.
    const auto change = watcher.expect("tables_changed", 1s);
    if (!change.is_null() && !change["changed"].empty()) {
      listed = change["changed"][0];
      EXPECT_EQ(change["order"], json::array({code}));
      break;
    }
  }
  ASSERT_FALSE(listed.is_null());
  EXPECT_EQ(listed.value("code", ""), code);
  EXPECT_EQ(listed.value("preset", ""), "isf");
  EXPECT_EQ(listed.value("seated", -1), 1);
  host.send({{"type", "add_bot"}});
  bool two_seated = false;
  const auto until_bot = std::chrono::steady_clock::now() + 5s;
  while (!two_seated && std::chrono::steady_clock::now() < until_bot) {
    const auto change = watcher.expect("tables_changed", 1s);
    if (!change.is_null() && !change["changed"].empty()) two_seated = change["changed"][0].value("seated", 0) == 2;
  }
  EXPECT_TRUE(two_seated);
  // A private table never shows.
  player other(server.port());
  other.hello("Oth");
  open_table(other, {{"public", false}});
  idle(watcher, 300ms);
  for (const auto& frame : watcher.frames) {
    const auto type = frame.value("type", "");
    if (type == "tables") {
      for (const auto& t : frame["tables"]) EXPECT_EQ(t.value("code", ""), code);
    } else if (type == "tables_changed") {
      for (const auto& t : frame["changed"]) EXPECT_EQ(t.value("code", ""), code);
      for (const auto& listed_code : frame["order"]) EXPECT_EQ(listed_code, code);
    }
  }
}

TEST(game_timers, shutdown_tells_every_player_and_closes_as_going_away) {
  auto server = std::make_unique<game_server>();
  player ana(server->port()), ben(server->port());
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, {{"seats", 2}});
  ben.send({{"type", "join"}, {"code", code}});
  ben.expect("joined");
  ana.send({{"type", "start"}});
  idle(ana, 200ms);
  const auto started = std::chrono::steady_clock::now();
  std::thread stopper([&] { server->http.stop(); });
  for (auto* p : {&ana, &ben}) {
    EXPECT_FALSE(p->expect("closing", 5s).is_null());
    while (p->ws.read(200ms)) {
    }
    EXPECT_EQ(p->ws.close_reason().code, websocket::close_code::going_away);
  }
  stopper.join();
  EXPECT_LT(std::chrono::steady_clock::now() - started, 10s);
  server.reset();
}

}  // namespace
}  // namespace shithead::test
