// Client messages as text: what the shipped C++ clients write, and that the server's
// parser reads every one of them back as the same request.
#include <gtest/gtest.h>

#include <vector>

#include "protocol/client_message.hpp"

namespace shithead::protocol {
namespace {

using namespace std::chrono_literals;
using rules::card;
using rules::suit;

std::vector<client_message> sample_requests() {
  rules::ruleset_options jokers;
  jokers.jokers = rules::joker_rule::give_pile;
  const auto palace = rules::make_ruleset(rules::preset_id::palace, jokers).value();
  return {
      {request_id(std::int64_t{1}), lobby_request(hello_request{1, "Ana", std::nullopt})},
      {std::nullopt, lobby_request(hello_request{1, "", std::string("9b1e")})},
      {request_id(std::string("p")), lobby_request(ping_request{})},
      {std::nullopt, lobby_request(list_tables_request{})},
      {request_id(std::string("create")), lobby_request(create_table_request{})},
      {std::nullopt, lobby_request(create_table_request{true, palace, 6, 15s, 600ms})},
      {std::nullopt, lobby_request(join_request{"k7mpq2", true})},
      {std::nullopt, lobby_request(quick_play_request{})},
      {std::nullopt, lobby_request(hello_request{1, "", std::nullopt, std::string("K7MP-Q2XD")})},
      {request_id(std::int64_t{4}), lobby_request(device_code_request{})},
      {request_id(std::int64_t{5}), lobby_request(sign_out_others_request{})},
      {std::nullopt, table_request(ready_request{true})},
      {request_id(std::string("bot0")), table_request(add_bot_request{rules::bot_kind::random})},
      {std::nullopt, table_request(remove_bot_request{-3})},
      {std::nullopt, table_request(start_request{})},
      {std::nullopt, table_request(rematch_request{})},
      {request_id(std::int64_t{-9}),
       table_request(action_request{rules::play_action{{card(7, suit::hearts), card(7, suit::clubs)}, -1}})},
      {std::nullopt, table_request(action_request{rules::swap_action{{card(14, suit::spades)}, true}})},
      {std::nullopt, table_request(action_request{rules::pickup_action{}})},
      {std::nullopt, table_request(chat_request{" good luck \"all\" "})},
      {std::nullopt, table_request(react_request{"🔥"})},
      {std::nullopt, table_request(snapshot_request{})},
      {std::nullopt, table_request(sit_request{2})},
      {std::nullopt, table_request(sit_request{})},
      {std::nullopt, table_request(stand_request{})},
      {request_id(std::string("leave")), table_request(leave_request{})},
  };
}

TEST(client_message, every_request_written_reads_back_as_the_same_request) {
  for (const auto& message : sample_requests()) {
    const auto text = to_text(message);
    auto read = parse_client_message(text);
    ASSERT_TRUE(read) << read.error().message << "\n" << text;
    EXPECT_TRUE(read.value() == message) << text;
  }
}

TEST(client_message, a_hello_holds_a_token_or_a_device_code_not_both) {
  auto both = parse_client_message(R"({"type":"hello","v":1,"token":"9b1e","device_code":"K7MP-Q2XD"})");
  ASSERT_FALSE(both);
  EXPECT_EQ(both.error().code, error_code::bad_message);
  // An empty one of the two counts as none.
  EXPECT_TRUE(parse_client_message(R"({"type":"hello","v":1,"token":"","device_code":"K7MP-Q2XD"})"));
}

TEST(client_message, text_puts_the_type_first_then_the_id_then_the_fields) {
  EXPECT_EQ(to_text(lobby_request(hello_request{1, "Ana", std::nullopt})), R"({"type":"hello","v":1,"name":"Ana"})");
  EXPECT_EQ(to_text(table_request(add_bot_request{rules::bot_kind::greedy}), request_id(std::string("bot0"))),
            R"({"type":"add_bot","id":"bot0","kind":"greedy"})");
  EXPECT_EQ(to_text(create_table_request{}, request_id(std::int64_t{3})),
            R"({"type":"create_table","id":3,"public":false,"ruleset":"shiphead","seats":4})");
  EXPECT_EQ(to_text(table_request(action_request{rules::face_down_action{2}})),
            R"({"type":"action","action":{"type":"play_face_down","slot":2}})");
  EXPECT_EQ(to_text(leave_request{}), R"({"type":"leave"})");
}

}  // namespace
}  // namespace shithead::protocol
