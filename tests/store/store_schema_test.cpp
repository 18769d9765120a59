// Opening the store: a new file (and its folder), files written by every earlier
// version, a file from a newer server, and the pragmas a file must run with.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_schema.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

std::string text_pragma(sqlite::database& db, const std::string& name) {
  auto query = db.prepare("PRAGMA " + name);
  return query.step() ? query.text(0) : std::string();
}

std::int64_t int_pragma(sqlite::database& db, const std::string& name) {
  auto query = db.prepare("PRAGMA " + name);
  return query.step() ? query.int64(0) : -1;
}

bool has_table(sqlite::database& db, const std::string& name) {
  auto query = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  query.bind(1, name);
  return query.step();
}

// The schema of version 1 as it shipped, written out here rather than taken from
// store_migrations(), so that an edit to a shipped migration shows up as a failure.
constexpr const char* version_1_schema = R"sql(
CREATE TABLE players (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created    INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL
);
CREATE TABLE games (
  id         INTEGER PRIMARY KEY,
  table_code TEXT NOT NULL,
  ruleset    TEXT NOT NULL,
  seats      INTEGER NOT NULL,
  start      TEXT NOT NULL,
  started    INTEGER NOT NULL,
  ended      INTEGER NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('finished', 'abandoned')),
  record     TEXT NOT NULL
);
CREATE INDEX games_by_end ON games (ended);
CREATE TABLE game_players (
  game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL,
  player_id TEXT REFERENCES players (id),
  bot       TEXT,
  name      TEXT NOT NULL,
  place     INTEGER,
  shithead  INTEGER NOT NULL CHECK (shithead IN (0, 1)),
  PRIMARY KEY (game_id, seat),
  CHECK ((player_id IS NULL) <> (bot IS NULL))
);
CREATE INDEX game_players_by_player ON game_players (player_id, game_id);
PRAGMA user_version = 1;
)sql";

// Two players and one finished game (Ana out first, Bob the shithead) as version 1 kept
// them, in Unix milliseconds.
constexpr const char* version_1_data = R"sql(
INSERT INTO players VALUES ('a1a1a1a1a1a1', 'Ana', 'hash-of-ana', 1795251600000, 1795255200000);
INSERT INTO players VALUES ('b2b2b2b2b2b2', 'Bob', 'hash-of-bob', 1795251601000, 1795255201000);
INSERT INTO games VALUES (1, 'OLD1', '"shiphead"', 3, '{"seed":7}', 1795251000000, 1795251600000,
                          'finished', '{"ruleset": "shiphead", "players": 3, "dealer": 2, "seed": 7, "actions": []}');
INSERT INTO game_players VALUES (1, 0, 'a1a1a1a1a1a1', NULL, 'Ana', 1, 0);
INSERT INTO game_players VALUES (1, 1, NULL, 'greedy', 'Greedy bot 1', 2, 0);
INSERT INTO game_players VALUES (1, 2, 'b2b2b2b2b2b2', NULL, 'Bob', 3, 1);
)sql";

TEST(store_schema, a_new_file_and_its_missing_folders_are_created_at_the_latest_version) {
  const temp_folder temp;
  const auto path = temp.file("not/yet/there/shithead.db");
  {
    sqlite_store s(path);
    auto& db = s.database_for_tests();
    EXPECT_EQ(schema_version_of(db), store_schema_version());
    for (const auto* table : {"players", "games", "game_players", "ratings", "live_rooms", "live_actions"})
      EXPECT_TRUE(has_table(db, table)) << table;
  }
  EXPECT_TRUE(std::filesystem::exists(path));
}

TEST(store_schema, a_file_runs_in_wal_mode_with_foreign_keys_on) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  sqlite_store s(path);
  auto& db = s.database_for_tests();
  EXPECT_EQ(text_pragma(db, "journal_mode"), "wal");
  EXPECT_EQ(int_pragma(db, "foreign_keys"), 1);
  // WAL is a property of the file: another connection finds it too.
  sqlite::database other(path, false);
  EXPECT_EQ(text_pragma(other, "journal_mode"), "wal");
}

TEST(store_schema, an_in_memory_store_is_migrated_with_foreign_keys_on) {
  sqlite_store s(":memory:");
  auto& db = s.database_for_tests();
  EXPECT_EQ(schema_version_of(db), store_schema_version());
  EXPECT_EQ(int_pragma(db, "foreign_keys"), 1);
  EXPECT_TRUE(s.load_players().empty());
  EXPECT_TRUE(s.load_rooms().empty());
}

TEST(store_schema, the_schema_has_eight_versions_so_far) {
  // If this fails, a migration was added: add its "from the version before" test below
  // (version 6's is in player_names_test.cpp, 7's in rules_revision_migration_test.cpp,
  // 8's, an index, in forget_players_test.cpp).
  EXPECT_EQ(store_schema_version(), 8);
  EXPECT_EQ(store_migrations().size(), 8u);
}

// Version 5: every token stored before came from a predictable generator, so each is
// marked exposed (its next hello renews it); players saved from now on are not.
TEST(store_schema, a_version_4_file_marks_every_stored_token_exposed) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("v4.db");
  {
    sqlite::database old(path);
    migrate(old, 4);
    old.exec(
        "INSERT INTO players (id, name, token_hash, created, last_seen) VALUES "
        "('a1b2c3d4e5f6', 'Ana', '" +
        std::string(64, 'a') +
        "', 1, 2), "
        "('0f0f0f0f0f0f', 'Bo', '" +
        std::string(64, 'b') + "', 1, 2)");
  }
  sqlite_store s(path);
  EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
  auto players = s.load_players();
  ASSERT_EQ(players.size(), 2u);
  for (const auto& p : players) EXPECT_TRUE(p.token_exposed) << p.name;

  // A renewed token is written with its flag cleared; a new player is never exposed.
  players[0].token_hash = std::string(64, 'c');
  players[0].token_exposed = false;
  s.queries_for_tests().save_player(players[0]);
  s.queries_for_tests().save_player(player_record{"123456abcdef", "Cleo", std::string(64, 'd'), {}, {}});
  for (const auto& p : s.load_players()) {
    if (p.name == "Bo") {
      EXPECT_TRUE(p.token_exposed);
    } else {
      EXPECT_FALSE(p.token_exposed) << p.name;
    }
    if (p.name == players[0].name) {
      EXPECT_EQ(p.token_hash, std::string(64, 'c'));
    }
  }
}

std::string text_of(sqlite::database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  EXPECT_TRUE(query.step()) << sql;
  return query.text(0);
}

// Version 4: isf's player who picks up now leads. Games and tables stored under isf
// before were played with the turn passing on, and say so from now on; other presets,
// and an isf ruleset that already names the setting, are left as they were.
TEST(store_schema, a_version_3_file_keeps_its_isf_games_playing_as_they_were_played) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("v3.db");
  {
    sqlite::database old(path);
    migrate(old, 3);
    old.exec(R"sql(
INSERT INTO games VALUES (1, 'ISF1', '"isf"', 2, '{}', 1, 2, 'finished',
  '{"ruleset": "isf", "players": 2, "dealer": 1, "seed": 16045690984503111693, "actions": []}');
INSERT INTO games VALUES (2, 'ISF2', '{"preset":"isf","hand_size":5}', 2, '{}', 1, 2, 'finished',
  '{"ruleset": {"preset": "isf", "hand_size": 5}, "players": 2, "dealer": 1, "seed": "7", "actions": []}');
INSERT INTO games VALUES (3, 'SHIP', '"shiphead"', 2, '{}', 1, 2, 'finished',
  '{"ruleset": "shiphead", "players": 2, "dealer": 1, "seed": "7", "actions": []}');
INSERT INTO games VALUES (4, 'ISF4', '{"preset":"isf","pickup_leads":true}', 2, '{}', 1, 2, 'finished',
  '{"ruleset": {"preset": "isf", "pickup_leads": true}, "players": 2, "dealer": 1, "seed": "7", "actions": []}');
INSERT INTO live_rooms VALUES ('K7MPQ2',
  '{"format": 2, "settings": {"code": "K7MPQ2", "ruleset": "isf"}, "game": {"record": {"ruleset": "isf", "seed": "9"}}}', 5);
INSERT INTO live_rooms VALUES ('LOBBY1', '{"format": 2, "settings": {"ruleset": "limbo"}, "game": null}', 5);
)sql");
  }
  sqlite_store s(path);
  auto& db = s.database_for_tests();
  EXPECT_EQ(schema_version_of(db), store_schema_version());
  EXPECT_EQ(text_of(db, "SELECT ruleset FROM games WHERE id = 1"), R"({"preset":"isf","pickup_leads":false})");
  EXPECT_EQ(
      text_of(db, "SELECT record FROM games WHERE id = 1"),
      R"({"ruleset":{"preset":"isf","pickup_leads":false},"players":2,"dealer":1,"seed":16045690984503111693,"actions":[]})");
  EXPECT_EQ(text_of(db, "SELECT ruleset FROM games WHERE id = 2"),
            R"({"preset":"isf","hand_size":5,"pickup_leads":false})");
  EXPECT_EQ(text_of(db, "SELECT json_extract(record, '$.ruleset') FROM games WHERE id = 2"),
            R"({"preset":"isf","hand_size":5,"pickup_leads":false})");
  EXPECT_EQ(text_of(db, "SELECT ruleset || record FROM games WHERE id = 3"),
            R"("shiphead"{"ruleset": "shiphead", "players": 2, "dealer": 1, "seed": "7", "actions": []})");
  EXPECT_EQ(text_of(db, "SELECT ruleset FROM games WHERE id = 4"), R"({"preset":"isf","pickup_leads":true})");
  EXPECT_EQ(text_of(db, "SELECT json_extract(record, '$.ruleset.pickup_leads') FROM games WHERE id = 4"), "1");
  EXPECT_EQ(text_of(db, "SELECT state FROM live_rooms WHERE code = 'K7MPQ2'"),
            R"({"format":2,"settings":{"code":"K7MPQ2","ruleset":{"preset":"isf","pickup_leads":false}},)"
            R"("game":{"record":{"ruleset":{"preset":"isf","pickup_leads":false},"seed":"9"}}})");
  EXPECT_EQ(text_of(db, "SELECT state FROM live_rooms WHERE code = 'LOBBY1'"),
            R"({"format": 2, "settings": {"ruleset": "limbo"}, "game": null})");

  // The API still calls it an isf game, and serves the record with the setting off and
  // the seed exact.
  const auto game = ask_rankings(s.queries_for_tests(), "/api/games/1");
  ASSERT_EQ(game.status, 200);
  EXPECT_EQ(game.body["ruleset"], "isf");
  EXPECT_EQ(game.body["record"]["ruleset"]["pickup_leads"], false);
  EXPECT_EQ(game.body["record"]["seed"], "16045690984503111693");  // as a decimal string
}

// Version 3 adds the games' action log; a table saved whole by a version-2 server (its
// record holding every action) loads as it was, with an empty log, and logs from then on.
TEST(store_schema, a_version_2_file_keeps_its_live_tables_and_gains_the_log) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("v2.db");
  {
    sqlite::database old(path);
    migrate(old, 2);
    old.exec("INSERT INTO live_rooms (code, state, updated) VALUES ('K7MPQ2', '{\"whole\": true}', 5)");
  }
  {
    sqlite_store s(path);
    EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
    EXPECT_TRUE(has_table(s.database_for_tests(), "live_actions"));
    EXPECT_EQ(s.load_rooms(), (std::vector<saved_table>{{"K7MPQ2", R"({"whole": true})", {}}}));
    s.start();
    s.save_step(table_step{"K7MPQ2", std::nullopt, 0, {logged_action{0, 40, 77, 1, R"({"type":"pickup"})"}}, {}},
                nullptr);
  }
  sqlite_store s(path);
  EXPECT_EQ(s.load_rooms(),
            (std::vector<saved_table>{
                {"K7MPQ2", R"({"whole": true})", {logged_action{0, 40, 77, 1, R"({"type":"pickup"})"}}}}));
}

TEST(store_schema, a_version_1_file_written_by_hand_keeps_its_players_and_games) {
  const temp_folder temp;
  const auto path = temp.file("v1.db");
  std::filesystem::create_directories(temp.path());
  {
    sqlite::database old(path);
    old.exec(version_1_schema);
    old.exec(version_1_data);
  }
  sqlite_store s(path);
  auto& db = s.database_for_tests();
  EXPECT_EQ(schema_version_of(db), store_schema_version());

  const auto players = s.load_players();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(players[0].id, "a1a1a1a1a1a1");
  EXPECT_EQ(players[0].name, "Ana");
  EXPECT_EQ(players[0].token_hash, "hash-of-ana");
  EXPECT_EQ(to_unix_ms(players[0].created), 1795251600000);
  EXPECT_EQ(to_unix_ms(players[0].last_seen), 1795255200000);
  EXPECT_EQ(players[1].name, "Bob");

  // Version 2 gave every player a new rating; the old game still counts in the stats.
  EXPECT_EQ(count_rows(db, "SELECT COUNT(*) FROM players WHERE mu = 25.0 AND sigma = 25.0 / 3.0"), 2);
  EXPECT_EQ(count_rows(db, "SELECT COUNT(*) FROM game_players WHERE game_id = 1"), 3);
  const auto bob = ask_rankings(s.queries_for_tests(), "/api/players/b2b2b2b2b2b2");
  ASSERT_EQ(bob.status, 200);
  EXPECT_EQ(bob.body["games"], 1);
  EXPECT_EQ(bob.body["shithead"], 1);
  EXPECT_EQ(bob.body["title"]["olympic"], "Bronze shithead");
  const auto game = ask_rankings(s.queries_for_tests(), "/api/games/1");
  ASSERT_EQ(game.status, 200);
  EXPECT_EQ(game.body["seats"][1]["bot"], "greedy");

  // And the new tables work: a game recorded now is rated and numbered after the old one.
  const player_record ana{"a1a1a1a1a1a1", "Ana", "hash-of-ana", {}, {}};
  const player_record bob_record{"b2b2b2b2b2b2", "Bob", "hash-of-bob", {}, {}};
  const auto recorded = record_game(s.queries_for_tests(), finished({human(ana), human(bob_record)}, {1, 0}));
  EXPECT_EQ(recorded.game_id, 2);
  ASSERT_EQ(recorded.ratings.size(), 2u);
  EXPECT_GT(recorded.ratings[1].after.mu, 25.0);  // Bob won this one
}

// From every earlier version (0: an empty file) to the latest, keeping what was there.
TEST(store_schema, a_file_at_every_earlier_version_migrates_to_the_latest) {
  for (int version = 0; version < store_schema_version(); ++version) {
    SCOPED_TRACE("from version " + std::to_string(version));
    const temp_folder temp;
    std::filesystem::create_directories(temp.path());
    const auto path = temp.file("old.db");
    {
      sqlite::database old(path);
      migrate(old, version);
      EXPECT_EQ(schema_version_of(old), version);
      if (version >= 1)
        old.exec(
            "INSERT INTO players (id, name, token_hash, created, last_seen) "
            "VALUES ('c3c3c3c3c3c3', 'Cy', 'hash-of-cy', 1, 2)");
    }
    sqlite_store s(path);
    EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
    const auto players = s.load_players();
    ASSERT_EQ(players.size(), version >= 1 ? 1u : 0u);
    if (!players.empty()) {
      EXPECT_EQ(players[0].name, "Cy");
    }
  }
}

TEST(store_schema, an_empty_file_is_migrated_from_nothing) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("empty.db");
  std::ofstream(path).close();  // zero bytes: SQLite treats it as a new database
  sqlite_store s(path);
  EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
}

TEST(store_schema, reopening_a_current_file_changes_nothing) {
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  {
    sqlite_store s(path);
    s.save_player(player("d4d4d4d4d4d4", "Dee"));
  }
  sqlite_store s(path);
  EXPECT_EQ(schema_version_of(s.database_for_tests()), store_schema_version());
  ASSERT_EQ(s.load_players().size(), 1u);
}

TEST(store_schema, a_file_from_a_newer_server_is_refused_and_left_as_it_was) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("newer.db");
  {
    sqlite::database newer(path);
    newer.exec("CREATE TABLE from_the_future (x); PRAGMA user_version = 99;");
  }
  try {
    sqlite_store s(path);
    FAIL() << "a newer file was opened";
  } catch (const sqlite::error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("schema version 99"), std::string::npos) << message;
    EXPECT_NE(message.find("newer than this server's " + std::to_string(store_schema_version())), std::string::npos)
        << message;
    EXPECT_NE(message.find("run a newer shithead"), std::string::npos) << message;
  }
  sqlite::database after(path, false);
  EXPECT_EQ(schema_version_of(after), 99);
  EXPECT_EQ(text_pragma(after, "journal_mode"), "delete");  // not switched to WAL
}

TEST(store_schema, a_file_that_is_not_a_database_is_refused_with_its_path) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("notes.db");
  std::ofstream(path) << "these are not the tables you are looking for, not by a long way\n";
  try {
    sqlite_store s(path);
    FAIL() << "a text file was opened as a store";
  } catch (const sqlite::error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("not a database"), std::string::npos) << message;
  }
}

TEST(store_schema, a_folder_that_cannot_be_created_is_refused_with_its_name) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  std::ofstream(temp.file("a_file")) << "x";
  EXPECT_THROW(sqlite_store(temp.file("a_file/sub/shithead.db")), sqlite::error);
}

TEST(store_schema, a_file_the_server_may_not_write_is_refused_at_once) {
  if (::geteuid() == 0) GTEST_SKIP() << "root may write any file";
  const temp_folder temp;
  const auto path = temp.file("shithead.db");
  { sqlite_store s(path); }
  std::filesystem::permissions(path, std::filesystem::perms::owner_read);
  try {
    sqlite_store s(path);
    FAIL() << "a read-only file was opened";
  } catch (const sqlite::error& e) {
    EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  }
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
}

// Each migration runs in one transaction: one that fails leaves the file at the version
// before it, with none of its changes.
TEST(store_schema, a_migration_that_fails_leaves_the_file_at_the_version_before) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("clash.db");
  {
    sqlite::database old(path);
    old.exec(version_1_schema);
    old.exec("CREATE TABLE live_rooms (x)");  // migration 2 creates it too
  }
  EXPECT_THROW(sqlite_store{path}, sqlite::error);
  sqlite::database after(path, false);
  EXPECT_EQ(schema_version_of(after), 1);
  EXPECT_FALSE(has_table(after, "ratings"));
  auto columns = after.prepare("SELECT COUNT(*) FROM pragma_table_info('players') WHERE name = 'mu'");
  ASSERT_TRUE(columns.step());
  EXPECT_EQ(columns.integer(0), 0);
}

TEST(store_schema, migrating_past_the_latest_version_is_refused) {
  sqlite::database db(":memory:");
  EXPECT_THROW(migrate(db, store_schema_version() + 1), sqlite::error);
  EXPECT_EQ(schema_version_of(db), 0);
}

}  // namespace
}  // namespace shithead::server
