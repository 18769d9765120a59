// The error catalog: one row per code, texts unique and stable, the rules' codes mapped
// to the same text, and the close codes the connection limits use.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "protocol/error_code.hpp"

namespace shithead::protocol {
namespace {

TEST(error_codes, every_code_has_one_row_with_its_own_text_that_reads_back_as_the_code) {
  std::set<std::string> texts;
  for (std::size_t i = 0; i < error_codes.size(); ++i) {
    const auto& row = error_codes[i];
    EXPECT_EQ(static_cast<std::size_t>(row.code), i);
    EXPECT_TRUE(texts.insert(std::string(row.text)).second) << row.text;
    EXPECT_EQ(parse_error_code(row.text), row.code) << row.text;
    EXPECT_GE(row.http_status, 400) << row.text;
    EXPECT_LT(row.http_status, 600) << row.text;
  }
  EXPECT_EQ(parse_error_code("made_up"), std::nullopt);
}

TEST(error_codes, a_rules_code_is_sent_with_the_rules_own_text) {
  for (int i = 0; i <= static_cast<int>(rules::error_code::not_a_burn_in); ++i) {
    const auto code = static_cast<rules::error_code>(i);
    EXPECT_EQ(to_string(from_rules(code)), rules::to_string(code));
  }
}

TEST(error_codes, only_the_connection_limits_and_a_moved_session_or_table_close_the_connection) {
  EXPECT_EQ(info(error_code::message_too_big).close_code, 1009);
  EXPECT_EQ(info(error_code::too_many_messages).close_code, 1008);
  EXPECT_EQ(info(error_code::too_many_connections).close_code, 1013);
  // Another server of a cluster took the table over: connecting again reaches it.
  EXPECT_EQ(info(error_code::table_moved).close_code, 1012);
  // Ours: the player said hello on a newer connection; the client must not reconnect.
  EXPECT_EQ(info(error_code::session_moved).close_code, 4409);
  int closing = 0;
  for (const auto& row : error_codes) closing += row.close_code != 0 ? 1 : 0;
  EXPECT_EQ(closing, 5);
}

TEST(error_codes, http_answers_use_the_catalog_statuses) {
  EXPECT_EQ(info(error_code::not_found).http_status, 404);
  EXPECT_EQ(info(error_code::bad_query).http_status, 400);
  EXPECT_EQ(info(error_code::store_unavailable).http_status, 503);
  EXPECT_EQ(info(error_code::method_not_allowed).http_status, 405);
}

}  // namespace
}  // namespace shithead::protocol
