// Recording a game that ended: seats and places, ratings for the humans only, nothing
// for an abandoned game, and the leaver whose seat finished last.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "protocol/record_json.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/pg.hpp"
#include "server/store/pg_store.hpp"
#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store_writes.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/rating_tolerance.hpp"
#include "tests/store/sql_probe.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

struct seat_row {
  std::optional<std::string> player_id;
  std::optional<std::string> bot;
  std::string name;
  std::optional<std::int64_t> place;
  bool shithead = false;
};

// Each test runs on both backends (store_backends.hpp).
class recording : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    for (const auto& p : {ana, bob, cy, dee, eve}) s_->save_player(p);
    s_->start();
  }

  rating current(const player_record& p) {
    return on_store(*s_, [&](sql_probe& db) {
      const auto rows = db.query("SELECT mu, sigma FROM players WHERE id = ?", {p.id});
      EXPECT_EQ(rows.size(), 1u);
      return rating{real_of(rows.at(0)[0]), real_of(rows.at(0)[1])};
    });
  }

  void set_rating(const player_record& p, rating r) {
    on_store(*s_, [&](sql_probe& db) {
      db.run("UPDATE players SET mu = ?, sigma = ? WHERE id = ?", {value_of(r.mu), value_of(r.sigma), p.id});
      return 0;
    });
  }

  std::vector<seat_row> seats_of(std::int64_t game_id) {
    return on_store(*s_, [&](sql_probe& db) {
      std::vector<seat_row> rows;
      for (const auto& row :
           db.query("SELECT player_id, bot, name, place, shithead FROM game_players WHERE game_id = ? ORDER BY seat",
                    {value_of(game_id)}))
        rows.push_back(seat_row{row[0], row[1], row[2].value(), optional_integer_of(row[3]), integer_of(row[4]) == 1});
      return rows;
    });
  }

  std::int64_t rows(const std::string& sql) {
    return on_store(*s_, [&](sql_probe& db) { return db.count(sql); });
  }

  protocol::json profile(const player_record& p) {
    return on_store(*s_, [&](store_rows& queries) { return ask_rankings(queries, "/api/players/" + p.id).body; });
  }

  fresh_database database_{GetParam()};
  std::unique_ptr<batch_store> s_ = database_.open();
};

TEST_P(recording, two_humans_the_winner_rises_and_the_shithead_falls_as_worked_by_hand) {
  // Bob goes out first; Ana is the shithead.
  const auto recorded = record(*s_, {finished({human(ana), human(bob)}, {1, 0})});
  ASSERT_EQ(recorded.size(), 1u);
  const auto& game = recorded[0];
  EXPECT_GT(game.game_id, 0);
  EXPECT_FALSE(game.abandoned);
  ASSERT_EQ(game.ratings.size(), 2u);  // by seat
  EXPECT_EQ(game.ratings[0].player_id, ana.id);
  EXPECT_EQ(game.ratings[0].name, "Ana");
  EXPECT_DOUBLE_EQ(game.ratings[0].before.mu, 25.0);
  EXPECT_NEAR(game.ratings[0].after.mu, 22.36476861652635, rating_tolerance);
  EXPECT_NEAR(game.ratings[0].after.sigma, 8.065506316323548, rating_tolerance);
  EXPECT_NEAR(game.ratings[1].after.mu, 27.63523138347365, rating_tolerance);
  EXPECT_NEAR(game.ratings[1].after.sigma, 8.065506316323548, rating_tolerance);
  EXPECT_EQ(game.ratings[0].title.count, 1);
  EXPECT_EQ(game.ratings[0].title.olympic, "Bronze shithead");
  EXPECT_EQ(game.ratings[1].title.count, 0);
  EXPECT_FALSE(game.ratings[1].title.numeric.has_value());

  // What the players table and the history keep.
  EXPECT_NEAR(current(ana).mu, 22.36476861652635, rating_tolerance);
  EXPECT_NEAR(current(bob).mu, 27.63523138347365, rating_tolerance);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM ratings WHERE mu_before = 25.0 AND sigma_before = 25.0 / 3.0"), 2);
  const auto seats = seats_of(game.game_id);
  ASSERT_EQ(seats.size(), 2u);
  EXPECT_EQ(seats[0].player_id, ana.id);
  EXPECT_EQ(seats[0].place, 2);
  EXPECT_TRUE(seats[0].shithead);
  EXPECT_EQ(seats[1].place, 1);
  EXPECT_FALSE(seats[1].shithead);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM games WHERE status = 'finished' AND seats = 2"), 1);
}

TEST_P(recording, three_new_humans_first_rises_last_falls_and_the_middle_stays) {
  // Cy first, Ana second, Bob the shithead.
  const auto recorded = record(*s_, {finished({human(ana), human(bob), human(cy)}, {2, 0, 1})});
  ASSERT_EQ(recorded.size(), 1u);
  const auto& r = recorded[0].ratings;
  ASSERT_EQ(r.size(), 3u);
  EXPECT_GT(r[2].after.mu, 25.0);
  EXPECT_NEAR(r[0].after.mu, 25.0, rating_tolerance);  // equal odds both ways: no net surprise
  EXPECT_LT(r[1].after.mu, 25.0);
  for (const auto& change : r) EXPECT_LT(change.after.sigma, change.before.sigma);
  const auto seats = seats_of(recorded[0].game_id);
  EXPECT_EQ(seats[0].place, 2);
  EXPECT_EQ(seats[1].place, 3);
  EXPECT_EQ(seats[2].place, 1);
  EXPECT_TRUE(seats[1].shithead);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM ratings"), 3);
}

// The five players of weng_lin_test's hand-worked example, with their ratings set in the
// store first: the store feeds rate_game exactly what it should.
TEST_P(recording, five_humans_move_as_worked_by_hand) {
  const std::array<player_record, 5> who{ana, bob, cy, dee, eve};
  const std::array<rating, 5> before{rating{25.0, 25.0 / 3.0}, rating{28.0, 5.5}, rating{22.0, 7.0}, rating{25.0, 3.0},
                                     rating{31.0, 2.5}};
  for (std::size_t i = 0; i < who.size(); ++i) set_rating(who[i], before[i]);
  // Places 3, 1, 5, 2, 4: out in the order Bob, Dee, Ana, Eve, and Cy the shithead.
  const auto recorded =
      record(*s_, {finished({human(ana), human(bob), human(cy), human(dee), human(eve)}, {1, 3, 0, 4, 2})});
  ASSERT_EQ(recorded.size(), 1u);
  const auto& r = recorded[0].ratings;
  ASSERT_EQ(r.size(), 5u);
  const std::array<rating, 5> expected{
      rating{25.81661725433421, 6.445579074729049}, rating{33.72790135404094, 4.955019983704919},
      rating{14.999602990593, 5.921576844046523}, rating{26.27684216379825, 2.9404269702255736},
      rating{29.749265588856254, 2.471877637382637}};
  for (std::size_t i = 0; i < r.size(); ++i) {
    SCOPED_TRACE(who[i].name);
    EXPECT_EQ(r[i].player_id, who[i].id);
    EXPECT_NEAR(r[i].before.mu, before[i].mu, rating_tolerance);
    EXPECT_NEAR(r[i].after.mu, expected[i].mu, rating_tolerance);
    EXPECT_NEAR(r[i].after.sigma, expected[i].sigma, rating_tolerance);
    EXPECT_NEAR(current(who[i]).mu, expected[i].mu, rating_tolerance);
  }
  EXPECT_TRUE(r[1].after.provisional() == false);  // Bob's sigma fell below 5
  EXPECT_EQ(r[2].title.count, 1);
}

TEST_P(recording, the_next_game_starts_from_the_ratings_the_last_one_left) {
  // Two games in one step of the table, then one more.
  const auto first =
      record(*s_, {finished({human(ana), human(bob)}, {0, 1}), finished({human(ana), human(bob)}, {0, 1})});
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[1].ratings[0].before.mu, first[0].ratings[0].after.mu);
  EXPECT_EQ(first[1].ratings[0].before.sigma, first[0].ratings[0].after.sigma);
  EXPECT_GT(first[1].game_id, first[0].game_id);
  const auto next = record(*s_, {finished({human(bob), human(ana)}, {0, 1})});
  EXPECT_EQ(next[0].ratings[1].before.mu, first[1].ratings[0].after.mu);  // Ana, now in seat 1
  EXPECT_EQ(next[0].ratings[1].title.count, 1);
  EXPECT_EQ(next[0].ratings[0].title.count, 2);  // Bob, shithead of the first two
}

// Bots are not ranked, but a human who finished behind a bot still finished behind the
// humans ahead of them: Bob beat Ana, and that is all the rating sees.
TEST_P(recording, a_game_with_bots_rates_only_its_humans) {
  // Seats: bot, Ana, bot, Bob. Out: bot 2, Bob, bot 0; Ana the shithead.
  const auto recorded = record(*s_, {finished({bot(0), human(ana), bot(2), human(bob)}, {2, 3, 0, 1})});
  ASSERT_EQ(recorded.size(), 1u);
  const auto& r = recorded[0].ratings;
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].player_id, ana.id);
  EXPECT_EQ(r[1].player_id, bob.id);
  // As if the two had played alone (both new players).
  EXPECT_NEAR(r[0].after.mu, 22.36476861652635, rating_tolerance);
  EXPECT_NEAR(r[1].after.mu, 27.63523138347365, rating_tolerance);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM ratings"), 2);

  const auto seats = seats_of(recorded[0].game_id);
  ASSERT_EQ(seats.size(), 4u);
  EXPECT_FALSE(seats[0].player_id.has_value());
  EXPECT_EQ(seats[0].bot, "greedy");
  EXPECT_EQ(seats[0].name, "Greedy bot 0");
  EXPECT_EQ(seats[0].place, 3);
  EXPECT_EQ(seats[2].place, 1);
  EXPECT_EQ(seats[3].place, 2);
  EXPECT_EQ(seats[1].place, 4);
  EXPECT_TRUE(seats[1].shithead);

  // The game counts for the humans in it, at their place among everyone.
  const auto bob_profile = profile(bob);
  EXPECT_EQ(bob_profile["games"], 1);
  EXPECT_EQ(bob_profile["average_place"], 2.0);
  EXPECT_EQ(profile(ana)["shithead"], 1);
}

TEST_P(recording, a_bot_as_the_shithead_counts_against_no_human) {
  const auto recorded = record(*s_, {finished({human(ana), bot(1), human(bob)}, {0, 2, 1})});
  ASSERT_EQ(recorded[0].ratings.size(), 2u);
  for (const auto& change : recorded[0].ratings) EXPECT_EQ(change.title.count, 0);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM game_players WHERE shithead = 1 AND bot = 'greedy'"), 1);
}

TEST_P(recording, one_human_among_bots_plays_but_the_rating_stays) {
  const auto recorded = record(*s_, {finished({human(ana), bot(1), bot(2)}, {0, 1, 2})});
  ASSERT_EQ(recorded[0].ratings.size(), 1u);
  EXPECT_EQ(recorded[0].ratings[0].after.mu, 25.0);
  EXPECT_EQ(recorded[0].ratings[0].after.sigma, 25.0 / 3.0);
  EXPECT_EQ(profile(ana)["games"], 1);
  EXPECT_EQ(profile(ana)["first"], 1);
}

TEST_P(recording, an_abandoned_game_is_kept_but_counts_for_nobody) {
  const auto recorded = record(*s_, {abandoned({human(ana), human(bob), bot(2)}, {1})});
  ASSERT_EQ(recorded.size(), 1u);
  EXPECT_TRUE(recorded[0].abandoned);
  EXPECT_GT(recorded[0].game_id, 0);
  EXPECT_TRUE(recorded[0].ratings.empty());
  EXPECT_EQ(rows("SELECT COUNT(*) FROM ratings"), 0);
  EXPECT_EQ(current(ana).mu, 25.0);
  EXPECT_EQ(current(bob).sigma, 25.0 / 3.0);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM games WHERE status = 'abandoned'"), 1);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM game_players WHERE shithead = 1"), 0);
  const auto seats = seats_of(recorded[0].game_id);
  EXPECT_EQ(seats[1].place, 1);  // Bob had gone out before it ended
  EXPECT_FALSE(seats[0].place.has_value());

  const auto bob_profile = profile(bob);
  EXPECT_EQ(bob_profile["games"], 0);
  EXPECT_EQ(bob_profile["first"], 0);
  ASSERT_EQ(bob_profile["recent"].size(), 1u);  // listed, but not counted
  EXPECT_EQ(bob_profile["recent"][0]["status"], "abandoned");
}

// A player who leaves mid-game keeps the seat's player: a bot finishes the game for
// them, and the room hands the store the seat's seat_player as it was when the game
// started (a human, no bot kind). The store decides human or bot by seat_player::bot
// alone, so the leaver whose seat ends last is the shithead, rated last, titled.
TEST_P(recording, a_player_who_left_and_whose_seat_finished_last_is_the_shithead) {
  // Ana left; a bot played her seat 0 to the end, and it finished last.
  const auto recorded = record(*s_, {finished({human(ana), human(bob), human(cy)}, {1, 2, 0})});
  ASSERT_EQ(recorded.size(), 1u);
  const auto& r = recorded[0].ratings;
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].player_id, ana.id);
  EXPECT_LT(r[0].after.mu, 25.0);
  EXPECT_EQ(r[0].title.count, 1);
  EXPECT_EQ(r[0].title.feudal, "Lord shithead");
  const auto seats = seats_of(recorded[0].game_id);
  EXPECT_EQ(seats[0].player_id, ana.id);
  EXPECT_FALSE(seats[0].bot.has_value());
  EXPECT_TRUE(seats[0].shithead);
  EXPECT_EQ(seats[0].place, 3);
  const auto ana_profile = profile(ana);
  EXPECT_EQ(ana_profile["shithead"], 1);
  EXPECT_EQ(ana_profile["current_run"], 0);
}

TEST_P(recording, the_record_and_the_ruleset_are_kept_with_the_game) {
  const auto game = played({human(ana), human(bob), bot(2)}, 2026);
  ASSERT_FALSE(game.abandoned);
  const auto recorded = record(*s_, {game});
  const auto stored = on_store(*s_, [&](sql_probe& db) {
    const auto rows = db.query("SELECT table_code, ruleset, start, record, started, ended FROM games WHERE id = ?",
                               {value_of(recorded[0].game_id)});
    EXPECT_EQ(rows.size(), 1u);
    std::vector<std::string> texts;
    for (const auto& cell : rows.at(0)) texts.push_back(cell.value());
    return texts;
  });
  EXPECT_EQ(stored[0], "PLAY");
  EXPECT_EQ(stored[1], "\"shiphead\"");
  EXPECT_EQ(stored[2], R"({"seed":"2026"})");  // a string, as in the record
  EXPECT_EQ(stored[3], protocol::write_record(game.record));
  EXPECT_EQ(stored[4], std::to_string(to_unix_ms(noon_ish - 10min)));
  EXPECT_EQ(stored[5], std::to_string(to_unix_ms(noon_ish)));
}

INSTANTIATE_TEST_SUITE_P(backends, recording, every_backend, backend_name);

// Two servers on one PostgreSQL database record games of the same players at once. Each
// rating change must start from the one before it, whichever server made that: then each
// player's history is one chain from the first rating to the current one. A lost update
// would show as two changes that start from the same rating.
//
// One server writes at a time today (the lease), but servers that share the database's
// tables come next, so the database keeps the ratings whole by
// itself: two connections here write as two servers' writers would, each transaction
// fenced at the lease's epoch and locking its players in order, as batch_store does.
TEST(pg_recording, two_servers_recording_games_of_the_same_players_at_once_lose_no_update) {
  auto& cluster = testing::pg_cluster::shared();
  const auto url = cluster.new_database("race");
  const std::vector<player_record> people{ana, bob, cy, dee, eve};
  constexpr int games = 60;
  std::atomic<int> recorded{0};
  {
    pg_store owner(url);  // takes the lease with its first batch, and keeps it
    for (const auto& p : people) owner.save_player(p);
    owner.start();
    owner.wait_for_writes_for_tests();
    const auto holder = testing::pg_cluster::query_one(url, "SELECT holder FROM server_lease");
    const auto epoch = std::stoll(testing::pg_cluster::query_one(url, "SELECT epoch FROM server_lease"));
    const auto write_games_from = [&](int first) {
      pg_connection c(url, false);
      write_totals totals;
      for (int i = first; i < games; i += 2) {
        // Three of the five, a different three and a different order each time.
        const auto seat = [&](int k) { return human(people[static_cast<std::size_t>((i + k) % 5)]); };
        table_step step;
        step.code = "T" + std::to_string(i % 7);
        step.games.push_back(finished({seat(0), seat(1), seat(3)}, {i % 3, (i + 1) % 3, (i + 2) % 3}));
        std::vector<std::string> ids;
        for (const auto& p : step.games[0].players) ids.push_back(p.id);
        std::sort(ids.begin(), ids.end());
        c.begin();
        c.queries.fence(holder, epoch);
        c.lock_players(ids);
        const auto r = write_step(c.rows(), step, to_unix_ms(std::chrono::system_clock::now()), totals);
        c.commit();
        if (r.size() == 1 && r[0].ratings.size() == 3) ++recorded;
      }
    };
    const auto write_games = [&](int first) noexcept {
      try {
        write_games_from(first);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    };
    std::thread first(write_games, 0);
    std::thread second(write_games, 1);
    first.join();
    second.join();
  }
  EXPECT_EQ(recorded, games);

  pg::connection db(url);
  pg_probe probe(db);
  EXPECT_EQ(probe.count("SELECT count(*) FROM ratings"), 3 * games);
  for (const auto& p : people) {
    SCOPED_TRACE(p.name);
    std::vector<std::pair<rating, rating>> changes;  // before, after; in no particular order
    for (const auto& row :
         probe.query("SELECT mu_before, sigma_before, mu, sigma FROM ratings WHERE player_id = ?", {p.id}))
      changes.emplace_back(rating{real_of(row[0]), real_of(row[1])}, rating{real_of(row[2]), real_of(row[3])});
    const auto now = probe.query("SELECT mu, sigma FROM players WHERE id = ?", {p.id}).at(0);
    rating at = new_rating();
    std::size_t followed = 0;
    while (followed < changes.size()) {
      const auto next = std::find_if(changes.begin(), changes.end(),
                                     [&](const auto& c) { return c.first.mu == at.mu && c.first.sigma == at.sigma; });
      ASSERT_NE(next, changes.end()) << "no change starts from the rating after change " << followed;
      ASSERT_EQ(std::count_if(changes.begin(), changes.end(),
                              [&](const auto& c) { return c.first.mu == at.mu && c.first.sigma == at.sigma; }),
                1)
          << "two changes start from the same rating: an update was lost";
      at = next->second;
      ++followed;
    }
    EXPECT_EQ(at.mu, real_of(now[0]));
    EXPECT_EQ(at.sigma, real_of(now[1]));
  }
  cluster.drop_database(url);
}

TEST(record_game, a_game_whose_seats_do_not_fit_is_refused_before_anything_is_written) {
  sqlite_store s(":memory:");
  auto& db = s.database_for_tests();
  const auto refuse = [&](game_to_record game) {
    EXPECT_THROW(record_game(s.queries_for_tests(), game), std::invalid_argument);
  };
  auto out_of_range = finished({bot(0), bot(1)}, {0, 1});
  out_of_range.finish_order = {2};
  refuse(out_of_range);
  auto twice = finished({bot(0), bot(1), bot(2)}, {0, 1, 2});
  twice.finish_order = {0, 0};
  refuse(twice);
  auto shithead_went_out = finished({bot(0), bot(1)}, {0, 1});
  shithead_went_out.shithead = 0;
  refuse(shithead_went_out);
  auto no_shithead = finished({bot(0), bot(1)}, {0, 1});
  no_shithead.shithead = -1;
  refuse(no_shithead);
  auto record_disagrees = finished({bot(0), bot(1)}, {0, 1});
  record_disagrees.record.players = 3;
  refuse(record_disagrees);
  auto nameless = finished({seat_player{"", "Nobody", std::nullopt}, bot(1)}, {0, 1});
  refuse(nameless);
  EXPECT_EQ(count_rows(db, "SELECT COUNT(*) FROM games"), 0);
  // A game of bots alone is fine: kept, rated for nobody.
  const auto bots_only = record_game(s.queries_for_tests(), finished({bot(0), bot(1)}, {1, 0}));
  EXPECT_GT(bots_only.game_id, 0);
  EXPECT_TRUE(bots_only.ratings.empty());
}

}  // namespace
}  // namespace shithead::server
