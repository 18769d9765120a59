#include "server/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <initializer_list>
#include <spdlog/spdlog.h>

#include "server/http_api.hpp"
#include "server/static_files.hpp"

namespace shithead::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using request = http::request<http::string_body>;
using header_list = std::initializer_list<std::pair<http::field, std::string_view>>;

constexpr std::string_view json_type = "application/json";

// What every answer to one request shares.
struct reply_context {
  unsigned version = 11;
  bool keep_alive = false;
  bool head = false;
};

template <class Body>
void set_headers(http::response<Body>& response, const reply_context& context, std::string_view type,
                 std::string_view cache, header_list extra) {
  response.set(http::field::server, "shithead");
  response.set(http::field::content_type, type);
  response.set(http::field::cache_control, cache);
  response.set("X-Content-Type-Options", "nosniff");
  for (const auto& [field, value] : extra) response.set(field, value);
  response.keep_alive(context.keep_alive);
}

// A HEAD gets the same headers, Content-Length included, and no body.
http::message_generator text_response(const reply_context& context, http::status status, std::string_view type,
                                      std::string body, std::string_view cache = "no-cache", header_list extra = {}) {
  if (context.head) {
    http::response<http::empty_body> response{status, context.version};
    set_headers(response, context, type, cache, extra);
    response.content_length(body.size());
    return response;
  }
  http::response<http::string_body> response{status, context.version};
  set_headers(response, context, type, cache, extra);
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

http::message_generator json_error(const reply_context& context, http::status status, std::string_view code,
                                   std::string_view message, header_list extra = {}) {
  return text_response(context, status, json_type, error_json(code, message), "no-cache", extra);
}

http::message_generator file_response(const reply_context& context, const static_lookup& lookup) {
  if (lookup.status == static_status::bad_path)
    return json_error(context, http::status::bad_request, "bad_path", "that path is not allowed");
  http::file_body::value_type body;
  beast::error_code ec;
  if (lookup.status == static_status::found) body.open(lookup.file.c_str(), beast::file_mode::scan, ec);
  if (lookup.status != static_status::found || ec)
    return json_error(context, http::status::not_found, "not_found", "no such file");
  const auto type = content_type_for(lookup.file);
  const auto cache = cache_control_for(lookup.file);
  if (context.head) {
    http::response<http::empty_body> response{http::status::ok, context.version};
    set_headers(response, context, type, cache, {});
    response.content_length(body.size());
    return response;
  }
  const auto size = body.size();
  http::response<http::file_body> response{std::piecewise_construct, std::make_tuple(std::move(body)),
                                           std::make_tuple(http::status::ok, context.version)};
  set_headers(response, context, type, cache, {});
  response.content_length(size);
  return response;
}

// A table link, /t/ABC123: the client reads the code from the address.
bool is_table_link(std::string_view path) {
  if (path.size() != 9 || !path.starts_with("/t/")) return false;
  for (char c : path.substr(3))
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

bool is_parse_error(const beast::error_code& ec) {
  return ec.category() == beast::http::make_error_code(http::error::bad_target).category();
}

}  // namespace

http_shared_state::http_shared_state(std::filesystem::path static_root, websocket_upgrade upgrade, http_limits limits)
    : static_root_(std::move(static_root)), upgrade_(std::move(upgrade)), limits_(limits) {}

bool http_shared_state::join(http_session* session, std::weak_ptr<http_session> handle) {
  const std::lock_guard lock(mutex_);
  if (shutting_down_) return false;
  sessions_.emplace(session, std::move(handle));
  return true;
}

void http_shared_state::leave(http_session* session) {
  const std::lock_guard lock(mutex_);
  sessions_.erase(session);
}

std::vector<std::shared_ptr<http_session>> http_shared_state::begin_shutdown() {
  {
    const std::lock_guard lock(mutex_);
    shutting_down_ = true;
  }
  return live_sessions();
}

std::vector<std::shared_ptr<http_session>> http_shared_state::live_sessions() const {
  std::vector<std::shared_ptr<http_session>> live;
  const std::lock_guard lock(mutex_);
  for (const auto& [session, handle] : sessions_)
    if (auto strong = handle.lock()) live.push_back(std::move(strong));
  return live;
}

bool http_shared_state::shutting_down() const {
  const std::lock_guard lock(mutex_);
  return shutting_down_;
}

http_session::http_session(net::ip::tcp::socket&& socket, std::shared_ptr<http_shared_state> state)
    : executor_(socket.get_executor()), stream_(std::move(socket)), state_(std::move(state)) {}

// Leaves the registry, as a Beast chat session leaves its shared state.
http_session::~http_session() { state_->leave(this); }

void http_session::run() {
  // The socket was accepted onto its own strand; start there.
  net::dispatch(executor_, beast::bind_front_handler(&http_session::start, shared_from_this()));
}

void http_session::start() {
  if (!state_->join(this, weak_from_this())) {
    do_close();
    return;
  }
  do_read();
}

void http_session::close_gracefully() {
  net::post(executor_, [self = shared_from_this()] {
    self->closing_ = true;
    if (self->handed_off_) return;
    // Between requests nothing is lost by closing; a response in flight finishes first.
    if (self->reading_) self->stream_.cancel();
  });
}

void http_session::close_now() {
  net::post(executor_, [self = shared_from_this()] {
    self->closing_ = true;
    if (self->handed_off_) return;
    beast::error_code ec;
    self->stream_.socket().close(ec);
  });
}

void http_session::do_read() {
  if (closing_) {
    do_close();
    return;
  }
  // A fresh parser per request: the limits apply to each message.
  parser_.emplace();
  parser_->body_limit(state_->limits().max_body_bytes);
  parser_->header_limit(state_->limits().max_header_bytes);
  stream_.expires_after(state_->limits().read_timeout);
  reading_ = true;
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  reading_ = false;
  if (!ec) {
    handle_request(parser_->release());
    return;
  }
  const reply_context context{11, false, false};
  if (ec == http::error::body_limit) {
    send(json_error(context, http::status::payload_too_large, "too_large", "the request body is too large"));
  } else if (ec == http::error::header_limit) {
    send(json_error(context, http::status::request_header_fields_too_large, "too_large", "the headers are too large"));
  } else if (is_parse_error(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
    send(json_error(context, http::status::bad_request, "bad_request", "that is not an HTTP request"));
  } else {
    if (ec != http::error::end_of_stream && ec != net::error::operation_aborted && ec != beast::error::timeout)
      spdlog::debug("http read ended: {}", ec.message());
    do_close();
  }
}

void http_session::handle_request(request req) {
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const bool get = req.method() == http::verb::get;
  const bool head = req.method() == http::verb::head;
  const reply_context context{req.version(), req.keep_alive() && !closing_ && !state_->shutting_down(), head};
  spdlog::debug("{} {}", std::string_view(req.method_string()), target);

  if (path == "/ws") {
    if (!state_->upgrade() || closing_ || state_->shutting_down())
      return send(json_error(context, http::status::service_unavailable, "unavailable", "no game server here"));
    if (!beast::websocket::is_upgrade(req))
      return send(json_error(context, http::status::upgrade_required, "upgrade_required",
                             "/ws speaks WebSocket only", {{http::field::upgrade, "websocket"}}));
    // The WebSocket session owns the stream from here; the read timeout is its business.
    stream_.expires_never();
    handed_off_ = true;
    try {
      state_->upgrade()(std::move(stream_), std::move(req));
    } catch (const std::exception& e) {
      spdlog::error("websocket upgrade failed: {}", e.what());
    }
    return;
  }
  if (!get && !head)
    return send(json_error(context, http::status::method_not_allowed, "method_not_allowed",
                           "only GET and HEAD are served here", {{http::field::allow, "GET, HEAD"}}));
  if (auto api = handle_api(path)) return send(text_response(context, api->status, json_type, std::move(api->body)));
  const auto& root = state_->static_root();
  send(file_response(context, resolve_static_file(root, is_table_link(path) ? "/index.html" : path)));
}

void http_session::send(http::message_generator response) {
  const bool keep_alive = response.keep_alive();
  stream_.expires_after(state_->limits().write_timeout);
  beast::async_write(stream_, std::move(response),
                     beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec != net::error::operation_aborted && ec != beast::error::timeout)
      spdlog::debug("http write failed: {}", ec.message());
    do_close();
    return;
  }
  if (!keep_alive || closing_) {
    do_close();
    return;
  }
  do_read();
}

void http_session::do_close() {
  // Send a FIN so the client sees a clean end; the socket closes with the session.
  beast::error_code ec;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace shithead::server
