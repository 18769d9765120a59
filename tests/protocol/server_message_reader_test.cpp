// Reading the server's frames back: every message the writer can produce reads back as
// the same value, and a frame the server would never write is refused with its path.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/server_message.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {
namespace {

using namespace std::chrono_literals;

// A game a few steps in, with the events of its last step and seat 1's view after them.
struct game_sample {
  std::vector<rules::event> events;
  rules::seat_view view;
};

game_sample sample_game(rules::preset_id preset, int steps) {
  auto game = rules::new_game(rules::preset_ruleset(preset), 4, -1, 11);
  EXPECT_TRUE(game);
  auto& state = game.value();
  rules::rng random(5);
  std::vector<rules::event> events;
  for (int i = 0; i < steps && !state.over(); ++i) {
    const int seat = rules::seat_to_act(state);
    const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
    EXPECT_TRUE(action);
    EXPECT_FALSE(rules::try_apply(state, seat, *action, events));
  }
  return {events, rules::view_for(state, 1)};
}

// Every kind of message, with every optional part both present and absent somewhere.
std::vector<server_message> sample_server_messages() {
  std::vector<server_message> out;
  out.push_back(welcome_message{request_id(std::int64_t{1}), "3f9c0a7d21e4", "Ana", "9b1e"});
  out.push_back(welcome_message{std::nullopt, "3f9c0a7d21e4", "Ana", "9b1e"});
  out.push_back(device_code_message{request_id(std::int64_t{4}), "K7MP-Q2XD", 600});
  out.push_back(device_code_message{std::nullopt, "K7MP-Q2XD", 0});
  out.push_back(token_message{request_id(std::int64_t{5}), "0c4f1e9a7b2d3c5e6f708192a3b4c5d6"});
  out.push_back(pong_message{request_id(std::string("p1"))});
  out.push_back(pong_message{});
  out.push_back(joined_message{request_id(std::int64_t{-4}), "K7MPQ2"});
  table_summary t{"K7MPQ2", true, "shiphead", 4, 2, 1, 1, 3, true, 30, "Ana"};
  out.push_back(tables_message{{t, table_summary{}}});
  out.push_back(tables_message{});
  out.push_back(tables_changed_message{{t}, {"ABC123", "K7MPQ2"}});
  out.push_back(tables_changed_message{});
  out.push_back(closing_message{"server shutting down"});
  out.push_back(
      error_message{request_id(std::string("a7")), error_code::not_your_turn, "it is seat 0's turn", std::nullopt});
  out.push_back(error_message{std::nullopt, error_code::need_hello, "say hello first", std::nullopt});
  out.push_back(error_message{request_id(std::int64_t{9}), error_code::table_moved, "served elsewhere", "K7MPQ2"});

  const auto early = sample_game(rules::preset_id::shiphead, 3);
  const auto late = sample_game(rules::preset_id::palace, 60);
  room_message room;
  room.id = request_id(std::int64_t{9});
  room.version = 41;
  room.code = "K7MPQ2";
  room.is_public = true;
  room.ruleset = rules::preset_ruleset(rules::preset_id::palace);
  room.settings = table_clocks{4, 30, 45, 60, 300};
  room.host = "a1";
  room.seats = {seat_entry{0, "a1", "Ana", std::nullopt, true, true, false, false, true},
                seat_entry{1, "", "Greedy bot 1", rules::bot_kind::greedy, true, true, false, false, true},
                seat_entry{2, "b2", "Bob", std::nullopt, false, false, true, true, true},
                seat_entry{3, "", "", std::nullopt, false, false, false, false, false}};
  room.spectators = 2;
  room.your_seat = 1;
  room.scoreboard = scoreboard_view{3,
                                    1,
                                    {score_line{seat_occupant{"a1", "Ana", std::nullopt}, 2, 1, 0},
                                     score_line{seat_occupant{"", "Greedy bot 1", rules::bot_kind::greedy}, 2, 0, 1}},
                                    {table_game{1, 7, "Greedy bot 1", false}, table_game{3, 12, std::nullopt, true}}};
  room.game = late.view;
  room.deadlines = deadlines{12'345ms, std::nullopt, 0ms};
  out.push_back(room);
  room_message waiting;  // a spectator's view of a table with no game yet
  waiting.code = "ABC123";
  waiting.ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  out.push_back(waiting);

  out.push_back(game_message{7, early.events, early.view, deadlines{}});
  out.push_back(game_message{99, late.events, late.view, deadlines{std::nullopt, 20'000ms, std::nullopt}});

  game_over_message over;
  over.version = 85;
  over.places = {place_entry{2, seat_occupant{"", "Greedy bot 1", rules::bot_kind::greedy}, 1},
                 place_entry{0, seat_occupant{"a1", "Ana", std::nullopt}, 2}};
  over.shithead = shithead_entry{1, seat_occupant{"b2", "Bob", std::nullopt}};
  over.game_id = 12;
  over.ratings = {rating_change_entry{"a1", "Ana", rating_value{25, 8.333333333333334, 0, true},
                                      rating_value{26.5, 7.9, -0.1234567890123, false},
                                      title_value{3, "3rd", std::nullopt, "Baron"}}};
  over.scoreboard = room.scoreboard;
  out.push_back(over);
  out.push_back(game_over_message{3, {}, std::nullopt, true, std::nullopt, {}, {}});
  out.push_back(chat_message{"c3", "Cy", std::nullopt, "good luck \"all\""});
  out.push_back(reaction_message{"b2", "Bob", 1, "🔥"});
  out.push_back(left_message{request_id(std::int64_t{0})});
  out.push_back(left_message{});
  return out;
}

TEST(server_message_reader, every_message_reads_back_as_the_value_that_was_written) {
  for (const auto& message : sample_server_messages()) {
    const auto text = to_text(message);
    auto read = parse_server_message(text);
    ASSERT_TRUE(read) << read.error().message << "\n" << text;
    EXPECT_TRUE(read.value() == message) << text;
    EXPECT_EQ(to_text(read.value()), text);
  }
}

std::string refusal(std::string_view text) {
  auto read = parse_server_message(text);
  return read ? std::string("accepted") : read.error().message;
}

TEST(server_message_reader, a_frame_the_server_would_never_write_is_refused_with_its_path) {
  EXPECT_EQ(refusal(R"([1,2])"), "a server message is a JSON object, got [1,2]");
  EXPECT_EQ(refusal(R"({"id":1})"), "a server message has a string \"type\"");
  EXPECT_EQ(refusal(R"({"type":"hello"})"), "type: \"hello\" is not a server message type");
  EXPECT_EQ(refusal(R"({"type":"pong","extra":1})"), "extra: unknown key");
  EXPECT_EQ(refusal(R"({"type":"chat","id":3,"from":"a","name":"A","seat":null,"text":"hi"})"),
            "id: a chat frame answers no request");
  EXPECT_EQ(refusal(R"({"type":"joined","id":1.5,"code":"X"})"), "id: expected a string or an integer, got 1.5");
  EXPECT_EQ(refusal(R"({"type":"joined"})"), "code: missing");
  EXPECT_EQ(refusal(R"({"type":"error","code":"on_fire","message":"m"})"), "code: \"on_fire\" is not an error code");
  EXPECT_EQ(refusal(R"({"type":"error","code":"table_moved","message":"m","table":7})"),
            "table: expected a string, got 7");
  EXPECT_EQ(refusal(R"({"type":"game_over","version":1,"places":[{"seat":0,"player_id":"a","name":"A",)"
                    R"("bot":"clever","place":1}],"shithead":null,"abandoned":false,"game_id":null,"ratings":[],)"
                    R"("scoreboard":{"games":0,"abandoned":0,"players":[]}})"),
            "places[0].bot: expected a bot kind or null, got \"clever\"");
  EXPECT_EQ(refusal(R"({"type":"game_over","version":1,"places":[],"shithead":null,"abandoned":false,"game_id":null,)"
                    R"("ratings":[],"scoreboard":{"games":0,"abandoned":0,"players":[],)"
                    R"("recent":[{"number":1,"game_id":-4,"shithead":"A","abandoned":false}]}})"),
            "scoreboard.recent[0].game_id: expected a positive number, got -4");
  // A member is a spectator exactly when they have no seat.
  room_message room;
  room.your_seat = 2;
  auto text = to_text(room);
  const auto at = text.find(R"("spectator":false)");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 17, R"("spectator":true)");
  EXPECT_EQ(refusal(text), "you: a spectator has no seat");
}

TEST(server_message_reader, a_table_summary_reads_back_from_its_text) {
  table_summary t;
  t.code = "K7MPQ2";
  t.is_public = true;
  t.preset = "isf";
  t.seats = 4;
  t.seated = 3;
  t.humans = 2;
  t.bots = 1;
  t.spectators = 5;
  t.in_game = true;
  t.turn_timer_s = 30;
  t.host_name = "Åsa \"the host\"";
  const auto read = summary_from_text(summary_to_text(t));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value(), t);
  EXPECT_FALSE(summary_from_text("{}"));
  EXPECT_FALSE(summary_from_text("not json"));
}

}  // namespace
}  // namespace shithead::protocol
