// The room answers every call with an outbox and delivers nothing itself: the letters
// to each member (a broadcast shares one message), the games to record, whether the
// table's saved form changed, and when to call tick() next.
#include <gtest/gtest.h>

#include "fake_participant.hpp"

namespace shithead::server::testing {
namespace {

// A member the room must never call: every message reaches members through the outbox.
class untouchable : public participant {
 public:
  void deliver(frame) override { ADD_FAILURE() << "the room delivered a frame itself"; }
};

protocol::table_message request(protocol::table_request r) {
  return protocol::table_message{std::nullopt, std::move(r)};
}

TEST(room_outbox, a_join_puts_the_snapshot_in_the_outbox_and_asks_for_a_save) {
  room r(make_settings(2), player_info{"p0", "Ana"}, 1, start_time());
  auto ana = std::make_shared<untouchable>();
  const auto joined = r.join(player_info{"p0", "Ana"}, ana, false, start_time());
  ASSERT_TRUE(joined.result.ok());
  const auto& out = joined.out;
  ASSERT_EQ(out.letters.size(), 1u);
  EXPECT_EQ(out.letters[0].to, ana);
  EXPECT_TRUE(std::holds_alternative<protocol::room_message>(*out.letters[0].message));
  EXPECT_TRUE(out.table_changed);
  EXPECT_TRUE(out.finished.empty());
}

TEST(room_outbox, chat_goes_to_everyone_as_one_shared_message_and_saves_nothing) {
  room r(make_settings(3), player_info{"p0", "Ana"}, 1, start_time());
  auto ana = std::make_shared<untouchable>();
  auto bob = std::make_shared<untouchable>();
  r.join(player_info{"p0", "Ana"}, ana, false, start_time());
  r.join(player_info{"p1", "Bob"}, bob, true, start_time());
  const auto out = r.handle("p1", request(protocol::chat_request{"good luck"}), start_time());
  ASSERT_EQ(out.letters.size(), 2u);
  EXPECT_EQ(out.letters[0].message, out.letters[1].message);  // written once by the host
  EXPECT_TRUE(std::holds_alternative<protocol::chat_message>(*out.letters[0].message));
  EXPECT_FALSE(out.table_changed);
}

TEST(room_outbox, a_refused_request_is_one_error_letter_to_the_sender_and_changes_nothing) {
  room r(make_settings(2), player_info{"p0", "Ana"}, 1, start_time());
  auto ana = std::make_shared<untouchable>();
  r.join(player_info{"p0", "Ana"}, ana, false, start_time());
  const auto version = r.version();
  const auto out = r.handle(
      "p0", protocol::table_message{protocol::request_id(std::int64_t{4}), protocol::start_request{}}, start_time());
  ASSERT_EQ(out.letters.size(), 1u);
  const auto* error = std::get_if<protocol::error_message>(out.letters[0].message.get());
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->code, protocol::error_code::too_few_players);
  EXPECT_EQ(error->id, protocol::request_id(std::int64_t{4}));
  EXPECT_FALSE(out.table_changed);
  EXPECT_EQ(r.version(), version);
}

TEST(room_outbox, a_game_against_bots_hands_over_the_finished_game_with_its_game_over_letter) {
  room r(make_settings(3), player_info{"p0", "Ana"}, 7, start_time());
  auto ana = std::make_shared<untouchable>();
  r.join(player_info{"p0", "Ana"}, ana, true, start_time());  // watching: bots play it all
  r.handle("p0", request(protocol::add_bot_request{}), start_time());
  r.handle("p0", request(protocol::add_bot_request{}), start_time());
  const auto started = r.handle("p0", request(protocol::start_request{}), start_time());
  ASSERT_EQ(started.finished.size(), 1u);
  EXPECT_TRUE(started.table_changed);
  const auto& over = started.finished[0].game_over;
  ASSERT_TRUE(over && std::holds_alternative<protocol::game_over_message>(*over));
  EXPECT_FALSE(std::get<protocol::game_over_message>(*over).game_id);  // the host fills it after the commit
  const auto letter =
      std::find_if(started.letters.begin(), started.letters.end(), [&](const auto& l) { return l.message == over; });
  EXPECT_NE(letter, started.letters.end());
}

TEST(room_outbox, the_next_deadline_is_the_turn_timer_of_the_seat_to_act) {
  room r(make_settings(2, rules::preset_ruleset(rules::preset_id::shiphead), 15s), player_info{"p0", "Ana"}, 1,
         start_time());
  auto ana = std::make_shared<untouchable>();
  const auto joined = r.join(player_info{"p0", "Ana"}, ana, false, start_time());
  EXPECT_EQ(joined.out.next_deadline, r.next_deadline());
  r.handle("p0", request(protocol::add_bot_request{}), start_time());
  const auto started = r.handle("p0", request(protocol::start_request{}), start_time());
  ASSERT_TRUE(started.next_deadline);
  EXPECT_EQ(*started.next_deadline, start_time() + 30s);  // the swap timer runs first
}

}  // namespace
}  // namespace shithead::server::testing
