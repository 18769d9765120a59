// The server as a whole: keep-alive, limits, the WebSocket hook, and a shutdown that
// closes every connection and returns within its deadline.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

// The smallest WebSocket session: completes the upgrade and echoes every message.
class echo_session : public std::enable_shared_from_this<echo_session> {
 public:
  explicit echo_session(beast::tcp_stream stream) : ws_(std::move(stream)) {}

  void run(http::request<http::string_body> request) {
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->do_read();
    });
  }

 private:
  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->ws_.text(true);
      self->ws_.async_write(self->buffer_.data(), [self](beast::error_code write_ec, std::size_t) {
        if (write_ec) return;
        self->buffer_.consume(self->buffer_.size());
        self->do_read();
      });
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
};

server::websocket_upgrade echo_upgrade() {
  // The echo session holds no place: the test's few connections are not counted.
  return [](beast::tcp_stream stream, http::request<http::string_body> request, address_table::ticket) {
    std::make_shared<echo_session>(std::move(stream))->run(std::move(request));
  };
}

TEST(http_server, ws_answers_503_while_no_game_is_plugged_in) {
  test::test_server server;
  EXPECT_EQ(test::http_get(server.port(), "/ws").status, 503u);
  test::websocket_client client(server.port(), "/ws");
  EXPECT_FALSE(client.connected());
  EXPECT_EQ(client.handshake_status(), 503u);
}

TEST(http_server, an_upgrade_on_ws_goes_to_the_hook) {
  test::test_server server(echo_upgrade());
  test::websocket_client client(server.port(), "/ws");
  ASSERT_TRUE(client.connected()) << client.error();
  EXPECT_EQ(client.handshake_status(), 101u);
  ASSERT_TRUE(client.send("hello"));
  EXPECT_EQ(client.read(), "hello");
  // A read that times out loses nothing: the message arrives on the next one.
  EXPECT_FALSE(client.read(50ms));
  ASSERT_TRUE(client.send("again"));
  EXPECT_EQ(client.read(), "again");
  EXPECT_TRUE(client.close());
}

TEST(http_server, ws_without_an_upgrade_is_426) {
  test::test_server server(echo_upgrade());
  const auto reply = test::http_get(server.port(), "/ws");
  EXPECT_EQ(reply.status, 426u) << reply.error;
  EXPECT_EQ(reply.header("Upgrade"), "websocket");
}

TEST(http_server, one_connection_serves_many_requests) {
  test::test_server server;
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.connected()) << connection.error();
  for (int i = 0; i < 20; ++i) {
    const auto reply = connection.get(i % 2 ? "/healthz" : "/app.js");
    ASSERT_EQ(reply.status, 200u) << i << ": " << reply.error;
    EXPECT_TRUE(reply.keep_alive);
  }
}

TEST(http_server, connection_close_is_honoured) {
  test::test_server server;
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  const auto reply = connection.read_reply();
  EXPECT_EQ(reply.status, 200u) << reply.error;
  EXPECT_FALSE(reply.keep_alive);
  EXPECT_TRUE(connection.wait_closed(2s));
}

TEST(http_server, a_body_over_16_kib_is_413_and_the_connection_closes) {
  test::test_server server;
  test::http_connection connection(server.port());
  const auto reply = connection.request(http::verb::post, "/api/rules", std::string(17 * 1024, 'x'));
  EXPECT_EQ(reply.status, 413u) << reply.error;
  EXPECT_FALSE(reply.keep_alive);
}

TEST(http_server, oversized_headers_are_431) {
  test::test_server server;
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(10 * 1024, 'a') + "\r\n\r\n"));
  EXPECT_EQ(connection.read_reply().status, 431u);
}

TEST(http_server, garbage_is_400_and_closes) {
  test::test_server server;
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("HELLO THERE\r\n\r\n"));
  const auto reply = connection.read_reply();
  EXPECT_EQ(reply.status, 400u) << reply.error;
  EXPECT_TRUE(connection.wait_closed(2s));
}

TEST(http_server, a_port_in_use_is_a_startup_error) {
  test::test_server first;
  server_settings settings;
  settings.port = first.port();
  settings.bind = "127.0.0.1";
  settings.static_dir = (first.folder().path() / "static").string();
  settings.log_level = "warn";
  server_options options;
  options.handle_signals = false;
  shithead::server::server second(settings, options);
  const auto started = second.start();
  ASSERT_FALSE(started);
  EXPECT_NE(started.error().message.find(std::to_string(first.port())), std::string::npos) << started.error().message;
}

TEST(http_server, shutdown_closes_keep_alive_and_idle_connections_promptly) {
  test::test_server server;
  test::http_connection kept(server.port());
  ASSERT_EQ(kept.get("/healthz").status, 200u);  // now idle between requests
  test::http_connection idle(server.port());     // connected, never a byte sent
  test::http_connection half(server.port());
  ASSERT_TRUE(half.send_raw("GET /index.html HTTP/1.1\r\nHost:"));  // half a request
  ASSERT_TRUE(kept.connected() && idle.connected() && half.connected());
  std::this_thread::sleep_for(100ms);  // let the server accept all three

  const auto start = clock_type::now();
  server.stop();
  EXPECT_LT(clock_type::now() - start, 3s);
  EXPECT_TRUE(kept.wait_closed(2s));
  EXPECT_TRUE(idle.wait_closed(2s));
  EXPECT_TRUE(half.wait_closed(2s));
  // Nobody listens any more.
  EXPECT_FALSE(test::http_connection(server.port(), 1000ms).connected());
}

TEST(http_server, shutdown_runs_the_callbacks_once) {
  test::test_server server;
  std::atomic<int> calls{0};
  server.get().on_shutdown([&] { ++calls; });
  server.get().shutdown();
  server.get().shutdown();
  server.stop();
  EXPECT_EQ(calls.load(), 1);
  // A callback registered too late runs at once.
  server.get().on_shutdown([&] { ++calls; });
  EXPECT_EQ(calls.load(), 2);
}

TEST(http_server, shutdown_before_run_still_lets_run_return) {
  test::test_server server({}, {}, false);
  server.get().shutdown();
  const auto start = clock_type::now();
  server.run();
  server.stop();
  EXPECT_LT(clock_type::now() - start, 3s);
}

TEST(http_server, a_connection_that_ignores_shutdown_is_cut_at_the_deadline) {
  // The hook's session never closes by itself, so only the deadline ends run().
  server_options options;
  options.shutdown_deadline = 500ms;
  test::test_server server(echo_upgrade(), options);
  test::websocket_client client(server.port(), "/ws");
  ASSERT_TRUE(client.connected()) << client.error();
  const auto start = clock_type::now();
  server.stop();
  const auto took = clock_type::now() - start;
  EXPECT_GE(took, 400ms);
  EXPECT_LT(took, 5s);
}

TEST(http_server, the_io_context_is_the_servers) {
  test::test_server server;
  std::atomic<bool> ran{false};
  boost::asio::post(server.get().io_context(), [&] { ran = true; });
  const auto deadline = clock_type::now() + 5s;
  while (!ran && clock_type::now() < deadline) std::this_thread::sleep_for(5ms);
  EXPECT_TRUE(ran);
}

}  // namespace
}  // namespace shithead::server
