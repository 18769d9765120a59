// `shithead migrate-store`: a SQLite file's players, games, ratings and tables in play
// moved into PostgreSQL answer every question as they did, and games go on being
// numbered after the last one copied.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/store/pg_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_copy.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

// A name with an apostrophe and a letter outside ASCII, which the copy must carry over.
const player_record cy_with_apostrophe = player("c3c3c3c3c3c3", "O'Cy \xC3\x85");

logged_action live_pickup(std::int64_t index) {
  return logged_action{3, index, static_cast<std::uint64_t>(index + 4), 1, R"({"type":"pickup"})"};
}

TEST(store_copy, a_sqlite_file_moved_to_postgresql_answers_every_question_as_it_did) {
  const temp_folder temp;
  const auto file = temp.file("shithead.db");
  {
    sqlite_store s(file);
    for (const auto& p : {ana, bob, cy_with_apostrophe}) s.save_player(p);
    s.start();
    record(s, {finished({human(ana), human(bob), human(cy_with_apostrophe)}, {0, 1, 2}, noon_ish - 48h),
               finished({human(cy_with_apostrophe), bot(1), human(ana)}, {0, 2, 1}, noon_ish - 24h),
               abandoned({human(bob), human(cy_with_apostrophe)}, {}, noon_ish - 1h)});
    s.save_step(table_step{"LIVE", std::string(R"({"game": 3})"), 3, {live_pickup(0), live_pickup(1)}, {}}, nullptr);
    s.close();
  }
  auto& cluster = testing::pg_cluster::shared();
  const auto url = cluster.new_database("copy");
  const auto copied = copy_sqlite_to_postgresql(file, url);
  ASSERT_EQ(copied.size(), 6u);
  const std::vector<std::int64_t> rows{3, 3, 8, 5, 1, 2};  // players ... live_actions
  for (std::size_t i = 0; i < copied.size(); ++i) EXPECT_EQ(copied[i].rows, rows[i]) << copied[i].name;

  sqlite_store before(file);
  pg_store after(url);
  EXPECT_EQ(after.load_players().size(), 3u);
  {
    auto lite = before.load_players();
    auto moved = after.load_players();
    ASSERT_EQ(lite.size(), moved.size());
    for (std::size_t i = 0; i < lite.size(); ++i) {
      EXPECT_EQ(moved[i].id, lite[i].id);
      EXPECT_EQ(moved[i].name, lite[i].name);
      EXPECT_EQ(moved[i].token_hash, lite[i].token_hash);
      EXPECT_EQ(moved[i].last_seen, lite[i].last_seen);
      EXPECT_EQ(moved[i].token_exposed, lite[i].token_exposed);
    }
  }
  EXPECT_EQ(after.load_rooms(), before.load_rooms());
  before.start();
  after.start();
  for (const std::string& target :
       std::vector<std::string>{"/api/leaderboard", "/api/leaderboard?sort=games", "/api/players/" + ana.id,
                                "/api/players/" + cy_with_apostrophe.id, "/api/players?name=o%27cy", "/api/games/1",
                                "/api/games/2", "/api/games/3"}) {
    SCOPED_TRACE(target);
    const auto lite = on_store(before, [&](store_rows& r) { return ask_rankings(r, target, noon_ish); });
    const auto moved = on_store(after, [&](store_rows& r) { return ask_rankings(r, target, noon_ish); });
    EXPECT_EQ(lite.status, 200);
    EXPECT_EQ(moved.status, lite.status);
    EXPECT_EQ(moved.body, lite.body);
  }
  // The next game takes the number after the last one copied.
  const auto next = record(after, {finished({human(ana), human(bob)}, {1, 0})});
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].game_id, 4);
  after.close();

  // A second copy into a database that holds data writes nothing.
  EXPECT_THROW(copy_sqlite_to_postgresql(file, url), std::runtime_error);
  EXPECT_EQ(testing::pg_cluster::query_one(url, "SELECT count(*) FROM games"), "4");
  EXPECT_THROW(copy_sqlite_to_postgresql(temp.file("no-such.db"), url), std::invalid_argument);
  cluster.drop_database(url);
}

}  // namespace
}  // namespace shithead::server
