// Whole strings read as strict UTF-8: what the store asks before it hands a typed name
// to a database, which refuses bytes that are not text.
#include <gtest/gtest.h>

#include <string>

#include "server/core/utf8.hpp"

namespace shithead::server {
namespace {

TEST(utf8, text_in_any_script_is_utf8) {
  EXPECT_TRUE(is_utf8(""));
  EXPECT_TRUE(is_utf8("Ana"));
  EXPECT_TRUE(is_utf8("Åsa Ødegård"));
  EXPECT_TRUE(is_utf8("Иван 漢字 \xf0\x9f\x83\x8f"));
}

TEST(utf8, stray_truncated_overlong_and_surrogate_bytes_are_not) {
  EXPECT_FALSE(is_utf8("\xff\xfe"));
  EXPECT_FALSE(is_utf8("Ana\xc3"));              // cut short
  EXPECT_FALSE(is_utf8("\xc0\xaf"));             // an overlong "/"
  EXPECT_FALSE(is_utf8("\xed\xa0\x80"));         // a surrogate
  EXPECT_FALSE(is_utf8("\xf4\x90\x80\x80"));     // beyond U+10FFFF
  EXPECT_FALSE(is_utf8(std::string("a\x80z")));  // a continuation byte alone
}

}  // namespace
}  // namespace shithead::server
