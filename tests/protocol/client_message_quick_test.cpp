// The scanner that reads a game's common frames (actions and pings) without a JSON tree
// (protocol/client_message_quick.hpp): what it accepts it reads to exactly the message
// the full reader gives, and anything else, valid or not, it leaves to the full reader,
// so that parse_client_message() answers every text as it did before the scanner.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "protocol/client_message_quick.hpp"
#include "rules/rng.hpp"

namespace shithead::protocol {
namespace {

using rules::card;
using rules::suit;

// parse_client_message() and the full reader agree on `text`: the same message, or the
// same error (code, id and words).
void expect_answered_as_before(const std::string& text) {
  const auto now = parse_client_message(text);
  const auto before = read_any_message(text);
  ASSERT_EQ(now.ok(), before.ok()) << text;
  if (now.ok())
    EXPECT_TRUE(now.value() == before.value()) << text;
  else
    EXPECT_TRUE(now.error() == before.error()) << text;
}

// The scanner reads `text`, to the full reader's message.
void expect_read_quickly(const std::string& text) {
  const auto quick = read_common_message(text);
  ASSERT_TRUE(quick) << text;
  const auto full = read_any_message(text);
  ASSERT_TRUE(full) << full.error().message << "\n" << text;
  EXPECT_TRUE(*quick == full.value()) << text;
}

TEST(client_message_quick, the_frames_of_a_game_in_play_are_read_without_a_tree) {
  // As the web client writes them (JSON.stringify), and as people might.
  for (const char* text : {
           R"({"type":"action","id":12,"action":{"type":"play","cards":["3H","3S"]}})",
           R"({"type":"action","id":13,"action":{"type":"play","cards":["10D"]}})",
           R"({"type":"action","id":14,"action":{"type":"pickup"}})",
           R"({"type":"action","id":15,"action":{"type":"wait"}})",
           R"({"type":"action","id":16,"action":{"type":"play_face_down","slot":2}})",
           R"({"type":"action","action":{"type":"play","cards":["BJ","RJ"]}})",
           R"({"type":"ping","id":99})",
           R"({"type":"ping"})",
           R"({"id":"move-7","action":{"cards":["AS"],"type":"play"},"type":"action"})",
           " { \"type\" : \"action\" ,\n\t\"id\" : -4 , \"action\" : { \"type\" : \"play\" , \"cards\" : [ \"2C\" ] } "
           "}\r\n",
           R"({"type":"action","id":0,"action":{"type":"play","cards":[]}})",
           R"({"type":"action","id":999999999999999999,"action":{"type":"wait"}})",
       })
    expect_read_quickly(text);
}

TEST(client_message_quick, anything_unusual_is_left_to_the_full_reader_which_answers_as_before) {
  const std::string long_id(max_request_id_bytes + 1, 'x');
  for (
      const std::string& text : {
          std::string(R"({"type":"action","id":1,"action":{"type":"swap","face_up":["3H"]}})"),
          std::string(R"({"type":"action","action":{"type":"play","cards":["3H"],"target":1}})"),
          std::string(R"({"type":"action","action":{"type":"play","cards":["3H"]},"extra":1})"),
          std::string(R"({"type":"action","type":"action","action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","action":{"type":"pickup","type":"wait"}})"),
          std::string(R"({"type":"act\u0069on","action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","id":1.0,"action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","id":1e3,"action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","id":-0,"action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","id":007,"action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","id":1234567890123456789,"action":{"type":"pickup"}})"),
          std::string(R"({"type":"ping","id":-9223372036854775808})"),
          std::string(R"({"type":"ping","id":99999999999999999999999})"),
          std::string(R"({"type":"action","id":null,"action":{"type":"pickup"}})"),
          R"({"type":"action","id":")" + long_id + R"(","action":{"type":"pickup"}})",
          std::string(R"({"type":"action","id":"é","action":{"type":"pickup"}})"),
          std::string(R"({"type":"action","action":{"type":"play","cards":["1H"]}})"),
          std::string(
              R"({"type":"action","action":{"type":"play","cards":["2H","3H","4H","5H","6H","7H","8H","9H","10H","JH","QH","KH","AH"]}})"),
          std::string(R"({"type":"action","action":{"type":"play_face_down","slot":2147483648}})"),
          std::string(R"({"type":"action","action":{"type":"play_face_down"}})"),
          std::string(R"({"type":"action","action":{"type":"pickup","cards":[]}})"),
          std::string(R"({"type":"action"})"),
          std::string(R"({"type":"ping","action":{"type":"pickup"}})"),
          std::string(R"({"type":"join","code":"ABCDEF"})"),
          std::string(R"({"type":"action","action":{"type":"pickup"}} x)"),
          std::string(R"({"type":"action","action":{"type":"pickup"},})"),
          std::string(R"({"type":"action","action":{"type":"pickup"})"),
          std::string("\xEF\xBB\xBF{\"type\":\"ping\"}"),
          std::string("{}"),
          std::string(""),
      }) {
    EXPECT_FALSE(read_common_message(text)) << text;
    expect_answered_as_before(text);
  }
}

// Texts near the common ones: every request the C++ clients write, and each of them cut,
// spliced and sprinkled with the characters that matter to a JSON reader. Whatever the
// scanner takes must be the full reader's message; every text is answered as before.
TEST(client_message_quick, texts_near_the_common_ones_are_read_as_the_full_reader_reads_them) {
  const std::vector<client_message> seeds = {
      {request_id(std::int64_t{12}), table_request(action_request{rules::play_action{{card(3, suit::hearts)}, -1}})},
      {request_id(std::string("a1")),
       table_request(action_request{
           rules::play_action{{card(10, suit::clubs), card(10, suit::spades), card(10, suit::hearts)}, -1}})},
      {std::nullopt, table_request(action_request{rules::play_action{{card::joker(rules::joker_black)}, -1}})},
      {request_id(std::int64_t{-3}), table_request(action_request{rules::face_down_action{1}})},
      {request_id(std::int64_t{7}), table_request(action_request{rules::pickup_action{}})},
      {std::nullopt, table_request(action_request{rules::wait_action{}})},
      {request_id(std::int64_t{8}), table_request(action_request{rules::play_action{{card(5, suit::hearts)}, 2}})},
      {request_id(std::int64_t{9}), table_request(action_request{rules::swap_action{{card(14, suit::spades)}, true}})},
      {request_id(std::int64_t{1}), lobby_request(ping_request{})},
      {std::nullopt, lobby_request(ping_request{})},
      {std::nullopt, table_request(snapshot_request{})},
      {std::nullopt, lobby_request(join_request{"k7mpq2", true})},
  };
  constexpr std::string_view sprinkles = "{}[]:,\" \t\n\\-0123456789.eE+nultrfasAHJK";
  rules::rng random(31);
  int quick = 0;
  int texts = 0;
  for (const auto& seed : seeds) {
    const auto written = to_text(seed);
    for (int round = 0; round < 1500; ++round) {
      std::string text = written;
      const int edits = 1 + static_cast<int>(random.below(3));
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const auto at = random.below(static_cast<std::uint32_t>(text.size()));
        const char c = sprinkles[random.below(static_cast<std::uint32_t>(sprinkles.size()))];
        switch (random.below(4)) {
          case 0: text.erase(at, 1); break;
          case 1: text.insert(text.begin() + at, c); break;
          case 2: text[at] = c; break;
          default: {  // a piece of the text again somewhere else
            const auto length = 1 + random.below(12);
            text.insert(random.below(static_cast<std::uint32_t>(text.size())), text.substr(at, length));
          }
        }
      }
      ++texts;
      if (const auto read = read_common_message(text)) {
        ++quick;
        const auto full = read_any_message(text);
        ASSERT_TRUE(full) << "the scanner took a text the full reader refuses: " << text;
        ASSERT_TRUE(*read == full.value()) << text;
      }
      expect_answered_as_before(text);
    }
  }
  EXPECT_GT(quick, 50) << "of " << texts;  // an edit of a space or a digit keeps some common
}

}  // namespace
}  // namespace shithead::protocol
