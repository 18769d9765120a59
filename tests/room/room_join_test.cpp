// Joining, seats, spectators, the host's powers, sitting and standing, closing, and the
// create_table settings.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/game_record.hpp"
#include "server/room/table_settings.hpp"

namespace shithead::server::testing {
namespace {

TEST(room_join, players_sit_in_the_lowest_free_seat_and_the_rest_watch) {
  table t(make_settings(2), 1, 4);
  auto first = t.join(t[0]);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first.value().seat, 0);
  EXPECT_FALSE(first.value().reconnected);
  EXPECT_EQ(t.join(t[1]).value().seat, 1);
  auto third = t.join(t[2]);  // the table is full
  ASSERT_TRUE(third.ok());
  EXPECT_FALSE(third.value().seat.has_value());
  auto fourth = t.join(t[3], true);
  EXPECT_FALSE(fourth.value().seat.has_value());

  const auto summary = t.r.summary();
  EXPECT_EQ(summary.code, "TEST");
  EXPECT_EQ(summary.preset, "shiphead");
  EXPECT_EQ(summary.seated, 2);
  EXPECT_EQ(summary.seats, 2);
  EXPECT_EQ(summary.humans, 2);
  EXPECT_EQ(summary.bots, 0);
  EXPECT_EQ(summary.spectators, 2);
  EXPECT_FALSE(summary.in_game);
  EXPECT_TRUE(summary.is_public);
  EXPECT_EQ(summary.turn_timer_s, 0);
  EXPECT_EQ(summary.host_name, "Player 0");
}

TEST(room_join, a_spectator_can_ask_to_watch_while_seats_are_free) {
  table t(make_settings(4), 1, 2);
  t.join(t[0]);
  EXPECT_FALSE(t.join(t[1], true).value().seat.has_value());
  EXPECT_EQ(t.r.summary().seated, 1);
}

TEST(room_join, every_member_is_told_of_the_join_with_its_own_you) {
  table t(make_settings(2), 1, 3);
  t.join_all();
  const auto seated = t[0].fake->last("room");
  ASSERT_TRUE(seated);
  EXPECT_EQ((*seated)["you"]["seat"], 0);
  EXPECT_EQ((*seated)["you"]["spectator"], false);
  EXPECT_EQ((*seated)["host"], "p0");
  EXPECT_EQ((*seated)["spectators"], 1);
  EXPECT_EQ((*seated)["seats"][1]["player_id"], "p1");
  EXPECT_EQ((*seated)["seats"][1]["name"], "Player 1");
  EXPECT_EQ((*seated)["seats"][1]["connected"], true);
  EXPECT_TRUE((*seated)["game"].is_null());
  const auto watching = t[2].fake->last("room");
  EXPECT_TRUE((*watching)["you"]["seat"].is_null());
  EXPECT_EQ((*watching)["you"]["spectator"], true);
  EXPECT_EQ((*watching)["version"], (*seated)["version"]);
}

TEST(room_join, joining_again_replaces_the_connection_and_sends_a_snapshot) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  const auto version = t.r.version();
  auto second_tab = std::make_shared<fake_participant>();
  auto again = t.r.join(t[0].info(), second_tab, false, t.now);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.value().seat, 0);
  EXPECT_TRUE(again.value().reconnected);
  EXPECT_EQ(t.r.version(), version);  // nothing about the table changed
  ASSERT_EQ(second_tab->count(), 1u);
  EXPECT_EQ((*second_tab->last("room"))["version"], version);
  // The old connection hears nothing more.
  const auto old_count = t[0].fake->count();
  t.send(t[1], msg("ready", "ready", true));
  EXPECT_EQ(t[0].fake->count(), old_count);
  EXPECT_EQ(second_tab->count(), 2u);
}

TEST(room_join, only_the_host_adds_and_removes_bots_and_starts) {
  table t(make_settings(4), 1, 2);
  t.join_all();
  auto add = msg("add_bot", "kind", "random");
  add["id"] = 7;
  t.send(t[1], add);
  auto refused = t[1].fake->last("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "not_host");
  EXPECT_EQ((*refused)["id"], 7);
  auto start = msg("start");
  start["id"] = "s1";
  t.send(t[1], start);
  EXPECT_EQ((*t[1].fake->last("error"))["code"], "not_host");
  EXPECT_EQ((*t[1].fake->last("error"))["id"], "s1");
  EXPECT_FALSE(t.r.game());

  t.send(t[0], add);
  auto room = t[0].fake->last("room");
  EXPECT_EQ((*room)["seats"][2]["bot"], "random");
  EXPECT_EQ((*room)["seats"][2]["name"], "Random bot 1");
  EXPECT_TRUE((*room)["seats"][2]["player_id"].is_null());
  t.send(t[1], msg("remove_bot", "seat", 2));
  EXPECT_EQ((*t[1].fake->last("error"))["code"], "not_host");
  t.send(t[0], msg("remove_bot", "seat", 1));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "not_a_bot");
  t.send(t[0], msg("remove_bot", "seat", 9));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_seat");
  t.send(t[0], msg("remove_bot", "seat", 2));
  EXPECT_TRUE((*t[0].fake->last("room"))["seats"][2]["bot"].is_null());
  EXPECT_EQ(t.r.summary().bots, 0);
}

TEST(room_join, a_bot_needs_a_free_seat_and_a_known_kind) {
  table t(make_settings(2), 1, 1);
  t.join_all();
  t.send(t[0], msg("add_bot", "kind", "clever"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  t.send(t[0], msg("add_bot"));  // greedy by default
  EXPECT_EQ((*t[0].fake->last("room"))["seats"][1]["bot"], "greedy");
  t.send(t[0], msg("add_bot", "kind", "random"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "no_free_seat");
}

TEST(room_join, start_needs_two_seated) {
  table t(make_settings(4), 1, 1);
  t.join_all();
  t.send(t[0], msg("start"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "too_few_players");
  EXPECT_FALSE(t.r.game());
  t.send(t[0], msg("add_bot"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  EXPECT_EQ(t.r.game()->players, 2);
  EXPECT_TRUE(t.r.summary().in_game);
  t.send(t[0], msg("start"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "in_game");
}

TEST(room_join, unknown_types_and_malformed_messages_are_errors) {
  table t(make_settings(2), 1, 1);
  t.join_all();
  const auto version = t.r.version();
  auto dance = msg("dance");
  dance["id"] = 3;
  t.send(t[0], dance);
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "unknown_type");
  EXPECT_EQ((*t[0].fake->last("error"))["id"], 3);
  t.send(t[0], msg("ready", "ready", "yes"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  t.send(t[0], msg("ready", "colour", "red"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  auto bad_id = msg("snapshot");
  bad_id["id"] = json::array();
  t.send(t[0], bad_id);
  auto error = t[0].fake->last("error");
  EXPECT_EQ((*error)["code"], "bad_message");
  EXPECT_FALSE(error->contains("id"));
  t.send(t[0], json{{"kind", "x"}});
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "bad_message");
  EXPECT_EQ(t.r.version(), version);
}

TEST(room_join, strangers_are_ignored) {
  table t(make_settings(2), 1, 2);
  t.join(t[0]);
  const auto frames = t[0].fake->count();
  t.send(t[1], msg("start"));  // p1 never joined
  t.r.leave("nobody", t.now);
  t.r.disconnected("nobody", t.now);
  EXPECT_EQ(t[0].fake->count(), frames);
  EXPECT_EQ(t[1].fake->count(), 0u);
}

TEST(room_join, sit_and_stand_move_between_seat_and_spectators_between_games) {
  table t(make_settings(3), 1, 3);
  t.join(t[0]);
  t.join(t[1], true);
  t.join(t[2], true);
  t.send(t[1], msg("sit", "seat", 2));
  EXPECT_EQ(t.r.seat_of("p1"), 2);
  t.send(t[2], msg("sit", "seat", 2));
  EXPECT_EQ((*t[2].fake->last("error"))["code"], "seat_taken");
  t.send(t[2], msg("sit", "seat", 3));
  EXPECT_EQ((*t[2].fake->last("error"))["code"], "bad_seat");
  t.send(t[2], msg("sit"));
  EXPECT_EQ(t.r.seat_of("p2"), 1);
  t.send(t[1], msg("sit", "seat", 0));
  EXPECT_EQ((*t[1].fake->last("error"))["code"], "seat_taken");
  t.send(t[1], msg("stand"));
  EXPECT_FALSE(t.r.seat_of("p1"));
  EXPECT_TRUE(t.r.has_member("p1"));
  EXPECT_EQ(t.r.summary().spectators, 1);
  t.send(t[1], msg("stand"));
  EXPECT_EQ((*t[1].fake->last("error"))["code"], "not_seated");

  // In a game, its players keep their seats.
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  t.send(t[2], msg("stand"));
  EXPECT_EQ((*t[2].fake->last("error"))["code"], "in_game");
  t.send(t[2], msg("sit", "seat", 2));
  EXPECT_EQ((*t[2].fake->last("error"))["code"], "in_game");
  // A spectator may take a free seat for the next game.
  t.send(t[1], msg("sit"));
  EXPECT_EQ(t.r.seat_of("p1"), 2);
  EXPECT_EQ((*t[1].fake->last("room"))["seats"][2]["in_game"], false);
  EXPECT_EQ((*t[1].fake->last("room"))["seats"][0]["in_game"], true);
}

TEST(room_join, start_moves_players_to_the_front_so_game_seats_match_room_seats) {
  table t(make_settings(5), 1, 2);
  t.join(t[0]);
  t.join(t[1], true);
  t.send(t[1], msg("sit", "seat", 3));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  EXPECT_EQ(t.r.seat_of("p0"), 0);
  EXPECT_EQ(t.r.seat_of("p1"), 1);
  const auto room = t[1].fake->last("room");
  EXPECT_EQ((*room)["game"]["viewer"], 1);
}

TEST(room_join, the_host_passes_to_the_longest_seated_human_on_leaving) {
  table t(make_settings(4), 1, 4);
  t.join(t[0]);
  t.join(t[3], true);  // watching, arrived before p1 and p2 sat down
  t.join(t[1]);
  t.join(t[2]);
  t.r.leave("p0", t.now);
  EXPECT_EQ(t.r.host(), "p1");
  EXPECT_EQ((*t[2].fake->last("room"))["host"], "p1");
  ASSERT_TRUE(t[0].fake->last("left"));
  t.send(t[2], msg("stand"));
  t.r.leave("p1", t.now);
  EXPECT_EQ(t.r.host(), "p3");  // no one seated: the longest-watching spectator
  t.r.leave("p3", t.now);
  EXPECT_EQ(t.r.host(), "p2");
  t.r.leave("p2", t.now);
  EXPECT_TRUE(t.r.closed());  // the last human left: nobody to host
  const auto refused = t.join(t[1]);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, protocol::error_code::closed);
}

TEST(room_join, a_host_who_disconnects_hands_over_to_a_connected_player) {
  table t(make_settings(3), 1, 3);
  t.join_all();
  t.r.disconnected("p0", t.now);
  EXPECT_EQ(t.r.host(), "p1");
  t.r.disconnected("p2", t.now);
  t.r.disconnected("p1", t.now);
  EXPECT_EQ(t.r.host(), "p1");  // nobody connected to take over
}

TEST(room_join, leaving_before_a_game_frees_the_seat) {
  table t(make_settings(2), 1, 2);
  t.join_all();
  auto leave = msg("leave");
  leave["id"] = 11;
  t.send(t[1], leave);
  const auto left = t[1].fake->last("left");
  ASSERT_TRUE(left);
  EXPECT_EQ((*left)["id"], 11);
  EXPECT_FALSE(t.r.has_member("p1"));
  EXPECT_TRUE((*t[0].fake->last("room"))["seats"][1]["player_id"].is_null());
  const auto frames = t[1].fake->count();
  t.send(t[0], msg("ready", "ready", true));
  EXPECT_EQ(t[1].fake->count(), frames);
}

TEST(room_join, a_table_left_to_its_bots_closes_ten_seconds_after_the_last_human_goes_unless_someone_watches) {
  table t(make_settings(3), 1, 3);
  t.join(t[0]);
  t.send(t[0], msg("add_bot"));
  t.join(t[1], true);  // a spectator
  t.r.leave("p0", t.now);
  EXPECT_FALSE(t.r.next_deadline());  // someone is watching the bots
  t.r.disconnected("p1", t.now);
  ASSERT_TRUE(t.r.next_deadline());
  EXPECT_EQ(*t.r.next_deadline(), t.now + 10s);
  t.advance(10s - 1ms);
  EXPECT_FALSE(t.r.closed());
  t.advance(1ms);
  EXPECT_TRUE(t.r.closed());
}

TEST(room_join, the_last_human_to_leave_a_table_of_bots_closes_it_at_once) {
  table t(make_settings(3), 1, 1);
  t.join_all();
  t.send(t[0], msg("add_bot"));
  t.send(t[0], msg("leave"));
  EXPECT_TRUE(t[0].fake->last("left"));
  EXPECT_TRUE(t.r.closed());
  EXPECT_TRUE(t.r.take_finished_games().empty());
}

// Leaving never dodges the result: with nobody left to watch, the bots play the game
// out at once (whatever their pace) and it is recorded with the leaver in their seat.
TEST(room_join, when_the_last_human_leaves_a_game_it_is_played_out_recorded_and_the_table_closes) {
  for (const auto pace : {0ms, 900ms}) {
    for (const bool after_swap : {false, true}) {
      auto settings = make_settings(3);
      settings.bot_pace = pace;
      table t(settings, 7, 1);
      t.join_all();
      t.send(t[0], msg("add_bot", "kind", "normal"));
      t.send(t[0], msg("add_bot", "kind", "expert"));  // its question is never answered
      t.send(t[0], msg("start"));
      ASSERT_TRUE(t.r.game());
      if (after_swap) t.send(t[0], action_msg((*t[0].fake->latest_view())["legal"][0]));
      const int seat = *t.r.seat_of("p0");
      t.send(t[0], msg("leave"));
      EXPECT_TRUE(t.r.closed());
      const auto finished = t.r.take_finished_games();
      ASSERT_EQ(finished.size(), 1u) << "pace " << pace.count() << ", after swap " << after_swap;
      EXPECT_EQ(finished[0].players[static_cast<std::size_t>(seat)].id, "p0");
      EXPECT_FALSE(finished[0].record.actions.empty());
      const auto replayed = protocol::replay_record(finished[0].record);
      ASSERT_TRUE(replayed.ok());
      EXPECT_EQ(replayed.value().failed_index, -1);
      EXPECT_TRUE(replayed.value().state.over());
      EXPECT_EQ(replayed.value().state.shithead, finished[0].shithead);
    }
  }
}

TEST(room_join, the_table_closes_five_minutes_after_the_last_human_goes) {
  table t(make_settings(3), 1, 2);
  EXPECT_EQ(t.r.next_deadline(), t.now + 10s);  // nobody seated yet: deserted
  t.join_all();
  EXPECT_FALSE(t.r.next_deadline());
  t.send(t[0], msg("add_bot"));  // bots do not keep a table open
  t.r.leave("p1", t.now);
  t.r.disconnected("p0", t.now);
  ASSERT_TRUE(t.r.next_deadline());
  EXPECT_EQ(*t.r.next_deadline(), t.now + 5min);
  t.advance(4min);
  t.join(t[0]);  // back in time: the clock stops
  EXPECT_FALSE(t.r.next_deadline());
  t.advance(10min);  // however long someone stays
  EXPECT_FALSE(t.r.closed());
  // Gone again without playing: the four minutes already waited still count.
  t.r.disconnected("p0", t.now);
  EXPECT_EQ(*t.r.next_deadline(), t.now + 1min);
  t.advance(1min - 1s);
  EXPECT_FALSE(t.r.closed());
  t.advance(1s);
  EXPECT_TRUE(t.r.closed());
  EXPECT_FALSE(t.r.next_deadline());
  const auto refused = t.join(t[0]);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, protocol::error_code::closed);
}

// Issue 34: 10,000 token hellos every five minutes, each a reconnection to its table,
// held 10,000 tables open without a game, and so the lobby full. Reconnecting now only
// stops the clock; a table nobody plays at closes after five minutes without anyone
// there, in total, whatever hellos arrive.
TEST(room_join, reconnecting_without_playing_cannot_hold_a_table_open) {
  table t(make_settings(3), 1, 1);
  t.join_all();
  t.r.disconnected("p0", t.now);
  int reconnections = 0;
  while (!t.r.closed() && reconnections < 100) {
    t.advance(50s);
    if (t.r.closed()) break;
    ASSERT_TRUE(t.join(t[0]).ok());  // the hello's return to the seat
    ++reconnections;
    t.advance(1s);
    t.r.disconnected("p0", t.now);
  }
  EXPECT_TRUE(t.r.closed());
  EXPECT_EQ(reconnections, 5);  // 6 × 50 s unattended passes 5 minutes
}

// What does hold a table: play. A move, or a person taking a seat, starts the five
// minutes afresh.
TEST(room_join, a_move_or_a_new_player_seated_winds_the_close_clock_back) {
  table t(make_settings(3), 1, 2);
  t.join(t[0]);
  t.send(t[0], msg("add_bot"));
  t.r.disconnected("p0", t.now);
  t.advance(4min);
  t.join(t[1]);  // someone new sits down
  t.r.disconnected("p1", t.now);
  EXPECT_EQ(*t.r.next_deadline(), t.now + 5min);

  t.advance(4min);
  t.join(t[0]);
  t.join(t[1]);
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game()) << t[0].fake->last()->dump();
  t.send(t[0], action_msg((*t[0].fake->latest_view())["legal"][0]));  // the swap: a move
  t.r.disconnected("p0", t.now);
  t.r.disconnected("p1", t.now);
  // Without the move the table would close in a minute; the bots play on meanwhile.
  t.advance(4min);
  t.advance(59s);
  EXPECT_FALSE(t.r.closed());
  t.advance(1s);
  EXPECT_TRUE(t.r.closed());
}

TEST(room_join, spectators_are_capped) {
  table t(make_settings(2), 1, 0);
  for (std::size_t i = 0; i < max_spectators; ++i) {
    auto& p = t.add_player();
    ASSERT_TRUE(t.join(p, true).ok());
  }
  auto& late = t.add_player();
  const auto refused = t.join(late, true);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, protocol::error_code::full);
  EXPECT_TRUE(t.join(late, false).ok());  // a free seat still takes them
}

// create_table's settings, as the catalog parses them and the server makes a table of them.
rules::result<table_settings, std::string> table_settings_from(const json& request, std::string code) {
  json message = request;
  if (!message.is_object()) return std::string("expected an object");
  message["type"] = "create_table";
  auto parsed = protocol::parse_client_message(protocol::dump_json(message));
  if (!parsed) {
    EXPECT_EQ(parsed.error().code, protocol::error_code::bad_table);
    return parsed.error().message;
  }
  const auto& lobby = std::get<protocol::lobby_request>(parsed.value().request);
  return settings_for(std::get<protocol::create_table_request>(lobby), std::move(code));
}

TEST(table_settings, parses_the_create_table_request) {
  const auto parsed = table_settings_from(
      json::parse(
          R"({"type": "create_table", "id": 1, "public": true, "ruleset": {"preset": "isf", "hand_size": 4},
                      "seats": 6, "turn_timer": 15, "bot_pace_ms": 1200})"),
      "ABCD");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  const auto& s = parsed.value();
  EXPECT_EQ(s.code, "ABCD");
  EXPECT_TRUE(s.is_public);
  EXPECT_EQ(s.ruleset.preset, rules::preset_id::isf);
  EXPECT_EQ(s.ruleset.hand_size, 4);
  EXPECT_EQ(s.seats, 6);
  EXPECT_EQ(s.turn_timer, 15s);
  EXPECT_EQ(s.swap_timer, 30s);
  EXPECT_EQ(s.grace, 60s);
  EXPECT_EQ(s.empty_close, 5min);
  EXPECT_EQ(s.bot_pace, 1200ms);
  // A room snapshot shows them as {"seats":6,"turn_timer":15,"swap_timer":30,"grace":60,"empty_close":300,
  // "bot_pace_ms":1200}.
  const auto clocks = table_clocks_of(s);
  EXPECT_EQ(clocks.seats, 6);
  EXPECT_EQ(clocks.turn_timer_s, 15);
  EXPECT_EQ(clocks.swap_timer_s, 30);
  EXPECT_EQ(clocks.grace_s, 60);
  EXPECT_EQ(clocks.empty_close_s, 300);
  EXPECT_EQ(clocks.bot_pace_ms, 1200);
}

TEST(table_settings, defaults_are_private_shiphead_four_seats_no_timer) {
  const auto parsed = table_settings_from(json::object(), "X");
  ASSERT_TRUE(parsed.ok());
  EXPECT_FALSE(parsed.value().is_public);
  EXPECT_EQ(parsed.value().ruleset, rules::preset_ruleset(rules::preset_id::shiphead));
  EXPECT_EQ(parsed.value().seats, 4);
  EXPECT_EQ(parsed.value().turn_timer, 0s);
  EXPECT_EQ(parsed.value().bot_pace, 900ms);  // like a person, unless a table asks otherwise
  EXPECT_EQ(table_settings_from(json{{"turn_timer", 60}}, "X").value().swap_timer, 60s);
  EXPECT_EQ(table_settings_from(json{{"bot_pace_ms", 0}}, "X").value().bot_pace, 0ms);
}

TEST(table_settings, bad_requests_say_what_is_wrong) {
  const auto error = [](const char* text) {
    const auto parsed = table_settings_from(json::parse(text), "X");
    return parsed.ok() ? std::string("ok") : parsed.error();
  };
  EXPECT_EQ(error(R"({"seats": 9})"), "seats: 9 is out of range 2..8");
  EXPECT_EQ(error(R"({"seats": 1})"), "seats: 1 is out of range 2..8");
  EXPECT_EQ(error(R"({"turn_timer": 20})"), "turn_timer: 20 is not one of 0, 15, 30, 60");
  EXPECT_EQ(error(R"({"public": "yes"})"), "public: expected true or false, got \"yes\"");
  EXPECT_EQ(error(R"({"bot_pace_ms": 3001})"), "bot_pace_ms: 3001 is out of range 0..3000");
  EXPECT_EQ(error(R"({"bot_pace_ms": -1})"), "bot_pace_ms: -1 is out of range 0..3000");
  EXPECT_EQ(error(R"({"bot_pace_ms": 0.5})").substr(0, 12), "bot_pace_ms:");
  EXPECT_EQ(error(R"({"colour": "red"})"), "colour: unknown key");
  EXPECT_EQ(error(R"({"ruleset": "poker"})").substr(0, 8), "ruleset:");
  EXPECT_EQ(error(R"({"ruleset": {"decks": 1}, "seats": 8})"),
            "ruleset: cannot deal 8 players their cards; use fewer seats or more decks");
  EXPECT_EQ(error(R"([1])").substr(0, 18), "expected an object");
}

}  // namespace
}  // namespace shithead::server::testing
