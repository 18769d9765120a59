// The kept answers of GET /api/games/{id}/steps: both forms, the least recently asked
// for out first when the bytes run out, and nothing larger than the whole cache.
#include "server/app/steps_cache.hpp"

#include <gtest/gtest.h>

#include <string>

namespace shithead::server {
namespace {

http_reply answer_of(std::size_t bytes) {
  http_reply reply;
  reply.body = std::string(bytes, 'x');
  reply.cache_control = "public, max-age=86400, immutable";
  return reply;
}

TEST(steps_cache, gives_back_the_form_the_request_accepts) {
  steps_cache cache(1000);
  EXPECT_FALSE(cache.find(7, true));
  cache.keep(7, answer_of(300), "gz");
  const auto plain = cache.find(7, false);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->body, std::string(300, 'x'));
  EXPECT_FALSE(plain->gzipped);
  EXPECT_EQ(plain->cache_control, "public, max-age=86400, immutable");
  const auto zipped = cache.find(7, true);
  ASSERT_TRUE(zipped);
  EXPECT_EQ(zipped->body, "gz");
  EXPECT_TRUE(zipped->gzipped);
  // An answer too small to gzip has one form, for everyone.
  cache.keep(8, answer_of(10), "");
  EXPECT_FALSE(cache.find(8, true)->gzipped);
  EXPECT_EQ(cache.total_bytes(), 302u + 10u);
}

TEST(steps_cache, the_least_recently_asked_for_make_room) {
  steps_cache cache(1000);
  cache.keep(1, answer_of(400), "");
  cache.keep(2, answer_of(400), "");
  ASSERT_TRUE(cache.find(1, false));  // 2 is now the least recent
  cache.keep(3, answer_of(400), "");
  EXPECT_TRUE(cache.find(1, false));
  EXPECT_FALSE(cache.find(2, false));
  EXPECT_TRUE(cache.find(3, false));
  EXPECT_EQ(cache.entries(), 2u);
  EXPECT_LE(cache.total_bytes(), 1000u);
  // Kept again, a game replaces its old answer rather than counting twice.
  cache.keep(3, answer_of(100), "");
  EXPECT_EQ(cache.total_bytes(), 500u);
  // Larger than the whole cache: not kept, and nothing else is pushed out for it.
  cache.keep(4, answer_of(2000), "");
  EXPECT_FALSE(cache.find(4, false));
  EXPECT_EQ(cache.entries(), 2u);
}

}  // namespace
}  // namespace shithead::server
