// Which pages may open the game's WebSocket: the same origin by default, the listed ones
// besides, every one with "*"; a handshake without Origin comes from no browser and
// passes. Another site's page is refused with a 403 before any game sees it.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/net/origin_check.hpp"
#include "server/net/websocket_session.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using namespace std::chrono_literals;

origin_policy policy(std::string_view list) {
  auto parsed = parse_origin_policy(list);
  EXPECT_TRUE(parsed) << list;
  return parsed ? parsed.value() : origin_policy{};
}

// ---- the rule itself -------------------------------------------------------------------

bool allowed(const origin_policy& p, std::optional<std::string_view> origin, std::string_view host,
             std::optional<std::string_view> forwarded_proto = std::nullopt) {
  return origin_allowed(p, handshake_origin{origin, host, forwarded_proto});
}

TEST(origin_rule, an_origin_is_normalised_with_its_port_made_explicit) {
  EXPECT_EQ(parse_origin("https://Cards.Example.org")->to_string(), "https://cards.example.org:443");
  EXPECT_EQ(parse_origin("http://localhost:8080/")->to_string(), "http://localhost:8080");
  EXPECT_EQ(parse_origin("http://[::1]:8080")->to_string(), "http://[::1]:8080");
  EXPECT_EQ(parse_origin("HTTP://example.org")->port, 80);
  for (const char* bad : {"null", "", "example.org", "ftp://example.org", "http://", "http://a:0", "http://a:65536",
                          "http://a:80/path", "http://user@a", "http://[::1", "http://a b"})
    EXPECT_FALSE(parse_origin(bad)) << bad;
}

// Issue 13: the scheme counts too. This server speaks http; a page over https is of
// another origin unless a TLS proxy in front says so.
TEST(origin_rule, the_same_origin_passes_with_the_scheme_the_request_came_in_by) {
  const origin_policy same_only;
  EXPECT_TRUE(allowed(same_only, "http://127.0.0.1:8080", "127.0.0.1:8080"));
  EXPECT_TRUE(allowed(same_only, "http://cards.example.org", "Cards.Example.org"));
  EXPECT_FALSE(allowed(same_only, "https://cards.example.org", "cards.example.org"));
  EXPECT_FALSE(allowed(same_only, "https://127.0.0.1:8080", "127.0.0.1:8080"));
  // Behind a TLS proxy the server sees http, the browser used https on 443.
  EXPECT_TRUE(allowed(same_only, "https://cards.example.org", "cards.example.org", "https"));
  EXPECT_TRUE(allowed(same_only, "https://cards.example.org", "cards.example.org:443", " HTTPS "));
  EXPECT_FALSE(allowed(same_only, "http://cards.example.org", "cards.example.org", "https"));
  EXPECT_TRUE(allowed(same_only, "http://cards.example.org", "cards.example.org", "http"));
}

// Issue 13: a page at a name of the attacker's that resolves to this server (DNS
// rebinding) sends its own name as both Origin and Host. Told its public address, the
// server refuses every other name.
TEST(origin_rule, with_a_public_url_only_that_origin_and_host_pass) {
  origin_policy told;
  told.public_origin = parse_origin("https://cards.example.org");
  EXPECT_TRUE(allowed(told, "https://cards.example.org", "cards.example.org"));
  EXPECT_TRUE(allowed(told, "https://cards.example.org", "cards.example.org:443"));
  EXPECT_FALSE(allowed(told, "http://evil.example", "evil.example"));
  EXPECT_FALSE(allowed(told, "https://evil.example", "evil.example", "https"));
  EXPECT_FALSE(allowed(told, "http://cards.example.org", "cards.example.org"));  // the scheme
  EXPECT_FALSE(allowed(told, "https://cards.example.org", "10.0.0.5:8080"));     // another Host
  EXPECT_TRUE(allowed(told, std::nullopt, "10.0.0.5:8080"));                     // no browser
  told.listed.push_back(*parse_origin("http://localhost:5173"));
  EXPECT_TRUE(allowed(told, "http://localhost:5173", "10.0.0.5:8080"));  // listed still pass
}

TEST(origin_rule, another_host_or_port_is_refused_unless_listed) {
  const origin_policy same_only;
  EXPECT_FALSE(allowed(same_only, "https://evil.example", "cards.example.org"));
  EXPECT_FALSE(allowed(same_only, "http://127.0.0.1:9999", "127.0.0.1:8080"));
  EXPECT_FALSE(allowed(same_only, "http://localhost:8080", "127.0.0.1:8080"));
  EXPECT_FALSE(allowed(same_only, "null", "127.0.0.1:8080"));
  EXPECT_FALSE(allowed(same_only, "http://127.0.0.1:8080", ""));  // no Host to compare with
  const auto listed = policy("https://cards.example.org, http://localhost:5173");
  EXPECT_TRUE(allowed(listed, "https://cards.example.org", "10.0.0.5:8080"));
  EXPECT_TRUE(allowed(listed, "http://LOCALHOST:5173", "10.0.0.5:8080"));
  EXPECT_FALSE(allowed(listed, "http://cards.example.org", "10.0.0.5:8080"));  // port 80, not 443
  EXPECT_FALSE(allowed(listed, "https://evil.example", "10.0.0.5:8080"));
}

TEST(origin_rule, no_origin_passes_and_a_star_lets_every_page_in) {
  EXPECT_TRUE(allowed(origin_policy{}, std::nullopt, "127.0.0.1:8080"));
  const auto any = policy("*");
  EXPECT_TRUE(any.any);
  EXPECT_TRUE(allowed(any, "https://evil.example", "127.0.0.1:8080"));
  EXPECT_TRUE(allowed(any, "null", "127.0.0.1:8080"));
}

TEST(origin_rule, a_policy_lists_origins_once_and_names_a_bad_entry) {
  EXPECT_EQ(policy(""), origin_policy{});
  EXPECT_EQ(policy(" , ").listed.size(), 0u);
  EXPECT_EQ(policy("https://a.example,https://A.example:443/").listed.size(), 1u);
  const auto bad = parse_origin_policy("https://a.example, cards.example.org");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'cards.example.org'"), std::string::npos) << bad.error();
}

TEST(origin_rule, header_text_is_made_safe_for_a_log_line) {
  EXPECT_EQ(printable_header("https://a.example"), "https://a.example");
  EXPECT_EQ(printable_header("a\r\nb\\\xff"), "a\\x0d\\x0ab\\x5c\\xff");
  const auto long_text = printable_header(std::string(500, 'x'));
  EXPECT_EQ(long_text, std::string(200, 'x') + "...");
}

// ---- on a real server ------------------------------------------------------------------

// Echoes text, so a test can tell that a handshake became a working session.
class counting_echo_handler : public session_handler {
 public:
  void on_open(const std::shared_ptr<websocket_session>&) override { ++opened; }
  void on_text(const std::shared_ptr<websocket_session>& session, std::string text) override {
    session->deliver(make_frame("echo:" + text));
  }
  void on_close(const std::shared_ptr<websocket_session>&) override {}
  std::atomic<int> opened{0};
};

// A server on 127.0.0.1 with this origin policy whose /ws sessions echo.
class origin_server {
 public:
  explicit origin_server(origin_policy allowed) {
    test::write_static_site(folder_);
    server_settings settings;
    settings.port = 0;
    settings.bind = "127.0.0.1";
    settings.threads = 2;
    settings.static_dir = (folder_.path() / "static").string();
    settings.log_level = "error";  // the refusals are logged at warn, on purpose
    settings.allowed_origins = std::move(allowed);
    server_options options;
    options.handle_signals = false;
    server_ = std::make_unique<server>(settings, options);
    server_->set_websocket_upgrade([handler = handler_](beast::tcp_stream stream, http::request<http::string_body> req,
                                                        address_table::ticket place) {
      std::make_shared<websocket_session>(std::move(stream), handler, websocket_limits{}, nullptr, std::move(place))
          ->run(std::move(req));
    });
    auto started = server_->start();
    if (!started) {
      ADD_FAILURE() << started.error().message;
      return;
    }
    port_ = started.value();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~origin_server() {
    server_->shutdown();
    if (thread_.joinable()) thread_.join();
  }
  origin_server(const origin_server&) = delete;
  origin_server& operator=(const origin_server&) = delete;

  std::uint16_t port() const { return port_; }
  std::string own_origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int sessions_opened() const { return handler_->opened; }

 private:
  test::temp_folder folder_;
  std::shared_ptr<counting_echo_handler> handler_ = std::make_shared<counting_echo_handler>();
  std::unique_ptr<server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

struct handshake_result {
  unsigned status = 0;
  std::string content_type;
  std::string body;
  std::string echo;  // what the session echoed to "hi", once upgraded
  std::string error;
};

// A browser's handshake, with this Origin header (or none), then one message.
handshake_result open_websocket(std::uint16_t port, std::optional<std::string> origin, std::string host = {},
                                std::optional<std::string> forwarded_proto = std::nullopt) {
  handshake_result result;
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  bool done = false;
  beast::error_code ec;
  beast::get_lowest_layer(ws).expires_after(5s);
  beast::get_lowest_layer(ws).async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                                            [&](beast::error_code e) { ec = e, done = true; });
  if (!test::run_for(ioc, done, 6s) || ec) {
    result.error = "connect: " + ec.message();
    return result;
  }
  beast::get_lowest_layer(ws).expires_never();
  websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
  timeouts.handshake_timeout = 5s;
  ws.set_option(timeouts);
  ws.set_option(websocket::stream_base::decorator([origin, forwarded_proto](websocket::request_type& request) {
    if (origin) request.set(http::field::origin, *origin);
    if (forwarded_proto) request.set("X-Forwarded-Proto", *forwarded_proto);
  }));
  websocket::response_type response;
  done = false;
  if (host.empty()) host = "127.0.0.1:" + std::to_string(port);
  ws.async_handshake(response, host, "/ws", [&](beast::error_code e) {
    ec = e;
    done = true;
  });
  if (!test::run_for(ioc, done, 6s)) {
    result.error = "handshake: timed out";
    return result;
  }
  result.status = response.result_int();
  result.content_type = std::string(response[http::field::content_type]);
  result.body = response.body();
  if (ec) return result;
  done = false;
  ws.text(true);
  ws.async_write(net::buffer(std::string_view("hi")), [&](beast::error_code e, std::size_t) { ec = e, done = true; });
  if (!test::run_for(ioc, done, 6s) || ec) {
    result.error = "write: " + ec.message();
    return result;
  }
  beast::flat_buffer buffer;
  done = false;
  ws.async_read(buffer, [&](beast::error_code e, std::size_t) { ec = e, done = true; });
  if (!test::run_for(ioc, done, 6s) || ec) {
    result.error = "read: " + ec.message();
    return result;
  }
  result.echo = beast::buffers_to_string(buffer.data());
  beast::get_lowest_layer(ws).socket().close(ec);
  return result;
}

void expect_upgraded(const handshake_result& result, const std::string& what) {
  EXPECT_EQ(result.status, 101u) << what << ": " << result.error << " " << result.body;
  EXPECT_EQ(result.echo, "echo:hi") << what << ": " << result.error;
}

void expect_refused(const handshake_result& result, const std::string& what) {
  EXPECT_EQ(result.status, 403u) << what << ": " << result.error;
  EXPECT_EQ(result.content_type, "text/plain; charset=utf-8") << what;
  EXPECT_NE(result.body.find("origin"), std::string::npos) << what << ": " << result.body;
  EXPECT_TRUE(result.echo.empty()) << what;
}

TEST(origin_check, a_page_of_this_server_opens_the_websocket) {
  origin_server server(origin_policy{});
  expect_upgraded(open_websocket(server.port(), server.own_origin()), "same origin");
  const auto over_https = "https://127.0.0.1:" + std::to_string(server.port());
  expect_upgraded(open_websocket(server.port(), over_https, {}, "https"), "same host and port over a TLS proxy");
  expect_refused(open_websocket(server.port(), over_https), "https, but no proxy says so");
}

TEST(origin_check, told_its_public_url_the_server_refuses_pages_of_other_names) {
  origin_policy told;
  told.public_origin = parse_origin("http://cards.example.org");
  origin_server server(told);
  expect_upgraded(open_websocket(server.port(), "http://cards.example.org", "cards.example.org"), "its name");
  expect_refused(open_websocket(server.port(), "http://evil.example", "evil.example"), "a rebound name");
  expect_refused(open_websocket(server.port(), server.own_origin()), "its address, not its name");
  expect_upgraded(open_websocket(server.port(), std::nullopt), "no browser");
}

TEST(origin_check, another_site_is_refused_with_403_before_any_game_sees_it) {
  origin_server server(origin_policy{});
  for (const auto& origin :
       std::vector<std::string>{"https://evil.example", "http://localhost:" + std::to_string(server.port()),
                                "http://127.0.0.1:1", "null", "not an origin"})
    expect_refused(open_websocket(server.port(), origin), origin);
  EXPECT_EQ(server.sessions_opened(), 0);
  // The server itself is none the worse.
  EXPECT_EQ(test::http_get(server.port(), "/healthz").status, 200u);
}

TEST(origin_check, a_listed_origin_passes_and_the_same_origin_still_does) {
  origin_server server(policy("https://cards.example.org, http://localhost:5173"));
  expect_upgraded(open_websocket(server.port(), "https://cards.example.org"), "listed");
  expect_upgraded(open_websocket(server.port(), "http://localhost:5173"), "listed with a port");
  expect_upgraded(open_websocket(server.port(), server.own_origin()), "same origin");
  expect_refused(open_websocket(server.port(), "https://evil.example"), "unlisted");
}

TEST(origin_check, a_client_that_sends_no_origin_is_no_browser_and_passes) {
  origin_server server(origin_policy{});
  expect_upgraded(open_websocket(server.port(), std::nullopt), "no Origin");
}

TEST(origin_check, a_star_lets_every_page_in) {
  origin_server server(policy("*"));
  expect_upgraded(open_websocket(server.port(), "https://evil.example"), "foreign");
  expect_upgraded(open_websocket(server.port(), "null"), "null");
  expect_upgraded(open_websocket(server.port(), server.own_origin()), "same origin");
}

}  // namespace
}  // namespace shithead::server
