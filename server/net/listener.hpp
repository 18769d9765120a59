#pragma once
// Accepts TCP connections and starts an http_session for each, every socket on a
// strand of its own. Stopping closes the acceptor; the sessions are closed elsewhere.
// A connection over its address's cap, or over the server's, is answered at once (429
// too_many_connections or 503 server_full, Retry-After: 5) and closed. One descriptor is
// held in reserve, so that even when the process is out of them a waiting connection
// can still be taken, told 503 and closed, instead of waiting in the backlog unanswered.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/net/address_table.hpp"
#include "server/net/http_session.hpp"
#include "server/net/refusal_log.hpp"

namespace shithead::server {

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Accepts on `ioc`; each connection goes to the io_context `place` names (ioc's own
  // when empty).
  listener(boost::asio::io_context& ioc, std::shared_ptr<http_shared_state> state,
           std::function<boost::asio::io_context&()> place = {});
  ~listener();
  listener(const listener&) = delete;
  listener& operator=(const listener&) = delete;

  // Opens, binds and listens; an error message when that fails (a port in use).
  std::optional<std::string> open(const boost::asio::ip::tcp::endpoint& endpoint);
  // The bound port (the real one when 0 was asked for), once open.
  std::uint16_t port() const { return port_; }

  void run();
  // Thread-safe: closes the acceptor, so no new connection is taken.
  void stop();

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  void refuse(boost::asio::ip::tcp::socket& socket, address_table::refusal why);
  void refuse_with_reserve();

  boost::asio::io_context& ioc_;
  std::function<boost::asio::io_context&()> place_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_timer_;  // after an accept error such as "too many open files"
  std::shared_ptr<http_shared_state> state_;
  const std::string address_full_response_;
  const std::string network_full_response_;
  const std::string server_full_response_;
  // Refusals (address_full, network_full, server_full), and connections closed for a
  // newcomer while the server is full, in the log.
  refusal_log refusals_{"connection"};
  refusal_log closed_for_newcomers_{"connection", std::chrono::seconds(10), {}, "closed for newcomers"};
  int reserve_fd_ = -1;  // /dev/null, closed to make room for one accept when out of descriptors
  std::chrono::steady_clock::time_point last_descriptor_warning_{};
  std::uint16_t port_ = 0;
  bool stopped_ = false;
};

}  // namespace shithead::server
