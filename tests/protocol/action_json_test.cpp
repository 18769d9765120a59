#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "protocol/action_json.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

using rules::card;
using rules::suit;

parsed<rules::action> read_action(std::string_view text) { return action_from_json(json::parse(text), "action"); }

void expect_action_round_trip(const rules::action& a, std::string_view text) {
  SCOPED_TRACE(text);
  EXPECT_EQ(action_to_json(a), json::parse(text));
  auto back = read_action(text);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back.value(), a);
}

TEST(action_json, a_swap_round_trips) {
  expect_action_round_trip(
      rules::swap_action{{card(14, suit::spades), card(13, suit::diamonds), card(10, suit::clubs)}, false},
      R"({"type": "swap", "face_up": ["AS", "KD", "10C"]})");
}

TEST(action_json, a_swap_with_more_to_stack_round_trips) {
  expect_action_round_trip(rules::swap_action{{card(5, suit::spades), card(5, suit::hearts)}, true},
                           R"({"type": "swap", "face_up": ["5S", "5H"], "more": true})");
}

TEST(action_json, palace_swaps_name_no_cards) {
  expect_action_round_trip(rules::swap_action{}, R"({"type": "swap", "face_up": []})");
}

TEST(action_json, more_false_reads_as_a_final_swap) {
  auto a = read_action(R"({"type": "swap", "face_up": ["2C"], "more": false})");
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_FALSE(std::get<rules::swap_action>(a.value()).more);
}

TEST(action_json, a_play_round_trips) {
  expect_action_round_trip(rules::play_action{{card(3, suit::hearts), card(3, suit::spades)}, -1},
                           R"({"type": "play", "cards": ["3H", "3S"]})");
}

TEST(action_json, a_joker_handing_the_pile_to_a_seat_round_trips) {
  expect_action_round_trip(rules::play_action{{card::joker(rules::joker_red)}, 2},
                           R"({"type": "play", "cards": ["RJ"], "target": 2})");
}

TEST(action_json, face_down_pickup_and_wait_round_trip) {
  expect_action_round_trip(rules::face_down_action{2}, R"({"type": "play_face_down", "slot": 2})");
  expect_action_round_trip(rules::pickup_action{}, R"({"type": "pickup"})");
  expect_action_round_trip(rules::wait_action{}, R"({"type": "wait"})");
}

TEST(action_json, an_empty_play_reads_and_is_left_to_the_rules) {
  // "no_cards" is the engine's verdict; the JSON is well formed.
  auto a = read_action(R"({"type": "play", "cards": []})");
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_TRUE(std::get<rules::play_action>(a.value()).cards.empty());
}

TEST(action_json, extra_keys_are_accepted_only_when_listed) {
  static constexpr std::array<std::string_view, 1> seat = {"seat"};
  const json value = json::parse(R"({"seat": 1, "type": "pickup"})");
  EXPECT_TRUE(action_from_json(value, "a", seat));
  auto refused = action_from_json(value, "a");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "a.seat: unknown key");
}

TEST(action_json, mistakes_are_errors_that_name_the_problem) {
  std::string thirteen = R"({"type": "play", "cards": [)";
  for (int i = 0; i < 13; ++i) thirteen += i ? R"(, "4C")" : R"("4C")";
  thirteen += "]}";
  const std::vector<error_case> cases = {
      {R"(["play"])", "action: expected an action object, got [\"play\"]"},
      {R"({"cards": ["3H"]})", "action.type: missing"},
      {R"({"type": 3})", "action.type: expected a string, got 3"},
      {R"({"type": "fold"})", R"(action.type: "fold" is not an action)"},
      {R"({"type": "pickup", "cards": ["3H"]})", "action.cards: unknown key"},
      {R"({"type": "wait", "slot": 1})", "action.slot: unknown key"},
      {R"({"type": "play"})", "action.cards: missing"},
      {R"({"type": "play", "cards": "3H"})", "action.cards: expected an array of cards"},
      {R"({"type": "play", "cards": ["3H", "11H"]})", R"(action.cards[1]: "11H" is not a card)"},
      {thirteen, "action.cards: 13 cards, more than the 12 allowed"},
      {R"({"type": "play", "cards": ["RJ"], "target": "left"})", "action.target: expected an integer"},
      {R"({"type": "swap"})", "action.face_up: missing"},
      {R"({"type": "swap", "face_up": ["AS"], "more": "yes"})", "action.more: expected true or false"},
      {R"({"type": "swap", "face_up": [1]})", "action.face_up[0]: expected a card"},
      {R"({"type": "play_face_down"})", "action.slot: missing"},
      {R"({"type": "play_face_down", "slot": 1.5})", "action.slot: expected an integer, got 1.5"},
      {R"({"type": "play_face_down", "slot": 99999999999})", "action.slot: 99999999999 is out of range"},
  };
  for (const auto& c : cases) {
    auto a = read_action(c.text);
    ASSERT_FALSE(a) << c.text;
    EXPECT_TRUE(contains(a.error().message, c.expected))
        << c.text << "\n  message: " << a.error().message << "\n  expected: " << c.expected;
  }
}

}  // namespace
}  // namespace shithead::protocol
