// The HTTP API's answers that are the same for every route: errors and the health check.
#include <gtest/gtest.h>

#include <string>

#include "protocol/api_answer.hpp"

namespace shithead::protocol {
namespace {

TEST(api_answer, an_error_is_its_code_and_message_with_the_catalogs_status) {
  const auto answer = api_error(error_code::not_found, "no such API endpoint");
  EXPECT_EQ(answer.status, 404);
  EXPECT_EQ(answer.body, R"({"error":"not_found","message":"no such API endpoint"})");
  EXPECT_EQ(answer.retry_after_seconds, std::nullopt);
}

TEST(api_answer, a_healthy_store_is_a_200_that_says_ok) {
  const auto answer = health_answer(std::nullopt);
  EXPECT_EQ(answer.status, 200);
  EXPECT_EQ(answer.body, R"({"ok":true,"status":"ok","store":"ok"})");
}

TEST(api_answer, a_failing_store_is_a_503_with_the_reason) {
  const auto answer = health_answer("the disk is full");
  EXPECT_EQ(answer.status, 503);
  EXPECT_EQ(answer.body, R"({"ok":false,"reason":"the disk is full","status":"unhealthy","store":"failing"})");
  EXPECT_EQ(answer.retry_after_seconds, std::nullopt);
}

TEST(api_answer, a_reason_that_is_not_utf8_is_replaced_not_thrown_about) {
  const auto answer = health_answer(std::string("disk \xff gone"));
  EXPECT_EQ(answer.body,
            "{\"ok\":false,\"reason\":\"disk \xEF\xBF\xBD gone\",\"status\":\"unhealthy\",\"store\":\"failing\"}");
}

}  // namespace
}  // namespace shithead::protocol
