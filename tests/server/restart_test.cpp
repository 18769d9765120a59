// Games that survive a crash: the real binary on a real store (a SQLite file, or a
// PostgreSQL database) plays games over WebSocket, is killed with SIGKILL in the middle
// of one, starts again on the same data, and its players reconnect with their tokens to
// their seats and play on. Every finished game is then in the leaderboard and in
// /api/games.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tests/server/child_process.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/server_data.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

// `shithead serve` on the data; the port it logged, or 0.
struct running_server {
  std::unique_ptr<child_process> process;
  std::uint16_t port = 0;

  explicit running_server(const server_data& data) {
    // Bots at once: the test is about what a restart keeps, not about their pace.
    std::vector<std::string> args{"serve", "--port", "0", "--bind", "127.0.0.1", "--threads", "2", "--bot-pace", "0"};
    for (auto& flag : data.flags()) args.push_back(std::move(flag));
    process = std::make_unique<child_process>(std::move(args));
    if (!process->started()) return;
    if (const auto logged = process->number_after("listening on http://127.0.0.1:", 30s))
      port = static_cast<std::uint16_t>(std::stoi(*logged));
  }
};

json get_json(std::uint16_t port, const std::string& target, unsigned expected_status = 200) {
  const auto reply = http_get(port, target);
  EXPECT_EQ(reply.status, expected_status) << target << ": " << reply.body;
  return json::parse(reply.body, nullptr, false);
}

// Plays until every listed player has had `steps` more versions than now, or the game ends.
void play_some_steps(std::vector<player*> players, std::uint64_t steps) {
  const auto target = players.front()->version + steps;
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (std::chrono::steady_clock::now() < deadline && players.front()->version < target) {
    for (auto* p : players) {
      while (p->pump(5ms)) {
      }
      if (!p->game_over) p->act_if_asked();
    }
  }
}

// Plays the game under way to its end, and again (the host asks for a rematch) while
// games end abandoned at the rules' turn limit (an abandoned game has no ratings), five
// games at most, counting the abandoned ones. True once a game is won.
bool play_until_won(player& host, player& guest, int& abandoned) {
  for (int game = 0; game < 5; ++game) {
    if (game > 0) {
      host.game_over.reset();
      guest.game_over.reset();
      host.send(json{{"type", "rematch"}});
    }
    if (!play_to_the_end({&host, &guest})) return false;
    if (!host.game_over->value("abandoned", false)) return true;
    ++abandoned;
  }
  return false;
}

const json* leaderboard_row(const json& board, const std::string& player_id) {
  for (const auto& row : board["players"])
    if (row.value("player_id", "") == player_id) return &row;
  return nullptr;
}

class restart : public ::testing::TestWithParam<testing::backend> {};

TEST_P(restart, a_sigkill_mid_game_loses_nothing_and_the_players_play_on) {
  const temp_folder folder;
  const server_data data(GetParam(), folder.path() / "nested");  // a SQLite file's folder is created too

  std::int64_t first_game = 0;
  int abandoned = 0;  // games that ran into the turn limit (played again)
  std::string ana_token, ben_token, ana_id, ben_id, code;
  json ana_view_before, ana_seen_before;
  {
    running_server server(data);
    ASSERT_NE(server.port, 0) << server.process->output();
    player ana(server.port), ben(server.port);
    ana.greedy = ben.greedy = true;  // games that end: random play may run to the turn limit
    ana.hello("Ana");
    ben.hello("Ben");
    ana_token = ana.token;
    ben_token = ben.token;
    ana_id = ana.player_id;
    ben_id = ben.player_id;
    code = open_table(ana, json{{"seats", 3}});
    ASSERT_EQ(code.size(), 6u);
    ben.send(json{{"type", "join"}, {"code", code}});
    ben.expect("joined");
    ana.send(json{{"type", "add_bot"}, {"kind", "greedy"}});
    ana.send(json{{"type", "start"}});
    ASSERT_TRUE(play_until_won(ana, ben, abandoned));

    // The game_over frame carries the stored game and both humans' new ratings.
    const json& over = *ana.game_over;
    ASSERT_TRUE(over["game_id"].is_number_integer()) << over.dump();
    first_game = over["game_id"].get<std::int64_t>();
    EXPECT_GT(first_game, 0);
    ASSERT_EQ(over["ratings"].size(), 2u) << over.dump();
    for (const auto& r : over["ratings"]) {
      EXPECT_TRUE(r["after"].contains("mu"));
      EXPECT_EQ(r["title"]["count"].is_number_integer(), true);
    }
    EXPECT_EQ(ben.game_over->value("game_id", 0), first_game);

    // The rematch is under way when the process is killed.
    ana.game_over.reset();
    ben.game_over.reset();
    ana.send(json{{"type", "rematch"}});
    play_some_steps({&ana, &ben}, 6);
    ASSERT_FALSE(ana.game_over) << "the rematch ended before the kill; no mid-game state to restore";
    ana_view_before = ana.view;
    server.process->signal(SIGKILL);
    server.process->wait_exit(10s);
  }

  running_server server(data);
  ASSERT_NE(server.port, 0) << server.process->output();
  // The finished game is there before anyone reconnects.
  const auto game = get_json(server.port, "/api/games/" + std::to_string(first_game));
  EXPECT_EQ(game.value("game_id", std::int64_t{0}), first_game) << game.dump();

  player ana(server.port), ben(server.port);
  ana.greedy = ben.greedy = true;
  ana.hello("", ana_token);
  ben.hello("", ben_token);
  EXPECT_EQ(ana.player_id, ana_id);
  EXPECT_EQ(ben.player_id, ben_id);
  // Straight back to the table, with a full snapshot of the game in progress.
  const auto snapshot = ana.expect("room");
  EXPECT_EQ(snapshot.value("code", ""), code);
  ASSERT_FALSE(snapshot["game"].is_null());
  EXPECT_EQ(snapshot["you"]["seat"], ana_view_before["viewer"]);
  // Nothing a player saw is lost: the game is at least where Ana last saw it, and if
  // nobody moved since, her cards are exactly the ones she held.
  const json& restored = snapshot["game"];
  EXPECT_GE(restored.value("turns", 0), ana_view_before.value("turns", 0));
  if (restored.value("turns", 0) == ana_view_before.value("turns", 0) &&
      restored.value("phase", "") == ana_view_before.value("phase", "")) {
    EXPECT_EQ(restored["hand"], ana_view_before["hand"]);
  }
  ben.expect("room");

  ASSERT_TRUE(play_until_won(ana, ben, abandoned)) << "no game won in five";
  ASSERT_TRUE(ana.game_over->at("game_id").is_number_integer()) << ana.game_over->dump();
  const auto second_game = ana.game_over->at("game_id").get<std::int64_t>();
  EXPECT_NE(second_game, first_game);
  // The table's session scoreboard came through the restart: two games won, and any
  // abandoned on the way.
  const auto& board_after = ana.game_over->at("scoreboard");
  EXPECT_EQ(board_after.value("games", 0), 2) << ana.game_over->dump();
  EXPECT_EQ(board_after.value("abandoned", 0), abandoned) << ana.game_over->dump();

  for (const auto id : {first_game, second_game}) {
    const auto record = get_json(server.port, "/api/games/" + std::to_string(id));
    EXPECT_EQ(record.value("game_id", std::int64_t{0}), id);
  }
  const auto board = get_json(server.port, "/api/leaderboard?sort=games");
  for (const auto& id : {ana_id, ben_id}) {
    const auto* row = leaderboard_row(board, id);
    ASSERT_NE(row, nullptr) << id << " not in " << board.dump();
    EXPECT_EQ(row->value("games", 0), 2);
  }
  const auto profile = get_json(server.port, "/api/players/" + ana_id);
  EXPECT_EQ(profile.value("games", 0), 2) << profile.dump();
  EXPECT_EQ(profile["recent"].size(), static_cast<std::size_t>(2 + abandoned)) << profile.dump();

  server.process->signal(SIGTERM);
  const auto code_on_exit = server.process->wait_exit(15s);
  ASSERT_TRUE(code_on_exit) << server.process->output();
  EXPECT_EQ(*code_on_exit, 0) << server.process->output();
}

INSTANTIATE_TEST_SUITE_P(backends, restart, testing::every_backend, testing::backend_name);

}  // namespace
}  // namespace shithead::test
