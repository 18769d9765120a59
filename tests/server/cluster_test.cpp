// Several active servers on one PostgreSQL database (`serve --cluster on`): each table
// belongs to the node that claimed it. When that node is killed, its players reconnect to
// another node with the table in the URL (/ws?table=CODE, as a proxy routes them) and are
// back in their seats once its lease lapses; when it was only paused past its lease, it
// writes nothing more to the table it lost. Every game seen to end is stored once.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "tests/server/child_process.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/server_data.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

// The lease's term: a dead node's tables are claimed this long after its last renewal.
constexpr auto lease = 2000ms;

// `shithead serve --cluster on` on the database; its port, or 0.
struct cluster_node {
  std::unique_ptr<child_process> process;
  std::uint16_t port = 0;

  explicit cluster_node(const server_data& data) {
    std::vector<std::string> args{"serve",
                                  "--port",
                                  "0",
                                  "--bind",
                                  "127.0.0.1",
                                  "--threads",
                                  "2",
                                  "--bot-pace",
                                  "0",
                                  "--cluster",
                                  "on",
                                  "--lease-ms",
                                  std::to_string(lease.count())};
    for (auto& flag : data.flags()) args.push_back(std::move(flag));
    process = std::make_unique<child_process>(std::move(args));
    if (!process->started()) return;
    if (const auto logged = process->number_after(serving_log_prefix, 30s))
      port = static_cast<std::uint16_t>(std::stoi(*logged));
  }
};

std::string sql(const server_data& data, const std::string& query) {
  return testing::pg_cluster::query_one(data.url(), query);
}

// Two nodes on a database of their own, both serving.
class cluster : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(one.port, 0) << one.process->output();
    ASSERT_NE(two.port, 0) << two.process->output();
  }

  const temp_folder folder;
  const server_data data{testing::backend::postgresql, folder.path()};
  cluster_node one{data};
  cluster_node two{data};
};

// Plays games at the table until one is won (an abandoned one is played again, five at
// most); the ids of every game that ended, as the players were shown them.
std::vector<std::int64_t> play_until_won_listing_ended(player& host, player& guest) {
  std::vector<std::int64_t> ended;
  for (int game = 0; game < 5; ++game) {
    if (game > 0 || host.game_over) {
      host.game_over.reset();
      guest.game_over.reset();
      host.send(json{{"type", "rematch"}});
    }
    if (!play_to_the_end({&host, &guest})) return ended;
    ended.push_back(host.game_over->value("game_id", std::int64_t{0}));
    if (!host.game_over->value("abandoned", false)) return ended;
  }
  return ended;
}

// Ana and Ben at a new table of `at` with a greedy bot, a game started and under way.
struct table_of_two {
  player ana, ben;
  std::string code;

  explicit table_of_two(std::uint16_t at) : ana(at), ben(at) {
    ana.greedy = ben.greedy = true;
    ana.hello("Ana");
    ben.hello("Ben");
    code = open_table(ana, json{{"seats", 3}});
    ben.send(json{{"type", "join"}, {"code", code}});
    ben.expect("joined");
    ana.send(json{{"type", "add_bot"}, {"kind", "greedy"}});
    ana.send(json{{"type", "start"}});
    play_some_steps({&ana, &ben}, 6);
  }
};

// Back through another node, as the proxy sends a table's players when its node is gone:
// the token's hello on /ws?table=CODE puts each in their seat, with the game where they
// last saw it or later.
struct back_at_the_table {
  player ana, ben;

  back_at_the_table(std::uint16_t at, const table_of_two& before)
      : ana(at, "/ws?table=" + before.code), ben(at, "/ws?table=" + before.code) {
    ana.greedy = ben.greedy = true;
    ana.hello("", before.ana.token);
    ben.hello("", before.ben.token);
    const auto snapshot = ana.expect("room", 10s);
    EXPECT_EQ(snapshot.value("code", ""), before.code) << snapshot.dump();
    EXPECT_FALSE(snapshot["game"].is_null()) << snapshot.dump();
    EXPECT_GE(ana.version, before.ana.version);
    ben.expect("room", 10s);
    EXPECT_GE(ben.version, before.ben.version);
  }
};

TEST_F(cluster, a_killed_nodes_table_is_claimed_by_another_node_and_its_players_play_on) {
  table_of_two before(one.port);
  ASSERT_FALSE(before.ana.game_over) << "the game ended before the kill";
  const auto owner_before = sql(data, "SELECT owner FROM live_rooms WHERE code = '" + before.code + "'");
  EXPECT_FALSE(owner_before.empty());

  // The second node knows nothing of the table while the first serves it: a join from
  // its lobby is told where the table is.
  {
    player eve(two.port);
    eve.hello("Eve");
    eve.send(json{{"type", "join"}, {"code", before.code}});
    const auto told = eve.expect("error");
    EXPECT_EQ(told.value("code", ""), "table_moved") << told.dump();
    EXPECT_NE(told.value("message", "").find("/ws?table=" + before.code), std::string::npos) << told.dump();
  }

  one.process->signal(SIGKILL);
  one.process->wait_exit(10s);
  const auto killed = std::chrono::steady_clock::now();
  back_at_the_table after(two.port, before);
  const auto back = std::chrono::steady_clock::now() - killed;
  EXPECT_LT(back, lease + 3s);  // the lease's lapse, then the claim
  EXPECT_EQ(sql(data, "SELECT epoch FROM live_rooms WHERE code = '" + before.code + "'"), "2");
  EXPECT_NE(sql(data, "SELECT owner FROM live_rooms WHERE code = '" + before.code + "'"), owner_before);

  const auto ended = play_until_won_listing_ended(after.ana, after.ben);
  ASSERT_FALSE(ended.empty()) << "no game ended";
  // Every game the players saw end is stored once, with its seats.
  EXPECT_EQ(sql(data, "SELECT count(*) FROM games"), std::to_string(ended.size()));
  for (const auto id : ended)
    EXPECT_EQ(sql(data, "SELECT count(*) FROM game_players WHERE game_id = " + std::to_string(id)), "3");
  EXPECT_EQ(data.integrity(), "ok");
}

TEST_F(cluster, a_node_paused_past_its_lease_writes_nothing_to_the_table_it_lost) {
  table_of_two before(one.port);
  ASSERT_FALSE(before.ana.game_over) << "the game ended before the pause";
  one.process->signal(SIGSTOP);
  back_at_the_table after(two.port, before);
  const auto owner = sql(data, "SELECT owner FROM live_rooms WHERE code = '" + before.code + "'");
  play_some_steps({&after.ana, &after.ben}, 4);

  // Woken, the first node finds its lease gone and steps down; whatever it still held
  // for the table (a bot's move on its clock, the players' old connections closing) is
  // refused by the database, never written.
  const auto log_before =
      sql(data, "SELECT count(*) || ' ' || max(version) FROM live_actions WHERE code = '" + before.code + "'");
  one.process->signal(SIGCONT);
  EXPECT_TRUE(one.process->wait_for("stepped down", 10s).has_value()) << one.process->output();
  EXPECT_EQ(sql(data, "SELECT owner FROM live_rooms WHERE code = '" + before.code + "'"), owner);
  EXPECT_EQ(sql(data, "SELECT epoch FROM live_rooms WHERE code = '" + before.code + "'"), "2");
  EXPECT_EQ(sql(data, "SELECT count(*) || ' ' || max(version) FROM live_actions WHERE code = '" + before.code + "'"),
            log_before);

  const auto ended = play_until_won_listing_ended(after.ana, after.ben);
  ASSERT_FALSE(ended.empty()) << "no game ended";
  EXPECT_EQ(sql(data, "SELECT count(*) FROM games"), std::to_string(ended.size()));
  EXPECT_EQ(data.integrity(), "ok");
}

// Some frame of `type` read within `wait` whose `key` list holds an entry with this
// code: when the lobby told its watcher of a table.
bool hears_of(player& p, const std::string& code, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  std::size_t read = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    p.pump(20ms);
    for (; read < p.frames.size(); ++read) {
      const auto& f = p.frames[read];
      const auto type = f.value("type", "");
      const char* key = type == "tables" ? "tables" : type == "tables_changed" ? "changed" : nullptr;
      if (!key || !f.contains(key)) continue;
      for (const auto& t : f[key])
        if (t.value("code", "") == code) return true;
    }
  }
  return false;
}

// One lobby across the nodes: a public table opened on one is in the other's lobby
// within a second, and a player there who joins it is given its URL.
TEST_F(cluster, every_lobby_lists_every_nodes_public_tables_within_a_second) {
  player eve(two.port);
  eve.hello("Eve");
  eve.send(json{{"type", "list_tables"}});
  eve.expect("tables");
  player ana(one.port);
  ana.hello("Ana");
  const auto opened = std::chrono::steady_clock::now();
  const auto code = open_table(ana, json{{"seats", 3}, {"public", true}});
  ASSERT_TRUE(hears_of(eve, code, 5s)) << "the other node's lobby never listed " << code;
  const auto listed_after = std::chrono::steady_clock::now() - opened;
  EXPECT_LT(listed_after, 1s);

  eve.send(json{{"type", "join"}, {"code", code}});
  const auto told = eve.expect("error");
  EXPECT_EQ(told.value("code", ""), "table_moved") << told.dump();
  EXPECT_EQ(told.value("table", ""), code) << told.dump();

  // At its URL (here the node that serves it; behind a proxy, whichever the code leads
  // to), she joins and sits.
  player there(one.port, "/ws?table=" + code);
  there.hello("", eve.token);
  there.send(json{{"type", "join"}, {"code", code}});
  EXPECT_EQ(there.expect("joined").value("code", ""), code);
  ana.expect("room");

  // Closed, it leaves the other lobby too.
  ana.send(json{{"type", "leave"}});
  there.send(json{{"type", "leave"}});
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  bool gone = false;
  while (!gone && std::chrono::steady_clock::now() < deadline) {
    eve.pump(50ms);
    for (const auto& f : eve.frames)
      if (f.value("type", "") == "tables_changed" && f.contains("order")) {
        gone = true;
        for (const auto& c : f["order"]) gone = gone && c.get<std::string>() != code;
      }
  }
  EXPECT_TRUE(gone) << "the closed table stayed in the other node's lobby";
}

// The proxy sends a table's players to another node than the one serving it (a table
// opened from a lobby connection, or a node that came back): that node asks the owner to
// hand it over, and the owner lets it go once its steps are stored and sends its players
// after it.
TEST_F(cluster, a_table_asked_for_on_another_node_is_handed_over_and_its_players_follow) {
  table_of_two before(one.port);
  ASSERT_FALSE(before.ana.game_over) << "the game ended before the handover";
  const auto where = "SELECT owner || ' ' || epoch FROM live_rooms WHERE code = '" + before.code + "'";
  const auto at_one = sql(data, where);

  player ana(two.port, "/ws?table=" + before.code);
  ana.greedy = true;
  const auto asked = std::chrono::steady_clock::now();
  ana.hello("", before.ana.token);
  const auto snapshot = ana.expect("room", 10s);
  EXPECT_LT(std::chrono::steady_clock::now() - asked, lease);  // no waiting for a lapse: the owner is alive
  EXPECT_EQ(snapshot.value("code", ""), before.code) << snapshot.dump();
  EXPECT_GE(ana.version, before.ana.version);
  const auto at_two = sql(data, where);
  EXPECT_NE(at_two, at_one);
  EXPECT_EQ(at_two.substr(at_two.rfind(' ') + 1), "2");

  // Ben was still on the first node: told, and his connection closed, so he follows.
  const auto told = before.ben.expect("error");
  EXPECT_EQ(told.value("code", ""), "table_moved") << told.dump();
  EXPECT_EQ(told.value("table", ""), before.code) << told.dump();
  player ben(two.port, "/ws?table=" + before.code);
  ben.greedy = true;
  ben.hello("", before.ben.token);
  ben.expect("room", 10s);
  EXPECT_GE(ben.version, before.ben.version);

  const auto ended = play_until_won_listing_ended(ana, ben);
  ASSERT_FALSE(ended.empty()) << "no game ended";
  EXPECT_EQ(sql(data, "SELECT count(*) FROM games"), std::to_string(ended.size()));
  EXPECT_EQ(sql(data, where), at_two);  // nothing took it back meanwhile
  EXPECT_EQ(data.integrity(), "ok");
}

// A newcomer the proxy sends to another node than the table's, by the table's URL, joins
// at once after the welcome, while that node is still asking the owner to hand it over:
// the join waits for the handover and seats them there, rather than sending them back to
// the URL they came by (which would only bring them here again).
TEST_F(cluster, a_join_by_the_tables_url_on_another_node_waits_for_the_handover) {
  player ana(one.port);
  ana.hello("Ana");
  const auto code = open_table(ana, json{{"seats", 3}, {"public", true}});
  player cy(two.port, "/ws?table=" + code);
  cy.hello("Cy");
  cy.send(json{{"type", "join"}, {"code", code}});
  const auto answered = std::chrono::steady_clock::now() + 10s;
  std::optional<json> answer;
  while (!answer && std::chrono::steady_clock::now() < answered) {
    const auto before = cy.frames.size();
    if (!cy.pump(50ms)) continue;
    for (auto i = before; i < cy.frames.size() && !answer; ++i)
      if (const auto type = cy.frames[i].value("type", ""); type == "joined" || type == "error") answer = cy.frames[i];
  }
  ASSERT_TRUE(answer) << "no answer to the join";
  EXPECT_EQ(answer->value("type", ""), "joined") << answer->dump();
  EXPECT_EQ(answer->value("code", ""), code);
  // Ana was told to follow, and finds Cy seated there.
  EXPECT_EQ(ana.expect("error").value("code", ""), "table_moved");
  player back(two.port, "/ws?table=" + code);
  back.hello("", ana.token);
  const auto snapshot = back.expect("room", 10s);
  EXPECT_NE(snapshot.dump().find("Cy"), std::string::npos) << snapshot.dump();
}

// Quick play finds seats on any node: a player whose lobby connection reached the other
// node is sent to the table waiting there for one more (table_moved names it, since the
// player asked for no code), and sits down at its URL. A table of the player's own node
// with no more people waiting is passed over.
TEST_F(cluster, quick_play_on_one_node_finds_the_seat_waiting_on_another) {
  player ana(one.port);
  ana.hello("Ana");
  const auto code = open_table(ana, json{{"seats", 3}, {"public", true}});
  player bo(two.port);
  bo.hello("Bo");
  const auto empty_here = open_table(bo, json{{"seats", 3}, {"public", true}});
  bo.send(json{{"type", "leave"}});
  bo.expect("left");

  player eve(two.port);
  eve.hello("Eve");
  eve.send(json{{"type", "list_tables"}});
  eve.expect("tables");
  ASSERT_TRUE(hears_of(eve, code, 5s)) << "the other node's lobby never listed " << code;
  eve.send(json{{"type", "quick_play"}, {"id", 7}});
  const auto told = eve.expect("error");
  EXPECT_EQ(told.value("code", ""), "table_moved") << told.dump();
  EXPECT_EQ(told.value("id", 0), 7) << told.dump();
  ASSERT_EQ(told.value("table", ""), code) << told.dump() << " (this node's own empty table is " << empty_here << ")";

  player there(one.port, "/ws?table=" + code);
  there.hello("", eve.token);
  there.send(json{{"type", "join"}, {"code", code}});
  EXPECT_EQ(there.expect("joined").value("code", ""), code);
  // Ana's table shows her seated (after the snapshots from before she came).
  const auto until = std::chrono::steady_clock::now() + 5s;
  bool shown = false;
  while (!shown && std::chrono::steady_clock::now() < until) {
    ana.pump(50ms);
    for (const auto& f : ana.frames)
      if (f.value("type", "") == "room")
        for (const auto& seat : f["seats"]) shown = shown || seat.value("name", json()) == "Eve";
  }
  EXPECT_TRUE(shown) << "Ana's table never showed Eve seated";
}

}  // namespace
}  // namespace shithead::test
