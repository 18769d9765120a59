// SQLite's schema 7 and PostgreSQL's 6: records of games begun under rules revision 1
// whose ruleset gives `reset` to another rank than the 2 are marked with it, so that they
// replay as they were played (rules/README.md, "Revisions"); every other record keeps its
// text. The record here is one revision 2 refuses: palace makes a player pick up only
// when unable, and after a reset ace revision 2 lets them play their 4.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "protocol/game_record.hpp"
#include "protocol/json_text.hpp"
#include "protocol/record_text.hpp"
#include "server/store/pg.hpp"
#include "server/store/pg_schema.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_schema.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

constexpr std::string_view ace_resets = R"({"preset": "palace", "hand_size": 2, "face_up": 1, "face_down": 1, )"
                                        R"("powers": {"A": ["reset"]}})";

// 3C, then a reset ace, then a pick-up: all a revision-1 player could do with a 4.
std::string played_under_revision_1() {
  return std::string(R"({"ruleset": )") + std::string(ace_resets) + R"(, "players": 2, "dealer": 1,
 "deal": {"hands": [["3C", "4C"], ["AH", "9S"]], "face_up": [["KD"], ["QD"]], "face_down": [["5S"], ["6S"]],
  "stock": []},
 "actions": [
  {"seat": 0, "type": "swap", "face_up": ["KD"]},
  {"seat": 1, "type": "swap", "face_up": ["QD"]},
  {"seat": 0, "type": "play", "cards": ["3C"]},
  {"seat": 1, "type": "play", "cards": ["AH"]},
  {"seat": 0, "type": "pickup"}
 ]})";
}

// Only the 2 resets here: both revisions play it alike, so it is left as it was.
constexpr std::string_view nine_reverses =
    R"({"ruleset": {"preset": "palace", "powers": {"2": ["reset"], "9": ["reverse"]}}, "players": 2, "seed": "5"})";

std::string live_state(std::string_view ruleset) {
  return std::string(R"({"format": 2, "settings": {"code": "K7MPQ2", "ruleset": )") + std::string(ruleset) +
         R"(}, "game": {"record": {"ruleset": )" + std::string(ruleset) + R"(, "players": 2, "seed": "9"}}})";
}

// The first illegal action when the record replays, or -1.
int replays_until(const std::string& text) {
  auto record = protocol::parse_record(text);
  EXPECT_TRUE(record) << record.error().message;
  if (!record) return -2;
  auto outcome = protocol::replay_record(record.value());
  EXPECT_TRUE(outcome) << outcome.error().message;
  return outcome ? outcome.value().failed_index : -2;
}

// What the migration must have done, read with `text` (the first column of a query).
template <class Text>
void expect_marked(Text text) {
  const auto marked = text("SELECT record FROM games WHERE table_code = 'ACES'");
  EXPECT_EQ(protocol::parse_json_text(marked).value().value("rules_revision", 0), 1) << marked;
  EXPECT_EQ(replays_until(marked), -1) << marked;
  EXPECT_EQ(text("SELECT record FROM games WHERE table_code = 'NINE'"), nine_reverses);

  const auto state = protocol::parse_json_text(text("SELECT state FROM live_rooms WHERE code = 'K7MPQ2'")).value();
  EXPECT_EQ(state["game"]["record"].value("rules_revision", 0), 1) << state.dump();
  EXPECT_FALSE(state["settings"].contains("rules_revision")) << state.dump();
  EXPECT_EQ(text("SELECT state FROM live_rooms WHERE code = 'NINE22'"),
            live_state(R"({"preset": "palace", "powers": {"9": ["reverse"]}})"));
}

TEST(rules_revision_migration, unmarked_the_record_would_not_replay_under_revision_2) {
  EXPECT_EQ(replays_until(played_under_revision_1()), 4);
}

std::string insert_games_and_rooms() {
  return "INSERT INTO games (table_code, ruleset, seats, start, started, ended, status, record) VALUES "
         "('ACES', '" +
         std::string(ace_resets) + "', 2, '{}', 1, 2, 'finished', '" + played_under_revision_1() +
         "'), "
         "('NINE', '{}', 2, '{}', 1, 2, 'finished', '" +
         std::string(nine_reverses) +
         "');"
         "INSERT INTO live_rooms (code, state, updated) VALUES ('K7MPQ2', '" +
         live_state(ace_resets) + "', 5), ('NINE22', '" +
         live_state(R"({"preset": "palace", "powers": {"9": ["reverse"]}})") + "', 5);";
}

TEST(rules_revision_migration, a_version_6_sqlite_file_marks_the_records_revision_1_played_differently) {
  const temp_folder temp;
  std::filesystem::create_directories(temp.path());
  const auto path = temp.file("v6.db");
  {
    sqlite::database old(path);
    migrate(old, 6);
    old.exec(insert_games_and_rooms());
  }
  sqlite_store s(path);
  auto& db = s.database_for_tests();
  EXPECT_EQ(schema_version_of(db), store_schema_version());
  expect_marked([&](const std::string& sql) {
    auto query = db.prepare(sql);
    EXPECT_TRUE(query.step()) << sql;
    return query.text(0);
  });
}

TEST(rules_revision_migration, a_version_5_postgresql_database_marks_them_the_same_way) {
  fresh_database database(backend::postgresql);
  {
    pg::connection old(database.url());
    migrate(old, 5);
    pg::transaction tx(old);
    old.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
    old.exec(insert_games_and_rooms());
    tx.commit();
  }
  pg::connection db(database.url());
  migrate(db);
  EXPECT_EQ(schema_version_of(db), pg_schema_version());
  expect_marked([&](const std::string& sql) { return db.prepare(sql).run().text(0, 0); });
}

}  // namespace
}  // namespace shithead::server
