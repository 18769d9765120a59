// The JSON writer of the hot frames: commas, numbers, and strings escaped exactly as
// nlohmann's dump escapes them, valid UTF-8 or not.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "rules/rng.hpp"

namespace shithead::protocol {
namespace {

TEST(json_writer, commas_come_between_members_and_items_at_every_depth) {
  std::string text;
  json_writer out(text);
  out.begin_object().key("a").begin_array().number(1).begin_object().end_object().begin_array().end_array();
  out.null().end_array().key("b").boolean(false).key("c").string("x").end_object();
  EXPECT_EQ(text, R"({"a":[1,{},[],null],"b":false,"c":"x"})");
}

TEST(json_writer, numbers_cover_the_whole_range_of_64_bits) {
  std::string text;
  json_writer out(text);
  out.begin_array().number(std::int64_t{INT64_MIN}).number(std::uint64_t{UINT64_MAX}).number(0).number(-1).end_array();
  json expected = json::array({INT64_MIN, UINT64_MAX, 0, -1});
  EXPECT_EQ(text, dump_json(expected));
}

// Strings built from pieces chosen to break an escaper: every control character, the
// two characters JSON escapes, UTF-8 of every length, and byte sequences that are not
// UTF-8 (stray continuations, truncated sequences, overlong forms, surrogates, code
// points past U+10FFFF, bytes that never occur).
const std::vector<std::string>& awkward_pieces() {
  static const std::vector<std::string> pieces = [] {
    std::vector<std::string> out = {"a",
                                    "Ana",
                                    " ",
                                    "\"",
                                    "\\",
                                    "/",
                                    "\x7f",
                                    "é",
                                    "€",
                                    "ß",
                                    "漢字",
                                    "🔥",
                                    "👩‍👩‍👧",
                                    "\xef\xbf\xbd",
                                    "\xf4\x8f\xbf\xbf",
                                    "\x80",
                                    "\xbf",
                                    "\xc0\xaf",
                                    "\xc1\xbf",
                                    "\xc2",
                                    "\xe2\x82",
                                    "\xf0\x9f\x94",
                                    "\xe0\x80\xaf",
                                    "\xe0\x9f\xbf",
                                    "\xed\xa0\x80",
                                    "\xed\xbf\xbf",
                                    "\xf0\x80\x80\xaf",
                                    "\xf4\x90\x80\x80",
                                    "\xf5\x80\x80\x80",
                                    "\xf8",
                                    "\xfe",
                                    "\xff",
                                    std::string(1, '\0')};
    for (char c = 1; c < 0x20; ++c) out.emplace_back(1, c);
    return out;
  }();
  return pieces;
}

std::string awkward_string(rules::rng& random, int max_pieces) {
  const auto& pieces = awkward_pieces();
  std::string text;
  const auto count = random.below(static_cast<std::uint32_t>(max_pieces) + 1);
  for (std::uint32_t i = 0; i < count; ++i) text += pieces[random.below(static_cast<std::uint32_t>(pieces.size()))];
  return text;
}

TEST(json_writer, a_string_is_escaped_as_nlohmann_escapes_it_valid_utf8_or_not) {
  for (const auto& piece : awkward_pieces()) {
    std::string text;
    append_json_string(text, piece);
    EXPECT_EQ(text, dump_json(json(piece))) << "piece of " << piece.size() << " bytes";
  }
  rules::rng random(2024);
  for (int i = 0; i < 20'000; ++i) {
    const auto piece = awkward_string(random, 8);
    std::string text;
    append_json_string(text, piece);
    ASSERT_EQ(text, dump_json(json(piece)));
  }
}

TEST(json_writer, control_characters_are_short_escapes_or_lowercase_hex) {
  std::string text;
  append_json_string(text, std::string("\b\f\n\r\t\x01\x1f\x1b", 8));
  EXPECT_EQ(text, R"("\b\f\n\r\t\u0001\u001f\u001b")");
}

}  // namespace
}  // namespace shithead::protocol
