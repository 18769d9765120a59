// The store's queue: what is saved comes back after a restart, callbacks come after the
// commit, a bad job costs only itself, close() writes everything, and the store says
// when it is in trouble.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <thread>

#include <atomic>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/store/pg_store.hpp"
#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

// The store's promises on each backend (store_backends.hpp), SQLite in a file so that a
// restart finds what was written.
class store_on : public ::testing::TestWithParam<backend> {
 protected:
  fresh_database database_{GetParam(), sqlite_in::file};
};

TEST_P(store_on, players_saved_come_back_after_a_restart) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_player(ana);
    s.save_player(bob);
    auto renamed = ana;
    renamed.name = "Anna";
    renamed.last_seen = ana.last_seen + 24h;
    s.save_player(renamed);  // the same player again: renamed and seen later
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto players = s.load_players();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].id, ana.id);
  EXPECT_EQ(players[0].name, "Anna");
  EXPECT_EQ(players[0].token_hash, ana.token_hash);
  EXPECT_EQ(players[0].created, ana.created);
  EXPECT_EQ(players[0].last_seen, ana.last_seen + 24h);
  EXPECT_EQ(players[1].id, bob.id);
  EXPECT_EQ(players[1].name, "Bob");
  EXPECT_EQ(players[1].last_seen, bob.last_seen);
}

// Values are always bound, never pasted into SQL.
TEST_P(store_on, names_with_quotes_and_sql_in_them_survive_the_round_trip) {
  const std::vector<std::string> names{"O'Brien", "' OR 1=1 --", "Rob'); DROP TABLE players;--", "\"Bob\" \\ %_"};
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    for (std::size_t i = 0; i < names.size(); ++i) s.save_player(player("00000000000" + std::to_string(i), names[i]));
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto players = s.load_players();
  ASSERT_EQ(players.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(players[i].name, names[i]);
  // And looked up by name, "' OR 1=1 --" finds itself and nobody else.
  s.start();
  const auto found =
      on_store(s, [](store_rows& rows) { return ask_rankings(rows, "/api/players?name=%27+OR+1%3D1+--"); });
  ASSERT_EQ(found.status, 200);
  ASSERT_EQ(found.body["players"].size(), 1u);
  EXPECT_EQ(found.body["players"][0]["name"], "' OR 1=1 --");
}

TEST_P(store_on, a_table_saved_with_its_state_comes_back_after_a_restart) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_table("ABCD", std::string(R"({"version": 1, "name": "it's \"ours\""})"), {}, nullptr);
    s.save_table("WXYZ", std::string("wxyz-1"), {}, nullptr);
    s.save_table("ABCD", std::string(R"({"version": 2})"), {}, nullptr);  // replaces version 1
    s.save_table("WXYZ", std::nullopt, {}, nullptr);                      // unchanged
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 2u);
  EXPECT_EQ(rooms[0], (saved_table{"ABCD", R"({"version": 2})", {}}));
  EXPECT_EQ(rooms[1], (saved_table{"WXYZ", "wxyz-1", {}}));
}

logged_action pickup_in(std::int64_t game, std::int64_t index, std::uint64_t version) {
  return logged_action{game, index, version, static_cast<int>(index % 3), R"({"type":"pickup"})"};
}

// A move appends its actions and nothing else; a restart gets the state and the log.
TEST_P(store_on, a_step_appends_its_actions_to_the_games_log) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_step(table_step{"ABCD", std::string("game 1 dealt"), 1, {pickup_in(1, 0, 5)}, {}}, nullptr);
    s.save_step(table_step{"ABCD", std::nullopt, 1, {pickup_in(1, 1, 6), pickup_in(1, 2, 6)}, {}}, nullptr);
    s.save_step(table_step{"WXYZ", std::string("w"), 4, {pickup_in(4, 0, 2)}, {}}, nullptr);
    s.save_step(table_step{"ABCD", std::nullopt, 1, {pickup_in(1, 3, 7)}, {}}, nullptr);
    s.close();
    // What bench/README.md's bytes per move come from: a move's own rows, no state.
    const auto written = s.written_for_tests();
    EXPECT_EQ(written.steps, 4u);
    EXPECT_EQ(written.states, 2u);
    EXPECT_EQ(written.state_bytes, std::string("game 1 dealtABCD").size() + std::string("wWXYZ").size());
    EXPECT_EQ(written.actions, 5u);
    EXPECT_EQ(written.action_bytes, 5 * (pickup_in(1, 0, 0).action.size() + 4 + 40));
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 2u);
  EXPECT_EQ(rooms[0], (saved_table{"ABCD",
                                   "game 1 dealt",
                                   {pickup_in(1, 0, 5), pickup_in(1, 1, 6), pickup_in(1, 2, 6), pickup_in(1, 3, 7)}}));
  EXPECT_EQ(rooms[1], (saved_table{"WXYZ", "w", {pickup_in(4, 0, 2)}}));
}

// Issue 13: on a full disk, 451 of 456 finished games were shown with no id and never
// recorded. Now a step the disk refuses is kept, unanswered (so its frames wait), tried
// again until space returns, then written whole: nothing is lost and nothing is shown
// before it is on disk. SQLite's max_page_count makes the database "full" here: the
// same SQLITE_FULL a full file system gives.
TEST(store, a_step_the_full_disk_refuses_waits_unanswered_and_is_written_when_space_returns) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  std::atomic<std::int64_t> page_limit{0};  // 0: as much as SQLite allows
  {
    sqlite_store s(path);
    s.before_each_batch_for_tests([&page_limit](sqlite::database& db) {
      const auto limit = page_limit.load();
      db.exec("PRAGMA max_page_count = " + std::to_string(limit > 0 ? limit : 1073741823));
    });
    s.start();
    record(s, {}, std::string("before"), "FULL");
    page_limit = on_store(s, [](sqlite::database& db) { return count_rows(db, "PRAGMA page_count"); });
    ASSERT_GT(page_limit.load(), 0);

    std::promise<std::vector<recorded_game>> answer;
    auto answered = answer.get_future();
    s.save_player(ana);
    s.save_table("FULL", std::string(300'000, 's'), {finished({human(ana), bot(1)}, {0, 1})},
                 [&answer](std::vector<recorded_game> r) { answer.set_value(std::move(r)); });
    // The disk refuses: the store says so, and the step is not answered.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (s.healthy() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(s.healthy());
    EXPECT_EQ(answered.wait_for(std::chrono::milliseconds(500)), std::future_status::timeout);

    // Space returns: within one back-off the step is written, with its game's id.
    page_limit = 0;
    ASSERT_EQ(answered.wait_for(std::chrono::seconds(5)), std::future_status::ready);
    const auto games = answered.get();
    ASSERT_EQ(games.size(), 1u);
    EXPECT_GT(games[0].game_id, 0);
    EXPECT_TRUE(s.healthy());
    s.close();
  }
  sqlite_store reopened(path);
  const auto rooms = reopened.load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].state.size(), 300'000u);
  EXPECT_EQ(count_rows(reopened.database_for_tests(), "SELECT count(*) FROM games"), 1);
  EXPECT_EQ(count_rows(reopened.database_for_tests(), "SELECT count(*) FROM players"), 1);
}

// A new game's state drops the old game's log; closing drops the table's.
TEST_P(store_on, the_log_keeps_only_the_current_game_and_goes_with_the_table) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_step(table_step{"ABCD", std::string("game 1"), 1, {pickup_in(1, 0, 1), pickup_in(1, 1, 2)}, {}}, nullptr);
    s.save_step(table_step{"ABCD", std::string("game 2"), 2, {pickup_in(2, 0, 3)}, {}}, nullptr);
    s.save_step(table_step{"GONE", std::string("g"), 1, {pickup_in(1, 0, 1)}, {}}, nullptr);
    s.save_step(table_step{"GONE", std::string(), 1, {pickup_in(1, 1, 2)}, {}}, nullptr);
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0], (saved_table{"ABCD", "game 2", {pickup_in(2, 0, 3)}}));
  EXPECT_EQ(database_.count("SELECT COUNT(*) FROM live_actions"), 1);
}

// A step is one job: when its actions cannot be written (an index already logged), its
// state is not written either, and the callback hears of no game.
TEST_P(store_on, a_step_is_written_whole_or_not_at_all) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_step(table_step{"ABCD", std::string("first"), 1, {pickup_in(1, 0, 1)}, {}}, nullptr);
    s.save_step(table_step{"ABCD", std::string("second"), 1, {pickup_in(1, 0, 2)}, {}}, nullptr);
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  EXPECT_EQ(s.load_rooms(), (std::vector<saved_table>{{"ABCD", "first", {pickup_in(1, 0, 1)}}}));
}

TEST_P(store_on, an_empty_state_forgets_the_table) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_table("ABCD", std::string("abcd"), {}, nullptr);
    s.save_table("WXYZ", std::string("wxyz"), {}, nullptr);
    s.save_table("ABCD", std::string(), {}, nullptr);
    s.save_table("NONE", std::string(), {}, nullptr);  // never saved: nothing to forget
    s.close();
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].code, "WXYZ");
}

// The room holds its game_over frame until the callback: by then another connection
// (another process, or the server after kill -9) must already find the game on disk.
TEST_P(store_on, callbacks_run_after_the_commit) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  s.save_player(ana);
  s.save_player(bob);
  std::promise<std::pair<std::int64_t, std::int64_t>> seen;  // game id, rows another connection finds
  s.save_table("ABCD", std::string("state"), {finished({human(ana), human(bob)}, {0, 1})},
               [&](std::vector<recorded_game> games) {
                 const std::int64_t id = games.empty() ? -1 : games[0].game_id;
                 seen.set_value({id, database_.count("SELECT COUNT(*) FROM games WHERE id = ?", {value_of(id)})});
               });
  const auto [game_id, rows] = seen.get_future().get();
  EXPECT_GT(game_id, 0);
  EXPECT_EQ(rows, 1);
  s.close();
}

TEST_P(store_on, a_callback_without_games_gets_an_empty_list) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  std::promise<std::size_t> got;
  s.save_table("ABCD", std::string("state"), {},
               [&](std::vector<recorded_game> games) { got.set_value(games.size()); });
  EXPECT_EQ(got.get_future().get(), 0u);
}

// Jobs queued before start() are one batch, one transaction: each runs in a savepoint,
// so the failing ones roll back alone and the others are written.
TEST_P(store_on, a_bad_job_in_a_batch_costs_only_itself) {
  std::vector<recorded_game> unknown_player, bad_order, good;
  bool unknown_called = false, bad_order_called = false, good_called = false;
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.save_player(ana);
    // A human the store has never seen: the foreign key refuses the seat.
    const player_record stranger = player("ffffffffffff", "Stranger");
    s.save_table("BAD1", std::string("bad-1"),
                 {finished({human(ana), bot(1)}, {0, 1}), finished({human(ana), human(stranger)}, {0, 1})},
                 [&](std::vector<recorded_game> r) {
                   unknown_player = std::move(r);
                   unknown_called = true;
                 });
    // A finishing order naming a seat that is not at the table.
    auto broken = finished({human(ana), bot(1)}, {0, 1});
    broken.finish_order = {5};
    s.save_table("BAD2", std::string("bad-2"), {broken}, [&](std::vector<recorded_game> r) {
      bad_order = std::move(r);
      bad_order_called = true;
    });
    s.save_table("GOOD", std::string("good"), {finished({human(ana), bot(1)}, {1, 0})},
                 [&](std::vector<recorded_game> r) {
                   good = std::move(r);
                   good_called = true;
                 });
    s.save_player(bob);
    EXPECT_EQ(s.queue_depth(), 5u);
    s.start();
    s.close();
    EXPECT_TRUE(s.healthy());
  }
  EXPECT_TRUE(unknown_called);
  EXPECT_TRUE(unknown_player.empty());  // its first game was rolled back with it: no id to show
  EXPECT_TRUE(bad_order_called);
  EXPECT_TRUE(bad_order.empty());
  ASSERT_TRUE(good_called);
  ASSERT_EQ(good.size(), 1u);

  const auto opened = database_.open();

  auto& s = *opened;
  EXPECT_EQ(s.load_players().size(), 2u);
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].code, "GOOD");
  EXPECT_EQ(database_.count("SELECT COUNT(*) FROM games"), 1);
  EXPECT_EQ(database_.count("SELECT COUNT(*) FROM game_players"), 2);
  EXPECT_EQ(database_.count("SELECT id FROM games"), good[0].game_id);
}

TEST_P(store_on, close_writes_everything_still_queued) {
  constexpr int players = 300;
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    for (int i = 0; i < players; ++i) {
      char id[13];
      std::snprintf(id, sizeof id, "%012x", i);
      s.save_player(player(id, "Player " + std::to_string(i)));
      s.save_table("T" + std::to_string(i), std::string("state"), {}, nullptr);
    }
    s.close();
    EXPECT_EQ(s.queue_depth(), 0u);
  }
  const auto opened = database_.open();
  auto& s = *opened;
  EXPECT_EQ(s.load_players().size(), static_cast<std::size_t>(players));
  EXPECT_EQ(s.load_rooms().size(), static_cast<std::size_t>(players));
}

TEST_P(store_on, close_writes_the_queue_even_when_never_started_and_drops_later_calls) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.save_player(ana);
    s.close();
    s.save_player(bob);  // after close: dropped
    bool called = false;
    s.save_table("LATE", std::string("late"), {}, [&](std::vector<recorded_game>) { called = true; });
    EXPECT_EQ(s.queue_depth(), 0u);
    s.close();  // twice is fine
    EXPECT_FALSE(called);
  }
  const auto opened = database_.open();
  auto& s = *opened;
  const auto players = s.load_players();
  ASSERT_EQ(players.size(), 1u);
  EXPECT_EQ(players[0].name, "Ana");
  EXPECT_TRUE(s.load_rooms().empty());
}

TEST_P(store_on, the_destructor_closes_and_writes_the_queue) {
  {
    const auto opened = database_.open();
    auto& s = *opened;
    s.start();
    s.save_player(ana);
  }
  const auto opened = database_.open();
  auto& s = *opened;
  EXPECT_EQ(s.load_players().size(), 1u);
}

TEST(store, reads_see_the_writes_queued_before_them_and_a_failing_read_costs_nothing) {
  sqlite_store s(":memory:");
  s.start();
  s.save_player(ana);
  s.read_for_tests([](sqlite_connection& c) { c.db.exec("SELECT * FROM no_such_table"); });
  s.save_player(bob);
  EXPECT_EQ(on_store(s, [](sqlite::database& db) { return count_rows(db, "SELECT COUNT(*) FROM players"); }), 2);
  EXPECT_TRUE(s.healthy());
}

TEST(store, a_read_that_leaves_a_transaction_open_is_rolled_back_and_writes_go_on) {
  sqlite_store s(":memory:");
  s.start();
  s.save_player(ana);
  s.read_for_tests([](sqlite_connection& c) { c.db.exec("BEGIN; DELETE FROM players"); });
  s.save_player(bob);
  EXPECT_EQ(on_store(s, [](sqlite::database& db) { return count_rows(db, "SELECT COUNT(*) FROM players"); }), 2);
  EXPECT_TRUE(s.healthy());
}

// A read that takes its time (a leaderboard over many games) has its own thread and
// connection: a game step commits, and its callback runs, while the read is still in
// the middle of its statement. The reading connection cannot write.
TEST(store, a_slow_read_does_not_delay_a_steps_commit) {
  const temp_folder temp;
  sqlite_store s(temp.file("shithead.db"));
  s.save_player(ana);
  s.save_player(bob);
  s.start();
  s.wait_for_writes_for_tests();  // the players are there for the read to find
  std::promise<void> reading, release;
  auto released = release.get_future().share();
  bool write_refused = false;
  ASSERT_TRUE(s.read_for_tests([&](sqlite_connection& c) {
    auto players = c.db.prepare("SELECT id FROM players");
    EXPECT_TRUE(players.step());  // a read snapshot is open from here
    try {
      c.db.exec("DELETE FROM players");
    } catch (const sqlite::error&) {
      write_refused = true;
    }
    reading.set_value();
    released.wait();
  }));
  reading.get_future().wait();

  std::promise<std::vector<recorded_game>> recorded;
  auto result = recorded.get_future();
  s.save_table("ABCD", std::string("state"), {finished({human(ana), human(bob)}, {0, 1})},
               [&recorded](std::vector<recorded_game> r) { recorded.set_value(std::move(r)); });
  const bool committed = result.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  release.set_value();
  ASSERT_TRUE(committed) << "the step waited for the read";
  EXPECT_EQ(result.get().size(), 1u);
  EXPECT_TRUE(write_refused);
  EXPECT_EQ(on_store(s, [](sqlite::database& db) { return count_rows(db, "SELECT COUNT(*) FROM games"); }), 1);
}

// SQLite's commit only hands pages to the kernel, so a step saved while nothing else is
// being written is committed on the thread that saved it (a room's network thread), and
// answered there before save_step returns: no hand-off to the store's thread and back.
TEST(store, a_step_saved_while_the_store_is_idle_is_committed_and_answered_on_the_callers_thread) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  sqlite_store s(path);
  s.save_player(ana);
  s.start();
  s.wait_for_writes_for_tests();  // and the store is idle

  std::optional<std::thread::id> answered_on;
  std::vector<recorded_game> games;
  s.save_table("IDLE", std::string("state"), {finished({human(ana), bot(1)}, {0, 1})},
               [&](std::vector<recorded_game> r) {
                 answered_on = std::this_thread::get_id();
                 games = std::move(r);
               });
  ASSERT_TRUE(answered_on) << "not answered before save_step returned";
  EXPECT_EQ(*answered_on, std::this_thread::get_id());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_GT(games[0].game_id, 0);
  // Committed: another connection sees it.
  sqlite::database other(path, false);
  EXPECT_EQ(count_rows(other, "SELECT count(*) FROM games"), 1);
  EXPECT_EQ(count_rows(other, "SELECT count(*) FROM live_rooms WHERE code = 'IDLE'"), 1);
}

// While a batch is being written, a step saved meanwhile does not commit past it: it
// waits in the queue, goes over with the next batch and is answered on the store's
// thread, after the writes queued before it.
TEST(store, a_step_saved_while_a_batch_is_written_waits_for_it_and_keeps_the_order) {
  const temp_folder temp;
  sqlite_store s(temp.file("shithead.db"));
  std::atomic<bool> hold{false};
  std::promise<void> entered, release;
  auto released = release.get_future().share();
  s.before_each_batch_for_tests([&](sqlite::database&) {
    if (!hold.exchange(false)) return;
    entered.set_value();
    released.wait();
  });
  s.start();
  std::mutex order_mutex;
  std::vector<std::string> order;
  const auto heard = [&](std::string what) {
    const std::lock_guard lock(order_mutex);
    order.push_back(std::move(what));
  };
  hold = true;
  s.save_player(ana, [&](player_saved) { heard("ana"); });
  entered.get_future().wait();  // the writer's thread is inside that batch

  std::promise<std::thread::id> answered;
  auto answered_on = answered.get_future();
  s.save_table("WAIT", std::string("state"), {}, [&](std::vector<recorded_game>) {
    heard("step");
    answered.set_value(std::this_thread::get_id());
  });
  EXPECT_EQ(answered_on.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout);
  release.set_value();
  ASSERT_EQ(answered_on.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_NE(answered_on.get(), std::this_thread::get_id());
  const std::lock_guard lock(order_mutex);
  EXPECT_EQ(order, (std::vector<std::string>{"ana", "step"}));
}

// A lock another connection holds (a backup, the sqlite3 shell, a checkpoint) never
// puts the saving thread to sleep: its commit fails at once, quietly, and the store's
// thread writes the step once the lock is let go. The store stays healthy meanwhile.
TEST(store, a_step_that_finds_the_database_locked_goes_to_the_stores_thread_without_waiting) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  sqlite_store s(path);
  s.start();
  s.save_player(ana);
  s.wait_for_writes_for_tests();

  sqlite::database other(path, false);
  other.exec("BEGIN IMMEDIATE");
  std::atomic<bool> let_go{false};
  std::thread releaser([&] {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    let_go = true;
    other.exec("ROLLBACK");
  });
  std::promise<std::thread::id> answered;
  auto answered_on = answered.get_future();
  s.save_table("LOCK", std::string("state"), {},
               [&](std::vector<recorded_game>) { answered.set_value(std::this_thread::get_id()); });
  const bool returned_while_locked = !let_go;
  const bool healthy_while_locked = s.healthy();
  const bool ready = answered_on.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  releaser.join();
  EXPECT_TRUE(returned_while_locked) << "save_step waited for the lock";
  EXPECT_TRUE(healthy_while_locked);
  ASSERT_TRUE(ready);
  EXPECT_NE(answered_on.get(), std::this_thread::get_id());
  EXPECT_TRUE(s.healthy());
  EXPECT_EQ(on_store(s, [](sqlite::database& db) { return count_rows(db, "SELECT count(*) FROM live_rooms"); }), 1);
}

TEST_P(store_on, queue_depth_counts_the_jobs_not_yet_taken) {
  const auto opened = database_.open();
  auto& s = *opened;
  EXPECT_EQ(s.queue_depth(), 0u);
  s.save_player(ana);
  s.save_table("ABCD", std::string("state"), {}, nullptr);
  s.read_with([](store_connection&) {});
  EXPECT_EQ(s.queue_depth(), 3u);
  s.start();
  EXPECT_EQ(on_store(s, [](store_rows&) { return 0; }), 0);
  EXPECT_EQ(s.queue_depth(), 0u);
}

// Another process holding the write lock makes the batch fail: the store reports it,
// answers its callers with nothing, and recovers when the lock goes.
// A lock held elsewhere (another process's long transaction) is a storage failure like
// a full disk: the batch waits, unanswered, and is written once the lock goes.
TEST(store, healthy_turns_false_while_a_batch_cannot_be_written_and_back_when_it_is) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  sqlite_store s(path);
  EXPECT_TRUE(s.healthy());
  s.save_player(ana);
  s.save_player(bob);
  s.database_for_tests().lock_wait(std::chrono::milliseconds(0));  // fail at once, not after 5 s
  s.start();
  EXPECT_EQ(on_store(s, [](sqlite::database& db) { return count_rows(db, "SELECT COUNT(*) FROM players"); }), 2);

  auto other = std::make_unique<sqlite::database>(path, false);
  other->exec("BEGIN IMMEDIATE");
  std::promise<std::vector<recorded_game>> answer;
  auto answered = answer.get_future();
  s.save_table("TBL1", std::string("locked"), {finished({human(ana), human(bob)}, {0, 1})},
               [&answer](std::vector<recorded_game> r) { answer.set_value(std::move(r)); });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (s.healthy() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(s.healthy());
  EXPECT_EQ(answered.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout);
  other->exec("ROLLBACK");
  other.reset();
  ASSERT_EQ(answered.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_EQ(answered.get().size(), 1u);

  const auto recorded = record(s, {finished({human(ana), human(bob)}, {0, 1})}, std::string("free"));
  ASSERT_EQ(recorded.size(), 1u);
  EXPECT_TRUE(s.healthy());
  s.close();
  const auto rooms = s.load_rooms();
  ASSERT_EQ(rooms.size(), 1u);
  EXPECT_EQ(rooms[0].state, "free");
  EXPECT_EQ(count_rows(s.database_for_tests(), "SELECT count(*) FROM games"), 2);
}

TEST(store, an_in_memory_store_keeps_what_it_is_given_while_it_runs) {
  sqlite_store s(":memory:");
  s.start();
  s.save_player(ana);
  s.save_player(bob);
  const auto recorded = record(s, {finished({human(ana), human(bob)}, {1, 0})}, std::string("state"));
  ASSERT_EQ(recorded.size(), 1u);
  EXPECT_EQ(recorded[0].game_id, 1);
  const auto profile =
      on_store(s, [](sqlite_queries& queries) { return ask_rankings(queries, "/api/players/" + bob.id); });
  EXPECT_EQ(profile.status, 200);
  EXPECT_EQ(profile.body["games"], 1);
  s.close();
  EXPECT_EQ(s.load_rooms().size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(backends, store_on, every_backend, backend_name);

// Which of PostgreSQL's failures keep a batch and try it again (the database could not
// take it now: full, gone, restarting, or this server no longer holds the lease) and
// which cost only the job (the SQL or the data was wrong).
TEST(pg_error, the_database_full_gone_or_restarting_is_tried_again_and_a_bad_job_is_not) {
  for (const char* again :
       {"53100", "53200", "53300", "08006", "08001", "57P01", "57P03", "58030", "40001", "40P01", "25006", ""})
    EXPECT_TRUE(pg::error("failed", again).storage_failed()) << again;
  for (const char* wrong : {"23505", "23503", "22P02", "42P01", "42601"})
    EXPECT_FALSE(pg::error("failed", wrong).storage_failed()) << wrong;
  EXPECT_TRUE(pg::error("deposed", "SH001").fenced());
  EXPECT_TRUE(pg::error("no fence", "SH002").fenced());
  EXPECT_FALSE(pg::error("full", "53100").fenced());
}

// PostgreSQL going away (restarted, the network cut) is SQLite's full disk: a step waits
// unanswered while tables refuse moves (healthy() is false), and is written on a new
// connection once the database is back, the server never restarted; reads reconnect too.
TEST(pg_store, a_step_the_database_cannot_take_waits_and_is_written_when_it_returns) {
  auto& cluster = testing::pg_cluster::of_this_process();
  const auto url = cluster.new_database("outage");
  {
    pg_store s(url);
    s.save_player(ana);
    s.save_player(bob);
    s.start();
    EXPECT_EQ(on_store(s, [](sql_probe& db) { return db.count("SELECT COUNT(*) FROM players"); }), 2);

    cluster.stop_for_a_while();
    std::promise<std::vector<recorded_game>> answer;
    auto answered = answer.get_future();
    s.save_table("TBL1", std::string("while down"), {finished({human(ana), human(bob)}, {0, 1})},
                 [&answer](std::vector<recorded_game> r) { answer.set_value(std::move(r)); });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (s.healthy() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(s.healthy());
    EXPECT_NE(s.problem().value_or("").find("database"), std::string::npos);
    EXPECT_EQ(answered.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout);

    cluster.start_again();
    ASSERT_EQ(answered.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    EXPECT_EQ(answered.get().size(), 1u);
    EXPECT_TRUE(s.healthy());
    EXPECT_EQ(on_store(s, [](store_rows& rows) { return ask_rankings(rows, "/api/players/" + ana.id); }).status, 200);
    s.close();
  }
  EXPECT_EQ(testing::pg_cluster::query_one(url, "SELECT count(*) FROM games"), "1");
  EXPECT_EQ(testing::pg_cluster::query_one(url, "SELECT state FROM live_rooms"), "while down");
  cluster.drop_database(url);
}

}  // namespace
}  // namespace shithead::server
