// Games at the table: whole games under every preset, refused actions, where the seat
// comes from, leaving, rematches, the scoreboard and versions.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/action_json.hpp"
#include "rules/engine.hpp"

namespace shithead::server::testing {
namespace {

// The versions of the state frames a participant received, in order (snapshots asked
// for repeat the current version and are left out).
std::vector<std::uint64_t> versions(const fake_participant& fake) {
  std::vector<std::uint64_t> out;
  for (const auto& m : fake.messages()) {
    const auto type = m["type"].get<std::string>();
    if (type == "room" && m.contains("id")) continue;
    if (type == "room" || type == "game" || type == "game_over") out.push_back(m["version"].get<std::uint64_t>());
  }
  return out;
}

void expect_consecutive(const fake_participant& fake, const std::string& who) {
  const auto seen = versions(fake);
  for (std::size_t i = 1; i < seen.size(); ++i)
    ASSERT_EQ(seen[i], seen[i - 1] + 1) << who << " saw version " << seen[i] << " after " << seen[i - 1];
}

struct game_case {
  rules::preset_id preset;
  int humans;
  int bots;
  bool burn_in = false;
};

std::string case_name(const ::testing::TestParamInfo<game_case>& info) {
  return std::string(rules::to_string(info.param.preset)) + "_" + std::to_string(info.param.humans) + "humans_" +
         std::to_string(info.param.bots) + "bots" + (info.param.burn_in ? "_burn_in" : "");
}

class room_full_game : public ::testing::TestWithParam<game_case> {};

TEST_P(room_full_game, humans_and_bots_play_to_game_over) {
  const auto& c = GetParam();
  rules::ruleset_options options;
  if (c.burn_in) options.burn_in = true;
  auto ruleset = rules::make_ruleset(c.preset, options);
  ASSERT_TRUE(ruleset.ok());
  table t(make_settings(c.humans + c.bots, ruleset.value()), 42, c.humans + 1);
  for (int i = 0; i < c.humans; ++i) t.join(t[static_cast<std::size_t>(i)]);
  auto& watcher = t[static_cast<std::size_t>(c.humans)];
  t.join(watcher, true);
  for (int b = 0; b < c.bots; ++b) t.send(t[0], msg("add_bot", "kind", b % 2 ? "random" : "greedy"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  EXPECT_EQ(t.r.game()->players, c.humans + c.bots);

  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  for (auto& p : t.players) {
    const auto over = p->fake->of_type("game_over");
    ASSERT_EQ(over.size(), 1u) << p->id;
    EXPECT_EQ(over[0]["abandoned"], t.r.game()->abandoned);
    EXPECT_EQ(p->fake->errors, 0u) << p->id;
    expect_consecutive(*p->fake, p->id);
    // Each seat's frames hold its own view; the spectator's the public one.
    const auto seat = t.r.seat_of(p->id);
    for (const auto& frame : p->fake->of_type("game")) {
      if (seat) {
        ASSERT_EQ(frame["view"]["viewer"], *seat);
      } else {
        ASSERT_TRUE(frame["view"]["viewer"].is_null());
        ASSERT_TRUE(frame["view"]["hand"].empty());
        ASSERT_TRUE(frame["view"]["legal"].empty());
      }
    }
  }
  const auto& board = t.r.take_finished_games();
  ASSERT_EQ(board.size(), 1u);
  EXPECT_EQ(board[0].players.size(), static_cast<std::size_t>(c.humans + c.bots));
  // The record replays to the same ending.
  const auto replayed = protocol::replay_record(board[0].record);
  ASSERT_TRUE(replayed.ok());
  EXPECT_EQ(replayed.value().failed_index, -1);
  EXPECT_EQ(replayed.value().state, *t.r.game());
  EXPECT_FALSE(t.r.summary().in_game);
}

INSTANTIATE_TEST_SUITE_P(
    every_preset, room_full_game,
    ::testing::Values(game_case{rules::preset_id::shiphead, 2, 0}, game_case{rules::preset_id::shiphead, 1, 1},
                      game_case{rules::preset_id::shiphead, 2, 2}, game_case{rules::preset_id::shiphead, 3, 5},
                      game_case{rules::preset_id::isf, 2, 0}, game_case{rules::preset_id::isf, 2, 2},
                      game_case{rules::preset_id::isf, 3, 5}, game_case{rules::preset_id::limbo, 2, 0},
                      game_case{rules::preset_id::limbo, 2, 2}, game_case{rules::preset_id::limbo, 3, 5},
                      game_case{rules::preset_id::palace, 2, 0}, game_case{rules::preset_id::palace, 2, 2},
                      game_case{rules::preset_id::palace, 3, 5}, game_case{rules::preset_id::standard, 2, 0},
                      game_case{rules::preset_id::standard, 2, 2}, game_case{rules::preset_id::standard, 3, 5},
                      game_case{rules::preset_id::shiphead, 2, 2, true},
                      game_case{rules::preset_id::standard, 3, 5, true}),
    case_name);

TEST(room_game, an_invalid_action_is_refused_with_the_rules_code_and_changes_nothing) {
  table t(make_settings(2), 7, 2);
  t.join_all();
  t.send(t[0], msg("start"));
  const auto& game = *t.r.game();
  const auto version = t.r.version();
  const auto other_frames = t[1].fake->count();

  // A play during the swap.
  auto hand = (*t[0].fake->latest_view())["hand"];
  json play = {{"type", "play"}, {"cards", json::array({hand[0]})}};
  auto request = action_msg(play);
  request["id"] = 5;
  t.send(t[0], request);
  auto error = t[0].fake->last("error");
  ASSERT_TRUE(error);
  EXPECT_EQ((*error)["code"], "wrong_phase");
  EXPECT_EQ((*error)["id"], 5);
  EXPECT_FALSE((*error)["message"].get<std::string>().empty());
  EXPECT_EQ(t.r.version(), version);
  EXPECT_EQ(t[1].fake->count(), other_frames);

  // Both swap, then the seat not to act tries to play.
  for (int i = 0; i < 2; ++i)
    t.send(t[static_cast<std::size_t>(i)],
           action_msg((*t[static_cast<std::size_t>(i)].fake->latest_view())["legal"][0]));
  const int current = game.current;
  auto& to_act = *t.at_seat(current);
  auto& waiting = *t.at_seat(1 - current);
  const auto before = game;
  const auto record_size = t.r.record()->actions.size();
  const auto v = t.r.version();
  const auto own = (*waiting.fake->latest_view())["hand"][0];
  t.send(waiting, action_msg({{"type", "play"}, {"cards", json::array({own})}}));
  EXPECT_EQ((*waiting.fake->last("error"))["code"], "not_your_turn");
  // The seat to act names a card it does not hold (one of the other hand's).
  const auto not_mine =
      protocol::action_to_json(rules::play_action{{game.seats[static_cast<std::size_t>(1 - current)].hand[0]}});
  t.send(to_act, action_msg(not_mine));
  EXPECT_EQ((*to_act.fake->last("error"))["code"], "not_held");
  t.send(to_act, action_msg({{"type", "play_face_down"}, {"slot", 0}}));
  EXPECT_EQ((*to_act.fake->last("error"))["code"], "not_on_face_down");
  t.send(to_act, action_msg({{"type", "play"}, {"cards", json::array({"11H"})}}));
  EXPECT_EQ((*to_act.fake->last("error"))["code"], "bad_message");
  EXPECT_EQ(game, before);
  EXPECT_EQ(t.r.record()->actions.size(), record_size);
  EXPECT_EQ(t.r.version(), v);
}

TEST(room_game, the_seat_comes_from_the_session_never_from_the_message) {
  table t(make_settings(2), 3, 2);
  start_two_humans(t);
  const int current = t.r.game()->current;
  auto& to_act = *t.at_seat(current);
  auto& waiting = *t.at_seat(1 - current);
  const auto legal = (*to_act.fake->latest_view())["legal"][0];

  // Naming a seat anywhere is not part of the protocol.
  auto with_seat = action_msg(legal);
  with_seat["seat"] = current;
  t.send(waiting, with_seat);
  EXPECT_EQ((*waiting.fake->last("error"))["code"], "bad_message");
  auto inner = legal;
  inner["seat"] = current;
  t.send(waiting, action_msg(inner));
  EXPECT_EQ((*waiting.fake->last("error"))["code"], "bad_message");
  // The other player's move, sent by the wrong session, is theirs to make, not ours.
  const auto actions = t.r.record()->actions.size();
  t.send(waiting, action_msg(legal));
  EXPECT_EQ((*waiting.fake->last("error"))["code"], "not_your_turn");
  EXPECT_EQ(t.r.record()->actions.size(), actions);
  t.send(to_act, action_msg(legal));
  ASSERT_EQ(t.r.record()->actions.size(), actions + 1);
  EXPECT_EQ(t.r.record()->actions.back().seat, current);
}

TEST(room_game, spectators_and_late_sitters_cannot_act) {
  table t(make_settings(3), 3, 4);
  t.join(t[0]);
  t.join(t[1]);
  t.join(t[2], true);
  t.send(t[0], msg("start"));
  const auto legal = (*t[0].fake->latest_view())["legal"][0];
  t.send(t[2], action_msg(legal));
  EXPECT_EQ((*t[2].fake->last("error"))["code"], "not_seated");
  t.join(t[3]);  // sits in the free third seat, for the next game
  EXPECT_EQ(t.r.seat_of("p3"), 2);
  t.send(t[3], action_msg(legal));
  EXPECT_EQ((*t[3].fake->last("error"))["code"], "not_playing");
  // Their frames show the public view.
  t.send(t[0], action_msg(legal));
  const auto seen = t[3].fake->last("game");
  ASSERT_TRUE(seen);
  EXPECT_TRUE((*seen)["view"]["viewer"].is_null());
  EXPECT_TRUE((*seen)["view"]["hand"].empty());
}

TEST(room_game, no_game_no_action) {
  table t(make_settings(2), 3, 1);
  t.join_all();
  t.send(t[0], action_msg({{"type", "pickup"}}));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "no_game");
  t.send(t[0], msg("rematch"));
  EXPECT_EQ((*t[0].fake->last("error"))["code"], "no_game");
}

TEST(room_game, a_leaver_is_played_by_a_bot_and_stays_the_seats_player) {
  bool leaver_was_shithead = false;
  for (std::uint64_t seed = 1; seed <= 200 && !leaver_was_shithead; ++seed) {
    table t(make_settings(2), seed, 2);
    t.join_all();
    t.send(t[0], msg("start"));
    t.send(t[1], msg("leave"));
    ASSERT_TRUE(t[1].fake->last("left"));
    const auto room = t[0].fake->last("room");
    EXPECT_EQ((*room)["seats"][1]["player_id"], "p1");
    EXPECT_EQ((*room)["seats"][1]["left"], true);
    EXPECT_EQ((*room)["seats"][1]["controlled_by_bot"], true);
    EXPECT_EQ((*room)["seats"][1]["connected"], false);
    EXPECT_FALSE(t.r.has_member("p1"));
    const auto frames = t[1].fake->count();
    t.play_to_end();
    EXPECT_EQ(t[1].fake->count(), frames);  // a leaver hears nothing more

    const auto over = t[0].fake->last("game_over");
    ASSERT_TRUE(over);
    const auto finished = t.r.take_finished_games();
    ASSERT_EQ(finished.size(), 1u);
    EXPECT_EQ(finished[0].players[1].id, "p1");
    if (finished[0].abandoned) continue;
    const auto& shithead = (*over)["shithead"];
    ASSERT_FALSE(shithead.is_null());
    if (shithead["seat"] == 1) {
      EXPECT_EQ(shithead["player_id"], "p1");
      EXPECT_EQ(finished[0].shithead, 1);
      leaver_was_shithead = true;
    } else {
      EXPECT_EQ((*over)["places"][1]["player_id"], "p0");
      EXPECT_EQ((*over)["places"][0]["player_id"], "p1");
    }
    // The scoreboard counts the leaver; the seat is free for the next game.
    const auto& board = (*over)["scoreboard"]["players"];
    ASSERT_EQ(board.size(), 2u);
    EXPECT_TRUE(board[0]["player_id"] == "p1" || board[1]["player_id"] == "p1");
    EXPECT_TRUE((*t[0].fake->last("room"))["seats"][1]["player_id"].is_null());
    EXPECT_EQ(t.r.summary().seated, 1);
  }
  EXPECT_TRUE(leaver_was_shithead) << "no seed left the leaver's seat last";
}

TEST(room_game, a_leaver_may_come_back_to_watch) {
  table t(make_settings(2), 5, 2);
  t.join_all();
  t.send(t[0], msg("start"));
  t.r.leave("p1", t.now);
  const auto back = t.join(t[1]);
  ASSERT_TRUE(back.ok());
  EXPECT_FALSE(back.value().seat.has_value());  // the seat is the bot's until the game ends
  EXPECT_FALSE(back.value().reconnected);
  const auto room = t[1].fake->last("room");
  EXPECT_TRUE((*room)["game"]["viewer"].is_null());
  t.play_to_end();
  EXPECT_TRUE(t.r.game()->over());
  t.send(t[1], msg("sit"));
  EXPECT_EQ(t.r.seat_of("p1"), 1);
}

TEST(room_game, someone_who_sits_in_a_finished_games_seat_sees_only_the_public_view) {
  table t(make_settings(2), 5, 3);
  t.join_all();  // p2 watches
  t.send(t[0], msg("start"));
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  t.send(t[1], msg("stand"));
  t.send(t[2], msg("sit", "seat", 1));
  ASSERT_EQ(t.r.seat_of("p2"), 1);
  const auto room = t[2].fake->last("room");
  EXPECT_TRUE((*room)["game"]["viewer"].is_null());
  EXPECT_TRUE((*room)["game"]["hand"].empty());
  EXPECT_EQ((*t[0].fake->last("room"))["game"]["viewer"], 0);  // p0 still played seat 0
}

TEST(room_game, a_rematch_keeps_the_seats_and_the_shithead_deals) {
  table t(make_settings(4), 11, 3);
  t.join_all();
  t.send(t[0], msg("add_bot"));
  t.send(t[0], msg("start"));
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  ASSERT_FALSE(t.r.game()->abandoned);
  const int shithead = t.r.game()->shithead;
  const auto seats_before = std::vector{t.r.seat_of("p0"), t.r.seat_of("p1"), t.r.seat_of("p2")};
  t.send(t[2], msg("rematch"));  // anyone seated may call it
  ASSERT_FALSE(t.r.game()->over());
  EXPECT_EQ(t.r.game()->dealer, shithead);
  EXPECT_EQ(t.r.record()->dealer, shithead);
  EXPECT_EQ((std::vector{t.r.seat_of("p0"), t.r.seat_of("p1"), t.r.seat_of("p2")}), seats_before);
  t.send(t[1], msg("rematch"));
  EXPECT_EQ((*t[1].fake->last("error"))["code"], "in_game");
}

TEST(room_game, the_first_game_is_dealt_by_the_last_seat) {
  table t(make_settings(3), 11, 2);
  t.join_all();
  t.send(t[0], msg("add_bot"));
  t.send(t[0], msg("start"));
  EXPECT_EQ(t.r.game()->dealer, 2);
}

TEST(room_game, the_scoreboard_counts_every_game) {
  table t(make_settings(3), 21, 2);
  t.join_all();
  t.send(t[0], msg("add_bot", "kind", "greedy"));
  t.send(t[0], msg("start"));
  int finished = 0, abandoned = 0;
  for (int game = 0; game < 4; ++game) {
    if (game > 0) t.send(t[1], msg("rematch"));
    t.play_to_end();
    ASSERT_TRUE(t.r.game()->over());
    (t.r.game()->abandoned ? abandoned : finished)++;
  }
  const auto over = t[0].fake->last("game_over");
  const auto& board = (*over)["scoreboard"];
  EXPECT_EQ(board["games"], finished);
  EXPECT_EQ(board["abandoned"], abandoned);
  ASSERT_EQ(board["players"].size(), 3u);
  int shitheads = 0, firsts = 0;
  for (const auto& entry : board["players"]) {
    EXPECT_EQ(entry["games"], finished);
    shitheads += entry["shithead"].get<int>();
    firsts += entry["first"].get<int>();
  }
  EXPECT_EQ(shitheads, finished);
  EXPECT_EQ(firsts, finished);
  bool bot_listed = false;
  for (const auto& entry : board["players"])
    if (entry["bot"] == "greedy") bot_listed = entry["name"] == "Greedy bot 1" && entry["player_id"].is_null();
  EXPECT_TRUE(bot_listed);
  t.send(t[0], msg("snapshot"));
  EXPECT_EQ((*t[0].fake->last("room"))["scoreboard"], board);
}

// The store's id of each game comes back after the game is over (room_host calls
// game_recorded when its save is written): from then on the scoreboard links the game,
// the newest ten of them, and the table is saved with them.
TEST(room_game, the_scoreboard_lists_the_games_the_store_recorded) {
  table t(make_settings(3), 21, 2);
  t.join_all();
  t.send(t[0], msg("add_bot", "kind", "greedy"));
  t.send(t[0], msg("start"));
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  EXPECT_EQ((*t[0].fake->last("game_over"))["scoreboard"]["recent"], json::array());

  const auto rooms_before = t[1].fake->of_type("room").size();
  t.r.game_recorded(1, 41, t.now);
  EXPECT_TRUE(t.r.table_changed());
  ASSERT_EQ(t[1].fake->of_type("room").size(), rooms_before + 1);
  const json recent = (*t[1].fake->last("room"))["scoreboard"]["recent"];
  ASSERT_EQ(recent.size(), 1u);
  EXPECT_EQ(recent[0]["number"], 1);
  EXPECT_EQ(recent[0]["game_id"], 41);
  EXPECT_EQ(recent[0]["abandoned"], t.r.game()->abandoned);
  if (t.r.game()->abandoned) {
    EXPECT_TRUE(recent[0]["shithead"].is_null());
  } else {
    EXPECT_EQ(recent[0]["shithead"], (*t[1].fake->last("game_over"))["shithead"]["name"]);
  }
  expect_consecutive(*t[1].fake, "p1");

  // Told twice, or of a game that is not the one waiting: nothing changes, nobody hears.
  t.r.game_recorded(1, 41, t.now);
  t.r.game_recorded(7, 99, t.now);
  EXPECT_FALSE(t.r.table_changed());
  EXPECT_EQ(t[1].fake->of_type("room").size(), rooms_before + 1);

  // Eleven games more: the ten newest are listed, oldest first.
  for (std::int64_t game = 2; game <= 12; ++game) {
    t.send(t[1], msg("rematch"));
    t.play_to_end();
    ASSERT_TRUE(t.r.game()->over());
    t.r.game_recorded(game, 100 + game, t.now);
  }
  const json ten = (*t[0].fake->last("room"))["scoreboard"]["recent"];
  ASSERT_EQ(ten.size(), 10u);
  EXPECT_EQ(ten.front()["number"], 3);
  EXPECT_EQ(ten.front()["game_id"], 103);
  EXPECT_EQ(ten.back()["game_id"], 112);
  EXPECT_EQ(t.r.saved().scoreboard.recent.size(), 10u);
  EXPECT_EQ(t.r.saved().scoreboard.recent.back().game_id, 112);
}

TEST(room_game, the_version_grows_by_one_per_change_and_a_snapshot_carries_it) {
  table t(make_settings(3), 1, 3);
  t.join_all();
  const auto v = t.r.version();
  EXPECT_EQ(v, 3u);  // one per join
  t.send(t[1], msg("ready", "ready", true));
  EXPECT_EQ(t.r.version(), v + 1);
  for (auto& p : t.players) EXPECT_EQ((*p->fake->last())["version"], v + 1);
  t.send(t[1], msg("ready", "ready", true));  // no change, no frame
  EXPECT_EQ(t.r.version(), v + 1);
  t.send(t[2], msg("chat", "text", "hello"));
  EXPECT_EQ(t.r.version(), v + 1);
  auto snapshot = msg("snapshot");
  snapshot["id"] = "s";
  t.send(t[2], snapshot);
  const auto reply = t[2].fake->last();
  EXPECT_EQ((*reply)["type"], "room");
  EXPECT_EQ((*reply)["id"], "s");
  EXPECT_EQ((*reply)["version"], v + 1);
  EXPECT_EQ(t.r.version(), v + 1);

  t.send(t[0], msg("start"));
  for (auto& p : t.players) {
    t.send(*p, action_msg((*p->fake->latest_view())["legal"][0]));
  }
  t.play_to_end();
  for (auto& p : t.players) expect_consecutive(*p->fake, p->id);
  EXPECT_EQ((*t[0].fake->last())["version"], t.r.version());
}

TEST(room_game, a_bot_only_game_plays_through_at_once) {
  table t(make_settings(2), 9, 1);
  t.join(t[0], true);
  t.send(t[0], msg("add_bot", "kind", "random"));
  t.send(t[0], msg("add_bot", "kind", "greedy"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  EXPECT_TRUE(t.r.game()->over());
  ASSERT_TRUE(t[0].fake->last("game_over"));
  const auto games = t[0].fake->of_type("game");
  ASSERT_EQ(games.size(), 1u);  // one step: every bot move in one frame
  EXPECT_GT(games[0]["events"].size(), 10u);
  EXPECT_EQ(t.r.take_finished_games().size(), 1u);
}

TEST(room_game, the_same_seed_and_messages_give_the_same_frames) {
  const auto play = [](std::uint64_t seed) {
    table t(make_settings(4), seed, 2);
    t.join_all();
    t.send(t[0], msg("add_bot", "kind", "random"));
    t.send(t[0], msg("add_bot", "kind", "greedy"));
    t.send(t[0], msg("start"));
    t.play_to_end();
    t.send(t[0], msg("rematch"));
    t.play_to_end();
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t[0].fake->count(); ++i) out.push_back(t[0].fake->text(i));
    return out;
  };
  const auto a = play(77);
  EXPECT_EQ(a, play(77));
  EXPECT_NE(a, play(78));
}

}  // namespace
}  // namespace shithead::server::testing
