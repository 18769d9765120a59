// Forgetting players who never finished a game (store::forget_idle_players), on both
// backends: those gone longest go first, a player with a recorded game never goes, and
// the question walks the players by last_seen (schema 8's index) instead of sorting them.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "server/store/store.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;
using namespace std::chrono_literals;

std::vector<std::string> forget(store& s, clock_time seen_before, int most) {
  std::promise<std::vector<std::string>> answer;
  auto result = answer.get_future();
  s.forget_idle_players(seen_before, most, [&answer](std::vector<std::string> ids) { answer.set_value(ids); });
  auto ids = result.get();
  std::sort(ids.begin(), ids.end());
  return ids;
}

player_record seen_at(player_record p, clock_time when) {
  p.last_seen = when;
  return p;
}

class forget_players_on : public ::testing::TestWithParam<backend> {
 protected:
  fresh_database database_{GetParam()};
};

TEST_P(forget_players_on, those_gone_longest_go_first_and_a_player_with_a_game_never) {
  auto s = database_.open();
  s->start();
  // Seen in the order Bob, Ana, Dee, Cy, Eve; Bob and Eve finished a game together.
  s->save_player(seen_at(bob, noon_ish + 1min));
  s->save_player(seen_at(ana, noon_ish + 2min));
  s->save_player(seen_at(dee, noon_ish + 3min));
  s->save_player(seen_at(cy, noon_ish + 4min));
  s->save_player(seen_at(eve, noon_ish + 5min));
  ASSERT_EQ(record(*s, {finished({human(bob), human(eve)}, {1, 0})}).size(), 1u);

  // The two gone longest who never played: Ana and Dee, not Bob (he played).
  EXPECT_EQ(forget(*s, noon_ish + 1h, 2), (std::vector<std::string>{ana.id, dee.id}));
  // Then Cy; Bob and Eve stay whatever the limit.
  EXPECT_EQ(forget(*s, noon_ish + 1h, 10), (std::vector<std::string>{cy.id}));
  EXPECT_TRUE(forget(*s, noon_ish + 1h, 10).empty());
  EXPECT_EQ(on_store(*s, [](sql_probe& db) { return db.count("SELECT COUNT(*) FROM players"); }), 2);
  s->close();
}

TEST_P(forget_players_on, nobody_seen_since_the_cutoff_goes) {
  auto s = database_.open();
  s->start();
  s->save_player(seen_at(ana, noon_ish + 10min));
  s->save_player(seen_at(cy, noon_ish + 20min));
  EXPECT_EQ(forget(*s, noon_ish + 15min, 10), (std::vector<std::string>{ana.id}));
  EXPECT_TRUE(forget(*s, noon_ish + 15min, 10).empty());
  s->close();
}

INSTANTIATE_TEST_SUITE_P(backends, forget_players_on, every_backend, backend_name);

// SQLite's plan for the question reads players_by_last_seen in order: a registry of
// 100,000 players is not sorted each time it makes room.
TEST(forget_players, the_oldest_are_found_by_the_index_not_by_a_sort) {
  fresh_database database(backend::sqlite);
  auto s = database.open();
  s->start();
  const auto plan = on_store(*s, [](sqlite::database& db) {
    auto query = db.prepare(
        "EXPLAIN QUERY PLAN SELECT p.id FROM players p WHERE p.last_seen < 5 AND NOT EXISTS "
        "(SELECT 1 FROM game_players gp WHERE gp.player_id = p.id) ORDER BY p.last_seen LIMIT 10");
    std::string details;
    while (query.step()) details += query.text(3) + "\n";
    return details;
  });
  EXPECT_NE(plan.find("players_by_last_seen"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("TEMP B-TREE"), std::string::npos) << "sorted rather than read in order:\n" << plan;
  s->close();
}

}  // namespace
}  // namespace shithead::server
