// A table saved for the store and restored after a restart: the same game at the same
// point, the same seats and scoreboard, its players back in their seats, and a saved
// form that cannot be replayed refused rather than half restored.
#include <gtest/gtest.h>

#include "fake_participant.hpp"
#include "protocol/view_json.hpp"
#include "rules/view.hpp"

namespace shithead::server::testing {
namespace {

// Two humans and a greedy bot, a few moves into their game.
void start_and_play_a_little(table& t, int moves) {
  t.join_all();
  t.send(t[0], msg("add_bot", "kind", "greedy"));
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
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

json without_version(json saved) {
  saved.erase("version");
  return saved;
}

TEST(RoomSaved, RestoresTheSameGameAtTheSamePoint) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 8);
  ASSERT_FALSE(t.r.game()->over());
  const json saved = t.r.saved();

  auto restored = room::restored(saved, 12345, t.now);
  ASSERT_TRUE(restored.ok()) << restored.error();
  const room& back = restored.value();
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(protocol::view_to_json(rules::view_for(*back.game(), seat)),
              protocol::view_to_json(rules::view_for(*t.r.game(), seat)))
        << "seat " << seat;
  }
  EXPECT_EQ(back.version(), t.r.version() + 1);  // past anything a client saw
  EXPECT_EQ(back.host(), t.r.host());
  EXPECT_EQ(without_version(back.saved()), without_version(saved));
  EXPECT_EQ(back.seated_players(), (std::vector<std::string>{"p0", "p1"}));
}

TEST(RoomSaved, PlayersComeBackToTheirSeatsAndFinishTheGame) {
  table t(make_settings(3), 11, 2);
  start_and_play_a_little(t, 6);
  const auto seat_of_p1 = t.r.seat_of("p1");
  auto restored = room::restored(t.r.saved(), 99, t.now);
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

TEST(RoomSaved, AFinishedGameIsNotCountedTwice) {
  table t(make_settings(3), 5, 2);
  start_and_play_a_little(t, 0);
  t.play_to_end();
  ASSERT_TRUE(t.r.game()->over());
  ASSERT_EQ(t.r.take_finished_games().size(), 1u);

  auto restored = room::restored(t.r.saved(), 3, t.now);
  ASSERT_TRUE(restored.ok()) << restored.error();
  room back = std::move(restored).value();
  outbox first;  // the restored room's first step hands over no game to record again
  back.tick(t.now, first);
  EXPECT_TRUE(first.finished.empty());
  EXPECT_EQ(back.saved()["scoreboard"], t.r.saved()["scoreboard"]);

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

TEST(RoomSaved, ADamagedSavedTableIsRefused) {
  table t(make_settings(3), 7, 2);
  start_and_play_a_little(t, 4);
  const json saved = t.r.saved();

  json other_format = saved;
  other_format["format"] = 99;
  EXPECT_FALSE(room::restored(other_format, 1, t.now).ok());

  json missing = saved;
  missing.erase("seats");
  EXPECT_FALSE(room::restored(missing, 1, t.now).ok());

  // An action the rules refuse: the record no longer replays.
  json illegal = saved;
  auto& actions = illegal["game"]["record"]["actions"];
  ASSERT_FALSE(actions.empty());
  actions.push_back(actions.back());
  const auto refused = room::restored(illegal, 1, t.now);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("replay"), std::string::npos) << refused.error();
}

}  // namespace
}  // namespace shithead::server::testing
