// The streams behind test_client.hpp. Every Beast operation the tests use is instantiated
// here, once, instead of in each test file.
#include "tests/server/test_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>

namespace shithead::test {

using tcp = net::ip::tcp;

bool run_until(net::io_context& ioc, const bool& done, std::chrono::steady_clock::time_point deadline) {
  ioc.restart();
  while (!done)
    if (ioc.run_one_until(deadline) == 0) break;  // the deadline passed, or nothing is left to run
  return done;
}

bool run_for(net::io_context& ioc, const bool& done, milliseconds timeout) {
  return run_until(ioc, done, std::chrono::steady_clock::now() + timeout);
}

std::string http_reply::header(std::string_view name) const {
  const auto it = headers.find(name);
  return it == headers.end() ? std::string() : std::string(it->value());
}

struct http_connection::state {
  state(std::uint16_t port_, milliseconds timeout_) : port(port_), timeout(timeout_) {}

  // Every operation is bounded by the stream's own timer; the extra second only guards
  // against a bug here.
  bool finish(const bool& done) {
    if (run_for(ioc, done, timeout + milliseconds(1000))) return true;
    stream.close();
    run_for(ioc, done, milliseconds(1000));
    return false;
  }

  std::uint16_t port;
  milliseconds timeout;
  net::io_context ioc;
  beast::tcp_stream stream{ioc};
  beast::flat_buffer buffer;
  std::string error;
};

http_connection::http_connection(std::uint16_t port, milliseconds timeout, std::string_view source)
    : state_(std::make_unique<state>(port, timeout)) {
  auto& s = *state_;
  if (!source.empty()) {
    beast::error_code ec;
    s.stream.socket().open(tcp::v4(), ec);
    if (!ec) s.stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0), ec);
    if (ec) {
      s.error = "bind " + std::string(source) + ": " + ec.message();
      return;
    }
  }
  bool done = false;
  s.stream.expires_after(s.timeout);
  s.stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) s.error = "connect: " + ec.message();
    done = true;
  });
  s.finish(done);
}

http_connection::~http_connection() {
  auto& s = *state_;
  beast::error_code ec;
  s.stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  s.stream.close();
  s.ioc.restart();
  s.ioc.run_for(milliseconds(100));
}

bool http_connection::connected() const { return state_->error.empty(); }
const std::string& http_connection::error() const { return state_->error; }

http_reply http_connection::request(http::verb method, std::string target, std::string body,
                                    const http::fields& extra) {
  auto& s = *state_;
  http::request<http::string_body> req{method, target, 11};
  for (const auto& field : extra) req.set(field.name_string(), field.value());
  req.set(http::field::host, "127.0.0.1:" + std::to_string(s.port));
  req.set(http::field::user_agent, "shithead-test");
  if (!body.empty() || method == http::verb::post || method == http::verb::put) {
    req.body() = std::move(body);
    req.prepare_payload();
  }
  req.keep_alive(true);
  http_reply reply;
  bool done = false;
  beast::error_code result;
  s.stream.expires_after(s.timeout);
  http::async_write(s.stream, req, [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  if (!s.finish(done) || result) {
    reply.error = "write: " + (result ? result.message() : std::string("timed out"));
    return reply;
  }
  return read_reply(method == http::verb::head);
}

bool http_connection::send_raw(std::string_view bytes) {
  auto& s = *state_;
  bool done = false;
  beast::error_code result;
  s.stream.expires_after(s.timeout);
  net::async_write(s.stream, net::buffer(bytes.data(), bytes.size()), [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  return s.finish(done) && !result;
}

http_reply http_connection::read_reply(bool head) {
  auto& s = *state_;
  http_reply reply;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  parser.skip(head);
  bool done = false;
  beast::error_code result;
  s.stream.expires_after(s.timeout);
  http::async_read(s.stream, s.buffer, parser, [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  if (!s.finish(done) || result) {
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

bool http_connection::wait_closed(milliseconds timeout) {
  auto& s = *state_;
  if (s.buffer.size() > 0) return false;
  char byte = 0;
  bool done = false;
  beast::error_code result;
  std::size_t received = 0;
  s.stream.expires_after(timeout);
  s.stream.async_read_some(net::buffer(&byte, 1), [&](beast::error_code ec, std::size_t n) {
    result = ec;
    received = n;
    done = true;
  });
  s.finish(done);
  return received == 0 && result && result != beast::error::timeout;
}

http_reply http_request(std::uint16_t port, http::verb method, std::string target, std::string body,
                        milliseconds timeout) {
  http_connection connection(port, timeout);
  if (!connection.connected()) {
    http_reply reply;
    reply.error = connection.error();
    return reply;
  }
  return connection.request(method, std::move(target), std::move(body));
}

http_reply http_get(std::uint16_t port, std::string target, milliseconds timeout) {
  return http_request(port, http::verb::get, std::move(target), {}, timeout);
}

struct websocket_client::state {
  explicit state(milliseconds timeout_) : timeout(timeout_) {}

  bool finish(const bool& done) {
    if (run_for(ioc, done, timeout)) return true;
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
    run_for(ioc, done, milliseconds(1000));
    return false;
  }

  milliseconds timeout;
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  websocket::response_type handshake_response;
  beast::flat_buffer buffer;
  bool read_pending = false;
  bool read_done = false;
  beast::error_code read_error;
  bool closed = false;
  std::string error;
};

websocket_client::websocket_client(std::uint16_t port, std::string path, milliseconds timeout, std::string_view source)
    : state_(std::make_unique<state>(timeout)) {
  auto& s = *state_;
  bool done = false;
  auto& tcp_layer = beast::get_lowest_layer(s.ws);
  if (!source.empty()) {
    beast::error_code ec;
    tcp_layer.socket().open(tcp::v4(), ec);
    if (!ec) tcp_layer.socket().bind(tcp::endpoint(net::ip::make_address(std::string(source)), 0), ec);
    if (ec) {
      s.error = "bind to " + std::string(source) + ": " + ec.message();
      return;
    }
  }
  tcp_layer.expires_after(s.timeout);
  tcp_layer.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) s.error = "connect: " + ec.message();
    done = true;
  });
  if (!s.finish(done) || !s.error.empty()) {
    if (s.error.empty()) s.error = "connect: timed out";
    return;
  }
  tcp_layer.expires_never();
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
  timeouts.handshake_timeout = s.timeout;
  s.ws.set_option(timeouts);
  done = false;
  s.ws.async_handshake(s.handshake_response, "127.0.0.1:" + std::to_string(port), path, [&](beast::error_code ec) {
    if (ec) s.error = "handshake: " + ec.message();
    done = true;
  });
  if (!s.finish(done) && s.error.empty()) s.error = "handshake: timed out";
  if (s.error.empty()) s.ws.text(true);
}

websocket_client::~websocket_client() {
  auto& s = *state_;
  beast::error_code ec;
  beast::get_lowest_layer(s.ws).socket().close(ec);
  s.ioc.restart();
  s.ioc.run_for(milliseconds(200));
}

bool websocket_client::connected() const { return state_->error.empty(); }
const std::string& websocket_client::error() const { return state_->error; }
unsigned websocket_client::handshake_status() const { return state_->handshake_response.result_int(); }

bool websocket_client::send(std::string_view text) {
  auto& s = *state_;
  if (!connected() || s.closed) return false;
  bool done = false;
  beast::error_code result;
  s.ws.async_write(net::buffer(text.data(), text.size()), [&](beast::error_code ec, std::size_t) {
    result = ec;
    done = true;
  });
  if (!s.finish(done)) {
    s.closed = true;  // the server stopped reading; this client is no use any more
    return false;
  }
  return !result;
}

std::optional<std::string> websocket_client::read(milliseconds timeout) {
  auto& s = *state_;
  if (!connected() || s.closed) return std::nullopt;
  if (!s.read_pending) {
    s.read_pending = true;
    s.read_done = false;
    s.ws.async_read(s.buffer, [&s](beast::error_code ec, std::size_t) {
      s.read_error = ec;
      s.read_done = true;
    });
  }
  if (!run_for(s.ioc, s.read_done, timeout)) return std::nullopt;
  s.read_pending = false;
  if (s.read_error) {
    s.closed = true;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(s.buffer.data());
  s.buffer.consume(s.buffer.size());
  return text;
}

bool websocket_client::close(websocket::close_code code) {
  auto& s = *state_;
  if (!connected() || s.closed) return false;
  bool done = false;
  beast::error_code result;
  s.ws.async_close(code, [&](beast::error_code ec) {
    result = ec;
    done = true;
  });
  const bool ok = s.finish(done) && !result;
  s.closed = true;
  return ok;
}

bool websocket_client::closed() const { return state_->closed; }
const beast::error_code& websocket_client::read_error() const { return state_->read_error; }
websocket::close_reason websocket_client::close_reason() const { return state_->ws.reason(); }

}  // namespace shithead::test
