#include "server/room_host.hpp"

#include <boost/asio/post.hpp>

namespace shithead::server {

namespace asio = boost::asio;
using clock = std::chrono::steady_clock;

room_host::room_host(asio::io_context& ioc, table_settings settings, player_info host, std::uint64_t seed,
                     summary_listener listener)
    : strand_(asio::make_strand(ioc)),
      timer_(strand_),
      code_(settings.code),
      room_(std::move(settings), std::move(host), seed, clock::now()),
      listener_(std::move(listener)) {}

template <class Fn>
void room_host::on_strand(Fn fn, bool even_when_stopped) {
  asio::post(strand_, [self = shared_from_this(), fn = std::move(fn), even_when_stopped]() mutable {
    if (self->closed_reported_ || (self->stopped_ && !even_when_stopped)) return;
    fn(self->room_);
    self->after_change();
  });
}

void room_host::join(player_info player, std::shared_ptr<participant> connection, bool spectate, join_done done) {
  on_strand([player = std::move(player), connection = std::move(connection), spectate,
             done = std::move(done)](room& r) mutable {
    auto joined = r.join(player, std::move(connection), spectate, clock::now());
    done(joined ? std::nullopt : std::optional<room_error>(joined.error()));
  });
}

void room_host::leave(std::string player_id) {
  on_strand([player_id = std::move(player_id)](room& r) { r.leave(player_id, clock::now()); });
}

void room_host::disconnected(std::string player_id, std::shared_ptr<participant> connection) {
  // Even after stop(): the room must let go of the connection, or the session it holds
  // (and the socket's timers) would outlive the server's shutdown.
  on_strand([player_id = std::move(player_id), connection = std::move(connection)](room& r) {
    r.disconnected(player_id, connection.get(), clock::now());
  }, true);
}

void room_host::handle(std::string player_id, protocol::json message) {
  on_strand([player_id = std::move(player_id), message = std::move(message)](room& r) {
    r.handle(player_id, message, clock::now());
  });
}

void room_host::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void room_host::after_change() {
  if (room_.closed()) {
    closed_reported_ = true;
    timer_.cancel();
    listener_(code_, std::nullopt);
    return;
  }
  auto summary = room_.summary();
  if (!last_summary_ || !(*last_summary_ == summary)) {
    last_summary_ = summary;
    listener_(code_, std::move(summary));
  }
  arm_timer();
}

void room_host::arm_timer() {
  const auto deadline = stopped_ ? std::nullopt : room_.next_deadline();
  if (!deadline) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(*deadline);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->closed_reported_ || self->stopped_) return;
    self->room_.tick(clock::now());
    self->after_change();
  });
}

}  // namespace shithead::server
