#include "server/net/listener.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "protocol/api_answer.hpp"

namespace shithead::server {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

namespace {

// The whole answer to a connection refused at accept, written before closing it.
std::string refusal_response(protocol::error_code code, std::string_view message) {
  const auto body = protocol::api_error(code, message).body;
  const auto status = protocol::info(code).http_status;
  return "HTTP/1.1 " + std::to_string(status) + (status == 429 ? " Too Many Requests" : " Service Unavailable") +
         "\r\nServer: shithead\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff"
         "\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace

listener::listener(net::io_context& ioc, std::shared_ptr<http_shared_state> state,
                   std::function<net::io_context&()> place)
    : ioc_(ioc),
      place_(std::move(place)),
      acceptor_(net::make_strand(ioc)),
      retry_timer_(acceptor_.get_executor()),
      state_(std::move(state)),
      address_full_response_(
          refusal_response(protocol::error_code::too_many_connections, "too many connections from your address")),
      network_full_response_(
          refusal_response(protocol::error_code::too_many_connections, "too many connections from your network")),
      server_full_response_(
          refusal_response(protocol::error_code::server_full, "the server is full; try again shortly")),
      reserve_fd_(::open("/dev/null", O_RDONLY | O_CLOEXEC)) {}

listener::~listener() {
  if (reserve_fd_ >= 0) ::close(reserve_fd_);
}

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
  // Each connection gets its own strand, so no session needs a lock, on the shard it is
  // placed on (a WebSocket may move to its table's at the upgrade: app/attach_game).
  auto& home = place_ ? place_() : ioc_;
  acceptor_.async_accept(net::make_strand(home), beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (stopped_ || ec == net::error::operation_aborted) return;
  if (ec) {
    if (ec == net::error::no_descriptors || ec.value() == ENFILE) {
      // The descriptor table is full anyway (the budget leaves room, so something else
      // took it): spend the reserve to take the waiting connection, tell it why, close it.
      refuse_with_reserve();
    } else {
      spdlog::warn("accept failed: {}", ec.message());
    }
    // Wait a little rather than spin on the same error.
    retry_timer_.expires_after(std::chrono::milliseconds(100));
    retry_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (!wait_ec) self->do_accept();
    });
    return;
  }
  beast::error_code endpoint_ec;
  const auto endpoint = socket.remote_endpoint(endpoint_ec);
  if (endpoint_ec) {  // gone already
    do_accept();
    return;
  }
  const bool proxy = state_->addresses().limits().trusted_proxies.contains(endpoint.address());
  auto admitted = state_->addresses().admit(address_key(endpoint.address()), !proxy);
  if (!admitted) {
    const auto why = admitted.error();
    const bool server_full = why == address_table::refusal::server_full;
    state_->metrics().error_sent(server_full ? protocol::error_code::server_full
                                             : protocol::error_code::too_many_connections);
    refusals_.refused(server_full                                   ? "server_full"
                      : why == address_table::refusal::network_full ? "network_full"
                                                                    : "address_full");
    refuse(socket, why);
    do_accept();
    return;
  }
  // Not a refusal, but the flood's cost: the busiest network's oldest connection closed.
  if (admitted.value().took_anothers_place()) closed_for_newcomers_.refused("oldest_of_busiest_network");
  // Frames are small and a player waits on each: send them at once, not when Nagle's
  // algorithm has waited out the client's delayed ACK (40 ms at p99 under load).
  beast::error_code ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  std::make_shared<http_session>(std::move(socket), state_, std::move(admitted).value())->run();
  do_accept();
}

void listener::refuse(tcp::socket& socket, address_table::refusal why) {
  // One write on a fresh socket fits its send buffer, so it cannot block; whatever the
  // client sent is read first, so the close is a FIN and not a reset that would hide
  // the answer.
  const auto& text = why == address_table::refusal::server_full    ? server_full_response_
                     : why == address_table::refusal::network_full ? network_full_response_
                                                                   : address_full_response_;
  beast::error_code ec;
  socket.non_blocking(true, ec);
  char drain[4096];
  socket.read_some(net::buffer(drain), ec);
  net::write(socket, net::buffer(text), ec);
  socket.shutdown(tcp::socket::shutdown_both, ec);
  socket.close(ec);
}

void listener::refuse_with_reserve() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_descriptor_warning_ > std::chrono::seconds(10)) {
    last_descriptor_warning_ = now;
    spdlog::warn("accept failed: out of file descriptors; refusing connections with 503 until some close");
  }
  if (reserve_fd_ < 0) return;
  ::close(reserve_fd_);
  reserve_fd_ = -1;
  beast::error_code ec;
  tcp::socket socket(ioc_);
  acceptor_.accept(socket, ec);
  if (!ec) {
    state_->metrics().error_sent(protocol::error_code::server_full);
    refuse(socket, address_table::refusal::server_full);
  }
  reserve_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

}  // namespace shithead::server
