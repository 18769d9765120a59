// The two answers the game page and the player page draw from (protocol/docs/http_api.md):
// a finished game replayed step by step, and a player's history with head-to-head
// counts, on both backends.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "protocol/record_json.hpp"
#include "server/store/player_history.hpp"
#include "server/store/rankings_answers.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;
using protocol::json;

const auto history_now = noon_ish;
constexpr auto a_day = std::chrono::hours(24);

std::vector<std::string> keys_in(const json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  return keys;
}

class history_and_steps : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    for (const auto& p : {ana_, bob_, cy_}) s_->save_player(p);
    s_->start();
  }

  api_reply get(const std::string& target) {
    return on_store(*s_, [&](store_rows& rows) { return ask_rankings(rows, target, history_now); });
  }

  json ok(const std::string& target) {
    const auto reply = get(target);
    EXPECT_EQ(reply.status, 200) << target << ": " << protocol::dump_json(reply.body);
    return reply.body;
  }

  void expect_error(const std::string& target, int status, const std::string& code) {
    SCOPED_TRACE(target);
    const auto reply = get(target);
    EXPECT_EQ(reply.status, status);
    EXPECT_EQ(reply.body["error"], code);
  }

  std::int64_t played_game(std::uint64_t seed) {
    const auto game = played({human(ana_), bot(1), human(bob_)}, seed, history_now - a_day);
    return record(*s_, {game}).at(0).game_id;
  }

  const player_record ana_ = player("a1a1a1a1a1a1", "Ana", history_now - 60 * a_day);
  const player_record bob_ = player("b2b2b2b2b2b2", "Bob", history_now - 60 * a_day);
  const player_record cy_ = player("c3c3c3c3c3c3", "Cy", history_now - 60 * a_day);
  fresh_database database_{GetParam()};
  std::unique_ptr<batch_store> s_ = database_.open();
};

// ---- a game step by step ----

TEST_P(history_and_steps, a_game_is_served_as_the_deal_and_then_one_step_per_action) {
  const auto id = played_game(7);
  const auto game = ok("/api/games/" + std::to_string(id));
  const auto body = ok("/api/games/" + std::to_string(id) + "/steps");
  EXPECT_EQ(keys_in(body), (std::vector<std::string>{"game_id", "ruleset", "status", "started", "ended", "seats",
                                                     "players", "dealer", "steps", "complete", "error"}));
  EXPECT_EQ(body["seats"], game["seats"]);
  EXPECT_EQ(body["players"], 3);
  EXPECT_EQ(body["complete"], true);
  EXPECT_TRUE(body["error"].is_null());
  const auto& actions = game["record"]["actions"];
  const auto& steps = body["steps"];
  ASSERT_EQ(steps.size(), actions.size() + 1);
  EXPECT_TRUE(steps[0]["seat"].is_null());
  EXPECT_TRUE(steps[0]["action"].is_null());
  EXPECT_TRUE(steps[0]["events"].empty());
  EXPECT_EQ(steps[0]["view"]["phase"], "swap");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    SCOPED_TRACE("step " + std::to_string(i + 1));
    const auto& step = steps[i + 1];
    EXPECT_EQ(keys_in(step), (std::vector<std::string>{"seat", "action", "events", "view", "hands", "face_down"}));
    EXPECT_EQ(step["seat"], actions[i]["seat"]);
    EXPECT_FALSE(step["events"].empty());
  }
}

// Every step shows all there is, and what it shows agrees with the spectator's counts:
// no card is missing or seen twice.
TEST_P(history_and_steps, every_step_shows_every_hand_and_face_down_card_and_they_add_up_to_the_deck) {
  const auto body = ok("/api/games/" + std::to_string(played_game(11)) + "/steps");
  ASSERT_GT(body["steps"].size(), 10u);
  for (const auto& step : body["steps"]) {
    const auto& view = step["view"];
    EXPECT_TRUE(view["viewer"].is_null());
    EXPECT_TRUE(view["hand"].empty());
    ASSERT_EQ(step["hands"].size(), 3u);
    ASSERT_EQ(step["face_down"].size(), 3u);
    std::multiset<std::string> seen;
    for (std::size_t seat = 0; seat < 3; ++seat) {
      const auto& shown = view["seats"][seat];
      EXPECT_EQ(step["hands"][seat].size(), shown["hand_count"].get<std::size_t>());
      ASSERT_EQ(step["face_down"][seat].size(), shown["face_down"].size());
      for (std::size_t slot = 0; slot < shown["face_down"].size(); ++slot) {
        EXPECT_EQ(!step["face_down"][seat][slot].is_null(), shown["face_down"][slot].get<bool>());
        if (!step["face_down"][seat][slot].is_null()) seen.insert(step["face_down"][seat][slot].get<std::string>());
      }
      for (const auto& c : step["hands"][seat]) seen.insert(c.get<std::string>());
      for (const auto& c : shown["face_up"]) seen.insert(c.get<std::string>());
    }
    for (const auto& c : view["pile"]) seen.insert(c.get<std::string>());
    EXPECT_EQ(seen.size() + view["stock_count"].get<std::size_t>() + view["burned"].get<std::size_t>(), 52u);
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), seen.size()) << "a card seen twice";
  }
  const auto& last = body["steps"].back()["view"];
  EXPECT_EQ(last["phase"], "over");
  for (const auto& seat : body["seats"]) {
    if (seat["shithead"].get<bool>()) {
      EXPECT_EQ(last["shithead"], seat["seat"]);
    }
  }
}

TEST_P(history_and_steps, a_record_that_stops_replaying_is_served_up_to_the_action_the_rules_refuse) {
  const auto id = played_game(5);
  // The sixth action made by a seat that is not at the table.
  on_store(*s_, [&](sql_probe& db) {
    const auto stored = db.query("SELECT record FROM games WHERE id = ?", {value_of(id)}).at(0)[0].value();
    auto record = json::parse(stored);
    record["actions"][5]["seat"] = 7;
    db.run("UPDATE games SET record = ? WHERE id = ?", {protocol::dump_json(record), value_of(id)});
    return 0;
  });
  const auto body = ok("/api/games/" + std::to_string(id) + "/steps");
  EXPECT_EQ(body["complete"], false);
  EXPECT_EQ(body["error"]["at"], 5);
  EXPECT_NE(body["error"]["message"].get<std::string>().find("seat 7"), std::string::npos) << body["error"];
  EXPECT_EQ(body["steps"].size(), 6u);  // the deal and the five actions before it
}

TEST_P(history_and_steps, a_record_that_cannot_be_read_gives_no_steps_and_says_why) {
  const auto id = played_game(5);
  on_store(*s_, [&](sql_probe& db) {
    db.run("UPDATE games SET record = ? WHERE id = ?", {"{\"not\": \"a record\"}", value_of(id)});
    return 0;
  });
  const auto body = ok("/api/games/" + std::to_string(id) + "/steps");
  EXPECT_EQ(body["complete"], false);
  EXPECT_TRUE(body["steps"].empty());
  EXPECT_TRUE(body["error"]["at"].is_null());
  EXPECT_FALSE(body["error"]["message"].get<std::string>().empty());
}

TEST_P(history_and_steps, steps_of_unknown_or_malformed_game_ids_are_not_found_or_bad) {
  const auto id = played_game(5);
  expect_error("/api/games/" + std::to_string(id + 1) + "/steps", 404, "not_found");
  expect_error("/api/games/abc/steps", 400, "bad_id");
  expect_error("/api/games/" + std::to_string(id) + "/step", 400, "bad_id");
  expect_error("/api/games/" + std::to_string(id) + "/steps/", 400, "bad_id");
  expect_error("/api/games//steps", 400, "bad_id");
  expect_error("/api/games/0/steps", 400, "bad_id");
}

// ---- a player's history ----

// Ana: g1 with Bob and Cy (Ana first, Cy the shithead), g2 with Bob (Bob first), g3 with
// bots only (rates nobody), g4 abandoned with Cy, g5 with Bob and Cy (Cy first, Ana the
// shithead). Bob: 3 games with Ana, Ana ahead in g1 only; Cy: 2 finished with Ana.
TEST_P(history_and_steps, a_history_lists_the_finished_games_oldest_first_with_the_rating_each_left) {
  const auto ids = record(*s_, {finished({human(ana_), human(bob_), human(cy_)}, {0, 1, 2}, history_now - 5 * a_day),
                                finished({human(ana_), human(bob_)}, {1, 0}, history_now - 4 * a_day),
                                finished({human(ana_), bot(1)}, {1, 0}, history_now - 3 * a_day),
                                abandoned({human(ana_), human(cy_)}, {}, history_now - 2 * a_day),
                                finished({human(ana_), human(bob_), human(cy_)}, {2, 1, 0}, history_now - a_day)});
  ASSERT_EQ(ids.size(), 5u);
  const auto body = ok("/api/players/" + ana_.id + "/history");
  SCOPED_TRACE(protocol::dump_json(body));
  EXPECT_EQ(keys_in(body), (std::vector<std::string>{"player_id", "name", "total", "games", "played_with"}));
  EXPECT_EQ(body["name"], "Ana");
  EXPECT_EQ(body["total"], 4);
  const auto& games = body["games"];
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(keys_in(games[0]), (std::vector<std::string>{"game_id", "ended", "seats", "place", "shithead", "rating"}));
  EXPECT_EQ(games[0]["game_id"], ids[0].game_id);
  EXPECT_EQ(games[1]["game_id"], ids[1].game_id);
  EXPECT_EQ(games[2]["game_id"], ids[2].game_id);
  EXPECT_EQ(games[3]["game_id"], ids[4].game_id);
  EXPECT_EQ(games[0]["place"], 1);
  EXPECT_EQ(games[1]["place"], 2);
  EXPECT_EQ(games[1]["shithead"], true);
  EXPECT_EQ(games[3]["place"], 3);
  EXPECT_EQ(games[3]["seats"], 3);
  EXPECT_TRUE(games[2]["rating"].is_null()) << "a game against bots alone rates nobody";
  EXPECT_EQ(keys_in(games[0]["rating"]), (std::vector<std::string>{"mu", "sigma", "ordinal", "provisional"}));
  // Each rating is the one the profile says the game left.
  const auto profile = ok("/api/players/" + ana_.id);
  for (const auto& recent : profile["recent"]) {
    for (const auto& game : games) {
      if (game["game_id"] != recent["game_id"]) continue;
      if (game["rating"].is_null()) {
        EXPECT_EQ(recent["rating_before"], recent["rating_after"]) << "only a game that left the rating is null";
      } else {
        EXPECT_EQ(game["rating"]["ordinal"], recent["rating_after"]);
      }
    }
  }
  EXPECT_EQ(games.back()["rating"], profile["rating"]);
}

TEST_P(history_and_steps, played_with_counts_the_games_together_and_who_finished_ahead) {
  record(*s_, {finished({human(ana_), human(bob_), human(cy_)}, {0, 1, 2}, history_now - 5 * a_day),
               finished({human(ana_), human(bob_)}, {1, 0}, history_now - 4 * a_day),
               abandoned({human(ana_), human(cy_)}, {}, history_now - 2 * a_day),
               finished({human(ana_), human(bob_), human(cy_)}, {2, 1, 0}, history_now - a_day)});
  EXPECT_EQ(ok("/api/players/" + ana_.id + "/history")["played_with"], json::parse(R"([
    {"player_id": "b2b2b2b2b2b2", "name": "Bob", "games": 3, "ahead": 1, "behind": 2},
    {"player_id": "c3c3c3c3c3c3", "name": "Cy", "games": 2, "ahead": 1, "behind": 1}])"));
  EXPECT_EQ(ok("/api/players/" + cy_.id + "/history")["played_with"], json::parse(R"([
    {"player_id": "a1a1a1a1a1a1", "name": "Ana", "games": 2, "ahead": 1, "behind": 1},
    {"player_id": "b2b2b2b2b2b2", "name": "Bob", "games": 2, "ahead": 1, "behind": 1}])"));
}

TEST_P(history_and_steps, a_player_with_no_games_has_an_empty_history_and_unknown_ids_are_not_found) {
  const auto body = ok("/api/players/" + cy_.id + "/history");
  EXPECT_EQ(body["total"], 0);
  EXPECT_TRUE(body["games"].empty());
  EXPECT_TRUE(body["played_with"].empty());
  expect_error("/api/players/d4d4d4d4d4d4/history", 404, "not_found");
  expect_error("/api/players/D4D4/history", 400, "bad_id");
  expect_error("/api/players/" + cy_.id + "/histories", 400, "bad_id");
  expect_error("/api/players//history", 400, "bad_id");
}

// Like the leaderboard, a history is read again only once a game has been recorded.
TEST_P(history_and_steps, the_cache_reads_a_history_again_only_after_a_game_is_recorded) {
  record(*s_, {finished({human(ana_), human(bob_)}, {0, 1}, history_now - 2 * a_day)});
  history_cache cache(2);
  const auto read = [&](const player_record& p) {
    return on_store(*s_, [&](store_rows& rows) { return cache.history(rows, p.id); });
  };
  const auto first = read(ana_);
  ASSERT_TRUE(first);
  EXPECT_EQ(read(ana_)->games.size(), 1u);
  EXPECT_EQ(cache.computations(), 1u);
  record(*s_, {finished({human(ana_), human(bob_)}, {1, 0}, history_now - a_day)});
  EXPECT_EQ(read(ana_)->games.size(), 2u);
  EXPECT_EQ(cache.computations(), 2u);
  // Two kept: a third player pushes out the one asked for least recently.
  read(bob_);
  read(cy_);
  EXPECT_EQ(cache.computations(), 4u);
  read(cy_);
  EXPECT_EQ(cache.computations(), 4u);
  read(ana_);
  EXPECT_EQ(cache.computations(), 5u);
  EXPECT_FALSE(read(player("d4d4d4d4d4d4", "Dee", history_now)));
}

// ---- the leaderboard's week ----

// Ana: a game 10 days ago, then two this week against Bob and one against bots alone;
// Cy played only 10 days ago. The trend runs from Ana's rating before her first game of
// the week to now, over the two games that moved it.
TEST_P(history_and_steps, a_leaderboard_row_says_how_the_rating_moved_over_the_last_7_days) {
  record(*s_, {finished({human(ana_), human(cy_)}, {0, 1}, history_now - 10 * a_day),
               finished({human(ana_), human(bob_)}, {0, 1}, history_now - 3 * a_day),
               finished({human(ana_), bot(1)}, {1, 0}, history_now - 2 * a_day),
               finished({human(ana_), human(bob_)}, {0, 1}, history_now - a_day)});
  const auto history = ok("/api/players/" + ana_.id + "/history");
  const double before_week = history["games"][0]["rating"]["ordinal"].get<double>();
  const auto board = ok("/api/leaderboard");
  for (const auto& row : board["players"]) {
    SCOPED_TRACE(row["name"].get<std::string>());
    if (row["name"] == "Ana") {
      EXPECT_EQ(row["week"]["games"], 2);
      EXPECT_NEAR(row["week"]["change"].get<double>(), row["rating"]["ordinal"].get<double>() - before_week, 1e-3);
      EXPECT_GT(row["week"]["change"].get<double>(), 0) << "two wins against a person";
    } else if (row["name"] == "Bob") {
      EXPECT_EQ(row["week"]["games"], 2);
      EXPECT_LT(row["week"]["change"].get<double>(), 0);
    } else {
      EXPECT_TRUE(row["week"].is_null());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(backends, history_and_steps, every_backend, backend_name);

}  // namespace
}  // namespace shithead::server
