// The rankings API (protocol/docs/http_api.md) over a store holding a few weeks of games:
// the leaderboard's sorts, periods and pages, player profiles, the name look-up and
// finished games, with the JSON shapes of the document key for key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/record_json.hpp"
#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

// A namespace of its own: its players joined two months before `now`, unlike the other
// store tests' players of the same names, and a unity build compiles several test files
// as one.
namespace shithead::server::rankings_api_tests {
namespace {

using namespace store_testing;
using protocol::json;

const auto now = noon_ish;
const auto days = [](int n) { return std::chrono::hours(24 * n); };

const player_record ana = player("a1a1a1a1a1a1", "Ana", now - days(60));
const player_record bob = player("b2b2b2b2b2b2", "Bob", now - days(60));
const player_record cy = player("c3c3c3c3c3c3", "Cy", now - days(60));
const player_record dee = player("d4d4d4d4d4d4", "Dee", now - days(60));
const player_record eve = player("e5e5e5e5e5e5", "Eve", now - days(60));         // only an abandoned game
const player_record fay = player("f6f6f6f6f6f6", "Fay", now - days(60));         // no game at all
const player_record asa = player("0a0a0a0a0a0a", "\xC3\x85sa", now - days(59));  // "Åsa"
const player_record big_al = player("0b0b0b0b0b0b", "Big Al", now - days(59));

std::vector<std::string> keys_of(const json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

std::vector<std::string> names_in(const json& board) {
  std::vector<std::string> names;
  for (const auto& row : board["players"]) names.push_back(row["name"].get<std::string>());
  return names;
}

const std::vector<std::string> row_keys{"rank",          "player_id", "name",          "games",       "shithead",
                                        "shithead_rate", "first",     "average_place", "current_run", "longest_run",
                                        "rating",        "title",     "week"};
const std::vector<std::string> rating_keys{"mu", "sigma", "ordinal", "provisional"};
const std::vector<std::string> title_keys{"count", "numeric", "olympic", "feudal"};

// Five games over six weeks (times before `now`):
//   g1 40 days: Ana, Bob, Cy            out Ana, Bob; Cy the shithead
//   g2 20 days: Ana, Bob                out Bob; Ana the shithead
//   g3 10 days: Bob, Cy, Dee            out Dee, Bob; Cy the shithead
//   g4  3 days: Cy, Dee, bot            out Cy, bot; Dee the shithead
//   g5  1 day:  Ana, Eve                abandoned
// and a table with a game in progress, saved only as the table's state.
// All time:  Ana 2 games 1 sh, Bob 3 games 0 sh, Cy 3 games 2 sh, Dee 2 games 1 sh.
// Each test runs on both backends (store_backends.hpp).
class rankings : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    for (const auto& p : {ana, bob, cy, dee, eve, fay, asa, big_al}) s_->save_player(p);
    s_->start();
    const auto ids = record(*s_, {finished({human(ana), human(bob), human(cy)}, {0, 1, 2}, now - days(40)),
                                  finished({human(ana), human(bob)}, {1, 0}, now - days(20)),
                                  finished({human(bob), human(cy), human(dee)}, {2, 0, 1}, now - days(10)),
                                  finished({human(cy), human(dee), bot(2)}, {0, 2, 1}, now - days(3)),
                                  abandoned({human(ana), human(eve)}, {}, now - days(1))});
    ASSERT_EQ(ids.size(), 5u);
    for (const auto& g : ids) game_ids_.push_back(g.game_id);
    record(*s_, {}, std::string(R"({"game": "in progress"})"), "LIVE");
  }

  api_reply get(const std::string& target) {
    return on_store(*s_, [&](store_rows& queries) { return ask_rankings(queries, target, now); });
  }

  json ok(const std::string& target) {
    const auto reply = get(target);
    EXPECT_EQ(reply.status, 200) << target << ": " << protocol::dump_json(reply.body);
    return reply.body;
  }

  void expect_bad_query(const std::string& target, const std::string& words) {
    SCOPED_TRACE(target);
    const auto reply = get(target);
    EXPECT_EQ(reply.status, 400);
    EXPECT_EQ(keys_of(reply.body), (std::vector<std::string>{"error", "message"}));
    EXPECT_EQ(reply.body["error"], "bad_query");
    EXPECT_NE(reply.body["message"].get<std::string>().find(words), std::string::npos) << reply.body["message"];
  }

  void expect_bad_id(const std::string& target) {
    SCOPED_TRACE(target);
    const auto reply = get(target);
    EXPECT_EQ(reply.status, 400);
    EXPECT_EQ(keys_of(reply.body), (std::vector<std::string>{"error", "message"}));
    EXPECT_EQ(reply.body["error"], "bad_id");
    EXPECT_FALSE(reply.body["message"].get<std::string>().empty());
  }

  void expect_not_found(const std::string& target) {
    SCOPED_TRACE(target);
    const auto reply = get(target);
    EXPECT_EQ(reply.status, 404);
    EXPECT_EQ(keys_of(reply.body), (std::vector<std::string>{"error", "message"}));
    EXPECT_EQ(reply.body["error"], "not_found");
    EXPECT_FALSE(reply.body["message"].get<std::string>().empty());
  }

  rating current(const player_record& p) {
    return on_store(*s_, [&](sql_probe& db) {
      const auto rows = db.query("SELECT mu, sigma FROM players WHERE id = ?", {p.id});
      EXPECT_EQ(rows.size(), 1u);
      return rating{real_of(rows.at(0)[0]), real_of(rows.at(0)[1])};
    });
  }

  fresh_database database_{GetParam()};
  std::unique_ptr<batch_store> s_ = database_.open();
  std::vector<std::int64_t> game_ids_;
};

TEST_P(rankings, the_leaderboard_has_the_shape_of_the_document) {
  const auto board = ok("/api/leaderboard");
  EXPECT_EQ(keys_of(board), (std::vector<std::string>{"sort", "period", "limit", "offset", "total", "players"}));
  EXPECT_EQ(board["sort"], "rating");
  EXPECT_EQ(board["period"], "all");
  EXPECT_EQ(board["limit"], 50);
  EXPECT_EQ(board["offset"], 0);
  EXPECT_EQ(board["total"], 4);  // Eve (abandoned only), Fay, Åsa and Big Al have no finished game
  ASSERT_EQ(board["players"].size(), 4u);
  for (const auto& row : board["players"]) {
    EXPECT_EQ(keys_of(row), row_keys);
    EXPECT_EQ(keys_of(row["rating"]), rating_keys);
    EXPECT_EQ(keys_of(row["title"]), title_keys);
  }
}

TEST_P(rankings, a_row_holds_the_players_counts_worked_by_hand) {
  const auto board = ok("/api/leaderboard?sort=shithead");
  const auto& top = board["players"][0];  // Cy: places 3, 3, 1
  EXPECT_EQ(top["rank"], 1);
  EXPECT_EQ(top["player_id"], cy.id);
  EXPECT_EQ(top["name"], "Cy");
  EXPECT_EQ(top["games"], 3);
  EXPECT_EQ(top["shithead"], 2);
  EXPECT_EQ(top["first"], 1);
  EXPECT_EQ(top["current_run"], 1);
  EXPECT_EQ(top["longest_run"], 1);
  // Rates and averages to four places, written as such.
  const auto text = protocol::dump_json(top);
  EXPECT_NE(text.find(R"("shithead_rate":0.6667)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("average_place":2.3333)"), std::string::npos) << text;
  EXPECT_EQ(top["title"], json::parse(R"({"count": 2, "numeric": "Shithead \u00d72", "olympic": "Bronze shithead",
                                          "feudal": "Lord shithead"})"));
  const auto cy_rating = current(cy);
  EXPECT_NEAR(top["rating"]["mu"].get<double>(), cy_rating.mu, 1e-4);
  EXPECT_NEAR(top["rating"]["sigma"].get<double>(), cy_rating.sigma, 1e-4);
  EXPECT_NEAR(top["rating"]["ordinal"].get<double>(), cy_rating.ordinal(), 1e-4);
  EXPECT_EQ(top["rating"]["provisional"], true);

  const auto& bob_row = board["players"][3];  // places 2, 1, 2; never the shithead
  EXPECT_EQ(bob_row["name"], "Bob");
  EXPECT_EQ(bob_row["shithead_rate"], 0);
  EXPECT_EQ(bob_row["current_run"], 3);
  EXPECT_EQ(bob_row["longest_run"], 3);
  EXPECT_EQ(bob_row["title"], json::parse(R"({"count": 0, "numeric": null, "olympic": null, "feudal": null})"));
}

TEST_P(rankings, the_leaderboard_sorts_four_ways_ties_by_name) {
  EXPECT_EQ(names_in(ok("/api/leaderboard?sort=shithead")), (std::vector<std::string>{"Cy", "Ana", "Dee", "Bob"}));
  EXPECT_EQ(names_in(ok("/api/leaderboard?sort=rate")), (std::vector<std::string>{"Cy", "Ana", "Dee", "Bob"}));
  EXPECT_EQ(names_in(ok("/api/leaderboard?sort=games")), (std::vector<std::string>{"Bob", "Cy", "Ana", "Dee"}));

  // By ordinal, highest first, as the store holds the ratings.
  const auto board = ok("/api/leaderboard?sort=rating");
  EXPECT_EQ(board["sort"], "rating");
  double last = 1e9;
  for (const auto& row : board["players"]) {
    const double ordinal = row["rating"]["ordinal"].get<double>();
    EXPECT_LE(ordinal, last) << row["name"];
    last = ordinal;
  }
  EXPECT_EQ(names_in(board), names_in(ok("/api/leaderboard")));  // rating is the default
  std::vector<int> ranks;
  for (const auto& row : board["players"]) ranks.push_back(row["rank"].get<int>());
  EXPECT_EQ(ranks, (std::vector<int>{1, 2, 3, 4}));
}

// Games against bots alone rate nobody: Fay, the shithead of one, keeps the newcomer's
// ordinal of 0, above Big Al's after he came second to Åsa. The board puts the player
// nobody has rated yet after every rated one.
TEST_P(rankings, a_player_rated_by_no_game_against_people_comes_after_the_rated_ones) {
  record(*s_, {finished({human(fay), bot(1), bot(2)}, {1, 2, 0}, now - days(2)),
               finished({human(asa), human(big_al)}, {0, 1}, now - days(2))});
  ASSERT_GT(current(fay).ordinal(), current(big_al).ordinal());
  ASSERT_FALSE(current(fay).rated());
  const auto board = ok("/api/leaderboard?sort=rating");
  const auto names = names_in(board);
  ASSERT_EQ(names.size(), 7u);
  EXPECT_EQ(names.back(), "Fay");
  double last = 1e9;
  for (const auto& row : board["players"]) {
    if (row["name"] == "Fay") break;
    const double ordinal = row["rating"]["ordinal"].get<double>();
    EXPECT_LE(ordinal, last) << row["name"];  // among the rated, by ordinal as before
    last = ordinal;
  }
}

TEST_P(rankings, a_period_counts_only_the_games_that_ended_in_it) {
  // 30 days: g2, g3, g4.
  const auto month = ok("/api/leaderboard?period=30d&sort=games");
  EXPECT_EQ(month["period"], "30d");
  EXPECT_EQ(month["total"], 4);
  EXPECT_EQ(names_in(month), (std::vector<std::string>{"Bob", "Cy", "Dee", "Ana"}));
  EXPECT_EQ(month["players"][0]["games"], 2);  // Bob: g2, g3
  EXPECT_EQ(month["players"][3]["games"], 1);  // Ana: g2
  EXPECT_EQ(month["players"][3]["shithead"], 1);

  // 7 days: g4 only (g5 was abandoned).
  const auto week = ok("/api/leaderboard?period=7d&sort=shithead");
  EXPECT_EQ(week["total"], 2);
  EXPECT_EQ(names_in(week), (std::vector<std::string>{"Dee", "Cy"}));
  const auto& cy_row = week["players"][1];
  EXPECT_EQ(cy_row["games"], 1);
  EXPECT_EQ(cy_row["shithead"], 0);
  EXPECT_EQ(cy_row["first"], 1);
  // The rating is the player's current one, whatever the period.
  const auto all = ok("/api/leaderboard?sort=shithead");
  EXPECT_EQ(cy_row["rating"], all["players"][0]["rating"]);
  // The title too is the period's count.
  EXPECT_EQ(cy_row["title"]["count"], 0);

  EXPECT_EQ(ok("/api/leaderboard?period=all")["total"], 4);
}

TEST_P(rankings, a_period_is_anchored_at_now) {
  // Seen from 31 days later, nothing ended in the last 30 days.
  const auto later = on_store(
      *s_, [](store_rows& queries) { return ask_rankings(queries, "/api/leaderboard?period=30d", now + days(31)); });
  EXPECT_EQ(later.status, 200);
  EXPECT_EQ(later.body["total"], 0);
  EXPECT_TRUE(later.body["players"].empty());
  // Seen from 15 days later, the 30 days hold g3 and g4.
  const auto later_still = on_store(*s_, [](store_rows& queries) {
    return ask_rankings(queries, "/api/leaderboard?period=30d&sort=games", now + days(15));
  });
  EXPECT_EQ(names_in(later_still.body), (std::vector<std::string>{"Cy", "Dee", "Bob"}));
}

// Issue 13: a flood of leaderboard reads folded every game per request. The cache must
// answer exactly as a fresh fold does, for every sort, period and page.
TEST_P(rankings, the_cached_leaderboard_answers_as_a_fresh_fold_does) {
  leaderboard_cache cache;
  for (const auto* sort : {"rating", "shithead", "rate", "games"})
    for (const auto* period : {"all", "30d", "7d"})
      for (const auto* page : {"", "&limit=2", "&limit=1&offset=2", "&offset=9"}) {
        const auto query = std::string("sort=") + sort + "&period=" + period + page;
        SCOPED_TRACE(query);
        const auto fresh =
            on_store(*s_, [&](store_rows& q) { return ask_rankings(q, "/api/leaderboard?" + query, now); });
        const auto cached =
            on_store(*s_, [&](store_rows& q) { return ask_rankings(q, "/api/leaderboard?" + query, now, &cache); });
        EXPECT_EQ(cached.status, 200);
        EXPECT_EQ(cached.body, fresh.body);
      }
  EXPECT_EQ(cache.computations(), 3u);  // one fold per period, however sorted or paged
}

TEST_P(rankings, the_cached_leaderboard_folds_again_only_after_a_game_and_a_second) {
  leaderboard_cache cache;
  const auto board = [&](std::chrono::system_clock::time_point at) {
    return on_store(*s_, [&](store_rows& q) { return ask_rankings(q, "/api/leaderboard?sort=games", at, &cache); })
        .body;
  };
  for (int i = 0; i < 50; ++i) board(now);
  EXPECT_EQ(cache.computations(), 1u);
  // A quiet store folds again at most once a minute while the board is asked for: every
  // row's week trend moves with the clock (issue 33).
  for (int i = 0; i < 50; ++i) board(now + std::chrono::seconds(59));
  EXPECT_EQ(cache.computations(), 1u);
  EXPECT_EQ(board(now + std::chrono::minutes(5))["total"], 4);
  EXPECT_EQ(cache.computations(), 2u);

  // Fay's first game ends: within a second of the last look the board may lag...
  const auto later = now + std::chrono::minutes(5);
  record(*s_, {finished({human(fay), human(ana)}, {0, 1}, later)});
  EXPECT_EQ(board(later + std::chrono::milliseconds(500))["total"], 4);
  EXPECT_EQ(cache.computations(), 2u);
  // ...and a second later it holds her game.
  const auto refreshed = board(later + std::chrono::milliseconds(1001));
  EXPECT_EQ(refreshed["total"], 5);
  EXPECT_EQ(names_in(refreshed), (std::vector<std::string>{"Ana", "Bob", "Cy", "Dee", "Fay"}));
  EXPECT_EQ(cache.computations(), 3u);
}

TEST_P(rankings, a_cached_weekly_board_lets_old_games_leave_the_window) {
  leaderboard_cache cache;
  const auto week = [&](std::chrono::system_clock::time_point at) {
    return on_store(*s_, [&](store_rows& q) { return ask_rankings(q, "/api/leaderboard?period=7d", at, &cache); }).body;
  };
  EXPECT_EQ(week(now)["total"], 2);  // g4, 3 days ago
  // Five days on, with no game recorded, g4 has left the week.
  EXPECT_EQ(week(now + days(5))["total"], 0);
  EXPECT_EQ(cache.computations(), 2u);
}

TEST_P(rankings, limit_and_offset_page_through_the_board) {
  const auto page = ok("/api/leaderboard?sort=games&limit=2&offset=1");
  EXPECT_EQ(page["limit"], 2);
  EXPECT_EQ(page["offset"], 1);
  EXPECT_EQ(page["total"], 4);
  EXPECT_EQ(names_in(page), (std::vector<std::string>{"Cy", "Ana"}));
  EXPECT_EQ(page["players"][0]["rank"], 2);
  EXPECT_EQ(page["players"][1]["rank"], 3);

  EXPECT_EQ(names_in(ok("/api/leaderboard?sort=games&limit=1")), (std::vector<std::string>{"Bob"}));
  EXPECT_EQ(names_in(ok("/api/leaderboard?sort=games&offset=3&limit=100")), (std::vector<std::string>{"Dee"}));
  const auto past_the_end = ok("/api/leaderboard?offset=4");
  EXPECT_EQ(past_the_end["total"], 4);
  EXPECT_TRUE(past_the_end["players"].empty());
  EXPECT_TRUE(ok("/api/leaderboard?offset=9223372036854775807")["players"].empty());
}

TEST_P(rankings, anything_else_in_the_leaderboard_query_is_a_bad_query) {
  expect_bad_query("/api/leaderboard?limit=0", "limit");
  expect_bad_query("/api/leaderboard?limit=101", "limit");
  expect_bad_query("/api/leaderboard?limit=-1", "limit");
  expect_bad_query("/api/leaderboard?limit=ten", "limit");
  expect_bad_query("/api/leaderboard?limit=5x", "limit");
  expect_bad_query("/api/leaderboard?limit=", "limit");
  expect_bad_query("/api/leaderboard?limit=99999999999999999999", "limit");
  expect_bad_query("/api/leaderboard?offset=-1", "offset");
  expect_bad_query("/api/leaderboard?offset=1.5", "offset");
  expect_bad_query("/api/leaderboard?sort=elo", "sort");
  expect_bad_query("/api/leaderboard?sort=RATING", "sort");
  expect_bad_query("/api/leaderboard?period=1d", "period");
  expect_bad_query("/api/leaderboard?period=", "period");
  expect_bad_query("/api/leaderboard?colour=red", "colour");
  expect_bad_query("/api/leaderboard?limit=1&limit=2", "malformed");
  expect_bad_query("/api/leaderboard?sort=%zz", "malformed");
  // Escapes and empty pairs are fine.
  EXPECT_EQ(ok("/api/leaderboard?sort=%73hithead&&")["sort"], "shithead");
}

TEST_P(rankings, a_profile_has_the_players_stats_and_the_last_games_newest_first) {
  const auto body = ok("/api/players/" + cy.id);
  EXPECT_EQ(keys_of(body), (std::vector<std::string>{"player_id", "name", "created", "last_seen", "games", "shithead",
                                                     "shithead_rate", "first", "average_place", "current_run",
                                                     "longest_run", "rating", "title", "recent"}));
  EXPECT_EQ(body["player_id"], cy.id);
  EXPECT_EQ(body["name"], "Cy");
  EXPECT_EQ(body["created"], "2026-09-22T09:00:00Z");  // 60 days before now
  EXPECT_EQ(body["last_seen"], "2026-09-22T10:00:00Z");
  EXPECT_EQ(body["games"], 3);
  EXPECT_EQ(body["shithead"], 2);
  EXPECT_EQ(body["title"]["numeric"],
            "Shithead \xC3\x97"
            "2");
  EXPECT_EQ(keys_of(body["rating"]), rating_keys);
  EXPECT_EQ(body["rating"]["provisional"], true);

  const auto& recent = body["recent"];
  ASSERT_EQ(recent.size(), 3u);  // g4, g3, g1
  for (const auto& game : recent)
    EXPECT_EQ(keys_of(game), (std::vector<std::string>{"game_id", "ended", "ruleset", "status", "seats", "place",
                                                       "shithead", "rating_before", "rating_after"}));
  EXPECT_EQ(recent[0]["game_id"], game_ids_[3]);
  EXPECT_EQ(recent[0]["ended"], "2026-11-18T09:00:00Z");
  EXPECT_EQ(recent[0]["ruleset"], "shiphead");
  EXPECT_EQ(recent[0]["status"], "finished");
  EXPECT_EQ(recent[0]["seats"], 3);
  EXPECT_EQ(recent[0]["place"], 1);
  EXPECT_EQ(recent[0]["shithead"], false);
  EXPECT_EQ(recent[0]["rating_after"], body["rating"]["ordinal"]);  // the last game left the current rating
  EXPECT_GT(recent[0]["rating_after"].get<double>(), recent[0]["rating_before"].get<double>());  // won it
  EXPECT_EQ(recent[1]["game_id"], game_ids_[2]);
  EXPECT_EQ(recent[1]["shithead"], true);
  EXPECT_EQ(recent[1]["place"], 3);
  EXPECT_EQ(recent[1]["rating_before"], recent[2]["rating_after"]);
  EXPECT_EQ(recent[2]["game_id"], game_ids_[0]);
  EXPECT_EQ(recent[2]["rating_before"], 0);  // a new player's ordinal
}

TEST_P(rankings, a_profile_lists_abandoned_games_without_counting_them) {
  const auto body = ok("/api/players/" + eve.id);
  EXPECT_EQ(body["games"], 0);
  EXPECT_EQ(body["shithead"], 0);
  EXPECT_EQ(body["shithead_rate"], 0);
  EXPECT_TRUE(body["average_place"].is_null());
  EXPECT_EQ(body["title"], json::parse(R"({"count": 0, "numeric": null, "olympic": null, "feudal": null})"));
  EXPECT_EQ(body["rating"], json::parse(R"({"mu": 25.0, "sigma": 8.3333, "ordinal": 0.0, "provisional": true})"));
  EXPECT_EQ(protocol::dump_json(body["rating"]), R"({"mu":25.0,"sigma":8.3333,"ordinal":0.0,"provisional":true})");
  ASSERT_EQ(body["recent"].size(), 1u);
  const auto& game = body["recent"][0];
  EXPECT_EQ(game["game_id"], game_ids_[4]);
  EXPECT_EQ(game["status"], "abandoned");
  EXPECT_TRUE(game["place"].is_null());
  EXPECT_EQ(game["shithead"], false);
  EXPECT_TRUE(game["rating_before"].is_null());
  EXPECT_TRUE(game["rating_after"].is_null());
}

TEST_P(rankings, a_player_with_no_games_has_a_profile_with_nothing_in_it) {
  const auto body = ok("/api/players/" + fay.id);
  EXPECT_EQ(body["games"], 0);
  EXPECT_TRUE(body["recent"].empty());
}

// Issue 13: an id that cannot name anything is the client's mistake (400), not a
// player who is missing (404).
TEST_P(rankings, an_unknown_player_id_is_not_found_and_a_malformed_one_is_a_bad_id) {
  expect_not_found("/api/players/000000000000");
  expect_bad_id("/api/players/C3C3C3C3C3C3");  // ids are lower case
  expect_bad_id("/api/players/c3c3c3c3c3c");
  expect_bad_id("/api/players/");
  expect_bad_id("/api/players/c3c3c3c3c3c3/games");
  expect_bad_id("/api/players/'%20OR%201=1");
}

TEST_P(rankings, players_are_looked_up_by_name_ignoring_case) {
  EXPECT_EQ(ok("/api/players?name=Ana"), json::parse(R"({"players": [{"player_id": "a1a1a1a1a1a1", "name": "Ana"}]})"));
  EXPECT_EQ(ok("/api/players?name=aNA")["players"].size(), 1u);
  EXPECT_EQ(ok("/api/players?name=%C3%A5SA")["players"][0]["name"], "\xC3\x85sa");  // "åSA" finds "Åsa"
  EXPECT_EQ(ok("/api/players?name=big+al")["players"][0]["player_id"], big_al.id);
  EXPECT_EQ(ok("/api/players?name=big%20AL")["players"][0]["player_id"], big_al.id);
  EXPECT_EQ(ok("/api/players?name=+big++al+")["players"][0]["player_id"], big_al.id);  // spaces as in names
  EXPECT_EQ(ok("/api/players?name=Zed"), json::parse(R"({"players": []})"));
  EXPECT_EQ(ok("/api/players?name=%FF%FE")["players"].size(), 0u);  // not UTF-8: nobody
  EXPECT_EQ(ok("/api/players?name=An")["players"].size(), 0u);      // the whole name, not a prefix
  EXPECT_EQ(ok("/api/players?name=")["players"].size(), 0u);
  expect_bad_query("/api/players", "name");
  expect_bad_query("/api/players?nom=Ana", "name");
  expect_bad_query("/api/players?name=Ana&limit=3", "name");
  expect_bad_query("/api/players?name=%G1", "name");
}

TEST_P(rankings, a_finished_game_is_served_with_its_seats_and_record) {
  const auto body = ok("/api/games/" + std::to_string(game_ids_[3]));
  EXPECT_EQ(keys_of(body),
            (std::vector<std::string>{"game_id", "ruleset", "status", "started", "ended", "seats", "record"}));
  EXPECT_EQ(body["game_id"], game_ids_[3]);
  EXPECT_EQ(body["ruleset"], "shiphead");
  EXPECT_EQ(body["status"], "finished");
  EXPECT_EQ(body["started"], "2026-11-18T08:50:00Z");
  EXPECT_EQ(body["ended"], "2026-11-18T09:00:00Z");
  EXPECT_EQ(body["seats"], json::parse(R"([
    {"seat": 0, "player_id": "c3c3c3c3c3c3", "name": "Cy", "bot": null, "place": 1, "shithead": false},
    {"seat": 1, "player_id": "d4d4d4d4d4d4", "name": "Dee", "bot": null, "place": 3, "shithead": true},
    {"seat": 2, "player_id": null, "name": "Greedy bot 2", "bot": "greedy", "place": 2, "shithead": false}])"));
  EXPECT_TRUE(body["record"].is_object());
  EXPECT_EQ(body["record"]["players"], 3);
}

// A JavaScript client reads a JSON number above 2^53 rounded, so the seed is served as
// a string even from a record stored when seeds were written as numbers.
TEST_P(rankings, a_game_stored_with_an_old_numeric_seed_is_served_with_its_seed_as_a_string) {
  const auto target = "/api/games/" + std::to_string(game_ids_[3]);
  const json seed = ok(target)["record"]["seed"];
  ASSERT_TRUE(seed.is_string()) << seed;
  const auto old_form = on_store(*s_, [&](sql_probe& db) {
    const auto digits = seed.get<std::string>();
    db.run("UPDATE games SET record = replace(record, ?, ?) WHERE id = ?",
           {"\"seed\": \"" + digits + "\"", "\"seed\": " + digits, value_of(game_ids_[3])});
    return db.query("SELECT record FROM games WHERE id = ?", {value_of(game_ids_[3])}).at(0)[0].value();
  });
  ASSERT_NE(old_form.find("\"seed\": " + seed.get<std::string>() + ","), std::string::npos) << old_form;
  EXPECT_EQ(ok(target)["record"]["seed"], seed);
}

TEST_P(rankings, an_abandoned_game_is_served_with_no_shithead) {
  const auto body = ok("/api/games/" + std::to_string(game_ids_[4]));
  EXPECT_EQ(body["status"], "abandoned");
  for (const auto& seat : body["seats"]) {
    EXPECT_EQ(seat["shithead"], false);
    EXPECT_TRUE(seat["place"].is_null());
  }
}

TEST_P(rankings, unknown_game_ids_and_games_in_progress_are_not_found_and_malformed_ids_are_bad) {
  // The table "LIVE" has a game in progress: the store keeps only its state, under no
  // game id, so no id serves it.
  expect_not_found("/api/games/" + std::to_string(game_ids_.back() + 1));
  expect_bad_id("/api/games/0");
  expect_bad_id("/api/games/-1");
  expect_bad_id("/api/games/1.5");
  expect_bad_id("/api/games/abc");
  expect_bad_id("/api/games/LIVE");
  expect_bad_id("/api/games/");
  expect_bad_id("/api/games/99999999999999999999999");
  expect_not_found("/api/nothing/here");
}

// A real game played by bots from a seed: the record served replays to the result kept.
TEST_P(rankings, the_record_of_a_game_replays_to_the_places_served) {
  const auto game = played({human(ana), bot(1), human(bob), bot(3)}, 99, now - days(2));
  ASSERT_FALSE(game.abandoned);
  const auto recorded = record(*s_, {game});
  const auto body = ok("/api/games/" + std::to_string(recorded[0].game_id));
  const auto parsed = protocol::record_from_json(body["record"]);
  ASSERT_TRUE(parsed) << parsed.error().message;
  const auto replayed = protocol::replay_record(parsed.value());
  ASSERT_TRUE(replayed.ok());
  const auto& state = replayed.value().state;
  EXPECT_EQ(replayed.value().failed_index, -1);
  ASSERT_TRUE(state.over());
  for (const auto& seat : body["seats"]) {
    const int index = seat["seat"].get<int>();
    EXPECT_EQ(seat["shithead"], index == state.shithead);
    const int place = seat["place"].get<int>();
    if (index == state.shithead) {
      EXPECT_EQ(place, 4);
    } else {
      EXPECT_EQ(state.finish_order[static_cast<std::size_t>(place - 1)], index);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(backends, rankings, every_backend, backend_name);

class rankings_of_two : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    s.save_player(ana);
    s.save_player(bob);
    s.start();
  }
  fresh_database database_{GetParam()};
  std::unique_ptr<batch_store> store_ = database_.open();
  batch_store& s = *store_;
};

TEST_P(rankings_of_two, a_profile_shows_the_title_in_three_styles_at_its_threshold) {
  std::vector<game_to_record> games;
  for (int i = 0; i < 5; ++i)
    games.push_back(finished({human(ana), human(bob)}, {1, 0}, now - days(5) + std::chrono::minutes(i)));
  record(s, games);
  const auto body = on_store(s, [](store_rows& queries) { return ask_rankings(queries, "/api/players/" + ana.id); });
  EXPECT_EQ(body.body["title"], json::parse(R"({"count": 5, "numeric": "Shithead \u00d75", "olympic": "Gold shithead",
                                                "feudal": "Prince shithead"})"));
  EXPECT_EQ(body.body["longest_run"], 0);
}

// Two new players taking turns winning settle after 20 games (server/README.md); a
// profile lists only the last 20 of them.
TEST_P(rankings_of_two, a_rating_stops_being_provisional_and_recent_holds_the_last_20) {
  std::vector<game_to_record> games;
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 19; ++i)
    games.push_back(finished({human(ana), human(bob)}, i % 2 == 0 ? std::vector<int>{0, 1} : std::vector<int>{1, 0},
                             now - days(1) + std::chrono::minutes(i)));
  for (const auto& g : record(s, games)) ids.push_back(g.game_id);
  auto ana_now = on_store(s, [](store_rows& queries) { return ask_rankings(queries, "/api/players/" + ana.id).body; });
  EXPECT_EQ(ana_now["rating"]["provisional"], true);
  EXPECT_EQ(ana_now["recent"].size(), 19u);

  const auto last = record(s, {finished({human(ana), human(bob)}, {1, 0}, now)});
  ids.push_back(last[0].game_id);
  ana_now = on_store(s, [](store_rows& queries) { return ask_rankings(queries, "/api/players/" + ana.id).body; });
  EXPECT_EQ(ana_now["rating"]["provisional"], false);
  EXPECT_LT(ana_now["rating"]["sigma"].get<double>(), 5.0);
  EXPECT_EQ(ana_now["games"], 20);

  for (int i = 0; i < 5; ++i) {
    const auto later = finished({human(ana), human(bob)}, {0, 1}, now + std::chrono::minutes(i + 1));
    ids.push_back(record(s, {later})[0].game_id);
  }
  ana_now = on_store(s, [](store_rows& queries) { return ask_rankings(queries, "/api/players/" + ana.id).body; });
  EXPECT_EQ(ana_now["games"], 25);
  const auto& recent = ana_now["recent"];
  ASSERT_EQ(recent.size(), 20u);
  for (std::size_t i = 0; i < recent.size(); ++i) EXPECT_EQ(recent[i]["game_id"], ids[ids.size() - 1 - i]);
  const auto board =
      on_store(s, [](store_rows& queries) { return ask_rankings(queries, "/api/leaderboard", now + days(1)); });
  EXPECT_EQ(board.body["players"][0]["rating"]["provisional"], false);
}

INSTANTIATE_TEST_SUITE_P(backends, rankings_of_two, every_backend, backend_name);

bool is_rankings_target(std::string_view target) {
  return protocol::is_rankings_path(target.substr(0, target.find('?')));
}

TEST(rankings_api, only_the_rankings_targets_are_routed_here) {
  EXPECT_TRUE(is_rankings_target("/api/leaderboard"));
  EXPECT_TRUE(is_rankings_target("/api/leaderboard?sort=rate"));
  EXPECT_TRUE(is_rankings_target("/api/players?name=Ana"));
  EXPECT_TRUE(is_rankings_target("/api/players/a1a1a1a1a1a1"));
  EXPECT_TRUE(is_rankings_target("/api/games/41"));
  EXPECT_FALSE(is_rankings_target("/api/rules/shiphead"));
  EXPECT_FALSE(is_rankings_target("/api/leaderboards"));
  EXPECT_FALSE(is_rankings_target("/healthz"));
  EXPECT_FALSE(is_rankings_target("/"));
}

// Rows that cannot be read, as from a store whose disk went away.
class failing_rows final : public rankings_rows {
 public:
  std::vector<finished_seat_row> finished_seats(std::int64_t, std::optional<std::string_view>) override { fail(); }
  std::optional<player_row> player(std::string_view) override { fail(); }
  std::vector<player_game_row> games_of(std::string_view, int) override { fail(); }
  std::vector<co_player_row> co_players_of(std::string_view) override { fail(); }
  std::vector<rating_change_row> rating_changes(std::int64_t) override { fail(); }
  std::vector<named_player_row> players_named(const std::string&) override { fail(); }
  std::optional<game_row> game(std::int64_t) override { fail(); }
  std::vector<game_seat_row> seats_of(std::int64_t) override { fail(); }
  std::int64_t last_game_id() override { fail(); }

 private:
  [[noreturn]] static void fail() { throw sqlite::error("no such table: players"); }
};

TEST(rankings_api, a_store_that_cannot_answer_says_so_with_503) {
  failing_rows unmigrated;
  for (const auto* target :
       {"/api/leaderboard", "/api/players/a1a1a1a1a1a1", "/api/players?name=Ana", "/api/games/1"}) {
    SCOPED_TRACE(target);
    const auto reply = ask_rankings(unmigrated, target, now);
    EXPECT_EQ(reply.status, 503);
    EXPECT_EQ(reply.body["error"], "store_unavailable");
    EXPECT_FALSE(reply.body["message"].get<std::string>().empty());
  }
}

TEST(rankings_api, times_are_iso_8601_utc) {
  EXPECT_EQ(protocol::iso_time(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(protocol::iso_time(to_unix_ms(now) + 999), "2026-11-21T09:00:00Z");
}

}  // namespace
}  // namespace shithead::server::rankings_api_tests
