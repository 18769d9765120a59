#pragma once
// One HTTP/1.1 connection: reads requests with size limits and a timeout, answers them
// (a route of the table in http_routes.hpp, or a static file), keeps the connection alive
// between requests, and hands a WebSocket upgrade on /ws to the server's hook once the
// page's origin passes. Lives on its own strand.
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
#include <string>
#include <unordered_map>
#include <vector>

#include "server/net/address_table.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/metrics.hpp"
#include "server/net/origin_check.hpp"
#include "server/net/shards.hpp"
#include "server/net/static_cache.hpp"

namespace shithead::server {

// Takes over a connection whose request asked for a WebSocket upgrade on /ws. Called on
// the connection's strand (the stream's executor), which the new session should keep.
// `place` holds the connection's place in its address's count; keep it as long as the
// socket is open.
using websocket_upgrade = std::function<void(boost::beast::tcp_stream stream,
                                             boost::beast::http::request<boost::beast::http::string_body> request,
                                             address_table::ticket place)>;

struct http_limits {
  std::uint64_t max_body_bytes = 16 * 1024;
  std::uint32_t max_header_bytes = 8 * 1024;
  // From a connection's opening, or the end of its last answer, to the end of the next
  // request's headers: an idle keep-alive connection closes after it, and a client that
  // sends its headers a byte at a time cannot hold a descriptor for longer.
  std::chrono::seconds header_timeout{10};
  std::chrono::seconds read_timeout{30};  // for a request's body, once its headers are in
  std::chrono::seconds write_timeout{30};
  address_limits per_address{};
};

class http_session;

// What the game side plugs into HTTP: the WebSocket upgrade (empty: /ws answers 503) and
// the routes (http_routes.hpp).
struct http_hooks {
  websocket_upgrade upgrade;
  http_routes routes;
};

// What every HTTP session shares, like the shared_state of Beast's chat example: where
// the files are, the hooks, the metrics, and the live sessions, so that shutdown
// reaches them.
class http_shared_state {
 public:
  http_shared_state(std::filesystem::path static_root, http_hooks hooks, origin_policy allowed_origins,
                    std::shared_ptr<server_metrics> metrics, http_limits limits = {});

  const std::filesystem::path& static_root() const { return static_root_; }
  const http_hooks& hooks() const { return hooks_; }
  const origin_policy& allowed_origins() const { return allowed_origins_; }
  server_metrics& metrics() const { return *metrics_; }
  const http_limits& limits() const { return limits_; }
  address_table& addresses() const { return *addresses_; }
  static_cache& static_files() const { return static_files_; }

  // False once shutdown has begun: the new session closes at once.
  bool join(http_session* session, std::weak_ptr<http_session> handle);
  void leave(http_session* session);
  // From now on no session may join; returns the live ones, to be closed.
  std::vector<std::shared_ptr<http_session>> begin_shutdown();
  std::vector<std::shared_ptr<http_session>> live_sessions() const;
  bool shutting_down() const;

 private:
  const std::filesystem::path static_root_;
  const http_hooks hooks_;
  const origin_policy allowed_origins_;
  const std::shared_ptr<server_metrics> metrics_;
  const http_limits limits_;
  const std::shared_ptr<address_table> addresses_;
  mutable static_cache static_files_;  // thread-safe itself
  mutable std::mutex mutex_;           // sessions join and leave from every network thread
  std::unordered_map<http_session*, std::weak_ptr<http_session>> sessions_;
  bool shutting_down_ = false;
};

class http_session : public std::enable_shared_from_this<http_session> {
 public:
  // `place` is the connection's place in its address's count (listener.hpp).
  http_session(boost::asio::ip::tcp::socket&& socket, std::shared_ptr<http_shared_state> state,
               address_table::ticket place = {});
  ~http_session();

  void run();
  // Thread-safe. Finishes the response being written (if any) and closes; an idle
  // keep-alive connection closes at once.
  void close_gracefully();
  // Thread-safe. Closes the socket whatever is in flight.
  void close_now();

  // What every answer to one request shares.
  struct reply_context {
    unsigned version = 11;
    bool keep_alive = false;
    bool head = false;
  };

 private:
  void start();
  void do_read();
  void on_header(boost::beast::error_code ec, std::size_t bytes);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_read_error(boost::beast::error_code ec);
  void handle_request(boost::beast::http::request<boost::beast::http::string_body> request);
  // The key of the client a request comes from: the peer's, or behind a trusted proxy,
  // the address it forwarded for.
  std::string client_key(const boost::beast::http::request<boost::beast::http::string_body>& req) const;
  void upgrade(boost::beast::http::request<boost::beast::http::string_body> request, const reply_context& context);
  // Hands the request to its route; the reply comes back to on_reply on this strand.
  void ask_route(const http_route_handler& route, const http_route_request& request, const reply_context& context);
  void on_reply(const reply_context& context, http_reply reply);
  struct pending_reply;
  void send(boost::beast::http::message_generator response);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();

  // The connection's strand, kept apart from the stream, which the upgrade hook takes.
  const boost::beast::tcp_stream::executor_type executor_;
  boost::beast::tcp_stream stream_;
  shard_count counted_{context_of(executor_)};
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<http_shared_state> state_;
  address_table::ticket place_;
  std::string address_key_;  // what this connection's address counts under
  bool from_proxy_ = false;  // the peer is a trusted proxy (address_limits::trusted_proxies)
  bool reading_ = false;
  bool closing_ = false;
  bool handed_off_ = false;  // the stream now belongs to a WebSocket session
};

}  // namespace shithead::server
