#include "server/net/listener.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <spdlog/spdlog.h>

namespace shithead::server {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

listener::listener(net::io_context& ioc, std::shared_ptr<http_shared_state> state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), retry_timer_(acceptor_.get_executor()), state_(std::move(state)) {}

std::optional<std::string> listener::open(const tcp::endpoint& endpoint) {
  beast::error_code ec;
  const auto where = [&] { return endpoint.address().to_string() + ":" + std::to_string(endpoint.port()); };
  acceptor_.open(endpoint.protocol(), ec);
  if (ec) return "cannot open a socket: " + ec.message();
  acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (ec) return "cannot set SO_REUSEADDR: " + ec.message();
  acceptor_.bind(endpoint, ec);
  if (ec) return "cannot bind " + where() + ": " + ec.message();
  acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return "cannot listen on " + where() + ": " + ec.message();
  port_ = acceptor_.local_endpoint(ec).port();
  if (ec) return "cannot read the bound port: " + ec.message();
  return std::nullopt;
}

void listener::run() {
  net::post(acceptor_.get_executor(), beast::bind_front_handler(&listener::do_accept, shared_from_this()));
}

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    self->stopped_ = true;
    beast::error_code ec;
    self->acceptor_.close(ec);
    self->retry_timer_.cancel();
  });
}

void listener::do_accept() {
  if (stopped_) return;
  // Each connection gets its own strand, so no session needs a lock.
  acceptor_.async_accept(net::make_strand(ioc_), beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (stopped_ || ec == net::error::operation_aborted) return;
  if (ec) {
    // Out of descriptors, say: wait a little rather than spin on the same error.
    spdlog::warn("accept failed: {}", ec.message());
    retry_timer_.expires_after(std::chrono::milliseconds(100));
    retry_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (!wait_ec) self->do_accept();
    });
    return;
  }
  // Frames are small and a player waits on each: send them at once, not when Nagle's
  // algorithm has waited out the client's delayed ACK (40 ms at p99 under load).
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  std::make_shared<http_session>(std::move(socket), state_)->run();
  do_accept();
}

}  // namespace shithead::server
