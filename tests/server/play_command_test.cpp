// The command-line clients against a real in-process server: `shithead play` plays a
// whole game against bots and prints its result as the last line; `shithead
// healthcheck` is 0 for a live server and 1 for a closed port; and the URLs they take.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/action_json.hpp"
#include "protocol/view_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/table_player.hpp"
#include "server/cli/ws_url.hpp"
#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

using server::parse_web_url;
using server::url_scheme;

struct command_run {
  int code = -1;
  std::string out;
  std::string err;

  std::string last_line() const {
    auto text = out;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const auto newline = text.rfind('\n');
    return newline == std::string::npos ? text : text.substr(newline + 1);
  }
};

command_run run(const std::vector<std::string>& words) {
  const std::vector<std::string_view> args(words.begin(), words.end());
  std::ostringstream out, err;
  command_run r;
  r.code = server::run_command_line(args, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string ws_url(std::uint16_t port) { return "ws://127.0.0.1:" + std::to_string(port) + "/ws"; }

// A port nothing listens on: bound, then released.
std::uint16_t closed_port() {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor acceptor(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  return acceptor.local_endpoint().port();
}

void expect_a_finished_game(const command_run& r, int seats) {
  ASSERT_EQ(r.code, 0) << r.err;
  // It acts only on views that are current: the server never had to refuse a move.
  EXPECT_EQ(r.err.find("refused"), std::string::npos) << r.err;
  const auto result = json::parse(r.last_line());
  ASSERT_TRUE(result.is_object());
  const auto player_id = result.at("player_id").get<std::string>();
  EXPECT_FALSE(player_id.empty());
  EXPECT_EQ(player_id.find_first_not_of("0123456789abcdef"), std::string::npos) << player_id;
  EXPECT_FALSE(result.at("token").get<std::string>().empty());
  EXPECT_EQ(result.at("table").get<std::string>().size(), 6u);
  // The store adds game_id where it runs; this server keeps no games.
  EXPECT_TRUE(result.at("game_id").is_null() || result.at("game_id").get<int>() > 0);
  ASSERT_TRUE(result.at("abandoned").is_boolean());
  ASSERT_TRUE(result.at("shithead").is_boolean());
  if (result["abandoned"].get<bool>()) return;  // possible, if rare, at the turn limit
  const int place = result.at("place").get<int>();
  EXPECT_GE(place, 1);
  EXPECT_LE(place, seats);
  EXPECT_EQ(result["shithead"].get<bool>(), place == seats);
  // The keys come in the documented order, one line.
  EXPECT_EQ(r.last_line().rfind("{\"player_id\": ", 0), 0u) << r.last_line();
}

TEST(play_command, plays_a_whole_game_against_one_bot_and_prints_the_result_last) {
  game_server server;
  const auto r = run({"play", "--url", ws_url(server.port()), "--name", "Solo", "--bots", "1", "--rate", "1000"});
  expect_a_finished_game(r, 2);
  EXPECT_NE(r.err.find("game over"), std::string::npos) << r.err;
}

TEST(play_command, plays_a_whole_game_against_three_bots_under_another_preset) {
  game_server server;
  const auto r = run({"play", "--url=" + ws_url(server.port()), "--name=Trio", "--bots=3", "--preset=isf",
                      "--rate=1000", "--timeout-seconds=60"});
  expect_a_finished_game(r, 4);
}

TEST(play_command, the_token_it_prints_plays_again_as_the_same_player) {
  game_server server;
  const auto first = run({"play", "--url", ws_url(server.port()), "--name", "Again", "--bots", "1", "--rate", "1000"});
  ASSERT_EQ(first.code, 0) << first.err;
  const auto one = json::parse(first.last_line());
  const auto second = run({"play", "--url", ws_url(server.port()), "--name", "Again", "--bots", "1", "--rate", "1000",
                           "--token", one["token"].get<std::string>()});
  ASSERT_EQ(second.code, 0) << second.err;
  EXPECT_EQ(json::parse(second.last_line())["player_id"], one["player_id"]);
}

TEST(play_command, a_token_still_seated_in_a_running_game_plays_a_new_table_from_its_own_views) {
  game_server server;
  std::string token;
  {
    player ana(server.port());
    ana.hello("Ana");
    open_table(ana, {{"public", false}, {"seats", 2}});
    ana.send({{"type", "add_bot"}, {"kind", "greedy"}});
    ana.send({{"type", "start"}});
    ana.expect("game");
    token = ana.token;
  }  // Ana's connection drops mid-game: her seat waits for her, and welcome will say so.
  const auto r =
      run({"play", "--url", ws_url(server.port()), "--name", "Ana", "--bots", "2", "--rate", "1000", "--token", token});
  expect_a_finished_game(r, 3);
}

TEST(play_command, a_server_that_is_not_there_is_an_error_not_a_result) {
  const auto r = run({"play", "--url", ws_url(closed_port()), "--name", "Nobody", "--timeout-seconds", "5"});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("connecting to 127.0.0.1:"), std::string::npos) << r.err;
}

TEST(play_command, a_refused_request_is_an_error_that_says_what_the_server_said) {
  game_server server;
  const auto r = run({"play", "--url", ws_url(server.port()), "--name", "tab\there", "--rate", "1000"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("bad_name"), std::string::npos) << r.err;
}

TEST(play_command, bad_arguments_are_refused_with_the_usage) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"play", "--name", "X"},
           {"play", "--url", "ws://127.0.0.1:1/ws"},
           {"play", "--url", "http://127.0.0.1:1/ws", "--name", "X"},
           {"play", "--url", "ws://127.0.0.1:1/ws", "--name", "X", "--bots", "8"},
           {"play", "--url", "ws://127.0.0.1:1/ws", "--name", "X", "--bots", "0"},
           {"play", "--url", "ws://127.0.0.1:1/ws", "--name", "X", "--preset", "poker"},
           {"play", "--url", "ws://127.0.0.1:1/ws", "--name", "X", "--preset", R"({"hand_size": 11})"},
           {"play", "--url", "ws://127.0.0.1:1/ws", "--name", "X", "--colour", "red"},
           {"play", "--url"}}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args.back();
    EXPECT_NE(r.err.find("usage: shithead play"), std::string::npos);
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(healthcheck_command, a_live_server_is_healthy) {
  game_server server;
  const auto r = run({"healthcheck", "--url", "http://127.0.0.1:" + std::to_string(server.port()) + "/healthz"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.err.empty());
}

TEST(healthcheck_command, a_closed_port_is_unhealthy_with_one_line_of_reason) {
  const auto r = run({"healthcheck", "--url", "http://127.0.0.1:" + std::to_string(closed_port()) + "/healthz",
                      "--timeout-ms", "2000"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("connecting to 127.0.0.1:"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
}

TEST(healthcheck_command, an_answer_other_than_200_is_unhealthy) {
  game_server server;
  const auto r = run({"healthcheck", "--url", "http://127.0.0.1:" + std::to_string(server.port()) + "/api/nothing"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("answered HTTP 404"), std::string::npos) << r.err;
}

TEST(healthcheck_command, a_bad_url_is_unhealthy_too) {
  EXPECT_EQ(run({"healthcheck", "--url", "ws://127.0.0.1:8080/healthz"}).code, 1);
  EXPECT_EQ(run({"healthcheck", "--url", "https://127.0.0.1/healthz"}).code, 1);
  EXPECT_EQ(run({"healthcheck", "--timeout-ms", "0"}).code, 1);
}

TEST(ws_url, host_port_and_target_are_taken_apart) {
  const auto url = parse_web_url("ws://127.0.0.1:8080/ws");
  ASSERT_TRUE(url) << url.error().message;
  EXPECT_EQ(url.value().scheme, url_scheme::ws);
  EXPECT_EQ(url.value().host, "127.0.0.1");
  EXPECT_EQ(url.value().port, 8080);
  EXPECT_EQ(url.value().target, "/ws");
  EXPECT_EQ(url.value().authority(), "127.0.0.1:8080");
}

TEST(ws_url, a_missing_port_is_80_and_a_missing_target_is_the_root) {
  const auto url = parse_web_url("HTTP://LocalHost");
  ASSERT_TRUE(url);
  EXPECT_EQ(url.value().scheme, url_scheme::http);
  EXPECT_EQ(url.value().host, "localhost");
  EXPECT_EQ(url.value().port, 80);
  EXPECT_EQ(url.value().target, "/");
}

TEST(ws_url, the_query_stays_in_the_target_and_the_fragment_goes) {
  EXPECT_EQ(parse_web_url("http://a:1/healthz?deep=1#top").value().target, "/healthz?deep=1");
  EXPECT_EQ(parse_web_url("http://a:1?x=1").value().target, "/?x=1");
  EXPECT_EQ(parse_web_url("http://a:1#x").value().target, "/");
}

TEST(ws_url, ipv6_addresses_come_in_brackets_and_go_back_into_them) {
  const auto url = parse_web_url("ws://[::1]:9000/ws");
  ASSERT_TRUE(url) << url.error().message;
  EXPECT_EQ(url.value().host, "::1");
  EXPECT_EQ(url.value().port, 9000);
  EXPECT_EQ(url.value().authority(), "[::1]:9000");
  EXPECT_EQ(url.value().to_string(), "ws://[::1]:9000/ws");
  const auto no_port = parse_web_url("http://[2001:DB8::7]/healthz");
  ASSERT_TRUE(no_port);
  EXPECT_EQ(no_port.value().host, "2001:db8::7");
  EXPECT_EQ(no_port.value().port, 80);
}

TEST(ws_url, what_is_not_a_plain_url_is_an_error_that_says_why) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "empty"},
      {"127.0.0.1:8080/ws", "ws:// or http://"},
      {"ftp://a/b", "scheme"},
      {"wss://a/ws", "TLS"},
      {"https://a/healthz", "TLS"},
      {"ws:///ws", "host is missing"},
      {"ws://a:/ws", "port"},
      {"ws://a:0/ws", "port"},
      {"ws://a:65536/ws", "port"},
      {"ws://a:80x/ws", "port"},
      {"ws://user@a/ws", "user information"},
      {"ws://::1/ws", "brackets"},
      {"ws://[::1/ws", "not closed"},
      {"ws://[nope]:80/ws", "IPv6"},
      {"ws://[::1]x/ws", "':PORT'"},
      {"ws://a b/ws", "spaces"},
      {"ws://a/w\ns", "control"},
  };
  for (const auto& [text, why] : bad) {
    const auto url = parse_web_url(text);
    ASSERT_FALSE(url) << text;
    EXPECT_NE(url.error().message.find(why), std::string::npos) << text << ": " << url.error().message;
  }
}

// choose_move is the rules' greedy bot on the view the server writes, read back: for
// every seat at every step of seeded games its move is the bot's action.
// Returns how many of its moves were out of turn.
int expect_the_greedy_bots_moves(const rules::ruleset& ruleset, int players, std::uint64_t seed) {
  auto game = rules::new_game(ruleset, players, -1, seed);
  EXPECT_TRUE(game) << game.error().message;
  if (!game) return 0;
  auto& state = game.value();
  rules::rng bots(seed);
  std::vector<rules::event> events;
  int out_of_turn = 0;
  while (!state.over()) {
    for (int seat = 0; seat < players; ++seat) {
      const auto view = rules::view_for(state, seat);
      const auto read = protocol::view_from_json(protocol::view_to_json(view));
      EXPECT_TRUE(read) << read.error().message;
      if (!read) return out_of_turn;
      rules::rng bot_random(seed), player_random(seed);
      const auto expected = rules::choose_action(rules::bot_kind::greedy, view, bot_random);
      const auto move = server::choose_move(read.value(), player_random);
      EXPECT_EQ(move.has_value(), expected.has_value()) << "seat " << seat << " at turn " << state.turns;
      if (!move || !expected) continue;
      EXPECT_EQ(protocol::action_to_json(*move), protocol::action_to_json(*expected))
          << "seat " << seat << " at turn " << state.turns;
      if (state.current_phase == rules::phase::play && seat != state.current) ++out_of_turn;
    }
    const int seat = rules::seat_to_act(state);
    const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), bots);
    EXPECT_TRUE(action);
    if (!action) return out_of_turn;
    EXPECT_FALSE(rules::try_apply(state, seat, *action, events));
  }
  return out_of_turn;
}

TEST(choose_move, is_the_rules_greedy_bot_on_the_view_the_server_writes) {
  for (auto preset : {rules::preset_id::shiphead, rules::preset_id::isf, rules::preset_id::limbo,
                      rules::preset_id::palace, rules::preset_id::standard})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(std::string(rules::to_string(preset)) + " seed " + std::to_string(seed));
      // Out of turn the bot plays only a burn-in, which these presets do not have.
      EXPECT_EQ(expect_the_greedy_bots_moves(rules::preset_ruleset(preset), 2 + static_cast<int>(seed), seed), 0);
    }
}

TEST(choose_move, takes_a_burn_in_out_of_turn_where_the_variant_allows_one) {
  rules::ruleset_options burn_in;
  burn_in.burn_in = true;
  auto ruleset = rules::make_ruleset(rules::preset_id::shiphead, burn_in);
  ASSERT_TRUE(ruleset);
  int out_of_turn = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    out_of_turn += expect_the_greedy_bots_moves(ruleset.value(), 4, seed);
  }
  EXPECT_GT(out_of_turn, 0);
}

TEST(choose_move, has_nothing_to_do_once_the_game_is_over_or_as_a_spectator) {
  auto game = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 3, -1, 7);
  ASSERT_TRUE(game);
  rules::rng random(7);
  EXPECT_FALSE(server::choose_move(rules::spectator_view(game.value()), random));
  auto over = rules::view_for(game.value(), 0);
  over.current_phase = rules::phase::over;
  over.legal.clear();
  EXPECT_FALSE(server::choose_move(over, random));
}

}  // namespace
}  // namespace shithead::test
