// The bot pool: questions answered on its own threads, a bounded queue that refuses when
// full, questions the room gave up on dropped unthought, and a stop that drops what waits
// and calls nothing afterwards.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>

#include "protocol/game_record.hpp"
#include "rules/ruleset.hpp"
#include "server/bots/bot_pool.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;

// A hard bot's first question of a fresh 3-player game: its swap.
bot_question a_question(std::uint64_t ticket) {
  bot_question q;
  q.ticket = ticket;
  q.kind = rules::bot_kind::hard;
  q.seat = 0;
  q.game.ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  q.game.players = 3;
  q.game.dealer = 2;
  q.game.start = std::uint64_t{42} + ticket;
  return q;
}

// A question whose callback holds the pool's thread until `release` is set.
struct gate {
  std::promise<void> entered;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();

  // Asks the holding question (its callback runs `then` once released) and returns when
  // the pool's thread is inside it.
  ::testing::AssertionResult hold(
      bot_pool& pool, std::function<void()> then = [] {}) {
    const bool asked = pool.ask(a_question(0), [this, then = std::move(then)](std::optional<rules::action>) {
      entered.set_value();
      released.wait();
      then();
    });
    if (!asked) return ::testing::AssertionFailure() << "the pool refused the holding question";
    if (entered.get_future().wait_for(60s) != std::future_status::ready) {
      return ::testing::AssertionFailure() << "the pool's thread never took the holding question";
    }
    return ::testing::AssertionSuccess();
  }
};

TEST(bot_pool, answers_each_question_on_its_thread_with_the_thinkers_move) {
  bot_pool pool(2, 16);
  constexpr int n = 6;
  std::promise<void> all;
  std::atomic<int> answered{0};
  std::vector<std::optional<rules::action>> answers(n);
  const auto here = std::this_thread::get_id();
  std::atomic<bool> off_thread{true};
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(pool.ask(a_question(static_cast<std::uint64_t>(i)), [&, i](std::optional<rules::action> a) {
      answers[static_cast<std::size_t>(i)] = std::move(a);
      if (std::this_thread::get_id() == here) off_thread = false;
      if (++answered == n) all.set_value();
    }));
  }
  ASSERT_EQ(all.get_future().wait_for(60s), std::future_status::ready);
  EXPECT_TRUE(off_thread);
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(answers[static_cast<std::size_t>(i)]);
    EXPECT_EQ(answers[static_cast<std::size_t>(i)], think(a_question(static_cast<std::uint64_t>(i))));
  }
  EXPECT_EQ(pool.answered_count(), static_cast<std::size_t>(n));
}

TEST(bot_pool, a_full_queue_refuses_and_the_caller_answers_itself) {
  bot_pool pool(1, 2);
  gate g;
  ASSERT_TRUE(g.hold(pool));
  std::atomic<int> later{0};
  EXPECT_TRUE(pool.ask(a_question(1), [&](std::optional<rules::action>) { ++later; }));
  EXPECT_TRUE(pool.ask(a_question(2), [&](std::optional<rules::action>) { ++later; }));
  EXPECT_EQ(pool.waiting(), 2u);
  EXPECT_FALSE(pool.ask(a_question(3), [&](std::optional<rules::action>) { ++later; })) << "bounded at 2 waiting";
  g.release.set_value();
  for (int i = 0; i < 6000 && later < 2; ++i) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(later, 2);
}

TEST(bot_pool, a_question_the_room_has_given_up_on_is_dropped_unthought) {
  bot_pool pool(1, 8);
  gate g;
  ASSERT_TRUE(g.hold(pool));
  // Behind the busy thread: one the room gives up on in 20 ms, and one it waits for.
  std::atomic<int> late{0};
  std::promise<void> kept;
  auto soon = a_question(1);
  soon.give_up_at = std::chrono::steady_clock::now() + 20ms;
  ASSERT_TRUE(pool.ask(soon, [&](std::optional<rules::action>) { ++late; }));
  auto whenever = a_question(2);
  whenever.give_up_at = std::chrono::steady_clock::now() + 1h;
  ASSERT_TRUE(pool.ask(whenever, [&](std::optional<rules::action>) { kept.set_value(); }));
  std::this_thread::sleep_for(50ms);
  g.release.set_value();
  ASSERT_EQ(kept.get_future().wait_for(60s), std::future_status::ready);
  EXPECT_EQ(late, 0) << "its callback is never called";
  EXPECT_EQ(pool.dropped_late_count(), 1u);
  EXPECT_EQ(pool.answered_count(), 2u);
}

TEST(bot_pool, stop_drops_what_waits_and_calls_nothing_afterwards) {
  std::atomic<int> called{0};
  gate g;
  {
    bot_pool pool(1, 8);
    // The thread is busy in a callback; two more wait.
    ASSERT_TRUE(g.hold(pool, [&] { ++called; }));
    ASSERT_TRUE(pool.ask(a_question(1), [&](std::optional<rules::action>) { ++called; }));
    ASSERT_TRUE(pool.ask(a_question(2), [&](std::optional<rules::action>) { ++called; }));
    // stop() waits for the callback in hand (it runs under the pool's lock), so let
    // that one go from another thread once stop() is under way.
    std::thread releaser([&] {
      std::this_thread::sleep_for(50ms);
      g.release.set_value();
    });
    pool.stop();
    releaser.join();
    EXPECT_EQ(pool.waiting(), 0u);
    EXPECT_FALSE(pool.ask(a_question(3), [&](std::optional<rules::action>) { ++called; })) << "stopped";
  }  // the destructor joins the thread
  EXPECT_EQ(called, 1) << "only the callback already running finished";
}

TEST(bot_pool, stopping_while_a_thread_thinks_drops_its_answer) {
  std::atomic<int> called{0};
  {
    bot_pool pool(1, 8);
    // An expert's question on a full table thinks for a while; stop() comes first.
    auto q = a_question(0);
    q.kind = rules::bot_kind::expert;
    q.game.players = 8;
    ASSERT_TRUE(pool.ask(q, [&](std::optional<rules::action>) { ++called; }));
    std::this_thread::sleep_for(1ms);
    pool.stop();
  }
  EXPECT_LE(called, 1);  // 0 unless the answer came within the millisecond
}

}  // namespace
}  // namespace shithead::server
