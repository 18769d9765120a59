#include <gtest/gtest.h>

#include <array>
#include <string>

#include "protocol/json_reader.hpp"
#include "protocol/json_text.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

TEST(json_text, malformed_text_is_an_error_with_line_and_column) {
  auto read = parse_json_text("{\"players\": 3,\n \"dealer\": }");
  ASSERT_FALSE(read);
  EXPECT_TRUE(contains(read.error().message, "invalid JSON")) << read.error().message;
  EXPECT_TRUE(contains(read.error().message, "line 2")) << read.error().message;
  EXPECT_FALSE(contains(read.error().message, "[json.exception")) << read.error().message;
}

TEST(json_text, empty_text_is_an_error) {
  EXPECT_FALSE(parse_json_text(""));
  EXPECT_FALSE(parse_json_text("   "));
}

TEST(json_text, invalid_utf8_is_an_error_not_an_exception) { EXPECT_FALSE(parse_json_text("\"\xff\xfe\"")); }

TEST(json_text, objects_keep_the_order_written) {
  auto read = parse_json_text(R"({"b": 1, "a": 2})");
  ASSERT_TRUE(read);
  EXPECT_EQ(dump_json(read.value()), R"({"b":1,"a":2})");
  EXPECT_EQ(format_json_line(read.value()), R"({"b": 1, "a": 2})");
}

TEST(json_text, a_line_has_spaces_after_colons_and_commas_only) {
  const json value = json::parse(R"({"ok": true, "places": [0, 2], "next": null, "m": "a, b: c"})");
  EXPECT_EQ(format_json_line(value), R"({"ok": true, "places": [0, 2], "next": null, "m": "a, b: c"})");
  EXPECT_EQ(format_json_line(json::array()), "[]");
  EXPECT_EQ(format_json_line(json::object()), "{}");
}

TEST(json_reader, paths_join_keys_and_indices) {
  EXPECT_EQ(field_path("", "deal"), "deal");
  EXPECT_EQ(field_path("deal", "hands"), "deal.hands");
  EXPECT_EQ(index_path("deal.hands", 2), "deal.hands[2]");
  EXPECT_EQ(error_at("", "missing").message, "missing");
  EXPECT_EQ(error_at("players", "missing").message, "players: missing");
}

TEST(json_reader, integers_are_checked_for_type_and_range) {
  EXPECT_EQ(read_int(json(3), "n", 2, 8).value(), 3);
  EXPECT_EQ(read_int(json(-4), "n", -5, 8).value(), -4);
  EXPECT_EQ(read_int(json(9), "n", 2, 8).error().message, "n: 9 is out of range 2..8");
  EXPECT_EQ(read_int(json(-1), "n", 0, 8).error().message, "n: -1 is out of range 0..8");
  EXPECT_EQ(read_int(json(3.5), "n", 2, 8).error().message, "n: expected an integer, got 3.5");
  EXPECT_EQ(read_int(json("3"), "n", 2, 8).error().message, "n: expected an integer, got \"3\"");
  EXPECT_FALSE(read_int(json(18446744073709551615ull), "n", 0, 8));
  EXPECT_FALSE(read_int(json(4294967296ll), "n", -2147483647 - 1, 2147483647));
}

TEST(json_reader, unsigned_64_bit_values_read_whole) {
  EXPECT_EQ(read_uint64(json(18446744073709551615ull), "seed").value(), 18446744073709551615ull);
  EXPECT_FALSE(read_uint64(json(-1), "seed"));
  EXPECT_FALSE(read_uint64(json(1.5), "seed"));
  EXPECT_FALSE(read_uint64(json("1"), "seed"));
}

TEST(json_reader, booleans_and_strings_are_checked) {
  EXPECT_TRUE(read_bool(json(true), "b").value());
  EXPECT_EQ(read_bool(json(1), "b").error().message, "b: expected true or false, got 1");
  EXPECT_EQ(read_string(json("x"), "s").value(), "x");
  EXPECT_EQ(read_string(json(nullptr), "s").error().message, "s: expected a string, got null");
}

TEST(json_reader, long_values_are_quoted_short) {
  const std::string long_text(100, 'x');
  const std::string quoted = quote(json(long_text));
  EXPECT_LT(quoted.size(), 50u);
  EXPECT_EQ(quoted.substr(quoted.size() - 3), "...");
}

TEST(json_reader, deeply_nested_values_are_quoted_shallow) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += '[';
  for (int i = 0; i < 100000; ++i) text += ']';
  auto deep = parse_json_text(text);
  ASSERT_TRUE(deep) << deep.error().message;
  EXPECT_EQ(quote(deep.value()), "[[[...]]]");
  EXPECT_EQ(read_int(deep.value(), "players", 2, 8).error().message, "players: expected an integer, got [[[...]]]");
  EXPECT_EQ(quote(json::parse(R"({"a": [1, {"b": 2}]})")), R"({"a":[1,{...}]})");
}

TEST(json_reader, quoting_never_splits_a_utf8_character) {
  std::string text(38, 'x');
  for (int i = 0; i < 10; ++i) text += "\xc3\xa9";                    // é
  const std::string quoted = quote(json(text));                       // the cut falls inside an é
  EXPECT_NO_THROW(static_cast<void>(json(quoted).dump())) << quoted;  // strict UTF-8 check
}

TEST(json_reader, unknown_keys_are_named) {
  static constexpr std::array<std::string_view, 2> known = {"a", "b"};
  EXPECT_FALSE(check_object(json::parse(R"({"a": 1})"), "x", known));
  auto bad = check_object(json::parse(R"({"a": 1, "c": 2})"), "x", known);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->message, "x.c: unknown key");
  auto not_object = check_object(json::array(), "x", known);
  ASSERT_TRUE(not_object);
  EXPECT_EQ(not_object->message, "x: expected an object, got []");
}

TEST(json_reader, a_missing_field_is_named) {
  const json object = json::parse(R"({"a": 1})");
  EXPECT_TRUE(require_field(object, "", "a"));
  EXPECT_EQ(require_field(object, "deal", "hands").error().message, "deal.hands: missing");
  EXPECT_EQ(find_field(json(3), "a"), nullptr);
}

}  // namespace
}  // namespace shithead::protocol
