#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

namespace shithead::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

websocket_session::websocket_session(beast::tcp_stream stream, std::shared_ptr<session_handler> handler,
                                     websocket_limits limits, std::shared_ptr<server_metrics> metrics,
                                     address_table::ticket place)
    : ws_(std::move(stream)),
      home_(&context_of(ws_.get_executor())),
      handler_(std::move(handler)),
      limits_(limits),
      metrics_(std::move(metrics)),
      place_(std::move(place)) {
  beast::error_code ec;
  const auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
  remote_address_ = ec ? "unknown" : endpoint.address().to_string();
  address_key_ = place_.held() ? place_.client_key() : ec ? "unknown" : server::address_key(endpoint.address());
}

void websocket_session::run(beast::http::request<beast::http::string_body> request) {
  target_ = std::string(request.target());
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = limits_.handshake_timeout;
  timeouts.idle_timeout = limits_.idle_timeout;
  timeouts.keep_alive_pings = true;
  beast::get_lowest_layer(ws_).expires_never();  // the websocket timeouts take over
  ws_.set_option(timeouts);
  ws_.read_message_max(limits_.max_frame_bytes);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& response) { response.set(beast::http::field::server, "shithead"); }));
  ws_.async_accept(request, beast::bind_front_handler(&websocket_session::on_accept, shared_from_this()));
  place_.on_close_for_newcomer([weak = weak_from_this()] {
    if (auto self = weak.lock()) self->drop();
  });
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) {
    spdlog::debug("websocket accept from {} failed: {}", remote_address_, ec.message());
    return;
  }
  open_ = true;
  if (metrics_) metrics_->connection_opened();
  ws_.text(true);
  handler_->on_open(shared_from_this());
  do_read();
}

void websocket_session::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&websocket_session::on_read, shared_from_this()));
}

void websocket_session::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      // Beast has already failed the stream; say why on the way out.
      spdlog::info("closing {}: frame over {} bytes", remote_address_, limits_.max_frame_bytes);
      if (metrics_) metrics_->error_sent(protocol::error_code::message_too_big);
    } else if (ec != websocket::error::closed) {
      spdlog::debug("websocket read from {} ended: {}", remote_address_, ec.message());
    }
    finish();
    return;
  }
  if (metrics_) metrics_->message_in();
  std::string text;
  if (ws_.got_text()) text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  // A binary frame is handed over empty: the handler answers it as a bad message.
  handler_->on_text(shared_from_this(), std::move(text));
  if (!closing_) do_read();
}

void websocket_session::deliver(frame message) {
  boost::asio::dispatch(ws_.get_executor(), [self = shared_from_this(), message = std::move(message)]() mutable {
    self->enqueue(std::move(message));
  });
}

void websocket_session::enqueue(frame message) {
  if (!open_ || closing_ || finished_) return;
  if (queue_.size() >= limits_.max_queued_frames || queued_bytes_ + message->size() > limits_.max_queued_bytes) {
    // A client that does not read would not read a close frame either: cut the
    // connection, which also ends the write in flight.
    spdlog::info("closing {}: not reading its messages", remote_address_);
    drop_queued();
    closing_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).socket().close(ignored);
    if (!writing_) finish();
    return;
  }
  queued_bytes_ += message->size();
  queue_.push_back(std::move(message));
  if (!writing_) do_write();
}

// Drops what is waiting, but never the frame a write in flight is still sending from.
void websocket_session::drop_queued() {
  const auto keep = writing_ && !queue_.empty() ? 1u : 0u;
  while (queue_.size() > keep) {
    queued_bytes_ -= queue_.back()->size();
    queue_.pop_back();
  }
}

void websocket_session::do_write() {
  writing_ = true;
  ws_.async_write(boost::asio::buffer(*queue_.front()),
                  beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  if (ec) {
    finish();
    return;
  }
  if (metrics_) metrics_->message_out();
  if (!queue_.empty()) {
    queued_bytes_ -= queue_.front()->size();
    queue_.pop_front();
  }
  if (!queue_.empty()) {
    do_write();
  } else if (closing_) {
    do_close();
  }
}

void websocket_session::close(websocket::close_code code, std::string reason) {
  boost::asio::dispatch(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
    if (!self->open_ || self->closing_ || self->finished_) return;
    self->closing_ = true;
    self->close_reason_ = websocket::close_reason(code, reason);
    if (!self->writing_) self->do_close();
  });
}

void websocket_session::drop() {
  boost::asio::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    if (self->finished_) return;
    self->closing_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(self->ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(self->ws_).socket().close(ignored);
    // Before the handshake ends its accept fails, and the handler never heard of it.
    if (self->open_ && !self->writing_) self->finish();
  });
}

void websocket_session::do_close() {
  ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) { self->finish(); });
}

void websocket_session::finish() {
  if (finished_) return;
  finished_ = true;
  if (open_ && metrics_) metrics_->connection_closed();  // pairs with on_accept
  open_ = false;
  drop_queued();
  if (handler_) handler_->on_close(shared_from_this());
  context_.reset();  // the handler has let go of the connection; so does the session
}

}  // namespace shithead::server
