// The server's messages as text: key order, null versus absent, and ids echoed as sent.
// These strings are the wire; a change here is a change every client sees.
#include <gtest/gtest.h>

#include "protocol/server_message.hpp"

namespace shithead::protocol {
namespace {

TEST(server_messages, a_reply_echoes_the_request_id_as_sent_and_has_none_when_there_was_none) {
  EXPECT_EQ(to_text(pong_message{request_id(std::int64_t{7})}), R"({"type":"pong","id":7})");
  EXPECT_EQ(to_text(pong_message{request_id(std::string("p1"))}), R"({"type":"pong","id":"p1"})");
  EXPECT_EQ(to_text(pong_message{}), R"({"type":"pong"})");
  EXPECT_EQ(to_text(joined_message{request_id(std::int64_t{2}), "K7MPQ2"}),
            R"({"type":"joined","id":2,"code":"K7MPQ2"})");
  EXPECT_EQ(to_text(left_message{}), R"({"type":"left"})");
}

TEST(server_messages, an_error_carries_the_catalog_text_of_its_code) {
  EXPECT_EQ(to_text(error_message{request_id(std::int64_t{3}), error_code::not_your_turn, "it is seat 0's turn",
                                  std::nullopt}),
            R"({"type":"error","id":3,"code":"not_your_turn","message":"it is seat 0's turn"})");
  EXPECT_EQ(to_text(error_message{std::nullopt, error_code::need_hello, "say hello first", std::nullopt}),
            R"({"type":"error","code":"need_hello","message":"say hello first"})");
  // table_moved names the table, so that a client that asked for quick play can follow.
  EXPECT_EQ(to_text(error_message{request_id(std::int64_t{5}), error_code::table_moved, "served elsewhere", "K7MPQ2"}),
            R"({"type":"error","id":5,"code":"table_moved","message":"served elsewhere","table":"K7MPQ2"})");
}

TEST(server_messages, welcome_closing_chat_and_reaction_read_as_documented) {
  EXPECT_EQ(to_text(welcome_message{std::nullopt, "3f9c0a7d21e4", "Ana", "9b1e"}),
            R"({"type":"welcome","player_id":"3f9c0a7d21e4","name":"Ana","token":"9b1e"})");
  EXPECT_EQ(to_text(device_code_message{request_id(std::int64_t{4}), "K7MP-Q2XD", 600}),
            R"({"type":"device_code","id":4,"code":"K7MP-Q2XD","expires_in":600})");
  EXPECT_EQ(to_text(token_message{request_id(std::int64_t{5}), "0c4f"}), R"({"type":"token","id":5,"token":"0c4f"})");
  EXPECT_EQ(to_text(closing_message{"server shutting down"}), R"({"type":"closing","reason":"server shutting down"})");
  EXPECT_EQ(to_text(chat_message{"c3", "Cy", std::nullopt, "good luck"}),
            R"({"type":"chat","from":"c3","name":"Cy","seat":null,"text":"good luck"})");
  EXPECT_EQ(to_text(reaction_message{"b2", "Bob", 1, "🔥"}),
            R"({"type":"reaction","from":"b2","name":"Bob","seat":1,"reaction":"🔥"})");
}

TEST(server_messages, the_table_list_keeps_every_key_of_a_summary_in_order) {
  table_summary t;
  t.code = "K7MPQ2";
  t.is_public = true;
  t.preset = "shiphead";
  t.seats = 4;
  t.seated = 2;
  t.humans = 1;
  t.bots = 1;
  t.turn_timer_s = 30;
  t.host_name = "Ana";
  EXPECT_EQ(to_text(tables_message{{t}}),
            R"({"type":"tables","tables":[{"code":"K7MPQ2","is_public":true,"preset":"shiphead","seats":4,)"
            R"("seated":2,"humans":1,"bots":1,"spectators":0,"in_game":false,"turn_timer_s":30,"host_name":"Ana"}]})");
  EXPECT_EQ(to_text(tables_message{}), R"({"type":"tables","tables":[]})");
}

TEST(server_messages, game_over_names_a_bot_without_player_id_and_has_null_game_id_until_stored) {
  game_over_message m;
  m.version = 85;
  m.places = {place_entry{2, seat_occupant{"bot:1", "Greedy bot 1", rules::bot_kind::greedy}, 1},
              place_entry{0, seat_occupant{"a1", "Ana", std::nullopt}, 2}};
  m.shithead = shithead_entry{1, seat_occupant{"b2", "Bob", std::nullopt}};
  m.scoreboard.games = 1;
  m.scoreboard.players = {score_line{seat_occupant{"a1", "Ana", std::nullopt}, 1, 0, 0}};
  EXPECT_EQ(to_text(m),
            R"({"type":"game_over","version":85,"places":[)"
            R"({"seat":2,"player_id":null,"name":"Greedy bot 1","bot":"greedy","place":1},)"
            R"({"seat":0,"player_id":"a1","name":"Ana","bot":null,"place":2}],)"
            R"("shithead":{"seat":1,"player_id":"b2","name":"Bob","bot":null},"abandoned":false,)"
            R"("game_id":null,"ratings":[],"scoreboard":{"games":1,"abandoned":0,"players":[)"
            R"({"player_id":"a1","name":"Ana","bot":null,"games":1,"first":0,"shithead":0}],"recent":[]}})");
  m.game_id = 12;
  m.ratings = {rating_change_entry{"a1", "Ana", rating_value{25, 8.3333, 0, true}, rating_value{26.5, 7.9, 2.8, true},
                                   title_value{0, {}, {}, {}}}};
  const auto text = to_text(m);
  EXPECT_NE(text.find(R"("game_id":12,"ratings":[{"player_id":"a1","name":"Ana","before":{"mu":25.0,)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(R"("title":{"count":0,"numeric":null,"olympic":null,"feudal":null}})"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace shithead::protocol
