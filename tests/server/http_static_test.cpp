// Static files: the right type and caching for each kind of file, the index for "/"
// and for table links, and nothing ever served from outside the folder.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "server/net/static_files.hpp"
#include "tests/server/gunzip.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

namespace http = boost::beast::http;

TEST(http_static, each_kind_of_file_gets_its_content_type_and_caching) {
  test::test_server server;
  const std::vector<std::pair<std::string, std::string>> types = {
      {"/index.html", "text/html; charset=utf-8"},
      {"/app.js", "text/javascript; charset=utf-8"},
      {"/lib.mjs", "text/javascript; charset=utf-8"},
      {"/style.css", "text/css; charset=utf-8"},
      {"/icon.svg", "image/svg+xml"},
      {"/logo.png", "image/png"},
      {"/favicon.ico", "image/x-icon"},
      {"/site.webmanifest", "application/manifest+json"},
      {"/font.woff2", "font/woff2"},
      {"/notes.txt", "text/plain; charset=utf-8"},
  };
  test::http_connection connection(server.port());
  for (const auto& [path, type] : types) {
    const auto reply = connection.get(path);
    ASSERT_EQ(reply.status, 200u) << path << ": " << reply.error;
    EXPECT_EQ(reply.header("Content-Type"), type) << path;
    EXPECT_EQ(reply.header("Cache-Control"), type.starts_with("text/html") ? "no-cache" : "public, max-age=3600")
        << path;
    EXPECT_EQ(reply.header("X-Content-Type-Options"), "nosniff") << path;
    EXPECT_TRUE(reply.keep_alive) << path;
  }
  EXPECT_EQ(connection.get("/logo.png").body, std::string("\x89PNG\r\n\x1a\n", 8));
}

// Issue 13: pages carry a content security policy, refuse to be framed and keep the
// table's address out of Referer headers to other sites; every answer says nosniff.
TEST(http_static, pages_carry_the_security_headers_and_every_answer_says_nosniff) {
  test::test_server server;
  for (const char* page : {"/", "/index.html", "/t/ABC123"}) {
    SCOPED_TRACE(page);
    const auto reply = test::http_get(server.port(), page);
    ASSERT_EQ(reply.status, 200u) << reply.error;
    const auto policy = reply.header("Content-Security-Policy");
    EXPECT_NE(policy.find("default-src 'self'"), std::string::npos) << policy;
    EXPECT_NE(policy.find("frame-ancestors 'none'"), std::string::npos) << policy;
    EXPECT_NE(policy.find("object-src 'none'"), std::string::npos) << policy;
    EXPECT_EQ(reply.header("X-Frame-Options"), "DENY");
    EXPECT_EQ(reply.header("Referrer-Policy"), "same-origin");
    EXPECT_EQ(reply.header("X-Content-Type-Options"), "nosniff");
  }
  for (const char* other : {"/app.js", "/style.css", "/healthz", "/api/rules", "/missing", "/metrics"}) {
    SCOPED_TRACE(other);
    const auto reply = test::http_get(server.port(), other);
    EXPECT_EQ(reply.header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(reply.header("Content-Security-Policy"), "");  // not a page
  }
}

TEST(http_static, the_root_and_folders_serve_their_index) {
  test::test_server server;
  const auto root = test::http_get(server.port(), "/");
  ASSERT_EQ(root.status, 200u) << root.error;
  EXPECT_EQ(root.body, test::index_html);
  EXPECT_EQ(root.header("Cache-Control"), "no-cache");
  EXPECT_EQ(test::http_get(server.port(), "/cards/").body, "<p>cards</p>");
  EXPECT_EQ(test::http_get(server.port(), "/cards").body, "<p>cards</p>");
  EXPECT_EQ(test::http_get(server.port(), "/?from=link").body, test::index_html);
}

TEST(http_static, a_table_link_serves_the_index) {
  test::test_server server;
  for (const char* link : {"/t/ABC123", "/t/xyz789", "/t/ABC123?join=1"}) {
    const auto reply = test::http_get(server.port(), link);
    ASSERT_EQ(reply.status, 200u) << link << ": " << reply.error;
    EXPECT_EQ(reply.body, test::index_html) << link;
    EXPECT_EQ(reply.header("Content-Type"), "text/html; charset=utf-8");
  }
  EXPECT_EQ(test::http_get(server.port(), "/t/ABC12").status, 404u);
  EXPECT_EQ(test::http_get(server.port(), "/t/ABC1234").status, 404u);
}

// Issue 33: a game page's link, /g/41, is the client's to draw from its address.
TEST(http_static, a_game_link_serves_the_index) {
  test::test_server server;
  for (const char* link : {"/g/1", "/g/41", "/g/123456789012345678", "/g/41?move=3"}) {
    const auto reply = test::http_get(server.port(), link);
    ASSERT_EQ(reply.status, 200u) << link << ": " << reply.error;
    EXPECT_EQ(reply.body, test::index_html) << link;
    EXPECT_EQ(reply.header("Content-Type"), "text/html; charset=utf-8");
  }
  for (const char* not_a_game : {"/g/", "/g/4a", "/g/-1", "/g/1234567890123456789", "/g/41/steps"})
    EXPECT_EQ(test::http_get(server.port(), not_a_game).status, 404u) << not_a_game;
}

TEST(http_static, missing_files_hidden_files_and_empty_folders_are_404) {
  test::test_server server;
  for (const char* path : {"/nope.js", "/.hidden", "/empty/", "/empty/.keep", "/cards/nope.css"})
    EXPECT_EQ(test::http_get(server.port(), path).status, 404u) << path;
}

// Issue 34: the folder holds more than the client (its README.md and package.json, a
// host's notes); only what a web page loads goes out, in any letter case.
TEST(http_static, files_that_are_not_the_clients_are_404) {
  test::test_server server;
  for (const char* path : {"/README.md", "/package.json", "/data.json", "/blob.bin", "/README.MD", "/notes"})
    EXPECT_EQ(test::http_get(server.port(), path).status, 404u) << path;
}

TEST(http_static, head_answers_the_length_without_the_body) {
  test::test_server server;
  test::http_connection connection(server.port());
  const auto reply = connection.request(http::verb::head, "/app.js");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_EQ(reply.header("Content-Length"), "19");
  EXPECT_TRUE(reply.body.empty());
  EXPECT_EQ(connection.get("/app.js").body, "export const x = 1;");
}

// Issue 15: files go out gzipped to browsers that read gzip, with validators, and a
// browser whose copy is current gets a 304 without the body.
std::string big_script() {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "export const card" + std::to_string(i) + " = 'the same words again';\n";
  return text;
}

http::fields accept_gzip() {
  http::fields fields;
  fields.set(http::field::accept_encoding, "gzip, deflate, br");
  return fields;
}

TEST(http_static, a_browser_that_reads_gzip_gets_text_gzipped_and_the_same_bytes_inside) {
  test::test_server server;
  server.folder().write("static/big.js", big_script());
  test::http_connection connection(server.port());
  const auto zipped = connection.request(http::verb::get, "/big.js", {}, accept_gzip());
  ASSERT_EQ(zipped.status, 200u) << zipped.error;
  EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
  EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(zipped.header("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_LT(zipped.body.size(), big_script().size() / 5);
  EXPECT_EQ(test::gunzip(zipped.body), big_script());

  const auto plain = connection.get("/big.js");  // no Accept-Encoding
  EXPECT_EQ(plain.header("Content-Encoding"), "");
  EXPECT_EQ(plain.header("Vary"), "Accept-Encoding");
  EXPECT_EQ(plain.body, big_script());
  EXPECT_NE(plain.header("ETag"), zipped.header("ETag"));  // two forms, two tags

  http::fields refused;
  refused.set(http::field::accept_encoding, "gzip;q=0, identity");
  EXPECT_EQ(connection.request(http::verb::get, "/big.js", {}, refused).header("Content-Encoding"), "");

  // Already compressed, or too small to gain: sent as they are, with validators still.
  for (const char* path : {"/logo.png", "/app.js"}) {
    const auto reply = connection.request(http::verb::get, path, {}, accept_gzip());
    EXPECT_EQ(reply.header("Content-Encoding"), "") << path;
    EXPECT_EQ(reply.header("Vary"), "") << path;
    EXPECT_FALSE(reply.header("ETag").empty()) << path;
    EXPECT_FALSE(reply.header("Last-Modified").empty()) << path;
  }
}

TEST(http_static, a_current_copy_gets_a_304_by_etag_or_by_date_and_a_changed_file_a_200) {
  test::test_server server;
  server.folder().write("static/big.js", big_script());
  test::http_connection connection(server.port());
  const auto first = connection.request(http::verb::get, "/big.js", {}, accept_gzip());
  ASSERT_EQ(first.status, 200u) << first.error;
  const auto etag = first.header("ETag");
  const auto modified = first.header("Last-Modified");
  ASSERT_FALSE(etag.empty());
  ASSERT_TRUE(modified.ends_with(" GMT")) << modified;

  auto ask = [&](http::field field, const std::string& value) {
    auto fields = accept_gzip();
    fields.set(field, value);
    return connection.request(http::verb::get, "/big.js", {}, fields);
  };
  const auto by_tag = ask(http::field::if_none_match, etag);
  EXPECT_EQ(by_tag.status, 304u) << by_tag.error;
  EXPECT_TRUE(by_tag.body.empty());
  EXPECT_EQ(by_tag.header("ETag"), etag);
  EXPECT_TRUE(by_tag.keep_alive);
  EXPECT_EQ(ask(http::field::if_none_match, "\"other\", W/" + etag).status, 304u);
  EXPECT_EQ(ask(http::field::if_none_match, "\"other\"").status, 200u);
  EXPECT_EQ(ask(http::field::if_modified_since, modified).status, 304u);
  EXPECT_EQ(ask(http::field::if_modified_since, "Thu, 01 Jan 2015 00:00:00 GMT").status, 200u);
  EXPECT_EQ(ask(http::field::if_modified_since, "yesterday").status, 200u);

  // The page itself revalidates too (no-cache): a reload costs a 304.
  const auto page = connection.get("/");
  auto fields = http::fields{};
  fields.set(http::field::if_none_match, page.header("ETag"));
  EXPECT_EQ(connection.request(http::verb::get, "/", {}, fields).status, 304u);

  // An edited file is served fresh, without a restart, under a new tag.
  server.folder().write("static/big.js", big_script() + "export const more = 1;\n");
  const auto changed = ask(http::field::if_none_match, etag);
  EXPECT_EQ(changed.status, 200u);
  EXPECT_NE(changed.header("ETag"), etag);
  EXPECT_EQ(test::gunzip(changed.body), big_script() + "export const more = 1;\n");
}

TEST(http_static, head_of_a_gzipped_file_gives_the_gzipped_length) {
  test::test_server server;
  server.folder().write("static/big.js", big_script());
  test::http_connection connection(server.port());
  const auto head = connection.request(http::verb::head, "/big.js", {}, accept_gzip());
  const auto get = connection.request(http::verb::get, "/big.js", {}, accept_gzip());
  ASSERT_EQ(head.status, 200u) << head.error;
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("Content-Length"), std::to_string(get.body.size()));
  EXPECT_EQ(head.header("ETag"), get.header("ETag"));
}

TEST(http_static, post_put_and_delete_are_405) {
  test::test_server server;
  for (auto verb : {http::verb::post, http::verb::put, http::verb::delete_}) {
    const auto reply = test::http_request(server.port(), verb, "/index.html", "x");
    EXPECT_EQ(reply.status, 405u) << reply.error;
    EXPECT_EQ(reply.header("Allow"), "GET, HEAD");
  }
}

// Raw requests, so that the target reaches the server exactly as written.
test::http_reply raw_get(std::uint16_t port, const std::string& target) {
  test::http_connection connection(port);
  if (!connection.send_raw("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")) return {};
  return connection.read_reply();
}

TEST(http_static, traversal_never_reaches_the_file_beside_the_root) {
  test::test_server server;
  const std::vector<std::string> attempts = {
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E/secret.txt",
      "/..%2fsecret.txt",
      "/..%2Fsecret.txt",
      "/cards/../../secret.txt",
      "/..\\secret.txt",
      "/%5c..%5csecret.txt",
      "/.%2e/secret.txt",
      "/%2e./secret.txt",
      "//../secret.txt",
      "/./../secret.txt",
      "/escape.txt",
      "/%00/../secret.txt",
      "/index.html%00.txt",
      "/%",
      "/%zz",
      "secret.txt",
      "../secret.txt",
      "http://127.0.0.1/../secret.txt",
      "/t/../../secret.txt",
      "/..",
      "/%2e%2e",
      "/cards/%2e%2e/%2e%2e/secret.txt",
  };
  for (const auto& target : attempts) {
    const auto reply = raw_get(server.port(), target);
    EXPECT_NE(reply.status, 200u) << target;
    EXPECT_EQ(reply.body.find(test::secret_text), std::string::npos) << target;
  }
  // The server still serves what it should.
  EXPECT_EQ(test::http_get(server.port(), "/index.html").status, 200u);
}

TEST(http_static, resolving_refuses_dot_dot_encoded_or_not) {
  const test::temp_folder folder;
  test::write_static_site(folder);
  const auto root = canonical_static_root((folder.path() / "static").string());
  ASSERT_TRUE(root.error.empty()) << root.error;
  EXPECT_EQ(resolve_static_file(root.path, "/app.js").status, static_status::found);
  EXPECT_EQ(resolve_static_file(root.path, "/app.js").file, root.path / "app.js");
  EXPECT_EQ(resolve_static_file(root.path, "/").file, root.path / "index.html");
  for (const char* bad : {"/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/a\\b", "/%5c", "/%00",
                          "relative", "/%", "/%g0", "/./app.js"})
    EXPECT_EQ(resolve_static_file(root.path, bad).status, static_status::bad_path) << bad;
  for (const char* missing : {"/escape.txt", "/.hidden", "/nope", "/empty"})
    EXPECT_EQ(resolve_static_file(root.path, missing).status, static_status::not_found) << missing;
}

TEST(http_static, a_missing_static_folder_is_a_startup_error) {
  EXPECT_FALSE(canonical_static_root("/no/such/folder/anywhere").error.empty());
  server_settings settings;
  settings.port = 0;
  settings.bind = "127.0.0.1";
  settings.static_dir = "/no/such/folder/anywhere";
  server_options options;
  options.handle_signals = false;
  shithead::server::server s(settings, options);
  const auto started = s.start();
  ASSERT_FALSE(started);
  EXPECT_NE(started.error().message.find("/no/such/folder/anywhere"), std::string::npos);
}

TEST(http_static, percent_decoding) {
  EXPECT_EQ(percent_decode("/a%20b%2F"), "/a b/");
  EXPECT_EQ(percent_decode("/plain"), "/plain");
  EXPECT_FALSE(percent_decode("/%2"));
  EXPECT_FALSE(percent_decode("/%x1"));
}

}  // namespace
}  // namespace shithead::server
