#pragma once
// A small synchronous HTTP and WebSocket client for tests against a real server on
// 127.0.0.1. Each object owns its io_context and drives it only while a call waits, so
// calls block like plain functions, yet every one of them has a deadline.
//
//   auto reply = test::http_get(port, "/healthz");          // reply.status, .body, .header()
//   test::http_connection c(port);                          // keep-alive, raw bytes
//   test::websocket_client ws(port, "/ws");                 // ws.send(), ws.read(timeout)
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shithead::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using std::chrono::milliseconds;

inline constexpr milliseconds default_timeout{5000};

// Runs `ioc` until `done` is set or the deadline passes; true when done.
inline bool run_until(net::io_context& ioc, const bool& done, std::chrono::steady_clock::time_point deadline) {
  ioc.restart();
  while (!done)
    if (ioc.run_one_until(deadline) == 0) break;  // the deadline passed, or nothing is left to run
  return done;
}

inline bool run_for(net::io_context& ioc, const bool& done, milliseconds timeout) {
  return run_until(ioc, done, std::chrono::steady_clock::now() + timeout);
}

struct http_reply {
  unsigned status = 0;  // 0: no answer; `error` says why
  http::fields headers;
  std::string body;
  bool keep_alive = false;
  std::string error;

  // The value of a header, "" when absent; names are case-insensitive.
  std::string header(std::string_view name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : std::string(it->value());
  }
};

// One TCP connection to 127.0.0.1:port for HTTP/1.1 requests, kept alive between them.
class http_connection {
 public:
  // `source`: the local address to connect from, another of 127.0.0.0/8 (the whole block
  // is loopback on Linux), to stand for another client.
  explicit http_connection(std::uint16_t port, milliseconds timeout = default_timeout, std::string_view source = {})
      : port_(port), timeout_(timeout) {
    if (!source.empty()) {
      beast::error_code ec;
      stream_.socket().open(tcp::v4(), ec);
      if (!ec) stream_.socket().bind(tcp::endpoint(net::ip::make_address(source), 0), ec);
      if (ec) {
        error_ = "bind " + std::string(source) + ": " + ec.message();
        return;
      }
    }
    bool done = false;
    stream_.expires_after(timeout_);
    stream_.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
                          [&](beast::error_code ec) {
                            if (ec) error_ = "connect: " + ec.message();
                            done = true;
                          });
    finish(done);
  }
  ~http_connection() { shutdown(); }
  http_connection(const http_connection&) = delete;
  http_connection& operator=(const http_connection&) = delete;

  bool connected() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  // Sends a request and reads its answer.
  http_reply request(http::verb method, std::string target, std::string body = {}, const http::fields& extra = {}) {
    http::request<http::string_body> req{method, target, 11};
    for (const auto& field : extra) req.set(field.name_string(), field.value());
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port_));
    req.set(http::field::user_agent, "shithead-test");
    if (!body.empty() || method == http::verb::post || method == http::verb::put) {
      req.body() = std::move(body);
      req.prepare_payload();
    }
    req.keep_alive(true);
    http_reply reply;
    bool done = false;
    beast::error_code result;
    stream_.expires_after(timeout_);
    http::async_write(stream_, req, [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    if (!finish(done) || result) {
      reply.error = "write: " + (result ? result.message() : std::string("timed out"));
      return reply;
    }
    return read_reply(method == http::verb::head);
  }
  http_reply get(std::string target) { return request(http::verb::get, std::move(target)); }

  // Sends bytes as they are: half a request, a malformed one, a target Beast would not write.
  bool send_raw(std::string_view bytes) {
    bool done = false;
    beast::error_code result;
    stream_.expires_after(timeout_);
    net::async_write(stream_, net::buffer(bytes.data(), bytes.size()), [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    return finish(done) && !result;
  }

  // Reads one response (after send_raw, say). A HEAD response has no body to wait for.
  http_reply read_reply(bool head = false) {
    http_reply reply;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    parser.skip(head);
    bool done = false;
    beast::error_code result;
    stream_.expires_after(timeout_);
    http::async_read(stream_, buffer_, parser, [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    if (!finish(done) || result) {
      reply.error = "read: " + (result ? result.message() : std::string("timed out"));
      return reply;
    }
    auto response = parser.release();
    reply.status = response.result_int();
    reply.keep_alive = response.keep_alive();
    reply.body = std::move(response.body());
    reply.headers = std::move(response.base());
    return reply;
  }

  // True when the server ends the connection (FIN or reset) within `timeout`, without
  // sending anything more.
  bool wait_closed(milliseconds timeout) {
    if (buffer_.size() > 0) return false;
    char byte = 0;
    bool done = false;
    beast::error_code result;
    std::size_t received = 0;
    stream_.expires_after(timeout);
    stream_.async_read_some(net::buffer(&byte, 1), [&](beast::error_code ec, std::size_t n) {
      result = ec;
      received = n;
      done = true;
    });
    finish(done);
    return received == 0 && result && result != beast::error::timeout;
  }

  beast::tcp_stream& stream() { return stream_; }

 private:
  // Every operation is bounded by the stream's own timer; the extra second only guards
  // against a bug here.
  bool finish(const bool& done) {
    if (run_for(ioc_, done, timeout_ + milliseconds(1000))) return true;
    stream_.close();
    run_for(ioc_, done, milliseconds(1000));
    return false;
  }

  void shutdown() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
    ioc_.restart();
    ioc_.run_for(milliseconds(100));
  }

  std::uint16_t port_;
  milliseconds timeout_;
  net::io_context ioc_;
  beast::tcp_stream stream_{ioc_};
  beast::flat_buffer buffer_;
  std::string error_;
};

// One request on a fresh connection.
inline http_reply http_request(std::uint16_t port, http::verb method, std::string target, std::string body = {},
                               milliseconds timeout = default_timeout) {
  http_connection connection(port, timeout);
  if (!connection.connected()) {
    http_reply reply;
    reply.error = connection.error();
    return reply;
  }
  return connection.request(method, std::move(target), std::move(body));
}

inline http_reply http_get(std::uint16_t port, std::string target, milliseconds timeout = default_timeout) {
  return http_request(port, http::verb::get, std::move(target), {}, timeout);
}

// A WebSocket client on 127.0.0.1:port. A read that times out stays pending, so the next
// read() picks up the message it was waiting for: nothing is lost to a short timeout.
class websocket_client {
 public:
  explicit websocket_client(std::uint16_t port, std::string path = "/ws", milliseconds timeout = default_timeout)
      : timeout_(timeout) {
    bool done = false;
    auto& tcp_layer = beast::get_lowest_layer(ws_);
    tcp_layer.expires_after(timeout_);
    tcp_layer.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
      if (ec) error_ = "connect: " + ec.message();
      done = true;
    });
    if (!finish(done) || !error_.empty()) {
      if (error_.empty()) error_ = "connect: timed out";
      return;
    }
    tcp_layer.expires_never();
    websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeouts.handshake_timeout = timeout_;
    ws_.set_option(timeouts);
    done = false;
    ws_.async_handshake(handshake_response_, "127.0.0.1:" + std::to_string(port), path, [&](beast::error_code ec) {
      if (ec) error_ = "handshake: " + ec.message();
      done = true;
    });
    if (!finish(done) && error_.empty()) error_ = "handshake: timed out";
    if (error_.empty()) ws_.text(true);
  }
  ~websocket_client() {
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    ioc_.restart();
    ioc_.run_for(milliseconds(200));
  }
  websocket_client(const websocket_client&) = delete;
  websocket_client& operator=(const websocket_client&) = delete;

  bool connected() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  // The server's answer to the upgrade: 101, or the refusal (503, 426, ...).
  unsigned handshake_status() const { return handshake_response_.result_int(); }
  const websocket::response_type& handshake_response() const { return handshake_response_; }

  bool send(std::string_view text) {
    if (!connected() || closed_) return false;
    bool done = false;
    beast::error_code result;
    ws_.async_write(net::buffer(text.data(), text.size()), [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    if (!finish(done)) {
      closed_ = true;  // the server stopped reading; this client is no use any more
      return false;
    }
    return !result;
  }

  // The next text message, or nothing when none arrives in time or the connection ended
  // (see closed() and close_reason()).
  std::optional<std::string> read(milliseconds timeout = default_timeout) {
    if (!connected() || closed_) return std::nullopt;
    if (!read_pending_) {
      read_pending_ = true;
      read_done_ = false;
      ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        read_error_ = ec;
        read_done_ = true;
      });
    }
    if (!run_for(ioc_, read_done_, timeout)) return std::nullopt;
    read_pending_ = false;
    if (read_error_) {
      closed_ = true;
      return std::nullopt;
    }
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    return text;
  }

  // Sends a close frame and waits for the server's.
  bool close(websocket::close_code code = websocket::close_code::normal) {
    if (!connected() || closed_) return false;
    bool done = false;
    beast::error_code result;
    ws_.async_close(code, [&](beast::error_code ec) {
      result = ec;
      done = true;
    });
    const bool ok = finish(done) && !result;
    closed_ = true;
    return ok;
  }

  bool closed() const { return closed_; }
  const beast::error_code& read_error() const { return read_error_; }
  // The code and reason of the server's close frame, once a read has ended.
  websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  bool finish(const bool& done) {
    if (run_for(ioc_, done, timeout_)) return true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    run_for(ioc_, done, milliseconds(1000));
    return false;
  }

  milliseconds timeout_;
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_{ioc_};
  websocket::response_type handshake_response_;
  beast::flat_buffer buffer_;
  bool read_pending_ = false;
  bool read_done_ = false;
  beast::error_code read_error_;
  bool closed_ = false;
  std::string error_;
};

}  // namespace shithead::test
