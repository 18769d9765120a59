#pragma once
// A small synchronous HTTP and WebSocket client for tests against a real server on
// 127.0.0.1. Each object owns its io_context and drives it only while a call waits, so
// calls block like plain functions, yet every one of them has a deadline.
//
//   auto reply = test::http_get(port, "/healthz");          // reply.status, .body, .header()
//   test::http_connection c(port);                          // keep-alive, raw bytes
//   test::websocket_client ws(port, "/ws");                 // ws.send(), ws.read(timeout)
//
// The Beast streams and their asynchronous operations live in test_client.cpp, compiled
// once: this header names only Beast's value types, so a test file that includes it does
// not instantiate Beast's templates again (each such instantiation cost minutes under the
// dev preset's sanitizers).
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/verb.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace shithead::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using std::chrono::milliseconds;

inline constexpr milliseconds default_timeout{5000};

// Runs `ioc` until `done` is set or the deadline passes; true when done.
bool run_until(net::io_context& ioc, const bool& done, std::chrono::steady_clock::time_point deadline);
bool run_for(net::io_context& ioc, const bool& done, milliseconds timeout);

struct http_reply {
  unsigned status = 0;  // 0: no answer; `error` says why
  http::fields headers;
  std::string body;
  bool keep_alive = false;
  std::string error;

  // The value of a header, "" when absent; names are case-insensitive.
  std::string header(std::string_view name) const;
};

// One TCP connection to 127.0.0.1:port for HTTP/1.1 requests, kept alive between them.
class http_connection {
 public:
  // `source`: the local address to connect from, another of 127.0.0.0/8 (the whole block
  // is loopback on Linux), to stand for another client.
  explicit http_connection(std::uint16_t port, milliseconds timeout = default_timeout, std::string_view source = {});
  ~http_connection();
  http_connection(const http_connection&) = delete;
  http_connection& operator=(const http_connection&) = delete;

  bool connected() const;
  const std::string& error() const;

  // Sends a request and reads its answer.
  http_reply request(http::verb method, std::string target, std::string body = {}, const http::fields& extra = {});
  http_reply get(std::string target) { return request(http::verb::get, std::move(target)); }

  // Sends bytes as they are: half a request, a malformed one, a target Beast would not write.
  bool send_raw(std::string_view bytes);

  // Reads one response (after send_raw, say). A HEAD response has no body to wait for.
  http_reply read_reply(bool head = false);

  // True when the server ends the connection (FIN or reset) within `timeout`, without
  // sending anything more.
  bool wait_closed(milliseconds timeout);

 private:
  struct state;
  std::unique_ptr<state> state_;
};

// One request on a fresh connection.
http_reply http_request(std::uint16_t port, http::verb method, std::string target, std::string body = {},
                        milliseconds timeout = default_timeout);
http_reply http_get(std::uint16_t port, std::string target, milliseconds timeout = default_timeout);

// A WebSocket client on 127.0.0.1:port. A read that times out stays pending, so the next
// read() picks up the message it was waiting for: nothing is lost to a short timeout.
class websocket_client {
 public:
  // `source`: the local address to connect from, another of 127.0.0.0/8 (a client of
  // another address, or of another network); empty: the system's choice.
  explicit websocket_client(std::uint16_t port, std::string path = "/ws", milliseconds timeout = default_timeout,
                            std::string_view source = {});
  ~websocket_client();
  websocket_client(const websocket_client&) = delete;
  websocket_client& operator=(const websocket_client&) = delete;

  bool connected() const;
  const std::string& error() const;
  // The server's answer to the upgrade: 101, or the refusal (503, 426, ...).
  unsigned handshake_status() const;

  bool send(std::string_view text);

  // The next text message, or nothing when none arrives in time or the connection ended
  // (see closed() and close_reason()).
  std::optional<std::string> read(milliseconds timeout = default_timeout);

  // Sends a close frame and waits for the server's.
  bool close(websocket::close_code code = websocket::close_code::normal);

  bool closed() const;
  const beast::error_code& read_error() const;
  // The code and reason of the server's close frame, once a read has ended.
  websocket::close_reason close_reason() const;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace shithead::test
