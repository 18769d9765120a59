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

constexpr std::string_view standing_by = "standing by on http://127.0.0.1:";

// `shithead serve` on the data; the port it logged, or 0. On a database that another
// server holds, it stands by: `port` is the one it stands by on, and takes over on.
struct running_server {
  std::unique_ptr<child_process> process;
  std::uint16_t port = 0;

  enum class expect { to_serve, to_stand_by };
  explicit running_server(const server_data& data, expect first = expect::to_serve) {
    // Bots at once: the test is about what a restart keeps, not about their pace. A lease
    // of 2 s: a standby takes over soon, and a renewal held up by a busy machine (or
    // ThreadSanitizer) for less than that costs nothing.
    std::vector<std::string> args{"serve", "--port",     "0", "--bind",     "127.0.0.1", "--threads",
                                  "2",     "--bot-pace", "0", "--lease-ms", "2000"};
    for (auto& flag : data.flags()) args.push_back(std::move(flag));
    process = std::make_unique<child_process>(std::move(args));
    if (!process->started()) return;
    if (const auto logged = process->number_after(first == expect::to_serve ? serving_log_prefix : standing_by, 30s))
      port = static_cast<std::uint16_t>(std::stoi(*logged));
  }

  // True once a standby took over and serves on its port, within `wait`.
  bool took_over(std::chrono::milliseconds wait) {
    return process->wait_for(std::string(serving_log_prefix) + std::to_string(port), wait).has_value();
  }
};

json get_json(std::uint16_t port, const std::string& target, unsigned expected_status = 200) {
  const auto reply = http_get(port, target);
  EXPECT_EQ(reply.status, expected_status) << target << ": " << reply.body;
  return json::parse(reply.body, nullptr, false);
}

// Plays the game under way to its end, and again (the host asks for a rematch) while
// games end abandoned at the rules' turn limit (an abandoned game has no ratings), five
// games at most, counting the abandoned ones. True once a game is won.
bool play_until_won_counting_abandoned(player& host, player& guest, int& abandoned) {
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

// The host asks for a rematch and both play a few steps of it; then `server` is killed
// with SIGKILL in the middle of that game. `host_saw`: the host's last view of it.
void kill_mid_rematch(player& host, player& guest, child_process& server, json& host_saw) {
  host.game_over.reset();
  guest.game_over.reset();
  host.send(json{{"type", "rematch"}});
  play_some_steps({&host, &guest}, 6);
  ASSERT_FALSE(host.game_over) << "the rematch ended before the kill; no mid-game state to restore";
  host_saw = host.view;
  server.signal(SIGKILL);
  server.wait_exit(10s);
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
    ASSERT_TRUE(play_until_won_counting_abandoned(ana, ben, abandoned));

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
    ASSERT_NO_FATAL_FAILURE(kill_mid_rematch(ana, ben, *server.process, ana_view_before));
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
  // Its scoreboard still links the finished game: the table was saved with the game's id.
  const auto& linked = snapshot["scoreboard"]["recent"];
  ASSERT_FALSE(linked.empty()) << snapshot.dump();
  EXPECT_EQ(linked.back().value("game_id", std::int64_t{0}), first_game) << snapshot.dump();
  // Nothing a player saw is lost: the game is at least where Ana last saw it, and if
  // nobody moved since, her cards are exactly the ones she held.
  const json& restored = snapshot["game"];
  EXPECT_GE(restored.value("turns", 0), ana_view_before.value("turns", 0));
  if (restored.value("turns", 0) == ana_view_before.value("turns", 0) &&
      restored.value("phase", "") == ana_view_before.value("phase", "")) {
    EXPECT_EQ(restored["hand"], ana_view_before["hand"]);
  }
  ben.expect("room");

  ASSERT_TRUE(play_until_won_counting_abandoned(ana, ben, abandoned)) << "no game won in five";
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

std::string lease_row(const server_data& data, const std::string& column) {
  return testing::pg_cluster::query_one(data.url(), "SELECT " + column + " FROM server_lease");
}

// Two servers on one PostgreSQL database with a lease of 2 s: `first` serves,
// `second` stands by.
class standby : public ::testing::Test {
 protected:
  void SetUp() override {
    first.emplace(data);
    ASSERT_NE(first->port, 0) << first->process->output();
    second.emplace(data, running_server::expect::to_stand_by);
    ASSERT_NE(second->port, 0) << second->process->output();
  }

  const temp_folder folder;
  const server_data data{testing::backend::postgresql, folder.path()};
  std::optional<running_server> first;
  std::optional<running_server> second;
};

// Two servers on one PostgreSQL database: the second stands by (/healthz 503, so that a
// proxy sends nobody to it) until the first is killed, then takes over its tables from
// the shared log, as a restart would, and the players reconnect to their seats.
TEST_F(standby, takes_over_the_tables_of_a_killed_server_and_its_players_find_their_seats) {
  const auto waiting = http_get(second->port, "/healthz");
  EXPECT_EQ(waiting.status, 503u) << waiting.body;
  EXPECT_NE(waiting.body.find("standby"), std::string::npos) << waiting.body;
  EXPECT_EQ(http_get(first->port, "/healthz").status, 200u);
  EXPECT_EQ(lease_row(data, "epoch"), "1");

  std::int64_t first_game = 0;
  int abandoned = 0;
  std::string ana_token, ben_token, code;
  json ana_view_before;
  {
    player ana(first->port), ben(first->port);
    ana.greedy = ben.greedy = true;
    ana.hello("Ana");
    ben.hello("Ben");
    ana_token = ana.token;
    ben_token = ben.token;
    code = open_table(ana, json{{"seats", 3}});
    ben.send(json{{"type", "join"}, {"code", code}});
    ben.expect("joined");
    ana.send(json{{"type", "add_bot"}, {"kind", "greedy"}});
    ana.send(json{{"type", "start"}});
    ASSERT_TRUE(play_until_won_counting_abandoned(ana, ben, abandoned));
    first_game = ana.game_over->value("game_id", std::int64_t{0});
    ASSERT_GT(first_game, 0) << ana.game_over->dump();
    ASSERT_NO_FATAL_FAILURE(kill_mid_rematch(ana, ben, *first->process, ana_view_before));
  }
  const auto killed = std::chrono::steady_clock::now();
  ASSERT_TRUE(second->took_over(10s)) << second->process->output();
  const auto took = std::chrono::steady_clock::now() - killed;
  EXPECT_LT(took, 6s);  // a lease of 2 s, tried every 1/4 s: about two seconds
  EXPECT_EQ(lease_row(data, "epoch"), "2");
  EXPECT_EQ(http_get(second->port, "/healthz").status, 200u);
  EXPECT_EQ(get_json(second->port, "/api/games/" + std::to_string(first_game)).value("game_id", std::int64_t{0}),
            first_game);

  player ana(second->port), ben(second->port);
  ana.greedy = ben.greedy = true;
  ana.hello("", ana_token);
  ben.hello("", ben_token);
  const auto snapshot = ana.expect("room");
  EXPECT_EQ(snapshot.value("code", ""), code);
  ASSERT_FALSE(snapshot["game"].is_null());
  EXPECT_GE(snapshot["game"].value("turns", 0), ana_view_before.value("turns", 0));
  ben.expect("room");
  ASSERT_TRUE(play_until_won_counting_abandoned(ana, ben, abandoned));
  const auto second_game = ana.game_over->value("game_id", std::int64_t{0});
  EXPECT_GT(second_game, first_game);
  EXPECT_EQ(ana.game_over->at("scoreboard").value("games", 0), 2) << ana.game_over->dump();

  // Stopped cleanly, it lets the lease go at once, for the next server to take.
  second->process->signal(SIGTERM);
  const auto exit_code = second->process->wait_exit(15s);
  ASSERT_TRUE(exit_code) << second->process->output();
  EXPECT_EQ(*exit_code, 0) << second->process->output();
  EXPECT_EQ(testing::pg_cluster::query_one(data.url(), "SELECT expires = '-infinity' FROM server_lease_expiry"), "t");
}

// A server paused past its lease (SIGSTOP: a long stall, a machine cut off) while its
// standby takes over, then let go on (SIGCONT), must step down without writing anything:
// the move a player sent it meanwhile is neither stored nor shown, and the players find
// their game on the new server exactly where they last saw it.
TEST_F(standby, a_server_paused_past_its_lease_steps_down_without_writing) {
  // Two humans and no bot: nothing moves on either server unless a player moves it.
  player ana(first->port), ben(first->port);
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, json{{"seats", 2}});
  ben.send(json{{"type", "join"}, {"code", code}});
  ben.expect("joined");
  ana.send(json{{"type", "start"}});
  play_some_steps({&ana, &ben}, 6);
  ASSERT_FALSE(ana.game_over);
  // Quiet: every frame of the last step has arrived.
  while (ana.pump(200ms) || ben.pump(200ms)) {
  }
  const auto ana_seen = ana.view;
  const auto ben_seen = ben.view;
  const auto last_version = std::max(ana.version, ben.version);

  first->process->signal(SIGSTOP);
  ASSERT_TRUE(second->took_over(10s)) << second->process->output();
  const auto stored = [&] {
    return testing::pg_cluster::query_one(data.url(), "SELECT count(*) FROM live_actions") + " actions; " +
           testing::pg_cluster::query_one(data.url(), "SELECT md5(string_agg(state, '')) FROM live_rooms");
  };
  const auto stored_at_takeover = stored();

  // The player whose turn it is moves on the old server's connection; it waits in the
  // socket while the server is paused.
  ana.act_if_asked();
  ben.act_if_asked();
  const auto output_before = first->process->output().size();
  first->process->signal(SIGCONT);
  ASSERT_TRUE(first->process->wait_for("stepped down", 10s, output_before)) << first->process->output();
  ASSERT_TRUE(first->process->wait_for(standing_by, 10s, output_before)) << first->process->output();
  // Whatever the old server still said, it showed no step after the last one stored.
  while (ana.pump(100ms) || ben.pump(100ms)) {
  }
  for (const auto* p : {&ana, &ben}) {
    for (const auto& frame : p->frames)
      EXPECT_LE(frame.value("version", std::uint64_t{0}), last_version) << frame.dump();
    // Told to go, so that the client reconnects (through the proxy, to the new server).
    EXPECT_EQ(p->frames.back().value("type", ""), "closing") << p->frames.back().dump();
  }
  EXPECT_EQ(stored(), stored_at_takeover);
  EXPECT_NE(first->process->output().find("lost the lease"), std::string::npos) << first->process->output();

  // On the new server, the game is exactly where the players last saw it.
  player ana_again(second->port), ben_again(second->port);
  ana_again.greedy = ben_again.greedy = true;  // games that end: random play may run to the turn limit
  ana_again.hello("", ana.token);
  ben_again.hello("", ben.token);
  const auto ana_room = ana_again.expect("room");
  const auto ben_room = ben_again.expect("room");
  EXPECT_EQ(ana_room["game"].value("turns", -1), ana_seen.value("turns", -2));
  EXPECT_EQ(ana_room["game"]["hand"], ana_seen["hand"]);
  EXPECT_EQ(ben_room["game"]["hand"], ben_seen["hand"]);
  ASSERT_TRUE(play_to_the_end({&ana_again, &ben_again}));
  EXPECT_TRUE(ana_again.game_over->at("game_id").is_number_integer()) << ana_again.game_over->dump();
  EXPECT_EQ(lease_row(data, "epoch"), "2");
}

}  // namespace
}  // namespace shithead::test
