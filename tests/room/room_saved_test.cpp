// A table saved for the store and restored after a restart: the same game at the same
// point, the same seats and scoreboard, its players back in their seats, and a saved
// form that cannot be replayed refused rather than half restored.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "fake_participant.hpp"
#include "protocol/record_json.hpp"
#include "protocol/saved_room.hpp"
#include "protocol/view_json.hpp"
#include "rules/view.hpp"

namespace shithead::server::testing {
namespace {

// The humans send `moves` moves (each the first legal action of whoever has one).
void play_moves(table& t, int moves) {
  for (int sent = 0; sent < moves && !t.r.game()->over();) {
    bool acted = false;
    for (auto& p : t.players) {
      const auto view = p->fake->latest_view();
      if (!view || !view->contains("legal") || (*view)["legal"].empty()) continue;
      t.send(*p, action_msg((*view)["legal"][0]));
      ++sent;
      acted = true;
      break;
    }
    ASSERT_TRUE(acted);
  }
}

// Two humans and a greedy bot, a few moves into their game.
void start_and_play_a_little(table& t, int moves) {
  t.join_all();
  t.send(t[0], msg("add_bot", "kind", "greedy"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  play_moves(t, moves);
}

// The saved form as the store's row holds it, to look at and to damage.
json saved_json(const room& r) { return protocol::parse_json_text(protocol::write_saved_room(r.saved())).value(); }

// A row read back as a restarting server reads it: protocol refuses a damaged field,
// the room what does not fit together or replay.
rules::result<room, std::string> restored_from(const json& saved, const std::vector<protocol::recorded_action>& log,
                                               std::size_t first, std::uint64_t last_version, std::uint64_t seed,
                                               room::time_point now) {
  auto read = protocol::parse_saved_room(protocol::dump_json(saved));
  if (!read) return read.error().message;
  return room::restored(read.value(), log, first, last_version, seed, now);
}

json without_version(json saved) {
  saved.erase("version");
  return saved;
}

// The table as a restarted server gets it back: its saved form and the log of its game.
rules::result<room, std::string> restore(const table& t, std::uint64_t seed, const json& saved) {
  const auto& log = t.r.log();
  return restored_from(saved, log.actions, log.first, log.last_version, seed, t.now);
}
rules::result<room, std::string> restore(const table& t, std::uint64_t seed) {
  return restore(t, seed, saved_json(t.r));
}

TEST(room_saved, restores_the_same_game_at_the_same_point) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 8);
  ASSERT_FALSE(t.r.game()->over());
  const json saved = saved_json(t.r);

  auto restored = restore(t, 12345, saved);
  ASSERT_TRUE(restored.ok()) << restored.error();
  const room& back = restored.value();
  ASSERT_EQ(back.record()->actions.size(), t.r.record()->actions.size());
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(protocol::view_to_json(rules::view_for(*back.game(), seat)),
              protocol::view_to_json(rules::view_for(*t.r.game(), seat)))
        << "seat " << seat;
  }
  EXPECT_EQ(back.version(), t.r.version() + 1);  // past anything a client saw
  EXPECT_EQ(back.host(), t.r.host());
  EXPECT_EQ(without_version(saved_json(back)), without_version(saved));
  EXPECT_EQ(back.seated_players(), (std::vector<std::string>{"p0", "p1"}));
}

TEST(room_saved, players_come_back_to_their_seats_and_finish_the_game) {
  table t(make_settings(3), 11, 2);
  start_and_play_a_little(t, 6);
  const auto seat_of_p1 = t.r.seat_of("p1");
  auto restored = restore(t, 99);
  ASSERT_TRUE(restored.ok()) << restored.error();

  // The same table after a restart: nobody is connected until they come back.
  table after(make_settings(3), 1, 2);
  after.r = std::move(restored).value();
  EXPECT_FALSE(after.r.summary().code.empty());
  const auto back = after.join(after[1]);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.value().seat, seat_of_p1);
  EXPECT_TRUE(back.value().reconnected);
  const auto snapshot = after[1].fake->of_type("room");
  ASSERT_FALSE(snapshot.empty());
  EXPECT_FALSE(snapshot.back()["game"].is_null());
  EXPECT_EQ(snapshot.back()["game"]["hand"], t[1].fake->latest_view()->at("hand"));
  ASSERT_TRUE(after.join(after[0]).ok());

  after.play_to_end();
  ASSERT_TRUE(after.r.game()->over());
  const auto finished = after.r.take_finished_games();
  ASSERT_EQ(finished.size(), 1u);
  // The record is the whole game, from the deal, across the restart.
  EXPECT_GT(finished[0].record.actions.size(), t.r.record()->actions.size());
  EXPECT_EQ(after[0].fake->of_type("game_over").size(), 1u);
}

TEST(room_saved, a_finished_game_is_not_counted_twice) {
  table t(make_settings(3), 5, 2);
  start_and_play_a_little(t, 0);
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  ASSERT_EQ(t.r.take_finished_games().size(), 1u);
  t.r.game_recorded(1, 41, t.now);  // the restored table links it too

  auto restored = restore(t, 3);
  ASSERT_TRUE(restored.ok()) << restored.error();
  room back = std::move(restored).value();
  const auto first = back.tick(t.now);  // the restored room's first step hands over no game to record again
  EXPECT_TRUE(first.finished.empty());
  EXPECT_EQ(saved_json(back)["scoreboard"], saved_json(t.r)["scoreboard"]);
  ASSERT_EQ(saved_json(back)["scoreboard"]["recent"].size(), 1u);

  // A rematch after the restart: the last shithead deals, the scoreboard counts on.
  table after(make_settings(3), 1, 2);
  after.r = std::move(back);
  after.join_all();
  after.send(after[0], msg("rematch"));
  ASSERT_TRUE(after.r.game());
  EXPECT_FALSE(after.r.game()->over());
  after.play_to_end();
  const auto over = after[0].fake->of_type("game_over");
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0]["scoreboard"]["games"], 2);
}

TEST(room_saved, a_damaged_saved_table_is_refused) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 4);
  const json saved = saved_json(t.r);

  json other_format = saved;
  other_format["format"] = 99;
  EXPECT_FALSE(restore(t, 1, other_format).ok());

  json missing = saved;
  missing.erase("seats");
  EXPECT_FALSE(restore(t, 1, missing).ok());

  // An action the rules refuse: the game no longer replays.
  auto illegal = t.r.log();
  ASSERT_FALSE(illegal.actions.empty());
  illegal.actions.push_back(illegal.actions.back());
  const auto refused = restored_from(saved, illegal.actions, illegal.first, illegal.last_version, 1, t.now);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("replay"), std::string::npos) << refused.error();

  // A log that starts past the saved record's end has lost actions.
  const auto gap = restored_from(saved, t.r.log().actions, t.r.log().first + 1, 0, 1, t.now);
  ASSERT_FALSE(gap.ok());
  EXPECT_NE(gap.error().find("gap"), std::string::npos) << gap.error();
}

// A damaged row may hold any number where a count was: 1e300 read as an int would be
// undefined behaviour (a float converted out of range), a count at int's end would
// overflow the next time the room adds one, a clock of 2^63 ms overflows the time it is
// added to. Each is refused with the path of the field, before any of it is used.
TEST(room_saved, a_damaged_row_with_numbers_out_of_range_is_refused_naming_the_field) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 4);
  const json saved = saved_json(t.r);
  const auto refused_naming = [&](const json& damaged, const std::string& field) {
    const auto back = restore(t, 1, damaged);
    ASSERT_FALSE(back.ok()) << field;
    EXPECT_NE(back.error().find(field), std::string::npos) << back.error();
  };
  const auto with = [&](auto change) {
    json damaged = saved;
    change(damaged);
    return damaged;
  };
  refused_naming(with([](json& j) { j["format"] = 1e300; }), "format");
  refused_naming(with([](json& j) { j["settings"]["seats"] = 1e20; }), "settings.seats");
  refused_naming(with([](json& j) { j["settings"]["seats"] = 3.0; }), "settings.seats");
  refused_naming(with([](json& j) { j["settings"]["seats"] = 9; }), "settings.seats");
  refused_naming(with([](json& j) { j["settings"]["turn_timer_ms"] = -1e300; }), "settings.turn_timer_ms");
  refused_naming(with([](json& j) { j["settings"]["grace_ms"] = std::numeric_limits<std::int64_t>::max(); }),
                 "settings.grace_ms");
  refused_naming(with([](json& j) { j["version"] = 1e300; }), "version");
  refused_naming(with([](json& j) { j["game_number"] = 1e19; }), "game_number");
  refused_naming(with([](json& j) { j["next_order"] = -1; }), "next_order");
  refused_naming(with([](json& j) { j["bots_added"] = std::numeric_limits<int>::max(); }), "bots_added");
  refused_naming(with([](json& j) { j["seats"][1]["seated_order"] = 1e30; }), "seats[1].seated_order");
  refused_naming(with([](json& j) { j["seats"][2]["timeouts"] = 2.5; }), "seats[2].timeouts");
  refused_naming(with([](json& j) { j["seats"][0]["ready"] = 1; }), "seats[0].ready");
  refused_naming(with([](json& j) { j["scoreboard"]["games"] = 1e300; }), "scoreboard");
  refused_naming(with([](json& j) { j["scoreboard"]["abandoned"] = -1; }), "scoreboard");
  refused_naming(with([](json& j) { j["game"]["players"][0]["bot"] = "clever"; }), "game.players[0].bot");
  // The row itself is fine: only the changes above were refused.
  EXPECT_TRUE(restore(t, 1, saved).ok());
}

// Found by tests/fuzz (corpus/saved_table/damaged_more_players_than_seats.json): game
// seat i is table seat i, so a record of three players at a two-seat table indexed past
// the seats as soon as someone joined.
TEST(room_saved, a_game_with_more_players_than_the_table_has_seats_is_refused) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 4);
  json narrow = saved_json(t.r);
  narrow["settings"]["seats"] = 2;
  narrow["seats"].erase(2);
  const auto back = restore(t, 1, narrow);
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().find("3 players at a table of 2 seats"), std::string::npos) << back.error();
}

// Append-only: a move hands the host its actions, and the saved form (settings, seats,
// scoreboard, the deal) only when one of those changed, so a move costs the same to
// store at move 10 as at move 500.
TEST(room_saved, a_move_appends_its_actions_and_leaves_the_saved_form_alone) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 2);
  ASSERT_FALSE(t.r.game()->over());
  const int states_before = t.r.states_saved;
  const int steps_before = t.r.steps_appending;
  const auto logged_before = t.r.log().actions.size();
  play_moves(t, 6);
  EXPECT_GT(t.r.steps_appending, steps_before);
  EXPECT_GT(t.r.log().actions.size(), logged_before);
  EXPECT_EQ(t.r.states_saved, states_before) << "a plain move rewrote the saved table";
  EXPECT_FALSE(saved_json(t.r)["game"]["record"].contains("actions") &&
               !saved_json(t.r)["game"]["record"]["actions"].empty());
  // The log is the record's actions, from the first.
  EXPECT_EQ(t.r.log().first, 0u);
  EXPECT_EQ(t.r.log().actions.size(), t.r.record()->actions.size());
}

// A table saved by the server before the log (format 1) held its game's actions in its
// record; it restores, and a log written after the upgrade carries on from there.
TEST(room_saved, a_table_saved_with_its_whole_record_still_restores) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 8);
  const auto& actions = t.r.record()->actions;
  ASSERT_GT(actions.size(), 4u);
  json old = saved_json(t.r);
  old["format"] = 1;
  old.erase("game_number");
  const std::size_t in_record = actions.size() - 3;
  protocol::game_record head = *t.r.record();
  head.actions.resize(in_record);
  old["game"]["record"] = protocol::record_to_json(head);

  // Some logged actions overlap the record, the rest continue it.
  const std::vector<protocol::recorded_action> log(actions.begin() + 2, actions.end());
  auto restored = restored_from(old, log, 2, 0, 5, t.now);
  ASSERT_TRUE(restored.ok()) << restored.error();
  EXPECT_EQ(restored.value().record()->actions.size(), actions.size());
  EXPECT_EQ(protocol::view_to_json(rules::view_for(*restored.value().game(), 0)),
            protocol::view_to_json(rules::view_for(*t.r.game(), 0)));

  auto without_log = restored_from(old, {}, 0, 0, 5, t.now);
  ASSERT_TRUE(without_log.ok()) << without_log.error();
  EXPECT_EQ(without_log.value().record()->actions.size(), in_record);
}

}  // namespace
}  // namespace shithead::server::testing
