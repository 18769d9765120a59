// Names unique in the store itself, not only in one server's memory: each player's row
// holds its name's key under a unique index, a save that would share a key is refused
// as name_taken (even when two servers write it at once), a token is found by its hash,
// and the migrations give the rows stored before their keys.
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "server/core/player_name.hpp"
#include "server/store/pg.hpp"
#include "server/store/pg_queries.hpp"
#include "server/store/pg_schema.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/store_schema.hpp"
#include "server/store/unique_names.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

// --- Which rows keep their names when old rows share a key --------------------------

TEST(unique_name_keys, rows_that_share_no_key_keep_their_names) {
  const auto keyed = unique_name_keys({{"a1", "Ana", 5}, {"b2", "BOB", 7}});
  ASSERT_EQ(keyed.size(), 2u);
  EXPECT_EQ(keyed[0].name, "Ana");
  EXPECT_EQ(keyed[0].key, "ana");
  EXPECT_FALSE(keyed[0].renamed);
  EXPECT_EQ(keyed[1].name, "BOB");
  EXPECT_EQ(keyed[1].key, "bob");
}

TEST(unique_name_keys, the_player_seen_last_keeps_a_shared_name_and_the_others_are_numbered) {
  // "Åsa" and "åsa" fold to one key; so do three spellings of "Lena".
  const auto keyed =
      unique_name_keys({{"p1", "åsa", 10}, {"p2", "Åsa", 20}, {"p3", "Lena", 5}, {"p4", "LENA", 9}, {"p5", "lena", 7}});
  ASSERT_EQ(keyed.size(), 5u);
  EXPECT_EQ(keyed[1].name, "Åsa");  // seen last
  EXPECT_FALSE(keyed[1].renamed);
  EXPECT_EQ(keyed[0].name, "åsa 2");
  EXPECT_TRUE(keyed[0].renamed);
  EXPECT_EQ(keyed[3].name, "LENA");
  EXPECT_EQ(keyed[4].name, "lena 2");  // then by when they were seen
  EXPECT_EQ(keyed[2].name, "Lena 3");
  std::vector<std::string> keys;
  for (const auto& k : keyed) {
    EXPECT_EQ(k.key, name_key(k.name));
    keys.push_back(k.key);
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << "keys are unique";
}

TEST(unique_name_keys, a_numbered_name_skips_names_others_hold_and_stays_a_valid_name) {
  // "Bo 2" is someone's already; a 20-character name is cut to make room for its number.
  const std::string long_name = "Ωμέγας Ωμέγας Ωμέγας";  // 20 code points, 2 bytes each but the spaces
  const auto keyed = unique_name_keys(
      {{"p1", "Bo", 3}, {"p2", "bo", 2}, {"p3", "BO 2", 1}, {"p4", long_name, 9}, {"p5", long_name, 8}});
  EXPECT_EQ(keyed[0].name, "Bo");
  EXPECT_EQ(keyed[2].name, "BO 2");
  EXPECT_EQ(keyed[1].name, "bo 3");
  EXPECT_EQ(keyed[3].name, long_name);
  const auto cut = clean_player_name(keyed[4].name);
  ASSERT_TRUE(cut) << keyed[4].name;
  EXPECT_EQ(cut.value(), keyed[4].name);
  EXPECT_EQ(keyed[4].name, "Ωμέγας Ωμέγας Ωμέγ 2");
}

TEST(unique_name_keys, the_result_does_not_depend_on_the_rows_order) {
  const auto one = unique_name_keys({{"p1", "Kim", 4}, {"p2", "KIM", 4}});
  const auto two = unique_name_keys({{"p2", "KIM", 4}, {"p1", "Kim", 4}});
  EXPECT_EQ(one[0].name, two[1].name);
  EXPECT_EQ(one[1].name, two[0].name);
  EXPECT_EQ(one[0].name, "Kim");  // a tie goes to the lower id
}

// --- The store, on both backends ---------------------------------------------------------

class player_names_on : public ::testing::TestWithParam<backend> {
 protected:
  fresh_database database_{GetParam(), sqlite_in::file};
};

// Saves `p` and waits for what the store says of it.
player_saved save_and_wait(store& s, const player_record& p) {
  std::promise<player_saved> answer;
  auto saved = answer.get_future();
  s.save_player(p, [&answer](player_saved what) { answer.set_value(what); });
  return saved.get();
}

player_lookup find_and_wait(store& s, const std::string& token_hash) {
  std::promise<player_lookup> answer;
  auto found = answer.get_future();
  s.find_player(token_hash, [&answer](player_lookup what) { answer.set_value(std::move(what)); });
  return found.get();
}

TEST_P(player_names_on, a_name_another_player_holds_in_any_letter_case_is_refused_and_writes_nothing) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  EXPECT_EQ(save_and_wait(s, ana), player_saved::saved);
  auto other = player("c3c3c3c3c3c3", "ANA");
  EXPECT_EQ(save_and_wait(s, other), player_saved::name_taken);
  // Bob, in the same batch as another refused save, goes in: a refusal costs only itself.
  std::promise<player_saved> refused, saved;
  s.save_player(player("d4d4d4d4d4d4", "ana"), [&](player_saved what) { refused.set_value(what); });
  s.save_player(bob, [&](player_saved what) { saved.set_value(what); });
  EXPECT_EQ(refused.get_future().get(), player_saved::name_taken);
  EXPECT_EQ(saved.get_future().get(), player_saved::saved);
  s.close();
  const auto players = database_.open()->load_players();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].name, "Ana");
  EXPECT_EQ(players[1].name, "Bob");
  EXPECT_EQ(database_.count("SELECT count(*) FROM players WHERE name_key = 'ana'"), 1);
}

TEST_P(player_names_on, a_player_may_change_their_names_case_and_a_new_name_frees_the_old_one) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  ASSERT_EQ(save_and_wait(s, ana), player_saved::saved);
  auto shouting = ana;
  shouting.name = "ANA";
  EXPECT_EQ(save_and_wait(s, shouting), player_saved::saved);
  auto renamed = ana;
  renamed.name = "Anastasia";
  EXPECT_EQ(save_and_wait(s, renamed), player_saved::saved);
  EXPECT_EQ(save_and_wait(s, player("c3c3c3c3c3c3", "ana")), player_saved::saved);
  s.close();
  EXPECT_EQ(database_.count("SELECT count(*) FROM players"), 2);
  EXPECT_EQ(database_.count("SELECT count(*) FROM players WHERE name_key = 'anastasia' AND name = 'Anastasia'"), 1);
}

TEST_P(player_names_on, the_index_itself_refuses_a_second_row_with_a_key) {
  const auto opened = database_.open();
  opened->start();
  ASSERT_EQ(save_and_wait(*opened, ana), player_saved::saved);
  opened->close();
  // Behind the store's back, as a server that skipped the check would write it.
  const std::string insert =
      "INSERT INTO players (id, name, name_key, token_hash, created, last_seen, token_exposed) "
      "VALUES ('e5e5e5e5e5e5', 'aNa', 'ana', 'hash-e5', 1, 1, 0)";
  if (GetParam() == backend::postgresql) {
    pg::connection c(database_.url());
    pg::transaction tx(c);
    c.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
    try {
      c.exec(insert);
      FAIL() << "a second row with the key went in";
    } catch (const pg::error& e) {
      EXPECT_EQ(e.sqlstate(), "23505");
      EXPECT_EQ(e.constraint(), "players_by_name_key");
    }
  } else {
    sqlite::database c(database_.url(), false);
    EXPECT_THROW(c.exec(insert), sqlite::error);
  }
  EXPECT_EQ(database_.count("SELECT count(*) FROM players"), 1);
}

TEST_P(player_names_on, a_token_is_found_by_its_hash_from_the_last_commit) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  s.save_player(ana);
  s.save_player(bob);
  s.wait_for_writes_for_tests();
  const auto found = find_and_wait(s, bob.token_hash);
  ASSERT_TRUE(found);
  ASSERT_TRUE(found.value());
  EXPECT_EQ(*found.value(), bob);
  const auto missing = find_and_wait(s, std::string(64, 'f'));
  ASSERT_TRUE(missing);
  EXPECT_FALSE(missing.value());
  s.close();
  const auto closed = find_and_wait(s, bob.token_hash);
  ASSERT_FALSE(closed);
  EXPECT_EQ(closed.error().why, store_refusal::reason::closed);
}

TEST_P(player_names_on, players_are_found_by_name_through_the_key) {
  const auto opened = database_.open();
  auto& s = *opened;
  s.start();
  s.save_player(player("a1a1a1a1a1a1", "Åsa Ødegård"));
  s.save_player(bob);
  s.wait_for_writes_for_tests();
  std::promise<rankings_result> answer;
  s.answer_rankings(protocol::players_named_question{"  åSA   ødegÅrd "},
                    [&answer](rankings_result r) { answer.set_value(std::move(r)); });
  const auto result = answer.get_future().get();
  ASSERT_TRUE(result);
  const auto& named = std::get<protocol::players_named>(result.value());
  ASSERT_EQ(named.players.size(), 1u);
  EXPECT_EQ(named.players[0].name, "Åsa Ødegård");
  s.close();
}

INSTANTIATE_TEST_SUITE_P(backends, player_names_on, every_backend, backend_name);

// --- Two servers at once (PostgreSQL) ----------------------------------------------------

// Two writers claim one name in transactions open at the same time, as two servers
// sharing the database would (both fenced at the lease's epoch, as pg_recording's are):
// the second waits on the first's uncommitted key, then is refused by the index.
TEST(player_names_two_writers, the_second_of_two_claims_in_flight_is_refused_by_the_index) {
  fresh_database database(backend::postgresql);
  database.open();  // migrated
  pg::connection first_db(database.url()), second_db(database.url());
  pg_queries first(first_db), second(second_db);
  pg::transaction first_tx(first_db);
  first_db.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
  first.save_player(player("a1a1a1a1a1a1", "Zed"));

  auto refused = std::async(std::launch::async, [&] {
    pg::transaction second_tx(second_db);
    second_db.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
    try {
      second.save_player(player("b2b2b2b2b2b2", "ZED"));  // passes the check: the first has not committed
      second_tx.commit();
      return false;
    } catch (const name_conflict&) {
      return true;
    }
  });
  // The second is now waiting on the first's key (or about to); either way it must lose.
  EXPECT_EQ(refused.wait_for(std::chrono::milliseconds(300)), std::future_status::timeout);
  first_tx.commit();
  EXPECT_TRUE(refused.get());
  EXPECT_EQ(database.count("SELECT count(*) FROM players"), 1);
}

// --- The migrations ----------------------------------------------------------------------

// Rows as a server before the keys wrote them: two names today's folding makes one.
constexpr const char* players_before_keys =
    "INSERT INTO players (id, name, token_hash, created, last_seen, token_exposed) VALUES "
    "('a1a1a1a1a1a1', 'Åsa', 'h1', 1, 20, 0), ('b2b2b2b2b2b2', 'åsa', 'h2', 1, 10, 0), "
    "('c3c3c3c3c3c3', 'Cleo', 'h3', 1, 5, 0)";

// Åsa, seen last, keeps her name; the other is numbered; Cleo shares it with nobody.
void expect_numbered(const std::vector<player_record>& players) {
  ASSERT_EQ(players.size(), 3u);
  std::map<std::string, std::string> names;
  for (const auto& p : players) names[p.id] = p.name;
  EXPECT_EQ(names["a1a1a1a1a1a1"], "Åsa");
  EXPECT_EQ(names["b2b2b2b2b2b2"], "åsa 2");
  EXPECT_EQ(names["c3c3c3c3c3c3"], "Cleo");
}

TEST(player_names_migration, a_version_5_file_gets_keys_and_players_who_share_one_are_numbered) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("v5.db");
  {
    sqlite::database old(path);
    migrate(old, 5);
    old.exec(players_before_keys);
  }
  sqlite_store s(path);
  EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
  const auto players = s.load_players();
  expect_numbered(players);
  sqlite::database other(path, false);
  EXPECT_THROW(other.exec("UPDATE players SET name_key = 'åsa' WHERE id = 'c3c3c3c3c3c3'"), sqlite::error);
}

TEST(player_names_migration, a_version_2_postgresql_database_gets_keys_the_same_way) {
  fresh_database database(backend::postgresql);
  {
    pg::connection old(database.url());
    migrate(old, 2);
    pg::transaction tx(old);
    old.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
    old.exec(players_before_keys);
    tx.commit();
  }
  const auto s = database.open();
  const auto players = s->load_players();
  expect_numbered(players);
  EXPECT_EQ(database.count("SELECT count(*) FROM players WHERE name_key IS NULL"), 0);
  EXPECT_EQ(database.count("SELECT count(*) FROM pg_indexes WHERE indexname = 'players_by_name_key'"), 1);
}

TEST(player_names_migration, postgresql_is_not_migrated_under_a_server_that_holds_the_lease) {
  fresh_database database(backend::postgresql);
  pg::connection old(database.url());
  migrate(old, 2);
  old.exec("UPDATE server_lease SET holder = 'old-server:1:x', epoch = 1 WHERE id = 1");
  old.exec("UPDATE server_lease_expiry SET epoch = 1, expires = clock_timestamp() + interval '1 minute' WHERE id = 1");
  try {
    migrate(old);
    FAIL() << "migrated under a live lease";
  } catch (const pg::error& e) {
    EXPECT_NE(std::string(e.what()).find("old-server:1:x"), std::string::npos) << e.what();
  }
  EXPECT_EQ(schema_version_of(old), 2);
  // Once it lapses, the upgrade goes ahead.
  old.exec("UPDATE server_lease_expiry SET expires = clock_timestamp() - interval '1 second' WHERE id = 1");
  migrate(old);
  EXPECT_EQ(schema_version_of(old), pg_schema_version());
}

}  // namespace
}  // namespace shithead::server
