// The bots' questions alone: one open at a time, tied to the point of the game it was
// asked at, a stale answer known as stale, and a declined seat left alone until the
// game moves on.
#include <gtest/gtest.h>

#include "server/room/bot_questions.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
using time_point = bot_questions::time_point;

const time_point asked_at{std::chrono::hours(1)};

TEST(bot_questions, one_question_at_a_time_at_each_point) {
  bot_questions q;
  const game_point here{1, 10};
  const auto first = q.ask(2, here, asked_at);
  ASSERT_TRUE(first);
  EXPECT_TRUE(q.open_for(2, here));
  EXPECT_FALSE(q.ask(2, here, asked_at));  // already out
  EXPECT_FALSE(q.ask(3, here, asked_at));  // another seat waits its turn
  // The game moved on: a new question, with a new ticket, replaces the stale one.
  const game_point next{1, 11};
  EXPECT_FALSE(q.open_for(2, next));
  const auto second = q.ask(3, next, asked_at);
  ASSERT_TRUE(second);
  EXPECT_NE(*second, *first);
}

TEST(bot_questions, an_answer_counts_only_for_its_question_at_its_point) {
  bot_questions q;
  const game_point here{1, 10};
  const auto ticket = *q.ask(2, here, asked_at);
  EXPECT_EQ(q.answered(ticket + 1, here), std::nullopt);           // another question's
  EXPECT_EQ(q.answered(ticket, game_point{1, 11}), std::nullopt);  // the game moved on
  EXPECT_EQ(q.answered(ticket, here), 2);
  EXPECT_EQ(q.answered(ticket, here), std::nullopt);  // answered once
  EXPECT_FALSE(q.open_for(2, here));

  const auto after_the_game = *q.ask(1, game_point{2, 0}, asked_at);
  q.forget();
  EXPECT_EQ(q.answered(after_the_game, game_point{2, 0}), std::nullopt);
}

TEST(bot_questions, a_declined_seat_is_not_asked_again_until_the_game_moves_on) {
  bot_questions q;
  const game_point here{1, 10};
  q.declined(4, here);
  EXPECT_FALSE(q.ask(4, here, asked_at));
  EXPECT_TRUE(q.ask(5, here, asked_at));  // another seat may be asked
  EXPECT_TRUE(q.ask(4, game_point{1, 11}, asked_at));
}

TEST(bot_questions, a_question_has_a_deadline_the_clocks_can_postpone) {
  bot_questions q;
  const game_point here{1, 10};
  EXPECT_EQ(q.deadline(here, 5s), std::nullopt);
  ASSERT_TRUE(q.ask(0, here, asked_at));
  EXPECT_EQ(q.deadline(here, 0s), std::nullopt);  // no limit
  EXPECT_EQ(q.deadline(here, 5s), asked_at + 5s);
  EXPECT_EQ(q.deadline(game_point{1, 11}, 5s), std::nullopt);  // stale
  q.postpone(2s);
  EXPECT_EQ(q.deadline(here, 5s), asked_at + 7s);
  EXPECT_EQ(q.give_up(), 0);
  EXPECT_EQ(q.give_up(), std::nullopt);
  EXPECT_EQ(q.deadline(here, 5s), std::nullopt);
}

}  // namespace
}  // namespace shithead::server
