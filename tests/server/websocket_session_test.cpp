// websocket_session on a real loopback socket: frames reach the handler, frames over
// the cap close the connection with 1009, a client that stops reading is closed instead
// of buffered, and a close reason reaches the client.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "server/net/websocket_session.hpp"

namespace shithead::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

// Echoes every text back, or floods the client with `flood` frames on open.
class recording_echo_handler : public session_handler {
 public:
  explicit recording_echo_handler(int flood = 0) : flood_(flood) {}
  void on_open(const std::shared_ptr<websocket_session>& session) override {
    for (int i = 0; i < flood_; ++i) session->deliver(make_frame(std::string(16 * 1024, 'x')));
  }
  void on_text(const std::shared_ptr<websocket_session>& session, std::string text) override {
    {
      std::lock_guard lock(mutex_);
      received_.push_back(text);
    }
    if (text == "bye") {
      session->close(websocket::close_code::normal, "goodbye");
      return;
    }
    session->deliver(make_frame(text.empty() ? "binary?" : "echo:" + text));
  }
  void on_close(const std::shared_ptr<websocket_session>&) override { closed_ = true; }

  std::vector<std::string> received() {
    std::lock_guard lock(mutex_);
    return received_;
  }
  std::atomic<bool> closed_{false};

 private:
  int flood_;
  std::mutex mutex_;
  std::vector<std::string> received_;
};

// Accepts connections on 127.0.0.1 and upgrades each to a websocket_session.
class test_server {
 public:
  explicit test_server(std::shared_ptr<session_handler> handler, websocket_limits limits = {})
      : handler_(std::move(handler)), limits_(limits), acceptor_(ioc_, {asio::ip::make_address("127.0.0.1"), 0}) {
    do_accept();
    thread_ = std::thread([this] { ioc_.run(); });
  }
  ~test_server() {
    ioc_.stop();
    thread_.join();
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

 private:
  struct upgrade : std::enable_shared_from_this<upgrade> {
    beast::tcp_stream stream;
    beast::flat_buffer buffer;
    http::request<http::string_body> request;
    std::shared_ptr<session_handler> handler;
    websocket_limits limits;
    upgrade(tcp::socket s, std::shared_ptr<session_handler> h, websocket_limits l)
        : stream(std::move(s)), handler(std::move(h)), limits(l) {}
    void start() {
      http::async_read(stream, buffer, request, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) return;
        std::make_shared<websocket_session>(std::move(self->stream), self->handler, self->limits)
            ->run(std::move(self->request));
      });
    }
  };

  void do_accept() {
    acceptor_.async_accept(asio::make_strand(ioc_), [this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;
      std::make_shared<upgrade>(std::move(socket), handler_, limits_)->start();
      do_accept();
    });
  }

  std::shared_ptr<session_handler> handler_;
  websocket_limits limits_;
  asio::io_context ioc_;
  tcp::acceptor acceptor_;
  std::thread thread_;
};

// A blocking client with a deadline on every operation.
struct client {
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};

  explicit client(unsigned short port) {
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
    beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws.handshake("127.0.0.1", "/ws");
  }
  void send(const std::string& text) {
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
    ws.text(true);
    ws.write(asio::buffer(text));
  }
  // The next text frame, or the error that ended the stream.
  std::string read(beast::error_code& ec) {
    beast::flat_buffer buffer;
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
    ws.read(buffer, ec);
    return beast::buffers_to_string(buffer.data());
  }
};

TEST(websocket_session, text_frames_reach_the_handler_and_replies_come_back) {
  auto handler = std::make_shared<recording_echo_handler>();
  test_server server(handler);
  client c(server.port());
  c.send("hello");
  beast::error_code ec;
  EXPECT_EQ(c.read(ec), "echo:hello");
  EXPECT_FALSE(ec);
  ASSERT_EQ(handler->received().size(), 1u);
}

TEST(websocket_session, a_binary_frame_is_handed_over_empty) {
  auto handler = std::make_shared<recording_echo_handler>();
  test_server server(handler);
  client c(server.port());
  c.ws.binary(true);
  c.ws.write(asio::buffer(std::string("\x01\x02")));
  beast::error_code ec;
  EXPECT_EQ(c.read(ec), "binary?");
}

TEST(websocket_session, a_frame_over_8_KiB_closes_the_connection_as_too_big) {
  auto handler = std::make_shared<recording_echo_handler>();
  test_server server(handler);
  client c(server.port());
  c.send(std::string(8 * 1024 + 1, 'a'));
  beast::error_code ec;
  c.read(ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(c.ws.reason().code, websocket::close_code::too_big);
  EXPECT_TRUE(handler->received().empty());
}

TEST(websocket_session, a_frame_of_exactly_8_KiB_is_accepted) {
  auto handler = std::make_shared<recording_echo_handler>();
  test_server server(handler);
  client c(server.port());
  beast::error_code ec;
  c.send(std::string(8 * 1024, 'a'));
  EXPECT_EQ(c.read(ec).size(), 8 * 1024 + 5);
}

TEST(websocket_session, a_client_that_does_not_read_is_closed_not_buffered) {
  websocket_limits limits;
  limits.max_queued_frames = 64;
  limits.max_queued_bytes = 256 * 1024;
  auto handler = std::make_shared<recording_echo_handler>(2000);  // 32 MB offered to a client that waits
  test_server server(handler, limits);
  client c(server.port());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!handler->closed_ && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(handler->closed_);
  // Reading now finds at most the frames sent before the cut, then the close.
  beast::error_code ec;
  int frames = 0;
  while (!ec && frames < 5000) {
    c.read(ec);
    ++frames;
  }
  EXPECT_LT(frames, 2000);
}

TEST(websocket_session, close_sends_its_reason) {
  auto handler = std::make_shared<recording_echo_handler>();
  test_server server(handler);
  client c(server.port());
  c.send("bye");
  beast::error_code ec;
  c.read(ec);
  EXPECT_EQ(ec, websocket::error::closed);
  EXPECT_EQ(c.ws.reason().code, websocket::close_code::normal);
  EXPECT_EQ(std::string(c.ws.reason().reason.c_str()), "goodbye");
}

}  // namespace
}  // namespace shithead::server
