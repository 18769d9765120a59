// Bots at a person's pace: in the play, a seat a bot plays moves only a pause after the
// last move (settings.bot_pace, times 0.8 to 1.2), each move a frame of its own, so that
// people can follow it. The pause never changes what the bots play.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/action_json.hpp"

namespace shithead::server::testing {
namespace {

using namespace std::chrono_literals;

table_settings paced(int seats, std::chrono::milliseconds pace) {
  auto settings = make_settings(seats);
  settings.bot_pace = pace;
  return settings;
}

// Host p0 alone with `bots` normal bots, the game started and p0's swap made.
void start_against_bots(table& t, int bots) {
  t.join_all();
  for (int i = 0; i < bots; ++i) t.send(t[0], msg("add_bot", "kind", "normal"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
}

// p0's newest legal actions, empty when it has none.
json legal_of(const test_player& p) {
  const auto view = p.fake->latest_view();
  return view && view->contains("legal") ? (*view)["legal"] : json::array();
}

bool humans_turn(table& t) { return !legal_of(t[0]).empty(); }

std::size_t actions(const table& t) { return t.r.record()->actions.size(); }

TEST(room_bot_pace, the_swap_is_not_paused_but_every_bot_move_of_the_play_is) {
  table t(paced(3, 1000ms), 21, 1);
  start_against_bots(t, 2);
  // The bots swapped at once: nobody watches a swap.
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  EXPECT_TRUE(t.r.game()->seats[2].swapped);
  t.send(t[0], action_msg(legal_of(t[0])[0]));
  ASSERT_EQ(t.r.game()->current_phase, rules::phase::play);

  int bot_moves = 0;
  for (int guard = 0; guard < 400 && !t.r.game()->over(); ++guard) {
    if (humans_turn(t)) {
      t.send(t[0], action_msg(legal_of(t[0])[0]));
      continue;
    }
    // A bot's turn: nothing moves until its pause is over.
    const auto before = actions(t);
    const auto due = t.r.next_deadline();
    ASSERT_TRUE(due);
    const auto pause = *due - t.now;
    EXPECT_GE(pause, 800ms);
    EXPECT_LE(pause, 1200ms);
    t.advance(pause - 1ms);
    ASSERT_EQ(actions(t), before) << "a bot moved before its pause was over";
    const auto frames = t[0].fake->count();
    t.advance(1ms);
    // One move, in one state frame of its own.
    ASSERT_EQ(actions(t), before + 1);
    ASSERT_EQ(t[0].fake->count(), frames + (t.r.game()->over() ? 2u : 1u));
    EXPECT_EQ(t[0].fake->message(frames)["type"], "game");
    ++bot_moves;
  }
  EXPECT_TRUE(t.r.game()->over());
  EXPECT_GT(bot_moves, 10);
}

TEST(room_bot_pace, pauses_differ_from_move_to_move_like_a_persons) {
  table t(paced(3, 1000ms), 22, 1);
  start_against_bots(t, 2);
  t.send(t[0], action_msg(legal_of(t[0])[0]));
  std::vector<room::clock::duration> pauses;
  for (int guard = 0; guard < 400 && !t.r.game()->over() && pauses.size() < 12; ++guard) {
    if (humans_turn(t)) {
      t.send(t[0], action_msg(legal_of(t[0])[0]));
      continue;
    }
    const auto due = *t.r.next_deadline();
    pauses.push_back(due - t.now);
    t.advance(due - t.now);
  }
  ASSERT_GE(pauses.size(), 12u);
  EXPECT_NE(*std::min_element(pauses.begin(), pauses.end()), *std::max_element(pauses.begin(), pauses.end()));
}

// The same seed plays the same game whatever the pace: pauses come from the position,
// never from the bots' chance.
TEST(room_bot_pace, the_pace_never_changes_what_the_bots_play) {
  const auto play = [](std::chrono::milliseconds pace) {
    table t(paced(4, pace), 23, 1);
    start_against_bots(t, 3);
    for (int guard = 0; guard < 2000 && !t.r.game()->over(); ++guard) {
      if (humans_turn(t)) {
        t.send(t[0], action_msg(legal_of(t[0])[0]));
      } else {
        const auto due = t.r.next_deadline();
        EXPECT_TRUE(due) << "nobody to act and no pause running";
        if (!due) break;
        t.advance(*due - t.now);
      }
    }
    EXPECT_TRUE(t.r.game()->over());
    std::vector<std::pair<int, rules::action>> played;
    for (const auto& a : t.r.record()->actions) played.emplace_back(a.seat, a.action);
    return played;
  };
  EXPECT_EQ(play(0ms), play(900ms));
}

// A seat a bot stands in for (here: its player left) keeps a person's pace too.
TEST(room_bot_pace, a_seat_a_bot_stands_in_for_is_paced_too) {
  table t(paced(2, 900ms), 24, 2);
  t.join_all();
  t.send(t[0], msg("start"));
  for (std::size_t i = 0; i < 2; ++i) t.send(t[i], action_msg(legal_of(t[i])[0]));
  ASSERT_EQ(t.r.game()->current_phase, rules::phase::play);
  const int leaver_seat = *t.r.seat_of("p1");
  const int stayer_seat = 1 - leaver_seat;
  if (t.r.game()->current == leaver_seat) t.send(t[1], action_msg(legal_of(t[1])[0]));
  ASSERT_EQ(t.r.game()->current, stayer_seat);
  t.r.leave("p1", t.now);
  auto& stayer = *t.at_seat(stayer_seat);
  for (int guard = 0; guard < 20 && t.r.game()->current == stayer_seat && !t.r.game()->over(); ++guard)
    t.send(stayer, action_msg(legal_of(stayer)[0]));
  ASSERT_EQ(t.r.game()->current, leaver_seat);
  const auto before = actions(t);
  const auto due = t.r.next_deadline();
  ASSERT_TRUE(due);
  EXPECT_GE(*due - t.now, 720ms);
  EXPECT_LE(*due - t.now, 1080ms);
  t.advance(*due - t.now - 1ms);
  EXPECT_EQ(actions(t), before);
  t.advance(1ms);
  EXPECT_EQ(actions(t), before + 1);
  EXPECT_EQ(t.r.record()->actions[before].seat, leaver_seat);
}

// A table saved before bots had a pace comes back with the default one; a paced table
// keeps its own.
TEST(room_bot_pace, the_pace_is_saved_with_the_table) {
  table t(paced(3, 1500ms), 25, 1);
  t.join_all();
  const auto saved = t.r.saved();
  EXPECT_EQ(saved.settings.bot_pace, 1500ms);
  auto restored = room::restored(saved, {}, 0, 0, 1, t.now);
  ASSERT_TRUE(restored.ok()) << restored.error();
  EXPECT_EQ(restored.value().settings().bot_pace, 1500ms);

  auto older = saved;
  older.settings.bot_pace.reset();
  auto from_older = room::restored(older, {}, 0, 0, 1, t.now);
  ASSERT_TRUE(from_older.ok()) << from_older.error();
  EXPECT_EQ(from_older.value().settings().bot_pace, table_settings::default_bot_pace);
}

}  // namespace
}  // namespace shithead::server::testing
