// The store as its callers see it (server/store/store.hpp): the rankings API answered
// through the interface, a full read queue answered at once with 503 and Retry-After
// while the writes behind it still commit, and statements prepared once, never per call.
#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite_store.hpp"
#include "server/store/store.hpp"
#include "tests/store/store_backends.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

using namespace store_testing;

// Asks through the interface, as the HTTP layer does, and waits for the answer.
// A target the API refuses before asking is answered as the server answers it.
api_reply ask(store& s, const std::string& target) {
  const auto question = question_of(target);
  if (!question) return api_reply_of(question.error());
  std::promise<api_reply> answer;
  auto result = answer.get_future();
  s.answer_rankings(question.value(), [&answer](rankings_result reply) { answer.set_value(api_reply_of(reply)); });
  return result.get();
}

protocol::rankings_question asked(const std::string& target) { return question_of(target).value(); }

// Replies kept in the order they came, from whichever thread gave them.
struct replies {
  std::mutex mutex;
  std::vector<api_reply> got;
  std::function<void(rankings_result)> keep() {
    return [this](rankings_result reply) {
      const std::lock_guard lock(mutex);
      got.push_back(api_reply_of(reply));
    };
  }
  std::size_t count() {
    const std::lock_guard lock(mutex);
    return got.size();
  }
};

// The interface's promises, on each backend (store_backends.hpp).
class store_interface_on : public ::testing::TestWithParam<backend> {
 protected:
  fresh_database database_{GetParam()};
};

TEST_P(store_interface_on, the_rankings_api_is_answered_through_the_interface_after_the_writes_before_it) {
  std::shared_ptr<store> s = database_.open();  // what the rooms and the HTTP layer hold
  for (const auto& p : {ana, bob, cy}) s->save_player(p);
  s->start();
  const auto ids = record(*s, {finished({human(ana), human(bob), human(cy)}, {0, 1, 2})});
  ASSERT_EQ(ids.size(), 1u);

  const auto board = ask(*s, "/api/leaderboard?sort=games");
  ASSERT_EQ(board.status, 200) << protocol::dump_json(board.body);
  EXPECT_EQ(board.body["total"], 3);
  EXPECT_FALSE(board.retry_after_seconds);
  const auto profile = ask(*s, "/api/players/" + cy.id);
  ASSERT_EQ(profile.status, 200);
  EXPECT_EQ(profile.body["shithead"], 1);
  EXPECT_EQ(ask(*s, "/api/players?name=ana").body["players"][0]["player_id"], ana.id);
  const auto game = ask(*s, "/api/games/" + std::to_string(ids[0].game_id));
  ASSERT_EQ(game.status, 200);
  EXPECT_EQ(game.body["seats"].size(), 3u);
  EXPECT_EQ(ask(*s, "/api/games/999").status, 404);
  EXPECT_EQ(ask(*s, "/api/leaderboard?sort=luck").status, 400);
}

TEST_P(store_interface_on, a_read_over_the_cap_is_answered_at_once_with_503_and_retry_after) {
  replies answered;  // first: closing the store at the end still answers what waits
  // Not started: nothing is taken off the queue, so what waits stays waiting.
  const auto opened = database_.open(2);
  auto& s = *opened;
  s.answer_rankings(asked("/api/leaderboard"), answered.keep());
  s.answer_rankings(asked("/api/players/" + ana.id), answered.keep());
  EXPECT_EQ(answered.count(), 0u);

  api_reply refused;
  bool called = false;
  s.answer_rankings(asked("/api/leaderboard"), [&](rankings_result reply) {
    refused = api_reply_of(reply);
    called = true;
  });
  ASSERT_TRUE(called) << "the third read was queued, or answered later, instead of refused at once";
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.body["error"], "store_unavailable");
  EXPECT_FALSE(refused.body["message"].get<std::string>().empty());
  EXPECT_EQ(refused.retry_after_seconds, std::optional<int>(batch_store::retry_after_seconds));
  EXPECT_EQ(s.queue_depth(), 2u);
}

INSTANTIATE_TEST_SUITE_P(backends, store_interface_on, every_backend, backend_name);

// In memory, SQLite's reads wait in the writer's queue: a read queued before writes
// answers after their commit.

TEST(store_interface, writes_queued_behind_a_full_read_queue_are_never_dropped_and_commit) {
  replies answered;
  sqlite_store s(":memory:", 1);
  s.answer_rankings(asked("/api/players/" + ana.id), answered.keep());
  s.answer_rankings(asked("/api/leaderboard"), answered.keep());  // over the cap: refused at once
  ASSERT_EQ(answered.count(), 1u);
  EXPECT_EQ(answered.got[0].status, 503);

  // Many more writes than the read cap, all kept.
  s.save_player(ana);
  s.save_player(bob);
  std::promise<std::vector<recorded_game>> recorded;
  auto games = recorded.get_future();
  s.save_table("TBL1", std::string("saved"), {finished({human(ana), human(bob)}, {1, 0})},
               [&recorded](std::vector<recorded_game> r) { recorded.set_value(std::move(r)); });
  EXPECT_EQ(s.queue_depth(), 4u);

  s.start();
  const auto result = games.get();  // after the commit
  ASSERT_EQ(result.size(), 1u);
  EXPECT_EQ(result[0].ratings.size(), 2u);
  // The waiting read ran after the batch's commit, so it saw the writes queued after it.
  EXPECT_EQ(on_store(s, [](sqlite::database&) { return 0; }), 0);
  ASSERT_EQ(answered.count(), 2u);
  EXPECT_EQ(answered.got[1].status, 200);
  EXPECT_EQ(answered.got[1].body["games"], 1);
  // With the queue taken, reads are queued again.
  EXPECT_EQ(ask(s, "/api/leaderboard").status, 200);
  EXPECT_EQ(s.load_rooms(), (std::vector<saved_table>{{"TBL1", "saved", {}}}));
}

TEST(store_interface, statements_are_prepared_when_the_store_opens_and_never_again) {
  sqlite_store s(":memory:");
  const auto prepared_at_open = s.database_for_tests().statements_prepared();
  EXPECT_GT(prepared_at_open, 0u);
  s.load_players();
  s.load_rooms();
  s.start();
  // Every kind of write, each more than once, and a job that fails and rolls back.
  for (int round = 0; round < 3; ++round) {
    for (const auto& p : {ana, bob, cy}) s.save_player(p);
    record(s,
           {finished({human(ana), human(bob), human(cy)}, {0, 1, 2}), abandoned({human(ana), human(bob)}, {}),
            finished({human(bob), bot(1)}, {0, 1})},
           std::string("state " + std::to_string(round)), "TBL1");
    record(s, {}, std::string(), "TBL1");
    s.save_step(table_step{"TBL2", std::string("dealt"), round, {logged_action{round, 0, 1, 0, "{}"}}, {}}, nullptr);
    s.save_step(table_step{"TBL2", std::nullopt, round, {logged_action{round, 1, 2, 1, "{}"}}, {}}, nullptr);
    record(s, {finished({human(player("d4d4d4d4d4d4", "Unsaved")), human(ana)}, {0, 1})});  // foreign key: fails
  }
  // Every question of the rankings API, each more than once.
  for (int round = 0; round < 3; ++round)
    for (const auto* target :
         {"/api/leaderboard", "/api/leaderboard?period=7d&sort=rate", "/api/players?name=Bob",
          "/api/players/a1a1a1a1a1a1", "/api/players/ffffffffffff", "/api/games/1", "/api/games/2", "/api/games/404"})
      ask(s, target);
  const auto prepared_now = on_store(s, [](sqlite::database& db) { return db.statements_prepared(); });
  EXPECT_EQ(prepared_now, prepared_at_open) << "a call prepared a statement instead of reusing one";
}

}  // namespace
}  // namespace shithead::server
