#pragma once
// One WebSocket connection: reads text frames and hands them to its handler, and sends
// what the table and lobby deliver. Limits live here, where the bytes arrive: frames
// over 8 KiB close the connection (1009), the outgoing queue is bounded (a client that
// stops reading is closed, not buffered for ever), idle connections are pinged and
// dropped, and the handler decides what a message costs. It counts itself and its
// messages into the server's metrics, when given them.
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <memory>
#include <string>

#include "server/core/participant.hpp"
#include "server/net/address_table.hpp"
#include "server/net/metrics.hpp"
#include "server/net/shards.hpp"

namespace shithead::server {

class websocket_session;

// What a handler keeps with one connection (app/session_route: its message budget and
// the table it talks to). Set and read on the session's strand only.
class session_context {
 public:
  virtual ~session_context() = default;
};

// What a session reports; called on the session's strand.
class session_handler {
 public:
  virtual ~session_handler() = default;
  virtual void on_open(const std::shared_ptr<websocket_session>& session) = 0;
  virtual void on_text(const std::shared_ptr<websocket_session>& session, std::string text) = 0;
  virtual void on_close(const std::shared_ptr<websocket_session>& session) = 0;
};

struct websocket_limits {
  std::size_t max_frame_bytes = 8 * 1024;
  std::size_t max_queued_frames = 512;
  std::size_t max_queued_bytes = 4 * 1024 * 1024;
  std::chrono::seconds handshake_timeout{15};
  std::chrono::seconds idle_timeout{60};  // pings go out meanwhile; no answer closes
};

class websocket_session : public participant, public std::enable_shared_from_this<websocket_session> {
 public:
  // `metrics` may be empty (tests of the session alone); pass server::metrics().
  // `place` is the connection's place in its address's count, held until it closes.
  websocket_session(boost::beast::tcp_stream stream, std::shared_ptr<session_handler> handler,
                    websocket_limits limits = {}, std::shared_ptr<server_metrics> metrics = {},
                    address_table::ticket place = {});

  // Completes the upgrade that `request` asked for, then reads until closed.
  void run(boost::beast::http::request<boost::beast::http::string_body> request);

  // Thread-safe: queued on the session's strand.
  void deliver(frame message) override;
  // Thread-safe: sends a close frame with this code and reason after what is queued.
  void close(boost::beast::websocket::close_code code, std::string reason);
  // Thread-safe: closes the socket at once, queued frames and all (its place is wanted
  // by a newcomer: address_table.hpp).
  void drop();
  // Thread-safe: a seated player's connection, never closed for a newcomer.
  void keep_place() { place_.keep(); }

  // The shard (net/shards.hpp) the connection runs on; a table it opens goes there too.
  boost::asio::io_context& home() const { return *home_; }
  const std::string& remote_address() const { return remote_address_; }
  // The upgrade request's target, path and query ("/ws?table=K7MPQ2"); set by run(),
  // before on_open.
  const std::string& target() const { return target_; }
  // What the address counts under for per-address caps: an IPv6 address by its /64
  // (address_table.hpp).
  const std::string& address_key() const { return address_key_; }

  // The handler's state for this connection; on the session's strand only (in on_open,
  // on_text and on_close). The session keeps it alive as long as itself.
  void set_context(std::shared_ptr<session_context> context) { context_ = std::move(context); }
  session_context* context() const { return context_.get(); }

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void enqueue(frame message);
  void drop_queued();
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  void finish();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::asio::io_context* home_;
  shard_count counted_{*home_};
  boost::beast::flat_buffer buffer_;
  std::shared_ptr<session_handler> handler_;
  websocket_limits limits_;
  std::shared_ptr<server_metrics> metrics_;
  std::string remote_address_;
  std::string address_key_;
  std::string target_;
  address_table::ticket place_;
  std::deque<frame> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool open_ = false;
  bool closing_ = false;
  bool finished_ = false;
  boost::beast::websocket::close_reason close_reason_;
  std::shared_ptr<session_context> context_;
};

}  // namespace shithead::server
