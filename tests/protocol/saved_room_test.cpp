// A table's saved row: written and read back to the same value, readable as older
// servers wrote it, and a damaged row refused naming its first bad field. The text is
// stored across restarts and upgrades, so one row is pinned byte for byte.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "protocol/json_text.hpp"
#include "protocol/record_json.hpp"
#include "protocol/saved_room.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

using namespace std::chrono_literals;

// A table of three, one seat a bot, in a game after a finished one.
saved_room busy_room() {
  saved_room room;
  room.settings =
      saved_settings{"ABCD", true, rules::preset_ruleset(rules::preset_id::isf), 3, 30s, 60s, 45s, 10min, 1500ms};
  room.host = "0123456789ab";
  room.version = 41;
  room.next_order = 4;
  room.bots_added = 1;
  room.seats = {
      saved_seat{"0123456789ab", "Ana", std::nullopt, "", 1, true, false, false, false, 0},
      saved_seat{"", "Greedy bot 1", rules::bot_kind::greedy, "bot:1", 2, true, false, false, false, 0},
      saved_seat{"ba9876543210", "Bo", std::nullopt, "", 3, true, false, true, true, 2},
  };
  room.scoreboard = saved_scoreboard{1,
                                     1,
                                     {saved_score{{"0123456789ab", "Ana", std::nullopt}, 1, 1, 0},
                                      saved_score{{"bot:1", "Greedy bot 1", rules::bot_kind::greedy}, 1, 0, 1}},
                                     {table_game{1, 41, "Greedy bot 1", false}, table_game{2, 57, std::nullopt, true}}};
  room.last_shithead = saved_player{"bot:1", "Greedy bot 1", rules::bot_kind::greedy};
  room.game_number = 2;
  saved_game game;
  game.record.ruleset = room.settings.ruleset;
  game.record.players = 3;
  game.record.dealer = 1;
  game.record.start = std::uint64_t{18446744073709551557ull};
  game.players = {{"0123456789ab", "Ana", std::nullopt},
                  {"bot:1", "Greedy bot 1", rules::bot_kind::greedy},
                  {"ba9876543210", "Bo", std::nullopt}};
  room.game = game;
  return room;
}

std::string damaged(const saved_room& room, void (*change)(json&)) {
  json tree = parse_json_text(write_saved_room(room)).value();
  change(tree);
  return dump_json(tree);
}

TEST(saved_room, reads_back_as_it_was_written) {
  const auto room = busy_room();
  const auto back = parse_saved_room(write_saved_room(room));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value(), room);

  saved_room empty;
  empty.settings = saved_settings{
      "WXYZ", false, rules::preset_ruleset(rules::preset_id::shiphead), 2, 0ms, 0ms, 0ms, 0ms, std::nullopt};
  empty.seats.resize(2);
  const auto empty_back = parse_saved_room(write_saved_room(empty));
  ASSERT_TRUE(empty_back.ok()) << empty_back.error().message;
  EXPECT_EQ(empty_back.value(), empty);
}

// The row as the store keeps it; a change here is a change to every stored table.
TEST(saved_room, the_text_of_a_row_is_pinned) {
  saved_room room;
  room.settings =
      saved_settings{"WXYZ", false, rules::preset_ruleset(rules::preset_id::shiphead), 2, 30s, 60s, 45s, 10min, 800ms};
  room.host = "0123456789ab";
  room.version = 3;
  room.next_order = 2;
  room.seats = {saved_seat{"0123456789ab", "Ana", std::nullopt, "", 1, false, false, false, false, 0}, saved_seat{}};
  EXPECT_EQ(write_saved_table_row(saved_table_row{room, 1700000000000}),
            R"({"room":{"format":2,"settings":{"code":"WXYZ","public":false,"ruleset":"shiphead","seats":2,)"
            R"("turn_timer_ms":30000,"swap_timer_ms":60000,"grace_ms":45000,"empty_close_ms":600000,)"
            R"("bot_pace_ms":800},"host":"0123456789ab","version":3,"next_order":2,"bots_added":0,"seats":[)"
            R"({"player_id":"0123456789ab","name":"Ana","bot":null,"bot_id":"","seated_order":1,"ready":false,)"
            R"("left":false,"grace_expired":false,"timed_out":false,"timeouts":0},)"
            R"({"player_id":"","name":"","bot":null,"bot_id":"","seated_order":0,"ready":false,"left":false,)"
            R"("grace_expired":false,"timed_out":false,"timeouts":0}],)"
            R"("scoreboard":{"games":0,"abandoned":0,"players":[],"recent":[]},"last_shithead":null,"game_number":0,)"
            R"("game":null},"game_started_ms":1700000000000})");
}

TEST(saved_room, a_row_reads_back_with_when_its_game_began) {
  const saved_table_row row{busy_room(), 1700000000123};
  const auto back = parse_saved_table_row(write_saved_table_row(row));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value(), row);

  for (const char* text :
       {"", "[]", R"({"room":{}})", R"({"room":1,"game_started_ms":0})", R"({"room":{},"game_started_ms":"0"})"}) {
    const auto refused = parse_saved_table_row(text);
    ASSERT_FALSE(refused.ok()) << text;
    EXPECT_EQ(refused.error().message, "not a saved table") << text;
  }
}

// Format 1 (before the action log) kept the game's actions in its record and had no
// game number; tables saved before bots had a pace have none, and those saved before
// scoreboards listed their recorded games list none.
TEST(saved_room, rows_of_older_servers_still_read) {
  auto room = busy_room();
  room.game->record.actions = {{0, rules::swap_action{{}, false}}};
  const auto text = damaged(room, [](json& j) {
    j["format"] = 1;
    j.erase("game_number");
    j["settings"].erase("bot_pace_ms");
    j["scoreboard"].erase("recent");
  });
  const auto back = parse_saved_room(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value().format, 1);
  EXPECT_EQ(back.value().game_number, 0);
  EXPECT_FALSE(back.value().settings.bot_pace);
  ASSERT_TRUE(back.value().game);
  EXPECT_EQ(back.value().game->record.actions, room.game->record.actions);
  EXPECT_TRUE(back.value().scoreboard.recent.empty());
  EXPECT_EQ(back.value().scoreboard.players, room.scoreboard.players);
}

TEST(saved_room, a_damaged_row_is_refused_naming_its_first_bad_field) {
  const auto room = busy_room();
  const auto refused_naming = [&](void (*change)(json&), const std::string& field) {
    const auto read = parse_saved_room(damaged(room, change));
    ASSERT_FALSE(read.ok()) << field;
    EXPECT_TRUE(contains(read.error().message, field)) << read.error().message;
  };
  refused_naming([](json& j) { j["format"] = 99; }, "another version of the server (format 99)");
  refused_naming([](json& j) { j.erase("seats"); }, "seats: missing");
  refused_naming([](json& j) { j["seats"] = json::object(); }, "seats: expected an array");
  refused_naming([](json& j) { j["settings"]["seats"] = 9; }, "settings.seats");
  refused_naming([](json& j) { j["settings"]["ruleset"] = "poker"; }, "settings.ruleset");
  refused_naming([](json& j) { j["settings"]["empty_close_ms"] = 86400001; }, "settings.empty_close_ms");
  refused_naming([](json& j) { j["seats"][2]["timeouts"] = 2.5; }, "seats[2].timeouts");
  refused_naming([](json& j) { j["seats"][1]["bot"] = "clever"; }, "seats[1].bot: unknown bot kind");
  refused_naming([](json& j) { j["scoreboard"]["games"] = 1e300; }, "scoreboard.games");
  refused_naming([](json& j) { j["scoreboard"]["players"][1].erase("bot_id"); }, "scoreboard.players[1].bot_id");
  refused_naming([](json& j) { j["scoreboard"]["recent"][0]["game_id"] = 0; }, "scoreboard.recent[0].game_id");
  refused_naming([](json& j) { j["scoreboard"]["recent"][1]["shithead"] = "Ana"; },
                 "scoreboard.recent[1].shithead: an abandoned game has no shithead");
  refused_naming([](json& j) { j["scoreboard"]["recent"][0]["shithead"] = nullptr; },
                 "scoreboard.recent[0].shithead: expected the shithead's name");
  refused_naming(
      [](json& j) {
        j["scoreboard"]["recent"] = json::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
      },
      "scoreboard.recent: at most 10 games");
  refused_naming([](json& j) { j["last_shithead"] = 3; }, "last_shithead: expected an object");
  refused_naming([](json& j) { j["game"]["record"]["players"] = 1; }, "game record: ");
  refused_naming([](json& j) { j["game"]["finished"] = "yes"; }, "game.finished");
  EXPECT_FALSE(parse_saved_room("{").ok());
  EXPECT_FALSE(parse_saved_room("null").ok());
}

}  // namespace
}  // namespace shithead::protocol
