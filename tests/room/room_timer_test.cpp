// Time at the table: the turn timer, three timeouts, the swap timer, disconnection with
// its grace on the player's own turns, and reconnection.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/action_json.hpp"
#include "protocol/view_json.hpp"
#include "rules/engine.hpp"

namespace shithead::server::testing {
namespace {

// The player at game seat `seat` sends the first legal action of its view.
void act(table& t, int seat) {
  auto& p = *t.at_seat(seat);
  const auto view = p.fake->latest_view();
  ASSERT_TRUE(view);
  ASSERT_FALSE((*view)["legal"].empty());
  const auto errors = p.fake->errors;
  t.send(p, action_msg((*view)["legal"][0]));
  ASSERT_EQ(p.fake->errors, errors);
}

// Seat `mover` plays until it is `target`'s turn.
void play_until_turn_of(table& t, int mover, int target) {
  for (int guard = 0; guard < 500 && t.r.game()->current != target; ++guard) {
    ASSERT_FALSE(t.r.game()->over());
    ASSERT_EQ(t.r.game()->current, mover);
    act(t, mover);
  }
  ASSERT_EQ(t.r.game()->current, target);
}

json seat_entry_of(const fake_participant& fake, int seat) {
  return (*fake.last("room"))["seats"][static_cast<std::size_t>(seat)];
}

TEST(room_timer, when_the_turn_timer_runs_out_the_seat_gets_the_greedy_move) {
  table t(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 15s), 5, 2);
  start_two_humans(t);
  const int current = t.r.game()->current;
  ASSERT_EQ(t.r.next_deadline(), t.now + 15s);
  EXPECT_EQ((*t.at_seat(current)->fake->latest_view())["current"], current);
  const auto last_game = t.at_seat(current)->fake->last("game");
  EXPECT_EQ((*last_game)["deadlines"]["turn_ms_left"], 15000);
  EXPECT_TRUE((*last_game)["deadlines"]["grace_ms_left"].is_null());

  rules::rng unused(0);
  const auto expected = rules::choose_action(rules::bot_kind::greedy, rules::view_for(*t.r.game(), current), unused);
  ASSERT_TRUE(expected);
  const auto actions = t.r.record()->actions.size();
  t.advance(14s);
  EXPECT_EQ(t.r.record()->actions.size(), actions);
  t.advance(1s);
  ASSERT_GT(t.r.record()->actions.size(), actions);
  EXPECT_EQ(t.r.record()->actions[actions].seat, current);
  EXPECT_EQ(t.r.record()->actions[actions].action, *expected);
  EXPECT_EQ(seat_entry_of(*t[0].fake, current)["controlled_by_bot"], false);
}

TEST(room_timer, three_timeouts_in_a_row_hand_the_seat_to_a_bot_until_the_player_acts) {
  table t(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 15s), 8, 2);
  start_two_humans(t);
  const int sleeper = *t.r.seat_of("p1");
  const int awake = 1 - sleeper;
  int timeouts = 0;
  for (int guard = 0; guard < 500 && timeouts < 3; ++guard) {
    ASSERT_FALSE(t.r.game()->over());
    if (t.r.game()->current == sleeper) {
      EXPECT_EQ(seat_entry_of(*t[0].fake, sleeper)["controlled_by_bot"], false);
      t.advance(15s);
      ++timeouts;
    } else {
      act(t, awake);
    }
  }
  ASSERT_EQ(timeouts, 3);
  EXPECT_EQ(seat_entry_of(*t[0].fake, sleeper)["controlled_by_bot"], true);
  EXPECT_EQ(seat_entry_of(*t[1].fake, sleeper)["controlled_by_bot"], true);
  // From now on the sleeper's turns are played at once.
  for (int i = 0; i < 10 && !t.r.game()->over(); ++i) {
    ASSERT_EQ(t.r.game()->current, awake);
    act(t, awake);
  }
  ASSERT_FALSE(t.r.game()->over());
  // Any accepted message gives the seat back.
  t.send(t[1], msg("chat", "text", "sorry, back"));
  EXPECT_EQ(seat_entry_of(*t[0].fake, sleeper)["controlled_by_bot"], false);
  play_until_turn_of(t, awake, sleeper);
  EXPECT_EQ(t.r.next_deadline(), t.now + 15s);  // waiting for the sleeper again
}

TEST(room_timer, an_action_resets_the_timeout_count) {
  table t(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 15s), 8, 2);
  start_two_humans(t);
  const int sleeper = *t.r.seat_of("p1");
  const int awake = 1 - sleeper;
  int timeouts = 0;
  for (int guard = 0; guard < 500 && timeouts < 5; ++guard) {
    ASSERT_FALSE(t.r.game()->over());
    if (t.r.game()->current != sleeper) {
      act(t, awake);
    } else if (timeouts % 2 == 0) {  // two timeouts, then a move of their own, and so on
      t.advance(15s);
      ++timeouts;
    } else {
      t.advance(15s);
      ++timeouts;
      play_until_turn_of(t, awake, sleeper);
      act(t, sleeper);
    }
  }
  EXPECT_EQ(seat_entry_of(*t[0].fake, sleeper)["controlled_by_bot"], false);
}

TEST(room_timer, the_swap_timer_swaps_for_whoever_has_not_swapped) {
  table t(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 15s), 5, 2);
  t.join_all();
  t.send(t[0], msg("start"));
  EXPECT_EQ(t.r.next_deadline(), t.now + 30s);
  EXPECT_EQ((*t[0].fake->last("room"))["deadlines"]["swap_ms_left"], 30000);
  t.send(t[0], action_msg((*t[0].fake->latest_view())["legal"][0]));
  t.advance(29s);
  EXPECT_EQ(t.r.game()->current_phase, rules::phase::swap);
  t.advance(1s);
  EXPECT_EQ(t.r.game()->current_phase, rules::phase::play);
  EXPECT_EQ(t.r.record()->actions.back().seat, 1);
}

TEST(room_timer, without_a_turn_timer_the_swap_waits_for_connected_players) {
  table t(make_settings(2), 5, 2);
  t.join_all();
  t.send(t[0], msg("start"));
  EXPECT_FALSE(t.r.next_deadline());
  EXPECT_TRUE((*t[0].fake->last("room"))["deadlines"]["swap_ms_left"].is_null());
  t.send(t[0], action_msg((*t[0].fake->latest_view())["legal"][0]));
  t.advance(10min);
  EXPECT_EQ(t.r.game()->current_phase, rules::phase::swap);
  // Gone, and the swap has waited long enough: the greedy swap is theirs.
  t.r.disconnected("p1", t.now);
  ASSERT_TRUE(t.r.next_deadline());
  EXPECT_LE(*t.r.next_deadline(), t.now);
  t.advance(0s);
  EXPECT_EQ(t.r.game()->current_phase, rules::phase::play);
}

TEST(room_timer, a_disconnected_players_swap_waits_for_the_swap_timer) {
  table t(make_settings(2), 5, 2);
  t.join_all();
  t.r.disconnected("p1", t.now);
  t.send(t[0], msg("start"));
  EXPECT_EQ(t.r.next_deadline(), t.now + 30s);
  t.advance(29s);
  EXPECT_FALSE(t.r.game()->seats[1].swapped);
  t.advance(1s);
  EXPECT_TRUE(t.r.game()->seats[1].swapped);
  EXPECT_EQ(seat_entry_of(*t[0].fake, 1)["controlled_by_bot"], false);  // one swap, not a takeover
}

TEST(room_timer, grace_runs_only_on_the_disconnected_players_turn_then_a_bot_plays) {
  table t(make_settings(2), 13, 2);
  start_two_humans(t);
  const int first = t.r.game()->current;
  const int gone = 1 - first;
  auto& gone_player = *t.at_seat(gone);
  t.r.disconnected(gone_player.id, t.now);
  EXPECT_EQ(seat_entry_of(*t.at_seat(first)->fake, gone)["connected"], false);
  EXPECT_FALSE(t.r.next_deadline());  // not their turn: no clock runs
  t.advance(10min);
  EXPECT_FALSE(t.r.closed());
  play_until_turn_of(t, first, gone);
  ASSERT_EQ(t.r.next_deadline(), t.now + 60s);  // the whole grace is still there
  EXPECT_EQ((*t.at_seat(first)->fake->last("game"))["deadlines"]["grace_ms_left"], 60000);

  const auto actions = t.r.record()->actions.size();
  t.advance(59s);
  EXPECT_EQ(t.r.record()->actions.size(), actions);
  t.advance(1s);
  ASSERT_GT(t.r.record()->actions.size(), actions);
  EXPECT_EQ(t.r.record()->actions[actions].seat, gone);
  EXPECT_EQ(seat_entry_of(*t.at_seat(first)->fake, gone)["controlled_by_bot"], true);
  for (int i = 0; i < 6 && !t.r.game()->over(); ++i) {
    ASSERT_EQ(t.r.game()->current, first);  // the bot answers at once
    act(t, first);
  }
  ASSERT_FALSE(t.r.game()->over());

  // Back: the same seat, a full snapshot, and the seat is theirs again.
  auto fresh = std::make_shared<fake_participant>();
  gone_player.fake = fresh;
  const auto back = t.r.join(gone_player.info(), fresh, false, t.now);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value().seat, gone);
  EXPECT_TRUE(back.value().reconnected);
  ASSERT_EQ(fresh->count(), 1u);
  const auto snapshot = *fresh->last("room");
  EXPECT_EQ(snapshot["version"], t.r.version());
  EXPECT_EQ(snapshot["you"]["seat"], gone);
  EXPECT_EQ(snapshot["seats"][static_cast<std::size_t>(gone)]["connected"], true);
  EXPECT_EQ(snapshot["seats"][static_cast<std::size_t>(gone)]["controlled_by_bot"], false);
  EXPECT_EQ(snapshot["game"], protocol::view_to_json(rules::view_for(*t.r.game(), gone)));
  play_until_turn_of(t, first, gone);
  EXPECT_FALSE(t.r.next_deadline());  // connected, no timer: the table waits for them
  act(t, gone);
}

TEST(room_timer, grace_pauses_when_the_turn_passes_on) {
  auto settings = make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 60s);
  settings.grace = 90s;
  table t(settings, 13, 2);
  start_two_humans(t);
  const int first = t.r.game()->current;
  const int gone = 1 - first;
  t.r.disconnected(t.at_seat(gone)->id, t.now);
  play_until_turn_of(t, first, gone);
  EXPECT_EQ(t.r.next_deadline(), t.now + 60s);  // the turn timer comes before the grace
  t.advance(60s);                               // their turn times out: 60 s of grace used
  ASSERT_EQ(t.r.game()->current, first);
  t.advance(50s);  // the other player thinks; the gone player's grace stands still
  play_until_turn_of(t, first, gone);
  EXPECT_EQ(t.r.next_deadline(), t.now + 30s);
  t.advance(30s);
  EXPECT_EQ(seat_entry_of(*t.at_seat(first)->fake, gone)["controlled_by_bot"], true);
}

TEST(room_timer, reconnecting_within_grace_keeps_the_seat_in_their_hands) {
  table t(make_settings(2), 13, 2);
  start_two_humans(t);
  const int first = t.r.game()->current;
  const int gone = 1 - first;
  auto& gone_player = *t.at_seat(gone);
  play_until_turn_of(t, first, gone);
  t.r.disconnected(gone_player.id, t.now);
  EXPECT_EQ(t.r.next_deadline(), t.now + 60s);
  t.advance(45s);
  auto fresh = std::make_shared<fake_participant>();
  gone_player.fake = fresh;
  ASSERT_TRUE(t.r.join(gone_player.info(), fresh, false, t.now).ok());
  EXPECT_FALSE(t.r.next_deadline());
  t.advance(10min);
  EXPECT_EQ(t.r.game()->current, gone);
  EXPECT_EQ(seat_entry_of(*fresh, gone)["controlled_by_bot"], false);
}

// Reloading the page is a disconnection and a join: the turn clock must run on, or a
// player could stall for ever by reloading before it runs out.
TEST(room_timer, a_reload_does_not_restart_the_turn_clock) {
  table t(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 30s), 13, 2);
  start_two_humans(t);
  const int first = t.r.game()->current;
  const int reloader = 1 - first;
  auto& p = *t.at_seat(reloader);
  play_until_turn_of(t, first, reloader);
  ASSERT_EQ(t.r.next_deadline(), t.now + 30s);
  t.advance(20s);
  t.r.disconnected(p.id, t.now);
  t.advance(2s);
  auto fresh = std::make_shared<fake_participant>();
  p.fake = fresh;
  ASSERT_TRUE(t.r.join(p.info(), fresh, false, t.now).ok());
  EXPECT_EQ((*fresh->last("room"))["deadlines"]["turn_ms_left"], 8000);
  EXPECT_EQ(t.r.next_deadline(), t.now + 8s);

  const auto actions = t.r.record()->actions.size();
  t.advance(8s);
  ASSERT_GT(t.r.record()->actions.size(), actions);  // timed out, as without the reload
  EXPECT_EQ(t.r.record()->actions[actions].seat, reloader);
}

TEST(room_timer, a_stale_close_does_not_disconnect_a_new_connection) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  auto old_connection = t[1].fake;
  auto fresh = std::make_shared<fake_participant>();
  t[1].fake = fresh;
  ASSERT_TRUE(t.join(t[1]).ok());
  const auto version = t.r.version();
  t.r.disconnected("p1", old_connection.get(), t.now);
  EXPECT_EQ(t.r.version(), version);
  EXPECT_EQ(seat_entry_of(*fresh, 1)["connected"], true);
  t.r.disconnected("p1", fresh.get(), t.now);
  EXPECT_EQ(seat_entry_of(*t[0].fake, 1)["connected"], false);
}

TEST(room_timer, a_disconnected_spectator_is_gone) {
  table t(make_settings(2), 1, 2);
  t.join(t[0]);
  t.join(t[1], true);
  t.r.disconnected("p1", t.now);
  EXPECT_FALSE(t.r.has_member("p1"));
  EXPECT_EQ((*t[0].fake->last("room"))["spectators"], 0);
}

TEST(room_timer, closing_drops_a_game_whose_humans_are_all_gone) {
  table t(make_settings(2), 1, 2);
  start_two_humans(t);
  t.r.disconnected("p0", t.now);
  t.r.disconnected("p1", t.now);
  t.advance(5min);
  EXPECT_TRUE(t.r.closed());
  EXPECT_FALSE(t.r.game());
}

}  // namespace
}  // namespace shithead::server::testing
