// Three active servers on one PostgreSQL database behind HAProxy (Debian's package, with
// the shipped docker/cluster/haproxy.cfg), as docker/compose.cluster.yaml runs them. Tables
// spread over the three nodes play with rematches through the proxy, their players
// following a table that moved as the web client does (/ws?table=CODE and a hello with
// their token). Each round, at seeded moments: kill -9 of the node serving the most
// tables (started again once its tables are elsewhere, as a rolling restart would), then
// SIGSTOP of another node serving tables, past its lease, and SIGCONT once its tables were
// claimed. Checked:
// - every table resumes on a live node above any version its players were shown, and
//   every player is back in their seat through the proxy;
// - every game a player saw end is stored, exactly once, and the rating chains are
//   unbroken and equal to a recomputation from the stored games;
// - no write from a deposed node: a trigger this test adds records, for every logged
//   action, stored game and table row, which server wrote it (its writer connection's
//   application_name) and whose the table was; the two must agree;
// - every node's lobby lists the same public tables within a second of the last claim.
// Scaled by SHITHEAD_CLUSTER_ROUNDS, _TABLES, _SEED and _LEASE_MS; SHITHEAD_CLUSTER_BINARY
// runs another build of the server (.ci/run: the release binary). Prints the seed and the
// times from each fault to each table's return.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "server/rankings/weng_lin.hpp"
#include "server/store/pg.hpp"
#include "tests/server/child_process.hpp"
#include "tests/server/fault_support.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/server_data.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

std::string server_binary() {
  const char* other = std::getenv("SHITHEAD_CLUSTER_BINARY");
  return other && *other ? other : SHITHEAD_BINARY;
}

// One node: `shithead serve --cluster on` on a port of its own, kept across restarts (the
// proxy's configuration names it).
struct node {
  std::uint16_t port = free_port();
  std::unique_ptr<child_process> process;
  bool up = false;  // serving, neither killed nor paused

  bool start(const server_data& data, const std::string& lease_ms) {
    std::vector<std::string> args{server_binary(), "serve", "--port", std::to_string(port), "--bind", "127.0.0.1",
                                  "--threads", "2", "--cluster", "on", "--lease-ms", lease_ms, "--trusted-proxies",
                                  "127.0.0.1", "--api-rate", "0", "--new-players-per-address", "0",
                                  "--tables-per-address", "0", "--bot-pace", "0",
                                  // Named, because the binary may be the Docker image's,
                                  // whose built-in folder is /opt/shithead/web-client.
                                  "--static", SHITHEAD_WEB_CLIENT};
    for (auto& flag : data.flags()) args.push_back(std::move(flag));
    process = std::make_unique<child_process>(server_binary(), std::move(args));
    up = process->started() && process->wait_for(listening_line(), 30s).has_value();
    return up;
  }

  // After a step down (a paused node woken past its lease), it serves again as a new node.
  bool serving_again_after(std::size_t from) {
    up = process->wait_for("stepped down", 30s, from) &&
         process->wait_for(listening_line(), 30s, process->output().find("stepped down", from));
    return up;
  }

  std::string listening_line() const { return "listening on http://127.0.0.1:" + std::to_string(port); }

  // Its name in `nodes` and live_rooms.owner, from the last "lease: NAME holds the lease".
  std::string name() const {
    const auto& out = process->output();
    const auto at = out.rfind(" holds the lease");
    if (at == std::string::npos) return "";
    const auto begin = out.rfind("lease: ", at);
    return begin == std::string::npos ? "" : out.substr(begin + 7, at - begin - 7);
  }
};

// One human at one table, across faults.
struct seat {
  std::string name, token, code;
  bool host = false;
  std::uint64_t seen_version = 0;  // the highest version of any frame shown to them
  std::unique_ptr<player> client;
  bool away = false;  // their connection ended or their table moved: they come back
};

// Reads what arrived for `s`: the versions shown, the games seen to end (the host asks
// for a rematch), and a word that the table moved or the connection ended.
void take_frames_noting_moves(seat& s, std::set<std::int64_t>& finished_ids) {
  auto& p = *s.client;
  const auto before = p.frames.size();
  while (p.pump(1ms)) {
  }
  for (auto i = before; i < p.frames.size(); ++i) {
    const json& frame = p.frames[i];
    if (frame.contains("version") && frame["version"].is_number_unsigned())
      s.seen_version = std::max(s.seen_version, frame["version"].get<std::uint64_t>());
    const auto type = frame.value("type", "");
    if (type == "error" && frame.value("code", "") == "table_moved") s.away = true;
    if (type != "game_over") continue;
    // Frames go out only after their step is committed: a game seen to end has its id.
    EXPECT_TRUE(frame["game_id"].is_number_integer()) << frame.dump();
    if (frame["game_id"].is_number_integer()) finished_ids.insert(frame["game_id"].get<std::int64_t>());
    if (s.host) p.send(json{{"type", "rematch"}});
  }
  p.game_over.reset();
  if (p.ws.closed()) s.away = true;
}

// Waits on `p` for the room of `code` (sending `join` once welcomed, for a player not yet
// seated there); the snapshot, or nothing when refused, closed or out of time.
std::optional<json> room_of(player& p, const std::string& code, bool join, std::chrono::milliseconds wait) {
  const auto deadline = steady::now() + wait;
  std::size_t read = 0;
  while (steady::now() < deadline && !p.ws.closed()) {
    p.pump(20ms);
    for (; read < p.frames.size(); ++read) {
      const json& f = p.frames[read];
      const auto type = f.value("type", "");
      if (type == "room" && f.value("code", "") == code) return f;
      if (type == "welcome" && join) p.send(json{{"type", "join"}, {"code", code}});
      if (type == "error") return std::nullopt;
    }
  }
  return std::nullopt;
}

// Back at the table through the proxy, as the web client comes back: /ws?table=CODE and
// the token's hello, tried again every 200 ms (the proxy refuses a node it has not yet
// seen go; a node that waits for a dead node's lease holds the hello) for 30 s at most.
// True once in the seat, the game at a version above anything the seat was shown.
bool come_back(seat& s, std::uint16_t proxy, bool join = false) {
  const auto deadline = steady::now() + 30s;
  for (int attempt = 0; steady::now() < deadline; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(200ms);
    auto p = std::make_unique<player>(proxy, "/ws?table=" + s.code);
    p->greedy = true;
    p->may_lose_connection = true;
    if (!p->ws.connected()) continue;
    p->send(json{{"type", "hello"}, {"v", 1}, {"name", ""}, {"token", s.token}});
    const auto snapshot = room_of(*p, s.code, join, 10s);
    if (!snapshot) continue;
    if (!join) {
      // A table restored elsewhere goes on one version above its log's last.
      EXPECT_GT(snapshot->value("version", std::uint64_t{0}), s.seen_version) << s.name << ": " << snapshot->dump();
    }
    s.seen_version = std::max(s.seen_version, snapshot->value("version", std::uint64_t{0}));
    s.client = std::move(p);
    s.away = false;
    // A game that ended as its node went: the host asks for the rematch again.
    if (s.host && !(*snapshot)["game"].is_null() && (*snapshot)["game"].value("phase", "") == "over")
      s.client->send(json{{"type", "rematch"}});
    return true;
  }
  return false;
}

// A watcher of one node's lobby, straight to the node (not through the proxy): the public
// codes of the public tables it was last sent (the summaries change with every game: only
// which tables are listed is compared).
struct lobby_watch {
  std::unique_ptr<player> client;
  std::string token;  // the watcher's, so that it comes back as itself (its name is taken)
  std::set<std::string> listed;

  void connect(std::uint16_t port, const std::string& name) {
    client = std::make_unique<player>(port);
    client->may_lose_connection = true;
    listed.clear();
    if (!client->ws.connected()) return;
    client->hello(token.empty() ? name : "", token);
    token = client->token;
    client->send(json{{"type", "list_tables"}});
  }

  void take_frames() {
    if (!client) return;
    const auto before = client->frames.size();
    while (client->pump(1ms)) {
    }
    for (auto i = before; i < client->frames.size(); ++i) {
      const json& f = client->frames[i];
      const auto type = f.value("type", "");
      if (type == "tables") {
        listed.clear();
        for (const auto& t : f["tables"]) listed.insert(t.value("code", ""));
      } else if (type == "tables_changed" && f.contains("order")) {
        listed.clear();  // `order` is the whole list
        for (const auto& code : f["order"]) listed.insert(code.get<std::string>());
      }
    }
  }
};

// Who wrote what: a row for every logged action, stored game and table row written, with
// the writer (its connection's application_name: "shithead writer NODE") and the table's
// owner as the write saw it (before and after, for a table's own row).
void audit_writes(const std::string& url) {
  server::pg::connection db(url);
  db.exec(R"sql(
CREATE TABLE test_writes (
  tbl       TEXT NOT NULL,
  code      TEXT NOT NULL,
  writer    TEXT NOT NULL,
  owner     TEXT,
  new_owner TEXT,
  at        TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE FUNCTION test_audit_table_write() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  c TEXT := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  INSERT INTO test_writes (tbl, code, writer, owner)
    SELECT TG_TABLE_NAME, c, current_setting('application_name'), (SELECT owner FROM live_rooms WHERE code = c);
  RETURN NULL;
END $$;
CREATE TRIGGER test_audit AFTER INSERT ON live_actions
  FOR EACH ROW EXECUTE FUNCTION test_audit_table_write('code');
CREATE TRIGGER test_audit AFTER INSERT ON games
  FOR EACH ROW EXECUTE FUNCTION test_audit_table_write('table_code');
CREATE FUNCTION test_audit_room_write() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO test_writes (tbl, code, writer, owner) VALUES
      (TG_TABLE_NAME, OLD.code, current_setting('application_name'), OLD.owner);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO test_writes (tbl, code, writer, new_owner) VALUES
      (TG_TABLE_NAME, NEW.code, current_setting('application_name'), NEW.owner);
  ELSE
    INSERT INTO test_writes (tbl, code, writer, owner, new_owner) VALUES
      (TG_TABLE_NAME, NEW.code, current_setting('application_name'), OLD.owner, NEW.owner);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER test_audit AFTER INSERT OR UPDATE OR DELETE ON live_rooms
  FOR EACH ROW EXECUTE FUNCTION test_audit_room_write();
)sql");
}

// Writes by a server that did not own the table as it wrote: a step logged or a game
// stored by another than the owner, or a table's row changed by a node that neither
// owned it before nor claimed it.
std::string writes_not_by_the_owner(const std::string& url) {
  return testing::pg_cluster::query_one(
      url,
      "SELECT coalesce(string_agg(tbl || ' ' || code || ' by ' || writer || ' (owner ' || coalesce(owner, '-') || "
      "', then ' || coalesce(new_owner, '-') || ')', '; '), '') FROM test_writes "
      "WHERE writer <> 'shithead writer ' || coalesce(owner, '?') "
      "AND writer <> 'shithead writer ' || coalesce(new_owner, '?')");
}

// The ratings as stored, compared with Weng-Lin run again over the stored games in the
// order of their ids (a player sits at one table at a time here, so their games never
// overlap): "" when equal, or where they first differ. Each player's chain is unbroken
// when every game starts from the rating the one before left.
std::string ratings_differ_from_a_recomputation(const std::string& url) {
  server::pg::connection db(url);
  auto games = db.prepare(
      "SELECT g.id, g.seats, p.seat, p.player_id, p.place FROM games g JOIN game_players p ON p.game_id = g.id "
      "WHERE g.status = 'finished' ORDER BY g.id, p.seat");
  auto stored = db.prepare("SELECT player_id, mu_before, sigma_before, mu, sigma FROM ratings WHERE game_id = $1");
  auto final_ratings = db.prepare("SELECT id, mu, sigma FROM players");
  const auto rows = games.run();
  std::map<std::string, server::rating> current;
  const auto near = [](double a, double b) { return std::abs(a - b) < 1e-9; };
  for (int r = 0; r < rows.rows();) {
    const auto game_id = rows.int64(r, 0);
    const int seats = rows.integer(r, 1);
    std::vector<std::string> humans;
    std::vector<int> places;
    for (; r < rows.rows() && rows.int64(r, 0) == game_id; ++r) {
      if (rows.is_null(r, 3)) continue;  // a bot: not rated
      humans.push_back(rows.text(r, 3));
      places.push_back(rows.optional_integer(r, 4).value_or(seats));
    }
    std::vector<server::rating> before;
    for (const auto& id : humans) before.push_back(current.contains(id) ? current[id] : server::new_rating());
    const auto after = humans.size() >= 2 ? server::rate_game(before, places) : before;
    const auto saved = stored.run(server::pg::params().add(game_id));
    if (static_cast<std::size_t>(saved.rows()) != humans.size())
      return "game " + std::to_string(game_id) + " has " + std::to_string(saved.rows()) + " rating row(s) for " +
             std::to_string(humans.size()) + " human(s)";
    for (int s = 0; s < saved.rows(); ++s) {
      const auto at = std::find(humans.begin(), humans.end(), saved.text(s, 0)) - humans.begin();
      if (at == static_cast<std::ptrdiff_t>(humans.size()))
        return "game " + std::to_string(game_id) + " rates a player who did not sit there";
      const auto i = static_cast<std::size_t>(at);
      if (!near(saved.real(s, 1), before[i].mu) || !near(saved.real(s, 2), before[i].sigma))
        return "game " + std::to_string(game_id) + ": " + humans[i] + "'s chain is broken (it starts from mu " +
               std::to_string(saved.real(s, 1)) + ", the game before left " + std::to_string(before[i].mu) + ")";
      if (!near(saved.real(s, 3), after[i].mu) || !near(saved.real(s, 4), after[i].sigma))
        return "game " + std::to_string(game_id) + ": " + humans[i] + "'s new rating differs from the recomputation";
    }
    for (std::size_t i = 0; i < humans.size(); ++i) current[humans[i]] = after[i];
  }
  const auto players = final_ratings.run();
  for (int p = 0; p < players.rows(); ++p) {
    const auto id = players.text(p, 0);
    const auto expected = current.contains(id) ? current[id] : server::new_rating();
    if (!near(players.real(p, 1), expected.mu) || !near(players.real(p, 2), expected.sigma))
      return "player " + id + "'s rating is not the last of their chain";
  }
  return "";
}

// "{A,B,C}": codes or ids as a PostgreSQL array literal.
template <class Items>
std::string array_literal(const Items& items) {
  std::string out = "{";
  for (const auto& item : items) {
    if (out.size() > 1) out += ",";
    if constexpr (std::is_arithmetic_v<std::decay_t<decltype(item)>>)
      out += std::to_string(item);
    else
      out += item;
  }
  return out + "}";
}

class cluster_faults : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(std::filesystem::exists("/usr/sbin/haproxy"))
        << "HAProxy is not installed: ./scripts/install-deps.sh --with-postgresql installs it";
    std::cout << "cluster faults: seed " << seed << " (SHITHEAD_CLUSTER_SEED), " << rounds << " round(s), " << tables
              << " table(s) at least, lease " << lease_ms << " ms\n";
    ASSERT_TRUE(nodes[0].start(data, lease_ms)) << nodes[0].process->output();
    audit_writes(data.url());  // once the first node made the schema
    for (std::size_t i = 1; i < nodes.size(); ++i)
      ASSERT_TRUE(nodes[i].start(data, lease_ms)) << nodes[i].process->output();
    // The shipped configuration, its addresses from the environment as compose sets them.
    setenv("PROXY_BIND", ("127.0.0.1:" + std::to_string(proxy_port)).c_str(), 1);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      setenv(("SERVER_" + std::to_string(i + 1)).c_str(), ("127.0.0.1:" + std::to_string(nodes[i].port)).c_str(), 1);
    const auto config = std::filesystem::path(SHITHEAD_TEST_DATA) / ".." / ".." / "docker" / "cluster" / "haproxy.cfg";
    proxy = std::make_unique<child_process>("/usr/sbin/haproxy",
                                            std::vector<std::string>{"haproxy", "-db", "-f", config.string()});
    const auto deadline = steady::now() + 10s;
    while (steady::now() < deadline && http_get(proxy_port, "/healthz", 1s).status != 200u)
      std::this_thread::sleep_for(50ms);
    ASSERT_EQ(http_get(proxy_port, "/healthz", 1s).status, 200u) << proxy->output();
    for (std::size_t i = 0; i < nodes.size(); ++i) watchers[i].connect(nodes[i].port, "Watcher" + std::to_string(i));
  }

  void TearDown() override {
    for (auto& s : seats) s.client.reset();
    for (auto& w : watchers) w.client.reset();
    for (auto& n : nodes)
      if (n.process) n.process->signal(SIGCONT);
  }

  // Reads the processes' output (a full pipe would block them) and every client's frames;
  // a seat whose table moved or whose connection ended comes back before it plays on.
  void play_once() {
    for (auto& n : nodes)
      if (n.process) n.process->drain();
    proxy->drain();
    for (auto& s : seats) {
      if (!s.away) take_frames_noting_moves(s, finished_ids);
      if (s.away) {
        ASSERT_TRUE(come_back(s, proxy_port))
            << s.name << " never came back to " << s.code << "\n"
            << proxy->output().substr(proxy->output().size() > 4000 ? proxy->output().size() - 4000 : 0);
        if (fault_at)
          back_after_ms.push_back(std::chrono::duration<double, std::milli>(steady::now() - *fault_at).count());
      } else {
        s.client->act_if_asked();
      }
    }
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i].up) watchers[i].take_frames();
  }

  void play_for(std::chrono::milliseconds span) {
    const auto until = steady::now() + span;
    while (steady::now() < until && !::testing::Test::HasFatalFailure()) play_once();
  }

  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const auto& s : seats)
      if (s.host) out.push_back(s.code);
    return out;
  }

  std::set<std::string> code_set() const {
    const auto all = codes();
    return {all.begin(), all.end()};
  }

  // Each of our tables' owner, by code.
  std::map<std::string, std::string> owners() const {
    server::pg::connection db(data.url());
    auto query = db.prepare("SELECT code, coalesce(owner, '') FROM live_rooms WHERE code = ANY ($1::text[])");
    const auto rows = query.run(server::pg::params().add(array_literal(codes())));
    std::map<std::string, std::string> out;
    for (int r = 0; r < rows.rows(); ++r) out[rows.text(r, 0)] = rows.text(r, 1);
    return out;
  }

  // The node serving the most of our tables among those up, other than `besides` (or
  // the most of them whose bots take their time, with `slow`).
  std::size_t busiest(std::optional<std::size_t> besides = std::nullopt, bool slow = false) const {
    const auto by_code = owners();
    std::optional<std::size_t> best;
    long most = -1;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (!nodes[i].up || i == besides) continue;
      const auto name = nodes[i].name();
      // Slow tables count a thousand times: the most of them, then the most tables.
      const auto count = std::accumulate(by_code.begin(), by_code.end(), 0L, [&](long sum, const auto& e) {
        return sum + (e.second != name ? 0 : slow && slow_tables.contains(e.first) ? 1000 : 1);
      });
      if (count > most) {
        most = count;
        best = i;
      }
    }
    return *best;
  }

  // Plays until every seat is back and each of our tables belongs to a node that is up;
  // the moment that was so.
  steady::time_point until_every_table_is_served() {
    const auto deadline = steady::now() + 60s;
    auto checked = steady::time_point{};
    while (steady::now() < deadline && !::testing::Test::HasFatalFailure()) {
      play_once();
      if (steady::now() - checked < 250ms) continue;
      checked = steady::now();
      if (std::any_of(seats.begin(), seats.end(), [](const seat& s) { return s.away; })) continue;
      std::set<std::string> live;
      for (const auto& n : nodes)
        if (n.up) live.insert(n.name());
      const auto by_code = owners();
      if (by_code.size() == codes().size() &&
          std::all_of(by_code.begin(), by_code.end(), [&](const auto& e) { return live.contains(e.second); }))
        return steady::now();
    }
    ADD_FAILURE() << "a table was not served by a live node within 60 s";
    return steady::now();
  }

  // True once every lobby of a node that is up lists the tables `expected`, within `wait`.
  // (Their summaries change with every game that ends and starts, at a node's pace of a
  // quarter of a second: only the codes are compared.)
  bool lobbies_agree(const std::set<std::string>& expected, std::chrono::milliseconds wait) {
    const auto deadline = steady::now() + wait;
    for (;;) {
      play_once();
      bool agree = true;
      for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].up) agree = agree && watchers[i].listed == expected;
      if (agree) return true;
      if (steady::now() >= deadline) return false;
    }
  }

  // A public table opened and closed by a newcomer through the proxy: how long until every
  // node's lobby lists it, then drops it.
  void lobbies_follow_a_new_table() {
    player newcomer(proxy_port);
    newcomer.may_lose_connection = true;
    newcomer.hello("Newcomer" + std::to_string(newcomers++));
    const auto opened = steady::now();
    const auto code = open_table(newcomer, json{{"seats", 3}, {"public", true}});
    auto expected = code_set();
    const auto without = expected;
    expected.insert(code);
    EXPECT_TRUE(lobbies_agree(expected, 5s)) << "the lobbies never listed the new table " << code;
    lobby_ms.push_back(std::chrono::duration<double, std::milli>(steady::now() - opened).count());
    newcomer.send(json{{"type", "leave"}});
    const auto closed = steady::now();
    EXPECT_TRUE(lobbies_agree(without, 5s)) << "the lobbies kept the closed table " << code;
    lobby_ms.push_back(std::chrono::duration<double, std::milli>(steady::now() - closed).count());
  }

  // Host and guest at a new public table, with a greedy bot, a game started. Both go to
  // the table's URL, as a client does: the host at once (as after a reload), the guest
  // after a join from the lobby is told the table is elsewhere. Every other table's bot
  // takes its time (a person's pace): such a table nearly always has a bot's move due,
  // which a node paused past its lease would try to write as it wakes.
  void seat_a_table(int t) {
    seat host{"Host" + std::to_string(t), "", "", true, 0, std::make_unique<player>(proxy_port), false};
    seat guest{"Guest" + std::to_string(t), "", "", false, 0, std::make_unique<player>(proxy_port), false};
    for (auto* s : {&host, &guest}) {
      s->client->greedy = s->client->may_lose_connection = true;
      s->client->hello(s->name);
      s->token = s->client->token;
    }
    host.code = guest.code =
        open_table(*host.client, json{{"seats", 3}, {"public", true}, {"bot_pace_ms", t % 2 == 0 ? 1200 : 0}});
    ASSERT_EQ(host.code.size(), 6u);
    if (t % 2 == 0) slow_tables.insert(host.code);
    ASSERT_TRUE(come_back(host, proxy_port)) << host.name;
    guest.client->send(json{{"type", "join"}, {"code", guest.code}});
    if (!room_of(*guest.client, guest.code, false, 10s)) {
      ASSERT_TRUE(come_back(guest, proxy_port, true)) << guest.name;
    }
    host.client->send(json{{"type", "add_bot"}, {"kind", "greedy"}});
    host.client->send(json{{"type", "start"}});
    seats.push_back(std::move(host));
    seats.push_back(std::move(guest));
  }

  const int rounds = std::max(1, env_int("SHITHEAD_CLUSTER_ROUNDS", 1));
  const int tables = std::max(3, env_int("SHITHEAD_CLUSTER_TABLES", 9));
  const int seed = env_int("SHITHEAD_CLUSTER_SEED", 1);
  const std::string lease_ms = std::to_string(env_int("SHITHEAD_CLUSTER_LEASE_MS", 2000));
  seeded_random random{static_cast<std::uint64_t>(seed), 11};

  const temp_folder folder;
  const server_data data{testing::backend::postgresql, folder.path()};
  std::array<node, 3> nodes;
  const std::uint16_t proxy_port = free_port();
  std::unique_ptr<child_process> proxy;
  std::array<lobby_watch, 3> watchers;
  std::vector<seat> seats;
  std::set<std::string> slow_tables;    // their bots at a person's pace
  std::set<std::int64_t> finished_ids;  // games the players were shown end
  int newcomers = 0;
  std::optional<steady::time_point> fault_at;
  std::vector<double> back_after_ms;  // from a fault to each of its players' return, one after another
  std::vector<double> lobby_ms;       // from a table opened or closed to every lobby showing it
};

TEST_F(cluster_faults, kill_and_pause_lose_no_game_leave_no_table_and_let_no_deposed_node_write) {
  // Tables until every node serves some (the proxy's hash of each code decides where).
  for (int t = 0; t < 3 * tables; ++t) {
    if (t >= tables) {
      const auto by_code = owners();
      std::set<std::string> serving;
      for (const auto& [code, owner] : by_code) serving.insert(owner);
      if (serving.size() == nodes.size()) break;
    }
    ASSERT_NO_FATAL_FAILURE(seat_a_table(t));
  }
  std::map<std::string, int> per_node;
  for (const auto& [code, owner] : owners()) ++per_node[owner];
  std::cout << "cluster faults: " << codes().size() << " tables, by node:";
  for (const auto& [owner, count] : per_node) std::cout << " " << count;
  std::cout << "\n";

  for (int round = 0; round < rounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    ASSERT_NO_FATAL_FAILURE(play_for(std::chrono::milliseconds(random.between(1000, 3000))));

    // kill -9 of the busiest node; its tables are claimed where their players come back.
    const auto killed = busiest();
    const auto killed_name = nodes[killed].name();
    fault_at = steady::now();
    nodes[killed].process->signal(SIGKILL);
    nodes[killed].process->wait_exit(10s);
    nodes[killed].up = false;
    const auto served_after_kill = until_every_table_is_served();
    ASSERT_FALSE(HasFailure());
    std::cout << "cluster faults: kill -9 of " << killed_name << ": every table served again after "
              << std::chrono::duration_cast<std::chrono::milliseconds>(served_after_kill - *fault_at).count()
              << " ms\n";
    fault_at.reset();
    EXPECT_TRUE(lobbies_agree(code_set(), 1s)) << "the live nodes' lobbies differ a second after the last claim";

    // It comes back (a rolling restart), a new node; its lobby lists every table at once.
    ASSERT_TRUE(nodes[killed].start(data, lease_ms)) << nodes[killed].process->output();
    watchers[killed].connect(nodes[killed].port, "Watcher" + std::to_string(killed));
    EXPECT_TRUE(lobbies_agree(code_set(), 1s)) << "the restarted node's lobby lacks tables a second after it started";
    ASSERT_NO_FATAL_FAILURE(play_for(std::chrono::milliseconds(random.between(1000, 3000))));

    // SIGSTOP of another node serving tables, past its lease: claimed elsewhere, then woken.
    const auto paused = busiest(killed, true);
    const auto paused_name = nodes[paused].name();
    const auto paused_output = nodes[paused].process->output().size();
    fault_at = steady::now();
    nodes[paused].process->signal(SIGSTOP);
    nodes[paused].up = false;
    const auto served_after_pause = until_every_table_is_served();
    ASSERT_FALSE(HasFailure());
    std::cout << "cluster faults: SIGSTOP of " << paused_name << ": every table served again after "
              << std::chrono::duration_cast<std::chrono::milliseconds>(served_after_pause - *fault_at).count()
              << " ms\n";
    fault_at.reset();
    nodes[paused].process->signal(SIGCONT);
    ASSERT_TRUE(nodes[paused].serving_again_after(paused_output)) << nodes[paused].process->output();
    EXPECT_NE(nodes[paused].process->output().find("lost the lease", paused_output), std::string::npos);
    watchers[paused].connect(nodes[paused].port, "Watcher" + std::to_string(paused));
    EXPECT_TRUE(lobbies_agree(code_set(), 2s)) << "the lobbies differ after the paused node came back";
    EXPECT_EQ(writes_not_by_the_owner(data.url()), "");
    ASSERT_NO_FATAL_FAILURE(lobbies_follow_a_new_table());
  }
  ASSERT_NO_FATAL_FAILURE(play_for(std::chrono::milliseconds(random.between(1000, 3000))));

  // Every table is served by a live node, and its players are in their seats.
  std::set<std::string> live;
  for (const auto& n : nodes) live.insert(n.name());
  for (const auto& [code, owner] : owners()) EXPECT_TRUE(live.contains(owner)) << code << " is left with " << owner;
  for (const auto& s : seats) EXPECT_FALSE(s.away) << s.name;

  // Every game seen to end is stored once; the ratings follow from the stored games.
  ASSERT_FALSE(finished_ids.empty()) << "no game ended: nothing was checked";
  EXPECT_EQ(testing::pg_cluster::query_one(data.url(), "SELECT count(*) FROM games WHERE id = ANY ('" +
                                                           array_literal(finished_ids) + "'::bigint[])"),
            std::to_string(finished_ids.size()));
  EXPECT_EQ(testing::pg_cluster::query_one(data.url(),
                                           "SELECT count(*) FROM (SELECT table_code, started FROM games "
                                           "GROUP BY table_code, started HAVING count(*) > 1) twice"),
            "0");
  EXPECT_EQ(ratings_differ_from_a_recomputation(data.url()), "");
  EXPECT_EQ(writes_not_by_the_owner(data.url()), "");
  EXPECT_EQ(data.integrity(), "ok");
  std::cout << "cluster faults: " << finished_ids.size() << " games seen to end, stored once; "
            << testing::pg_cluster::query_one(data.url(), "SELECT count(*) FROM test_writes") << " writes audited\n"
            << "cluster faults: from a fault to each of its players' return (one after another), "
            << back_after_ms.size() << ": p50 " << percentile_ms(back_after_ms, 0.5) << ", p99 "
            << percentile_ms(back_after_ms, 0.99) << "; a table opened or closed to every lobby showing it, "
            << lobby_ms.size() << ": p50 " << percentile_ms(lobby_ms, 0.5) << ", max " << percentile_ms(lobby_ms, 1.0)
            << "\n";

  for (auto& s : seats) s.client.reset();
  for (auto& w : watchers) w.client.reset();
  for (auto& n : nodes) n.process->signal(SIGTERM);
  for (auto& n : nodes) EXPECT_EQ(n.process->wait_exit(20s), std::optional<int>(0)) << n.process->output();
}

}  // namespace
}  // namespace shithead::test
