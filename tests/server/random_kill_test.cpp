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

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tests/postgres/backend.hpp"
#include "tests/server/child_process.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/server_data.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::atoi(text) : fallback;
}

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
void take_frames(seat_holder& h, std::set<std::int64_t>& finished_ids, bool alive = true) {
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

class random_kill : public ::testing::TestWithParam<testing::backend> {};

TEST_P(random_kill, every_game_a_client_saw_end_is_stored_and_every_table_resumes_past_what_was_seen) {
  const int rounds = std::max(1, env_int("SHITHEAD_KILL_ROUNDS", 4));
  const int tables = std::max(1, env_int("SHITHEAD_KILL_TABLES", 4));
  std::uint64_t random = static_cast<std::uint64_t>(env_int("SHITHEAD_KILL_SEED", 1)) * 0x9e3779b97f4a7c15ull + 1;
  const auto next_random = [&random](int low, int high) {
    random = random * 6364136223846793005ull + 1442695040888963407ull;
    return low + static_cast<int>((random >> 33) % static_cast<std::uint64_t>(high - low + 1));
  };

  const temp_folder folder;
  const server_data data(GetParam(), folder.path());
  std::vector<seat_holder> holders;
  std::set<std::int64_t> finished_ids;
  std::unique_ptr<child_process> process;

  for (int round = 0; round < rounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const auto port = start_server(process, data);
    ASSERT_NE(port, 0) << process->output();

    if (round == 0) {
      // Two humans and a greedy bot at each table.
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
    } else {
      // Before anyone is back: every game a client saw end is on disk.
      for (const auto id : finished_ids) {
        const auto reply = http_get(port, "/api/games/" + std::to_string(id));
        EXPECT_EQ(reply.status, 200u) << "game " << id << " was seen to end but is not stored: " << reply.body;
      }
      // Everyone comes back to their seat, at a version past anything they were shown,
      // with every game they saw end on the table's scoreboard.
      for (auto& h : holders) {
        h.client = std::make_unique<player>(port);
        h.client->greedy = true;
        ASSERT_TRUE(h.client->ws.connected()) << h.name << ": " << h.client->ws.error() << "\n" << process->output();
        h.client->hello("", h.token);
        const auto snapshot = h.client->expect("room");
        ASSERT_EQ(snapshot.value("code", ""), h.code) << snapshot.dump();
        EXPECT_GT(snapshot.value("version", std::uint64_t{0}), h.seen_version) << h.name << ": " << snapshot.dump();
        EXPECT_GE(snapshot["scoreboard"].value("games", 0) + snapshot["scoreboard"].value("abandoned", 0),
                  h.games_seen_end)
            << h.name;
        h.seen_version = std::max(h.seen_version, snapshot.value("version", std::uint64_t{0}));
        // A game that ended just before the kill: its host asks for the rematch again.
        if (h.host && !snapshot["game"].is_null() && snapshot["game"].value("phase", "") == "over")
          h.client->send(json{{"type", "rematch"}});
      }
    }

    // Play for a random while, then kill -9.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(next_random(500, 4000));
    while (std::chrono::steady_clock::now() < until) {
      for (auto& h : holders) {
        take_frames(h, finished_ids);
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
    for (auto& h : holders) take_frames(h, finished_ids, false);
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

}  // namespace
}  // namespace shithead::test
