// Bots at the table: every level plays whole games, a searching bot's move is a question
// the room waits for (room.hpp, "Bots"), a stale answer changes nothing, a seat a bot
// stands in for is played at `normal` at once, and the same question gets the same
// answer (a restored table plays on as it would have).
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/action_json.hpp"
#include "rules/engine.hpp"

namespace shithead::server::testing {
namespace {

// The version of the newest state frame a participant holds.
std::uint64_t last_version(const fake_participant& fake) {
  const auto messages = fake.messages();
  for (auto it = messages.rbegin(); it != messages.rend(); ++it)
    if (it->contains("version")) return (*it)["version"].get<std::uint64_t>();
  return 0;
}

class every_level : public ::testing::TestWithParam<rules::preset_id> {};

TEST_P(every_level, plays_whole_games_beside_a_human) {
  table t(make_settings(5, rules::preset_ruleset(GetParam())), 7, 1);
  t.join_all();
  for (const char* kind : {"easy", "normal", "hard", "expert"}) t.send(t[0], msg("add_bot", "kind", kind));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  EXPECT_EQ(t[0].fake->errors, 0u);
  EXPECT_EQ(t[0].fake->of_type("game_over").size(), 1u);
  EXPECT_GT(t.r.questions_asked, 0) << "the hard and expert bots think off the strand";
  // The record the room kept replays under the rules: every bot move was legal.
  auto replayed = protocol::replay_record(*t.r.record());
  ASSERT_TRUE(replayed.ok());
  EXPECT_EQ(replayed.value().failed_index, -1);
}

INSTANTIATE_TEST_SUITE_P(presets, every_level,
                         ::testing::Values(rules::preset_id::shiphead, rules::preset_id::isf, rules::preset_id::palace,
                                           rules::preset_id::limbo, rules::preset_id::standard),
                         [](const auto& param_info) { return std::string(rules::to_string(param_info.param)); });

// A human and a hard bot, the room's questions left open for the test to answer.
struct waiting_table {
  table t{make_settings(2), 11, 1};
  waiting_table() {
    t.r.answer_at_once = false;
    t.join_all();
    t.send(t[0], msg("add_bot", "kind", "hard"));
    t.send(t[0], msg("start"));
  }
};

TEST(searching_bot, the_room_waits_for_its_answer_and_plays_it) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question) << "the bot's swap is asked, not played on the strand";
  EXPECT_EQ(t.r.question->seat, 1);
  EXPECT_EQ(t.r.question->kind, rules::bot_kind::hard);
  EXPECT_FALSE(t.r.game()->seats[1].swapped);
  // The question holds the game so far for the thinker, and no frame shows it.
  EXPECT_EQ(t.r.question->game.actions.size(), t.r.record()->actions.size());

  const auto before = last_version(*t[0].fake);
  t.r.answer(t.now);
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  EXPECT_EQ(last_version(*t[0].fake), before + 1) << "the answer is one step, told to the table";
}

TEST(searching_bot, a_move_made_meanwhile_makes_the_question_stale_and_it_is_asked_again) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question);
  const auto stale = *t.r.question;
  const auto stale_choice = think(stale);
  ASSERT_TRUE(stale_choice);

  // The human swaps while the bot thinks: the game has moved on, so the room asks again.
  const auto view = t[0].fake->latest_view();
  t.send(t[0], action_msg((*view)["legal"][0]));
  ASSERT_TRUE(t.r.question);
  EXPECT_NE(t.r.question->ticket, stale.ticket);
  EXPECT_EQ(t.r.question->game.actions.size(), stale.game.actions.size() + 1);

  // The old answer arrives: dropped, nothing changes and nobody hears of it.
  const auto frames = t[0].fake->count();
  const auto actions = t.r.record()->actions.size();
  t.r.answer(stale.ticket, stale_choice, t.now);
  EXPECT_EQ(t[0].fake->count(), frames);
  EXPECT_EQ(t.r.record()->actions.size(), actions);
  EXPECT_FALSE(t.r.game()->seats[1].swapped);

  // The new one is played, and the game goes on to its end.
  t.r.answer(t.now);
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  t.r.answer_at_once = true;
  t.r.answer(t.now);
  t.play_to_end();
  EXPECT_TRUE(t.r.game()->over());
}

TEST(searching_bot, an_answer_not_back_in_time_is_not_waited_for_and_the_seat_moves_at_normal) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question);
  const auto late = *t.r.question;
  const auto limit = table_settings{}.bot_answer_limit;
  ASSERT_GT(limit.count(), 0);
  EXPECT_EQ(late.give_up_at, t.now + limit) << "the pool hears when the room stops waiting";
  EXPECT_EQ(t.r.next_deadline(), t.now + limit);

  t.advance(limit - 1ms);
  EXPECT_FALSE(t.r.game()->seats[1].swapped);
  EXPECT_EQ(t.r.late_bot_answers, 0);
  t.advance(1ms);
  EXPECT_TRUE(t.r.game()->seats[1].swapped) << "the normal bot swapped for it";
  EXPECT_EQ(t.r.late_bot_answers, 1);
  EXPECT_EQ(t.r.record()->actions.size(), 1u);
  EXPECT_EQ(t[0].fake->errors, 0u);

  // The answer comes after all: stale, so nothing changes and nobody hears of it.
  const auto frames = t[0].fake->count();
  t.r.answer(late.ticket, think(late), t.now);
  EXPECT_EQ(t[0].fake->count(), frames);
  EXPECT_EQ(t.r.record()->actions.size(), 1u);

  // The bot is still a hard one: its next moves are asked again, and answered.
  t.r.answer_at_once = true;
  t.play_to_end();
  EXPECT_TRUE(t.r.game()->over());
  EXPECT_GT(t.r.questions_asked, 1);
  EXPECT_EQ(t.r.late_bot_answers, 1);
}

TEST(searching_bot, clocks_postponed_for_the_store_postpone_the_wait_for_an_answer) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question);
  const auto limit = table_settings{}.bot_answer_limit;
  t.r.postpone_clocks(10s);
  EXPECT_EQ(t.r.next_deadline(), t.now + 10s + limit);
  t.advance(limit);
  EXPECT_FALSE(t.r.game()->seats[1].swapped);
  t.advance(10s);
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
}

TEST(searching_bot, an_answer_the_rules_refuse_is_replaced_by_the_normal_bots_move) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question);
  const auto ticket = t.r.question->ticket;
  t.r.question.reset();
  // Not a move anyone may make in the swap.
  const rules::action wrong = rules::pickup_action{};
  t.r.answer(ticket, wrong, t.now);
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  EXPECT_EQ(t[0].fake->errors, 0u);
}

TEST(searching_bot, an_answer_after_the_table_closed_changes_nothing) {
  waiting_table w;
  auto& t = w.t;
  ASSERT_TRUE(t.r.question);
  const auto asked = *t.r.question;
  t.r.leave("p0", t.now);  // the last human goes: the table closes when it is deserted
  t.advance(std::chrono::minutes(10));
  ASSERT_TRUE(t.r.closed());
  const auto frames = t[0].fake->count();
  t.r.answer(asked.ticket, think(asked), t.now);
  EXPECT_TRUE(t.r.closed());
  EXPECT_EQ(t[0].fake->count(), frames);
}

TEST(searching_bot, a_seat_a_bot_stands_in_for_is_played_at_normal_without_a_question) {
  table t(make_settings(2), 5, 2);
  t.r.answer_at_once = false;
  t.join_all();
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  t.r.leave("p1", t.now);  // a bot finishes p1's game, at once
  auto view = t[0].fake->latest_view();
  t.send(t[0], action_msg((*view)["legal"][0]));
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  EXPECT_FALSE(t.r.question);
  EXPECT_EQ(t.r.questions_asked, 0);
}

TEST(searching_bot, the_same_question_gets_the_same_answer) {
  waiting_table w;
  auto& t = w.t;
  t.r.answer(t.now);  // the bot's swap
  auto view = t[0].fake->latest_view();
  t.send(t[0], action_msg((*view)["legal"][0]));
  t.r.answer_at_once = true;
  // Play on until the bot has a real choice in the play, then ask it twice, as a
  // restored table would.
  for (int guard = 0; guard < 200 && t.r.game() && !t.r.game()->over(); ++guard) {
    t.r.answer_at_once = false;
    view = t[0].fake->latest_view();
    if (view && !(*view)["legal"].empty()) t.send(t[0], action_msg((*view)["legal"][0]));
    if (!t.r.question) continue;
    const auto& q = *t.r.question;
    rules::seat_view seen;
    auto replayed = protocol::replay_record(q.game);
    ASSERT_TRUE(replayed.ok());
    rules::view_for(replayed.value().state, q.seat, seen);
    if (seen.legal.size() < 3) {
      t.r.answer(t.now);
      continue;
    }
    EXPECT_EQ(think(q), think(q));
    auto later = q;
    later.game.actions.push_back(later.game.actions.back());  // another point of the game
    EXPECT_NE(question_seed(q.game, q.seat), question_seed(later.game, q.seat));
    EXPECT_NE(question_seed(q.game, q.seat), question_seed(q.game, 1 - q.seat));
    return;
  }
  FAIL() << "the bot never had three moves to choose from";
}

}  // namespace
}  // namespace shithead::server::testing
