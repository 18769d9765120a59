// Tables of a cluster (server/store/pg_store.hpp): several active nodes on one PostgreSQL
// database share its lease, and each table in play belongs to one node by a claim with an
// epoch. A table whose node is gone is claimed with its saved state and log; a step of a
// node that lost its table is refused as moved and writes nothing; a claim waits for the
// steps in flight.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/store/pg.hpp"
#include "server/store/pg_lease.hpp"
#include "server/store/pg_store.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/lease_term.hpp"
#include "tests/store/sql_probe.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
using store_testing::lease_term;
using store_testing::sqlstate_of;

// A node: a cluster's store, started.
std::unique_ptr<pg_store> node(const std::string& url, std::chrono::milliseconds term = lease_term) {
  auto s = std::make_unique<pg_store>(url, batch_store::default_max_waiting_reads, term, true);
  s->start();
  return s;
}

std::optional<std::int64_t> reserve(store& s, const std::string& code) {
  std::promise<std::optional<std::int64_t>> answer;
  auto epoch = answer.get_future();
  s.reserve_table(code, [&answer](std::optional<std::int64_t> e) { answer.set_value(e); });
  return epoch.get();
}

table_claim claim(store& s, const std::string& code) {
  std::promise<table_claim> answer;
  auto claimed = answer.get_future();
  s.claim_table(code, [&answer](table_claim c) { answer.set_value(std::move(c)); });
  return claimed.get();
}

step_result save(store& s, table_step step) {
  std::promise<step_result> answer;
  auto saved = answer.get_future();
  s.save_step(std::move(step), [&answer](step_result r) { answer.set_value(std::move(r)); });
  return saved.get();
}

std::vector<std::string> orphans(store& s, std::chrono::milliseconds unowned_for) {
  std::promise<std::vector<std::string>> answer;
  auto codes = answer.get_future();
  s.orphan_tables(10, unowned_for, [&answer](std::vector<std::string> c) { answer.set_value(std::move(c)); });
  return codes.get();
}

std::vector<listed_row> listed(store& s, const std::string& node, std::int64_t after) {
  std::promise<std::vector<listed_row>> answer;
  auto rows = answer.get_future();
  s.read_listed(node, after, [&answer](std::vector<listed_row> r) { answer.set_value(std::move(r)); });
  return rows.get();
}

logged_action pickup(std::int64_t index, std::uint64_t version) {
  return logged_action{1, index, version, 0, R"({"type":"pickup"})"};
}

class pg_cluster_tables : public ::testing::Test {
 protected:
  pg_cluster_tables() : url_(testing::pg_cluster::shared().new_database("nodes")) {
    pg_store migrated(url_);
    migrated.close();
  }
  ~pg_cluster_tables() override { testing::pg_cluster::shared().drop_database(url_); }
  std::string query(const std::string& sql) const { return testing::pg_cluster::query_one(url_, sql); }
  // The node's lease lapses in the database as if it had stopped renewing (it renews
  // every quarter of its term: give it a long one).
  void lapse(pg_store& s) const {
    pg::connection db(url_);
    db.exec("UPDATE nodes SET lease_until = clock_timestamp() - INTERVAL '1 hour' WHERE id = '" + s.lease()->holder() +
            "'");
  }
  // ... and a renewal lands after all (a late one, say): the node is alive again.
  void renew(pg_store& s) const {
    pg::connection db(url_);
    db.exec("UPDATE nodes SET lease_until = clock_timestamp() + INTERVAL '1 hour' WHERE id = '" + s.lease()->holder() +
            "'");
  }

  std::string url_;
};

TEST_F(pg_cluster_tables, nodes_share_the_lease_and_a_single_server_waits_while_they_hold_it) {
  pg_lease first(url_, lease_term, true);
  ASSERT_TRUE(first.acquire({}));
  pg_lease second(url_, lease_term, true);
  ASSERT_TRUE(second.acquire({}));
  EXPECT_EQ(first.epoch(), second.epoch());  // joined, not claimed: the first was not deposed
  EXPECT_EQ(query("SELECT holder FROM server_lease"), "cluster");
  EXPECT_EQ(query("SELECT count(*) FROM nodes WHERE lease_until > clock_timestamp()"), "2");

  pg_lease single(url_, lease_term);
  auto waiting = std::async(std::launch::async, [&] { return single.acquire({}); });
  EXPECT_EQ(waiting.wait_for(3 * lease_term), std::future_status::timeout);  // either node renews it
  single.stop_waiting();
  EXPECT_FALSE(waiting.get());
  EXPECT_FALSE(first.lost());
  EXPECT_FALSE(second.lost());
}

TEST_F(pg_cluster_tables, a_node_waits_while_a_single_server_holds_the_lease) {
  pg_lease single(url_, lease_term);
  ASSERT_TRUE(single.acquire({}));
  pg_lease node_lease(url_, lease_term, true);
  std::string told;
  auto waiting =
      std::async(std::launch::async, [&] { return node_lease.acquire([&](const std::string& why) { told = why; }); });
  EXPECT_EQ(waiting.wait_for(2 * lease_term), std::future_status::timeout);
  single.release();
  ASSERT_EQ(waiting.wait_for(2s), std::future_status::ready);
  EXPECT_TRUE(waiting.get());
  EXPECT_NE(told.find(single.holder()), std::string::npos) << told;
}

TEST_F(pg_cluster_tables, a_code_is_reserved_once_across_nodes) {
  auto a = node(url_);
  auto b = node(url_);
  EXPECT_EQ(reserve(*a, "K7MPQ2"), 1);
  EXPECT_EQ(reserve(*b, "K7MPQ2"), std::nullopt);
  EXPECT_EQ(reserve(*b, "K7MPQ3"), 1);
  EXPECT_EQ(query("SELECT owner FROM live_rooms WHERE code = 'K7MPQ2'"), a->lease()->holder());
}

TEST_F(pg_cluster_tables, a_live_nodes_table_stays_there_and_a_stopped_nodes_is_claimed_with_its_log) {
  auto a = node(url_);
  auto b = node(url_);
  ASSERT_EQ(reserve(*a, "K7MPQ2"), 1);
  ASSERT_EQ(save(*a, table_step{"K7MPQ2", std::string("dealt"), 1, {pickup(0, 1), pickup(1, 2)}, {}, 1}).result,
            step_result::outcome::written);
  const auto held = claim(*b, "K7MPQ2");
  EXPECT_EQ(held.result, table_claim::outcome::held_elsewhere);
  EXPECT_EQ(held.owner, a->lease()->holder());
  EXPECT_EQ(claim(*b, "NOSUCH").result, table_claim::outcome::no_such_table);

  // The first node dies: it stops renewing, and a term later its tables are anyone's.
  a.reset();
  std::this_thread::sleep_for(lease_term + 200ms);
  const auto taken = claim(*b, "K7MPQ2");
  ASSERT_EQ(taken.result, table_claim::outcome::claimed);
  EXPECT_EQ(taken.epoch, 2);
  EXPECT_EQ(taken.table.state, "dealt");
  ASSERT_EQ(taken.table.log.size(), 2u);
  EXPECT_EQ(taken.table.log[1], pickup(1, 2));
  EXPECT_EQ(save(*b, table_step{"K7MPQ2", std::nullopt, 1, {pickup(2, 3)}, {}, 2}).result,
            step_result::outcome::written);
  EXPECT_EQ(query("SELECT count(*) FROM live_actions WHERE code = 'K7MPQ2'"), "3");
}

TEST_F(pg_cluster_tables, a_node_that_lost_its_table_writes_nothing_more_to_it_and_keeps_its_others) {
  auto a = node(url_, 60s);
  auto b = node(url_);
  ASSERT_EQ(reserve(*a, "AAAAAA"), 1);
  ASSERT_EQ(reserve(*a, "BBBBBB"), 1);
  ASSERT_EQ(save(*a, table_step{"AAAAAA", std::string("a1"), 1, {pickup(0, 1)}, {}, 1}).result,
            step_result::outcome::written);
  ASSERT_EQ(save(*a, table_step{"BBBBBB", std::string("b1"), 1, {}, {}, 1}).result, step_result::outcome::written);

  // Its lease lapsed a while (a renewal late): another node claims its table meanwhile.
  lapse(*a);
  ASSERT_EQ(claim(*b, "AAAAAA").result, table_claim::outcome::claimed);
  ASSERT_EQ(claim(*b, "BBBBBB").result, table_claim::outcome::claimed);  // and let it go
  renew(*a);
  // Renewed, it is alive, and its next steps to the table it lost are refused.
  EXPECT_EQ(save(*a, table_step{"AAAAAA", std::string("a2"), 1, {pickup(1, 2)}, {}, 1}).result,
            step_result::outcome::moved);
  EXPECT_EQ(save(*a, table_step{"AAAAAA", std::string(), 1, {}, {}, 1}).result, step_result::outcome::moved);
  EXPECT_EQ(query("SELECT state FROM live_rooms WHERE code = 'AAAAAA'"), "a1");
  EXPECT_EQ(query("SELECT count(*) FROM live_actions WHERE code = 'AAAAAA'"), "1");

  // A third table, reserved after, is still the first node's to write: a refused step
  // costs only its own table.
  ASSERT_EQ(reserve(*a, "CCCCCC"), 1);
  EXPECT_EQ(save(*a, table_step{"CCCCCC", std::string("c1"), 1, {}, {}, 1}).result, step_result::outcome::written);
  EXPECT_TRUE(a->healthy());
}

// A node paused past its lease (SIGSTOP) and woken: before its own clock tells it (a long
// term here), its next write is refused whole, for a table nobody claimed too, and it knows
// it lost the lease (the server steps down). Nothing it held is written.
TEST_F(pg_cluster_tables, a_node_whose_lease_lapsed_writes_nothing_at_all) {
  auto a = node(url_, 60s);
  auto b = node(url_);
  ASSERT_EQ(reserve(*a, "AAAAAA"), 1);
  ASSERT_EQ(reserve(*a, "BBBBBB"), 1);
  ASSERT_EQ(save(*a, table_step{"AAAAAA", std::string("a1"), 1, {}, {}, 1}).result, step_result::outcome::written);
  ASSERT_EQ(save(*a, table_step{"BBBBBB", std::string("b1"), 1, {pickup(0, 1)}, {}, 1}).result,
            step_result::outcome::written);
  lapse(*a);
  ASSERT_EQ(claim(*b, "AAAAAA").result, table_claim::outcome::claimed);

  std::promise<step_result> answer;
  auto saved = answer.get_future();
  a->save_step(table_step{"BBBBBB", std::string("b2"), 1, {pickup(1, 2)}, {}, 1},
               [&answer](step_result r) { answer.set_value(std::move(r)); });
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!a->lease()->lost() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(a->lease()->lost());
  EXPECT_FALSE(a->healthy());
  EXPECT_EQ(reserve(*b, "CCCCCC"), 1);  // the other node writes on
  a->close();                           // the server steps down: what it kept is answered, unwritten
  EXPECT_EQ(saved.get().result, step_result::outcome::failed);
  EXPECT_EQ(query("SELECT state FROM live_rooms WHERE code = 'BBBBBB'"), "b1");
  EXPECT_EQ(query("SELECT count(*) FROM live_actions WHERE code = 'BBBBBB'"), "1");
}

TEST_F(pg_cluster_tables, a_claim_waits_for_a_step_in_flight_and_the_step_goes_in_whole) {
  auto a = node(url_, 60s);
  ASSERT_EQ(reserve(*a, "K7MPQ2"), 1);
  const auto owner = a->lease()->holder();
  pg::connection writer(url_);
  writer.exec("BEGIN");
  writer.exec("SELECT shithead_fence(holder, epoch) FROM server_lease");
  writer.exec("SELECT 1 FROM live_rooms WHERE code = 'K7MPQ2' AND owner = '" + owner + "' AND epoch = 1 FOR SHARE");
  writer.exec("UPDATE live_rooms SET state = 'in flight' WHERE code = 'K7MPQ2'");
  lapse(*a);

  pg::connection claimant(url_);
  claimant.exec("SET lock_timeout = 300");
  const auto take = [&] {
    pg::transaction tx(claimant);
    claimant.exec("SELECT shithead_fence(holder, epoch) FROM server_lease");
    claimant.exec("UPDATE live_rooms SET owner = 'b', epoch = epoch + 1 WHERE code = 'K7MPQ2'");
    tx.commit();
  };
  EXPECT_EQ(sqlstate_of(take), "55P03");  // lock_not_available: it waited for the step
  writer.exec("COMMIT");
  EXPECT_EQ(sqlstate_of(take), "none");
  EXPECT_EQ(query("SELECT state || ' ' || owner || ' ' || epoch FROM live_rooms"), "in flight b 2");
}

TEST_F(pg_cluster_tables, orphans_are_tables_nobody_has_owned_for_a_while_and_a_bare_reservation_is_forgotten) {
  auto a = node(url_);
  ASSERT_EQ(reserve(*a, "SAVED1"), 1);
  ASSERT_EQ(save(*a, table_step{"SAVED1", std::string("s"), 1, {}, {}, 1}).result, step_result::outcome::written);
  ASSERT_EQ(reserve(*a, "BARE01"), 1);  // never saved: its node died before anyone was told
  auto b = node(url_);
  EXPECT_TRUE(orphans(*b, 0ms).empty());  // the first node is alive
  a.reset();
  std::this_thread::sleep_for(lease_term + 200ms);
  auto found = orphans(*b, 0ms);
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"BARE01", "SAVED1"}));
  EXPECT_TRUE(orphans(*b, std::chrono::hours(1)).empty());  // not gone long enough

  EXPECT_EQ(claim(*b, "BARE01").result, table_claim::outcome::no_such_table);
  EXPECT_EQ(query("SELECT count(*) FROM live_rooms WHERE code = 'BARE01'"), "0");
  EXPECT_EQ(claim(*b, "SAVED1").result, table_claim::outcome::claimed);
  EXPECT_TRUE(orphans(*b, 0ms).empty());
}

// A node that leaves cleanly ends its lease at once: its tables are claimed without
// waiting for a lapse.
TEST_F(pg_cluster_tables, a_node_that_leaves_cleanly_hands_its_tables_over_at_once) {
  auto a = node(url_, 60s);
  ASSERT_EQ(reserve(*a, "K7MPQ2"), 1);
  ASSERT_EQ(save(*a, table_step{"K7MPQ2", std::string("s"), 1, {}, {}, 1}).result, step_result::outcome::written);
  auto b = node(url_);
  EXPECT_EQ(claim(*b, "K7MPQ2").result, table_claim::outcome::held_elsewhere);
  a->close();
  a->lease()->release();
  EXPECT_EQ(claim(*b, "K7MPQ2").result, table_claim::outcome::claimed);
  EXPECT_FALSE(b->lease()->lost());  // the shared lease is still held by the cluster
  EXPECT_EQ(query("SELECT holder FROM server_lease"), "cluster");
}

// The handover: a node asks the owner to let a table go (a notification), and the owner
// lets its claim go after its queued steps, only at the epoch it holds.
TEST_F(pg_cluster_tables, an_owner_hears_a_handover_asked_of_it_and_lets_its_claim_go) {
  auto a = node(url_, 60s);
  auto b = node(url_, 60s);
  std::promise<std::string> heard;
  a->on_handover_asked([&heard](const std::string& code) { heard.set_value(code); });
  b->on_handover_asked([](const std::string& code) { ADD_FAILURE() << "asked of the wrong node: " << code; });
  ASSERT_EQ(reserve(*a, "K7MPQ2"), 1);
  ASSERT_EQ(save(*a, table_step{"K7MPQ2", std::string("s"), 1, {}, {}, 1}).result, step_result::outcome::written);

  const auto asked = claim(*b, "K7MPQ2");
  ASSERT_EQ(asked.result, table_claim::outcome::held_elsewhere);
  b->ask_handover(asked.owner, "K7MPQ2");
  auto code = heard.get_future();
  ASSERT_EQ(code.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(code.get(), "K7MPQ2");

  // A step queued before the release is stored before it lets go.
  std::promise<step_result> last_step;
  a->save_step(table_step{"K7MPQ2", std::string("last"), 1, {}, {}, 1},
               [&last_step](step_result r) { last_step.set_value(std::move(r)); });
  std::promise<bool> released;
  a->release_table("K7MPQ2", 2, [&released](bool r) { released.set_value(r); });  // not its epoch
  EXPECT_FALSE(released.get_future().get());
  std::promise<bool> let_go;
  a->release_table("K7MPQ2", 1, [&let_go](bool r) { let_go.set_value(r); });
  EXPECT_EQ(last_step.get_future().get().result, step_result::outcome::written);
  EXPECT_TRUE(let_go.get_future().get());
  // Let go for the asker: no sweeper takes it before the wait.
  EXPECT_TRUE(orphans(*b, std::chrono::hours(1)).empty());
  std::this_thread::sleep_for(5ms);
  EXPECT_EQ(orphans(*b, 1ms), std::vector<std::string>{"K7MPQ2"});

  const auto taken = claim(*b, "K7MPQ2");
  ASSERT_EQ(taken.result, table_claim::outcome::claimed);
  EXPECT_EQ(taken.table.state, "last");
  EXPECT_EQ(save(*a, table_step{"K7MPQ2", std::string("late"), 1, {}, {}, 1}).result, step_result::outcome::moved);
}

// One lobby across the cluster: a node publishes its public tables (only tables it
// owns), the others hear that it did and read its rows after the last they saw, in
// order; a table no longer listed reads back without a summary.
TEST_F(pg_cluster_tables, a_nodes_public_tables_reach_the_others_and_only_the_tables_it_serves) {
  auto a = node(url_, 60s);
  auto b = node(url_, 60s);
  std::promise<std::string> heard;
  std::atomic<bool> told{false};
  b->on_tables_published([&](const std::string& who) {
    if (!told.exchange(true)) heard.set_value(who);
  });
  const auto a_name = a->lease()->holder();
  a->on_tables_published([a_name](const std::string& who) {
    if (who == a_name) ADD_FAILURE() << "told of its own list";
  });
  ASSERT_EQ(reserve(*a, "AAAAAA"), 1);
  ASSERT_EQ(reserve(*a, "BBBBBB"), 1);
  ASSERT_EQ(reserve(*b, "CCCCCC"), 1);
  a->publish_tables({{"AAAAAA", "a1"}, {"BBBBBB", "b1"}, {"CCCCCC", "not a's"}});
  auto who = heard.get_future();
  ASSERT_EQ(who.wait_for(5s), std::future_status::ready);
  EXPECT_EQ(who.get(), a_name);

  const auto first = listed(*b, a_name, 0);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].code, "AAAAAA");
  EXPECT_EQ(first[0].summary, "a1");
  EXPECT_EQ(first[1].code, "BBBBBB");
  EXPECT_LT(first[0].seq, first[1].seq);

  a->publish_tables({{"AAAAAA", std::nullopt}});
  b->publish_tables({{"BBBBBB", std::nullopt}});  // another's row: left alone
  a->wait_for_writes_for_tests();
  b->wait_for_writes_for_tests();
  const auto after = listed(*b, a_name, first[1].seq);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].code, "AAAAAA");
  EXPECT_EQ(after[0].summary, std::nullopt);
  const auto everything = listed(*b, "", 0);  // every other node's listed tables
  ASSERT_EQ(everything.size(), 1u);
  EXPECT_EQ(everything[0].code, "BBBBBB");
  EXPECT_EQ(everything[0].node, a_name);
  EXPECT_TRUE(listed(*a, "", 0).empty());  // b lists nothing
}

}  // namespace
}  // namespace shithead::server
