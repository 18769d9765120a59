// The lease of a PostgreSQL store (server/store/pg_lease.hpp): one server writes at a time,
// a standby takes over when the holder stops renewing, and the database itself refuses
// the writes of a holder that was deposed, or of a transaction that did not fence.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "server/store/pg.hpp"
#include "server/store/pg_lease.hpp"
#include "server/store/pg_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_copy.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/lease_term.hpp"
#include "tests/store/sql_probe.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;
using namespace std::chrono_literals;

class pg_lease_on : public ::testing::Test {
 protected:
  pg_lease_on() : url_(testing::pg_cluster::shared().new_database("lease")) {
    pg_store migrated(url_);  // the schema, lease rows included
    migrated.close();
  }
  ~pg_lease_on() override { testing::pg_cluster::shared().drop_database(url_); }
  std::string query(const std::string& sql) const { return testing::pg_cluster::query_one(url_, sql); }

  std::string url_;
};

TEST_F(pg_lease_on, the_first_claim_takes_it_at_once_and_a_second_waits_until_it_lapses) {
  std::optional<pg_lease> first(std::in_place, url_, lease_term);
  ASSERT_TRUE(first->acquire({}));
  EXPECT_EQ(first->epoch(), 1);
  EXPECT_EQ(query("SELECT holder FROM server_lease"), first->holder());

  pg_lease second(url_, lease_term);
  std::atomic<bool> told_who{false};
  auto claimed = std::async(std::launch::async, [&] {
    return second.acquire([&](const std::string& held_by) {
      if (held_by.find(first->holder()) != std::string::npos) told_who = true;
    });
  });
  // Renewed every term/4, the first keeps it for as long as it lives.
  EXPECT_EQ(claimed.wait_for(3 * lease_term), std::future_status::timeout);
  EXPECT_TRUE(told_who);
  EXPECT_EQ(first->epoch(), 1);

  // The holder dies without a word: its renewals stop, and the lease lapses a term later.
  const auto died = std::chrono::steady_clock::now();
  first.reset();
  ASSERT_EQ(claimed.wait_for(5s), std::future_status::ready);
  EXPECT_TRUE(claimed.get());
  const auto took = std::chrono::steady_clock::now() - died;
  EXPECT_LE(took, lease_term + lease_term / 4 + 500ms);  // the lapse and a try of the standby's, with room
  EXPECT_EQ(second.epoch(), 2);
  EXPECT_EQ(query("SELECT holder FROM server_lease"), second.holder());
}

TEST_F(pg_lease_on, a_lease_let_go_is_taken_at_once_and_a_stopped_wait_gives_up) {
  pg_lease first(url_, lease_term);
  ASSERT_TRUE(first.acquire({}));
  pg_lease second(url_, lease_term);
  auto claimed = std::async(std::launch::async, [&] { return second.acquire({}); });
  EXPECT_EQ(claimed.wait_for(200ms), std::future_status::timeout);
  const auto let_go = std::chrono::steady_clock::now();
  first.release();
  ASSERT_EQ(claimed.wait_for(2s), std::future_status::ready);
  EXPECT_TRUE(claimed.get());
  EXPECT_LT(std::chrono::steady_clock::now() - let_go, lease_term);  // not waiting for a lapse

  pg_lease third(url_, lease_term);
  auto waiting = std::async(std::launch::async, [&] { return third.acquire({}); });
  EXPECT_EQ(waiting.wait_for(200ms), std::future_status::timeout);
  third.stop_waiting();
  ASSERT_EQ(waiting.wait_for(2s), std::future_status::ready);
  EXPECT_FALSE(waiting.get());
}

TEST_F(pg_lease_on, a_holder_told_another_claimed_it_hears_so_once_and_never_claims_again) {
  pg_lease holder(url_, lease_term);
  ASSERT_TRUE(holder.acquire({}));
  std::promise<std::string> lost;
  holder.on_lost([&lost](const std::string& why) { lost.set_value(why); });
  // Another server claimed it (its standby, while this one was paused): the next renewal
  // finds the epoch gone.
  pg::connection other(url_);
  other.exec("UPDATE server_lease SET holder = 'intruder', epoch = epoch + 1");
  other.exec("UPDATE server_lease_expiry SET epoch = epoch + 1, expires = 'infinity'");
  auto why = lost.get_future();
  ASSERT_EQ(why.wait_for(2 * lease_term), std::future_status::ready);
  EXPECT_NE(why.get().find("another server"), std::string::npos);
  EXPECT_EQ(holder.epoch(), std::nullopt);
  EXPECT_TRUE(holder.lost());
  EXPECT_FALSE(holder.acquire({}));
  bool told_late = false;
  holder.on_lost([&](const std::string&) { told_late = true; });
  EXPECT_TRUE(told_late);
}

// What the database refuses by itself, whatever a server does: a write in a transaction
// that did not fence; a fence at an epoch that is gone; and a claim goes through only
// once the writes fenced at the old epoch have ended.
TEST_F(pg_lease_on, the_database_refuses_unfenced_and_stale_writes_and_a_claim_waits_for_writes_in_flight) {
  pg::connection writer(url_);
  const auto insert = [&] { writer.exec("INSERT INTO live_rooms (code, state, updated) VALUES ('T1', 's', 1)"); };
  EXPECT_EQ(sqlstate_of(insert), "SH002");
  EXPECT_EQ(sqlstate_of([&] { writer.exec("DELETE FROM players"); }), "SH002");
  EXPECT_EQ(sqlstate_of([&] { writer.exec("TRUNCATE live_actions"); }), "SH002");

  pg_lease holder(url_, 60s);
  ASSERT_TRUE(holder.acquire({}));
  const auto epoch = std::to_string(*holder.epoch());
  // A fence at another holder's name, or another epoch, fails.
  EXPECT_EQ(sqlstate_of([&] {
              pg::transaction tx(writer);
              writer.exec("SELECT shithead_fence('someone else', " + epoch + ")");
            }),
            "SH001");
  EXPECT_EQ(sqlstate_of([&] {
              pg::transaction tx(writer);
              writer.exec("SELECT shithead_fence('" + holder.holder() + "', " + epoch + " + 1)");
            }),
            "SH001");

  // A fenced transaction in flight holds the claim off.
  writer.exec("BEGIN");
  writer.exec("SELECT shithead_fence('" + holder.holder() + "', " + epoch + ")");
  insert();
  pg::connection claimant(url_);
  claimant.exec("SET lock_timeout = 300");
  const auto claim = [&] { claimant.exec("UPDATE server_lease SET holder = 'standby', epoch = epoch + 1"); };
  EXPECT_EQ(sqlstate_of(claim), "55P03");  // lock_not_available: it waited for the writer
  writer.exec("COMMIT");
  EXPECT_EQ(sqlstate_of(claim), "none");
  EXPECT_EQ(query("SELECT count(*) FROM live_rooms"), "1");  // the write in flight went in whole

  // The old epoch's next write is refused by the database.
  EXPECT_EQ(sqlstate_of([&] {
              pg::transaction tx(writer);
              writer.exec("SELECT shithead_fence('" + holder.holder() + "', " + epoch + ")");
              writer.exec("DELETE FROM live_rooms");
              tx.commit();
            }),
            "SH001");
  EXPECT_EQ(query("SELECT count(*) FROM live_rooms"), "1");
}

// A store whose lease was claimed by another server writes nothing more: its step waits
// unanswered (nobody is shown it), the store is unhealthy and says why, and the database
// holds none of it. Closing answers the step as not written.
TEST_F(pg_lease_on, a_deposed_store_writes_nothing_and_shows_nothing) {
  pg_store s(url_, batch_store::default_max_waiting_reads, lease_term);
  s.save_player(ana);
  s.save_player(bob);
  s.start();
  s.wait_for_writes_for_tests();
  ASSERT_EQ(s.lease()->epoch(), 1);
  std::promise<std::string> lost;
  s.lease()->on_lost([&lost](const std::string& why) { lost.set_value(why); });

  // The standby claimed the lease while this server was paused. Whichever notices first,
  // the next renewal or the fence of the next write, nothing more goes in.
  pg::connection other(url_);
  other.exec("UPDATE server_lease SET holder = 'standby', epoch = epoch + 1");
  other.exec("UPDATE server_lease_expiry SET epoch = epoch + 1, expires = 'infinity'");

  std::promise<std::vector<recorded_game>> answer;
  auto answered = answer.get_future();
  s.save_table("TBL1", std::string("after the claim"), {finished({human(ana), human(bob)}, {0, 1})},
               [&answer](std::vector<recorded_game> r) { answer.set_value(std::move(r)); });
  auto why = lost.get_future();
  ASSERT_EQ(why.wait_for(5s), std::future_status::ready);
  EXPECT_FALSE(s.healthy());
  EXPECT_NE(s.problem().value_or("").find("lease"), std::string::npos) << s.problem().value_or("");
  EXPECT_EQ(answered.wait_for(300ms), std::future_status::timeout);  // never shown as stored
  s.close();
  ASSERT_EQ(answered.wait_for(1s), std::future_status::ready);
  EXPECT_TRUE(answered.get().empty());
  EXPECT_EQ(query("SELECT count(*) FROM live_rooms"), "0");
  EXPECT_EQ(query("SELECT count(*) FROM games"), "0");
  EXPECT_EQ(query("SELECT holder FROM server_lease"), "standby");
}

// migrate-store copies only into a database nobody writes to.
TEST_F(pg_lease_on, migrate_store_refuses_a_database_a_server_holds) {
  const temp_folder folder;
  const auto file = folder.file("shithead.db");
  {
    sqlite_store lite(file);
    lite.save_player(ana);
    lite.close();
  }
  pg_lease server(url_, 60s);
  ASSERT_TRUE(server.acquire({}));
  try {
    copy_sqlite_to_postgresql(file, url_);
    ADD_FAILURE() << "copied into a database a server holds";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(server.holder()), std::string::npos) << e.what();
  }
  EXPECT_EQ(query("SELECT count(*) FROM players"), "0");
  server.release();
  EXPECT_EQ(copy_sqlite_to_postgresql(file, url_).at(0).rows, 1);
  EXPECT_EQ(query("SELECT count(*) FROM players"), "1");
}

}  // namespace
}  // namespace shithead::server
