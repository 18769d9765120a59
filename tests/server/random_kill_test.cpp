// kill -9 at random moments under load: several tables play (with rematches) on the
// real binary and a real store (a SQLite file, or a PostgreSQL database), the process is
// killed at a seeded random moment, started again on the same data, and every player
// reconnects with their token. After each restart: every game a client saw finish is in
// the database (its id in /api/games, and in the table's session scoreboard), every
// table resumes past the last version any of its players saw, and the data is whole
// (SQLite's integrity check; PostgreSQL's rows that must go together). Rounds scale with
// SHITHEAD_KILL_ROUNDS and tables with SHITHEAD_KILL_TABLES (.ci/run's fault stage runs
// more of both than ctest does).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/postgres/backend.hpp"
#include "tests/server/child_process.hpp"
#include "tests/server/fault_support.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/server_data.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

// The API rate limit is off: after a restart the test asks for every game it saw end at
// once, and on a fast machine that is more than one address's burst of 40. Bots move at
// once: the test is about what is stored, and games must end within its rounds.
std::uint16_t start_server(std::unique_ptr<child_process>& process, const server_data& data) {
  std::vector<std::string> args{"serve", "--port",     "0", "--bind",     "127.0.0.1", "--threads",
                                "2",     "--api-rate", "0", "--bot-pace", "0"};
  for (auto& flag : data.flags()) args.push_back(std::move(flag));
  process = std::make_unique<child_process>(std::move(args));
  if (!process->started()) return 0;
  const auto logged = process->number_after("listening on http://127.0.0.1:", 30s);
  return logged ? static_cast<std::uint16_t>(std::stoi(*logged)) : 0;
}

// One human at one table, across restarts: who they are and the most they have seen.
struct seat_holder {
  std::string name;
  std::string token;
  std::string code;
  bool host = false;
  std::uint64_t seen_version = 0;  // the highest version of any frame shown to them
  int games_seen_end = 0;          // game_over frames shown to them at this table
  std::unique_ptr<player> client;
};

// Reads what has arrived for `h`, noting the versions it was shown and the games it saw
// end; the host asks for a rematch after each while the server is `alive`.
void take_frames_counting_games(seat_holder& h, std::set<std::int64_t>& finished_ids, bool alive = true) {
  auto& p = *h.client;
  const auto before = p.frames.size();
  while (p.pump(2ms)) {
  }
  for (auto i = before; i < p.frames.size(); ++i) {
    const json& frame = p.frames[i];
    if (frame.contains("version") && frame["version"].is_number_unsigned())
      h.seen_version = std::max(h.seen_version, frame["version"].get<std::uint64_t>());
    if (frame.value("type", "") != "game_over") continue;
    ++h.games_seen_end;
    // Frames go out only after their step is committed: a game a player saw end has its id.
    EXPECT_TRUE(frame["game_id"].is_number_integer()) << frame.dump();
    if (frame["game_id"].is_number_integer()) finished_ids.insert(frame["game_id"].get<std::int64_t>());
    if (h.host && alive) p.send(json{{"type", "rematch"}});
  }
  p.game_over.reset();  // and plays the rematch when it comes
}

// Two humans and a greedy bot at each of `tables` tables, through `port`, playing.
void seat_tables(std::vector<seat_holder>& holders, int tables, std::uint16_t port) {
  for (int t = 0; t < tables; ++t) {
    seat_holder host{"Host" + std::to_string(t), "", "", true, 0, 0, std::make_unique<player>(port)};
    seat_holder guest{"Guest" + std::to_string(t), "", "", false, 0, 0, std::make_unique<player>(port)};
    host.client->greedy = guest.client->greedy = true;  // games that end, and soon
    host.client->hello(host.name);
    guest.client->hello(guest.name);
    host.token = host.client->token;
    guest.token = guest.client->token;
    host.code = guest.code = open_table(*host.client, json{{"seats", 3}});
    ASSERT_EQ(host.code.size(), 6u);
    guest.client->send(json{{"type", "join"}, {"code", guest.code}});
    guest.client->expect("joined");
    host.client->send(json{{"type", "add_bot"}, {"kind", "greedy"}});
    host.client->send(json{{"type", "start"}});
    holders.push_back(std::move(host));
    holders.push_back(std::move(guest));
  }
}

// After a fault, through `port`: every game a client saw end is stored, before anyone is
// back; then everyone comes back to their seat with their token, at a version past
// anything they were shown, with every game they saw end on the table's scoreboard.
// `server_log` explains a failure.
void check_and_come_back(std::vector<seat_holder>& holders, const std::set<std::int64_t>& finished_ids,
                         std::uint16_t port, const std::string& server_log) {
  for (const auto id : finished_ids) {
    const auto reply = http_get(port, "/api/games/" + std::to_string(id));
    EXPECT_EQ(reply.status, 200u) << "game " << id << " was seen to end but is not stored: " << reply.body;
  }
  for (auto& h : holders) {
    h.client = std::make_unique<player>(port);
    h.client->greedy = true;
    ASSERT_TRUE(h.client->ws.connected()) << h.name << ": " << h.client->ws.error() << "\n" << server_log;
    h.client->hello("", h.token);
    const auto snapshot = h.client->expect("room");
    ASSERT_EQ(snapshot.value("code", ""), h.code) << snapshot.dump();
    EXPECT_GT(snapshot.value("version", std::uint64_t{0}), h.seen_version) << h.name << ": " << snapshot.dump();
    EXPECT_GE(snapshot["scoreboard"].value("games", 0) + snapshot["scoreboard"].value("abandoned", 0), h.games_seen_end)
        << h.name;
    h.seen_version = std::max(h.seen_version, snapshot.value("version", std::uint64_t{0}));
    // A game that ended just before the fault: its host asks for the rematch again.
    if (h.host && !snapshot["game"].is_null() && snapshot["game"].value("phase", "") == "over")
      h.client->send(json{{"type", "rematch"}});
  }
}

class random_kill : public ::testing::TestWithParam<testing::backend> {};

TEST_P(random_kill, every_game_a_client_saw_end_is_stored_and_every_table_resumes_past_what_was_seen) {
  const int rounds = std::max(1, env_int("SHITHEAD_KILL_ROUNDS", 4));
  const int tables = std::max(1, env_int("SHITHEAD_KILL_TABLES", 4));
  seeded_random random(static_cast<std::uint64_t>(env_int("SHITHEAD_KILL_SEED", 1)), 1);

  const temp_folder folder;
  const server_data data(GetParam(), folder.path());
  std::vector<seat_holder> holders;
  std::set<std::int64_t> finished_ids;
  std::unique_ptr<child_process> process;

  for (int round = 0; round < rounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const auto port = start_server(process, data);
    ASSERT_NE(port, 0) << process->output();

    if (round == 0)
      ASSERT_NO_FATAL_FAILURE(seat_tables(holders, tables, port));
    else
      ASSERT_NO_FATAL_FAILURE(check_and_come_back(holders, finished_ids, port, process->output()));

    // Play for a random while, then kill -9.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(random.between(500, 4000));
    while (std::chrono::steady_clock::now() < until) {
      for (auto& h : holders) {
        take_frames_counting_games(h, finished_ids);
        // The server never closes a player who plays by the rules.
        if (h.client->ws.closed()) {
          const auto why = h.client->ws.close_reason();
          FAIL() << h.name << " was closed: " << static_cast<int>(why.code) << " "
                 << std::string(why.reason.data(), why.reason.size()) << "\n"
                 << process->output();
        }
        h.client->act_if_asked();
      }
    }
    process->signal(SIGKILL);
    process->wait_exit(10s);
    EXPECT_EQ(data.integrity(), "ok");
    // What was already on its way to the clients counts as seen. (Nobody answers it: the
    // server is gone; a host whose game ended asks for the rematch after the restart.)
    for (auto& h : holders) take_frames_counting_games(h, finished_ids, false);
    for (auto& h : holders) h.client.reset();
  }

  // A last start: every game seen to end is there, once.
  const auto port = start_server(process, data);
  ASSERT_NE(port, 0) << process->output();
  for (const auto id : finished_ids) EXPECT_EQ(http_get(port, "/api/games/" + std::to_string(id)).status, 200u) << id;
  EXPECT_FALSE(finished_ids.empty()) << "no game ended in " << rounds << " round(s): nothing was checked";
  process->signal(SIGTERM);
  EXPECT_EQ(process->wait_exit(15s), std::optional<int>(0)) << process->output();
}

INSTANTIATE_TEST_SUITE_P(backends, random_kill, testing::every_backend, testing::backend_name);

// HAProxy in front of the two servers, as docker/compose.ha.yaml puts it: one address for
// the client and the WebSocket, a health check of /healthz every 200 ms (a standby answers
// 503, so only the lease's holder gets players), and the sessions of a server marked down
// cut, so that its players reconnect to the one that took over.
std::unique_ptr<child_process> start_proxy(const std::filesystem::path& folder, std::uint16_t port,
                                           const std::array<std::uint16_t, 2>& servers) {
  const auto config = folder / "haproxy.cfg";
  std::ofstream out(config);
  out << "global\n  maxconn 4096\n"
      << "defaults\n  mode http\n  option forwardfor\n  timeout connect 1s\n  timeout client 60s\n"
      << "  timeout server 60s\n  timeout tunnel 1h\n  timeout check 500ms\n"
      << "frontend game\n  bind 127.0.0.1:" << port << "\n  default_backend servers\n"
      << "backend servers\n  option httpchk GET /healthz\n  http-check expect status 200\n"
      << "  default-server inter 200ms fall 2 rise 1 on-marked-down shutdown-sessions\n"
      << "  server a 127.0.0.1:" << servers[0] << " check\n"
      << "  server b 127.0.0.1:" << servers[1] << " check\n";
  out.close();
  return std::make_unique<child_process>("/usr/sbin/haproxy",
                                         std::vector<std::string>{"haproxy", "-db", "-f", config.string()});
}

// True once `port` answers /healthz with 200 (through the proxy: a server holds the lease
// and the proxy saw it), within `wait`.
bool healthy_within(std::uint16_t port, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (std::chrono::steady_clock::now() < deadline) {
    if (http_get(port, "/healthz", 1s).status == 200u) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

// Two servers on one PostgreSQL database behind HAProxy, tables of humans and bots
// playing with rematches through the proxy. Each round ends in a fault of the server
// holding the lease at a seeded random moment: kill -9 in even rounds; in odd rounds
// SIGSTOP past its lease, and once the standby took over, SIGCONT, after which it must
// step down without writing anything. After each: every game a client saw end is stored
// (once, with its ratings), every player reconnects through the proxy with their token
// to a table at a version above anything they were shown, and the data is whole. The
// killed server comes back as the standby of the next round. Scaled by
// SHITHEAD_FAILOVER_ROUNDS, _TABLES, _SEED and _LEASE_MS; prints the failover times, from
// the fault to the first move the new server accepted.
TEST(failover, through_a_proxy_every_seen_game_is_stored_once_and_every_table_resumes_on_the_standby) {
  ASSERT_TRUE(std::filesystem::exists("/usr/sbin/haproxy"))
      << "HAProxy is not installed: ./scripts/install-deps.sh --with-postgresql installs it";
  const int rounds = std::max(1, env_int("SHITHEAD_FAILOVER_ROUNDS", 4));
  const int tables = std::max(1, env_int("SHITHEAD_FAILOVER_TABLES", 4));
  const int seed = env_int("SHITHEAD_FAILOVER_SEED", 1);
  const std::string lease_ms = std::to_string(env_int("SHITHEAD_FAILOVER_LEASE_MS", 2000));
  seeded_random random(static_cast<std::uint64_t>(seed), 7);
  std::cout << "failover: seed " << seed << " (SHITHEAD_FAILOVER_SEED), " << rounds << " round(s), " << tables
            << " table(s), lease " << lease_ms << " ms\n";

  const temp_folder folder;
  const server_data data(testing::backend::postgresql, folder.path());
  const std::array<std::uint16_t, 2> ports{free_port(), free_port()};
  const auto proxy_port = free_port();
  std::array<std::unique_ptr<child_process>, 2> servers;
  const auto start = [&](int which, std::string_view expect) {
    std::vector<std::string> args{"serve",
                                  "--port",
                                  std::to_string(ports[which]),
                                  "--bind",
                                  "127.0.0.1",
                                  "--threads",
                                  "2",
                                  "--api-rate",
                                  "0",
                                  "--bot-pace",
                                  "0",
                                  "--lease-ms",
                                  lease_ms,
                                  "--trusted-proxies",
                                  "127.0.0.1"};
    for (auto& flag : data.flags()) args.push_back(std::move(flag));
    servers[which] = std::make_unique<child_process>(std::move(args));
    return servers[which]->wait_for(std::string(expect) + std::to_string(ports[which]), 30s).has_value();
  };
  ASSERT_TRUE(start(0, "listening on http://127.0.0.1:")) << servers[0]->output();
  ASSERT_TRUE(start(1, "standing by on http://127.0.0.1:")) << servers[1]->output();
  // HAProxy counts a server up until its first checks fail: players go only once it has
  // seen the standby answer 503.
  const std::array<std::string, 2> names{"servers/a", "servers/b"};
  const auto proxy = start_proxy(folder.path(), proxy_port, ports);
  ASSERT_TRUE(proxy->wait_for("Server " + names[1] + " is DOWN", 10s)) << proxy->output();
  ASSERT_TRUE(healthy_within(proxy_port, 10s)) << proxy->output();

  std::vector<seat_holder> holders;
  std::set<std::int64_t> finished_ids;
  int active = 0;
  ASSERT_NO_FATAL_FAILURE(seat_tables(holders, tables, proxy_port));

  // The last fault and its kind, until the new server accepts a move: then its time goes
  // to failover_ms (by kind: kill -9, SIGSTOP).
  std::optional<std::chrono::steady_clock::time_point> fault_at;
  bool fault_was_pause = false;
  std::array<std::vector<double>, 2> failover_ms;
  const auto take_and_time = [&](seat_holder& h) {
    const auto frames_before = h.client->frames.size();
    take_frames_counting_games(h, finished_ids);
    for (auto i = frames_before; fault_at && i < h.client->frames.size(); ++i)
      if (h.client->frames[i].value("type", "") == "game") {
        failover_ms[fault_was_pause ? 1 : 0].push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - *fault_at).count());
        fault_at.reset();
      }
  };
  for (int round = 0; round < rounds; ++round) {
    const bool pause = round % 2 == 1;
    SCOPED_TRACE("round " + std::to_string(round) + (pause ? " (SIGSTOP)" : " (kill -9)"));
    // Play for a random while (the first move the new server accepts ends the failover).
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(random.between(500, 4000));
    while (std::chrono::steady_clock::now() < until) {
      for (auto& h : holders) {
        take_and_time(h);
        if (h.client->ws.closed()) FAIL() << h.name << " was closed mid-round\n" << servers[active]->output();
        h.client->act_if_asked();
      }
    }

    const int standby = 1 - active;
    auto& old = *servers[active];
    const auto old_output = old.output().size();
    const auto standby_output = servers[standby]->output().size();
    const auto proxy_output = proxy->output().size();
    fault_at = std::chrono::steady_clock::now();
    fault_was_pause = pause;
    old.signal(pause ? SIGSTOP : SIGKILL);
    if (!pause) old.wait_exit(10s);
    ASSERT_TRUE(servers[standby]->wait_for("listening on http://127.0.0.1:" + std::to_string(ports[standby]), 30s,
                                           standby_output))
        << servers[standby]->output();
    // Let go on, a paused server finds its lease gone and steps down (checked once the
    // players are back), writing nothing: the database refuses it. A killed one comes back
    // as the standby.
    if (pause)
      old.signal(SIGCONT);
    else
      ASSERT_TRUE(start(active, "standing by on http://127.0.0.1:")) << servers[active]->output();
    EXPECT_EQ(data.integrity(), "ok");
    for (auto& h : holders) take_frames_counting_games(h, finished_ids, false);
    for (auto& h : holders) h.client.reset();
    active = standby;

    // The proxy sends players on only once it saw the old server go and the new one come.
    ASSERT_TRUE(proxy->wait_for("Server " + names[1 - active] + " is DOWN", 30s, proxy_output)) << proxy->output();
    ASSERT_TRUE(proxy->wait_for("Server " + names[active] + " is UP", 30s, proxy_output)) << proxy->output();
    ASSERT_TRUE(healthy_within(proxy_port, 30s)) << proxy->output();
    ASSERT_NO_FATAL_FAILURE(check_and_come_back(holders, finished_ids, proxy_port, servers[active]->output()));
    // The failover ends with the first move the new server accepts.
    const auto settle = std::chrono::steady_clock::now() + 10s;
    while (fault_at && std::chrono::steady_clock::now() < settle)
      for (auto& h : holders) {
        take_and_time(h);
        h.client->act_if_asked();
      }
    ASSERT_FALSE(fault_at) << "no move was accepted in 10 s after the players came back";
    if (pause) {
      auto& stepped_down = *servers[1 - active];
      ASSERT_TRUE(stepped_down.wait_for("stepped down", 30s, old_output)) << stepped_down.output();
      ASSERT_TRUE(stepped_down.wait_for("standing by on http://127.0.0.1:", 30s, old_output)) << stepped_down.output();
      EXPECT_NE(stepped_down.output().find("lost the lease", old_output), std::string::npos) << stepped_down.output();
    }
  }
  // Stored once, with its ratings: no game twice (a step written by both servers), and
  // every finished game with humans has their rating changes.
  EXPECT_FALSE(finished_ids.empty()) << "no game ended in " << rounds << " round(s): nothing was checked";
  EXPECT_EQ(testing::pg_cluster::query_one(data.url(),
                                           "SELECT count(*) FROM (SELECT table_code, started FROM games "
                                           "GROUP BY table_code, started HAVING count(*) > 1) twice"),
            "0");
  EXPECT_EQ(testing::pg_cluster::query_one(
                data.url(),
                "SELECT count(*) FROM game_players p JOIN games g ON g.id = p.game_id WHERE g.status = 'finished' "
                "AND p.player_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ratings r "
                "WHERE r.game_id = p.game_id AND r.player_id = p.player_id)"),
            "0");
  EXPECT_EQ(data.integrity(), "ok");
  for (const bool pause : {false, true}) {
    const auto& times = failover_ms[pause ? 1 : 0];
    std::cout << "failover: from " << (pause ? "SIGSTOP" : "kill -9") << " to the first move the standby accepted, "
              << times.size() << " time(s): p50 " << percentile_ms(times, 0.5) << ", p99 " << percentile_ms(times, 0.99)
              << ", max " << percentile_ms(times, 1.0) << "\n";
  }
  for (auto& h : holders) h.client.reset();
  for (auto& server : servers) server->signal(SIGTERM);
  for (auto& server : servers) EXPECT_EQ(server->wait_exit(20s), std::optional<int>(0)) << server->output();
}

}  // namespace
}  // namespace shithead::test
