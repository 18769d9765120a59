// The static cache's parts one at a time: gzip, Accept-Encoding, ETags, HTTP dates, and
// the cache's own bounds and freshness.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "server/net/static_cache.hpp"
#include "tests/server/gunzip.hpp"
#include "tests/server/http_test_server.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;

std::string repeated(std::string_view piece, int times) {
  std::string text;
  for (int i = 0; i < times; ++i) text += piece;
  return text;
}

TEST(static_cache, gzip_round_trips_and_shrinks_text) {
  const auto text = repeated("<div class=\"card\">", 500);
  const auto packed = gzip_compress(text);
  EXPECT_LT(packed.size(), text.size() / 20);
  EXPECT_EQ(test::gunzip(packed), text);
  EXPECT_EQ(test::gunzip(gzip_compress("")), "");
}

TEST(static_cache, accept_encoding_is_read_with_its_weights) {
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("gzip, deflate, br, zstd"));
  EXPECT_TRUE(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_TRUE(accepts_gzip("x-gzip"));
  EXPECT_FALSE(accepts_gzip(""));
  EXPECT_FALSE(accepts_gzip("identity"));
  EXPECT_FALSE(accepts_gzip("br, deflate"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0.000"));
  EXPECT_FALSE(accepts_gzip("*, gzip;q=0"));  // named, it is refused whatever * says
  EXPECT_FALSE(accepts_gzip("*;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip;q=nonsense"));
  EXPECT_FALSE(accepts_gzip("gzipped"));
}

TEST(static_cache, if_none_match_compares_weakly_and_takes_lists_and_star) {
  const std::string tag = "\"1a-00ff\"";
  EXPECT_TRUE(etag_matches(tag, tag));
  EXPECT_TRUE(etag_matches("W/" + tag, tag));
  EXPECT_TRUE(etag_matches("\"x\", " + tag, tag));
  EXPECT_TRUE(etag_matches("*", tag));
  EXPECT_FALSE(etag_matches("\"1a-00fe\"", tag));
  EXPECT_FALSE(etag_matches("1a-00ff", tag));  // unquoted is not the same tag
  EXPECT_FALSE(etag_matches("", tag));
}

TEST(static_cache, http_dates_go_out_and_come_back) {
  const auto time = std::chrono::sys_days{std::chrono::year{1994} / 11 / 6} + 8h + 49min + 37s;
  EXPECT_EQ(http_date(time), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), time);
  const auto later = std::chrono::sys_days{std::chrono::year{2026} / 11 / 25} + 23h + 59min + 59s;
  EXPECT_EQ(parse_http_date(http_date(later)), later);
  for (const char* bad :
       {"", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Sun, 06 Nov 1994 08:49:37 UTC",
        "Sun, 06 Xyz 1994 08:49:37 GMT", "Sun, 36 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 0x Nov 1994 08:49:37 GMT"})
    EXPECT_FALSE(parse_http_date(bad)) << bad;
}

TEST(static_cache, only_text_like_types_are_gzipped) {
  EXPECT_TRUE(worth_gzipping("text/javascript; charset=utf-8"));
  EXPECT_TRUE(worth_gzipping("text/css; charset=utf-8"));
  EXPECT_TRUE(worth_gzipping("image/svg+xml"));
  EXPECT_TRUE(worth_gzipping("application/manifest+json"));
  EXPECT_TRUE(worth_gzipping("application/json"));
  EXPECT_FALSE(worth_gzipping("image/png"));
  EXPECT_FALSE(worth_gzipping("image/x-icon"));
  EXPECT_FALSE(worth_gzipping("font/woff2"));
  EXPECT_FALSE(worth_gzipping("application/octet-stream"));
}

TEST(static_cache, a_file_is_read_once_and_again_only_when_it_changes) {
  test::temp_folder folder;
  const auto text = repeated("body { margin: 0 }\n", 100);
  folder.write("a.css", text);
  static_cache cache;
  const auto first = cache.get(folder.path() / "a.css", "text/css; charset=utf-8");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->body, text);
  EXPECT_EQ(test::gunzip(first->gzipped), text);
  EXPECT_NE(first->etag, first->gzipped_etag);
  EXPECT_EQ(cache.get(folder.path() / "a.css", "text/css; charset=utf-8"), first);  // the same copy
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.total_bytes(), first->cost());

  folder.write("a.css", text + "p { margin: 1em }\n");
  const auto second = cache.get(folder.path() / "a.css", "text/css; charset=utf-8");
  ASSERT_TRUE(second);
  EXPECT_NE(second, first);
  EXPECT_NE(second->etag, first->etag);
  EXPECT_EQ(cache.entries(), 1u);
  EXPECT_EQ(cache.total_bytes(), second->cost());

  EXPECT_FALSE(cache.get(folder.path() / "missing.css", "text/css; charset=utf-8"));
}

TEST(static_cache, its_bounds_hold_big_files_are_left_to_disk_and_old_entries_make_room) {
  test::temp_folder folder;
  folder.write("big.bin", std::string(2000, 'x'));
  for (int i = 0; i < 5; ++i)
    folder.write("f" + std::to_string(i) + ".bin", std::string(400, static_cast<char>('a' + i)));
  static_cache cache({.max_total_bytes = 1000, .max_file_bytes = 1500});
  EXPECT_FALSE(cache.get(folder.path() / "big.bin", "application/octet-stream"));
  for (int i = 0; i < 5; ++i) {
    const auto file = cache.get(folder.path() / ("f" + std::to_string(i) + ".bin"), "application/octet-stream");
    ASSERT_TRUE(file);
    EXPECT_EQ(file->body, std::string(400, static_cast<char>('a' + i)));
    EXPECT_LE(cache.total_bytes(), 1000u);
  }
  EXPECT_EQ(cache.entries(), 2u);
}

TEST(static_cache, the_entries_asked_for_least_recently_make_room) {
  test::temp_folder folder;
  for (const char* name : {"a.bin", "b.bin", "c.bin"}) folder.write(name, std::string(400, name[0]));
  static_cache cache({.max_total_bytes = 1000, .max_file_bytes = 1000});
  const auto get = [&](const char* name) { return cache.get(folder.path() / name, "application/octet-stream"); };
  const auto a = get("a.bin");
  const auto b = get("b.bin");
  EXPECT_EQ(get("a.bin"), a);  // a is now the more recent of the two
  get("c.bin");                // no room for three: b goes
  EXPECT_EQ(cache.entries(), 2u);
  EXPECT_EQ(get("a.bin"), a);  // the same copy: still cached
  EXPECT_NE(get("b.bin"), b);  // read again; c was asked for before a, so c went
  EXPECT_EQ(cache.entries(), 2u);
  EXPECT_EQ(cache.total_bytes(), 800u);
}

}  // namespace
}  // namespace shithead::server
