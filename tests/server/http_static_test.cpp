// Static files: the right type and caching for each kind of file, the index for "/"
// and for table links, and nothing ever served from outside the folder.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "server/net/static_files.hpp"
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
      {"/data.json", "application/json"},
      {"/site.webmanifest", "application/manifest+json"},
      {"/font.woff2", "font/woff2"},
      {"/notes.txt", "text/plain; charset=utf-8"},
      {"/blob.bin", "application/octet-stream"},
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

TEST(http_static, missing_files_hidden_files_and_empty_folders_are_404) {
  test::test_server server;
  for (const char* path : {"/nope.js", "/.hidden", "/empty/", "/empty/.keep", "/cards/nope.css"})
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
      "/../secret.txt",         "/%2e%2e/secret.txt",   "/%2E%2E/secret.txt",  "/..%2fsecret.txt",
      "/..%2Fsecret.txt",       "/cards/../../secret.txt", "/..\\secret.txt",  "/%5c..%5csecret.txt",
      "/.%2e/secret.txt",       "/%2e./secret.txt",     "//../secret.txt",     "/./../secret.txt",
      "/escape.txt",            "/%00/../secret.txt",   "/index.html%00.txt",  "/%",
      "/%zz",                   "secret.txt",           "../secret.txt",       "http://127.0.0.1/../secret.txt",
      "/t/../../secret.txt",    "/..",                  "/%2e%2e",             "/cards/%2e%2e/%2e%2e/secret.txt",
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
  config settings;
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
