#pragma once
// One HTTP/1.1 connection: reads requests with size limits and a timeout, answers them
// (JSON API, static files), keeps the connection alive between requests, and hands a
// WebSocket upgrade on /ws to the server's hook. Lives on its own strand.
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace shithead::server {

// Takes over a connection whose request asked for a WebSocket upgrade on /ws. Called on
// the connection's strand (the stream's executor), which the new session should keep.
using websocket_upgrade = std::function<void(boost::beast::tcp_stream stream,
                                             boost::beast::http::request<boost::beast::http::string_body> request)>;

struct http_limits {
  std::uint64_t max_body_bytes = 16 * 1024;
  std::uint32_t max_header_bytes = 8 * 1024;
  std::chrono::seconds read_timeout{30};  // for a whole request, and for idle keep-alive
  std::chrono::seconds write_timeout{30};
};

class http_session;

// What every HTTP session shares, like the shared_state of Beast's chat example: where
// the files are, the upgrade hook, and the live sessions, so that shutdown reaches them.
class http_shared_state {
 public:
  http_shared_state(std::filesystem::path static_root, websocket_upgrade upgrade, http_limits limits = {});

  const std::filesystem::path& static_root() const { return static_root_; }
  const websocket_upgrade& upgrade() const { return upgrade_; }
  const http_limits& limits() const { return limits_; }

  // False once shutdown has begun: the new session closes at once.
  bool join(http_session* session, std::weak_ptr<http_session> handle);
  void leave(http_session* session);
  // From now on no session may join; returns the live ones, to be closed.
  std::vector<std::shared_ptr<http_session>> begin_shutdown();
  std::vector<std::shared_ptr<http_session>> live_sessions() const;
  bool shutting_down() const;

 private:
  const std::filesystem::path static_root_;
  const websocket_upgrade upgrade_;
  const http_limits limits_;
  mutable std::mutex mutex_;  // sessions join and leave from every network thread
  std::unordered_map<http_session*, std::weak_ptr<http_session>> sessions_;
  bool shutting_down_ = false;
};

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  http_session(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<http_shared_state> state);
  ~http_session();

  void run();
  // Thread-safe. Finishes the response being written (if any) and closes; an idle
  // keep-alive connection closes at once.
  void close_gracefully();
  // Thread-safe. Closes the socket whatever is in flight.
  void close_now();

 private:
  void start();
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle_request(boost::beast::http::request<boost::beast::http::string_body> request);
  void send(boost::beast::http::message_generator response);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();

  // The connection's strand, kept apart from the stream, which the upgrade hook takes.
  const boost::beast::tcp_stream::executor_type executor_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<http_shared_state> state_;
  bool reading_ = false;
  bool closing_ = false;
  bool handed_off_ = false;  // the stream now belongs to a WebSocket session
};

}  // namespace shithead::server
