#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <initializer_list>
#include <mutex>
#include <utility>

#include "protocol/api_answer.hpp"
#include "server/net/http_api.hpp"
#include "server/net/static_cache.hpp"
#include "server/net/static_files.hpp"

namespace shithead::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using request = http::request<http::string_body>;
using header_list = std::initializer_list<std::pair<http::field, std::string_view>>;

using reply_context = http_session::reply_context;

constexpr std::string_view json_type = "application/json";
constexpr std::string_view text_type = "text/plain; charset=utf-8";

// What a page of ours may load and who may frame it. The client is ES modules and
// stylesheets from this server only; its icon is a data: URL; it talks to /ws and /api
// on the same origin ('self' covers ws: and wss: there). No page may frame it (a framed
// table could be clickjacked into moves).
constexpr std::string_view page_policy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

template <class Body>
void set_headers(http::response<Body>& response, const reply_context& context, std::string_view type,
                 std::string_view cache, header_list extra) {
  response.set(http::field::server, "shithead");
  response.set(http::field::content_type, type);
  response.set(http::field::cache_control, cache);
  response.set("X-Content-Type-Options", "nosniff");
  if (type.starts_with("text/html")) {
    response.set("Content-Security-Policy", page_policy);
    response.set("X-Frame-Options", "DENY");
    response.set("Referrer-Policy", "same-origin");
  }
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

// An error answered with the catalog's status for its code, or `status` where one code
// covers two (too_large: a body is 413, headers are 431).
http::message_generator json_error(const reply_context& context, protocol::error_code code, std::string_view message,
                                   header_list extra = {}, std::optional<http::status> status = std::nullopt) {
  const auto answered = status.value_or(static_cast<http::status>(protocol::info(code).http_status));
  return text_response(context, answered, json_type, protocol::api_error(code, message).body, "no-cache", extra);
}

// What a request for a file says about the copies the browser has and what it can read.
struct file_request {
  std::string_view accept_encoding;
  std::string_view if_none_match;
  std::string_view if_modified_since;
};

// A file too large for the cache (or unreadable as a whole) goes out from disk as it is,
// with no validators.
http::message_generator streamed_file_response(const reply_context& context, const static_lookup& lookup) {
  http::file_body::value_type body;
  beast::error_code ec;
  body.open(lookup.file.c_str(), beast::file_mode::scan, ec);
  if (ec) return json_error(context, protocol::error_code::not_found, "no such file");
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

// A file from the cache: gzipped when the browser reads gzip and that pays, with its
// ETag and Last-Modified, and a 304 with no body when the browser's copy is current.
http::message_generator file_response(const reply_context& context, const file_request& asked,
                                      const static_lookup& lookup, static_cache& files) {
  if (lookup.status == static_status::bad_path)
    return json_error(context, protocol::error_code::bad_path, "that path is not allowed");
  if (lookup.status != static_status::found)
    return json_error(context, protocol::error_code::not_found, "no such file");
  const auto type = content_type_for(lookup.file);
  const auto entity = files.get(lookup.file, type);
  if (!entity) return streamed_file_response(context, lookup);

  const bool gzipped = !entity->gzipped.empty() && accepts_gzip(asked.accept_encoding);
  const std::string& etag = gzipped ? entity->gzipped_etag : entity->etag;
  bool current = false;
  if (!asked.if_none_match.empty()) {
    current = etag_matches(asked.if_none_match, etag);
  } else if (const auto since = parse_http_date(asked.if_modified_since)) {
    current = entity->modified <= *since;  // RFC 9110: If-None-Match, when sent, decides alone
  }
  const auto validators = [&](auto& response) {
    response.set(http::field::etag, etag);
    response.set(http::field::last_modified, entity->last_modified);
    if (!entity->gzipped.empty()) response.set(http::field::vary, "Accept-Encoding");
    if (gzipped) response.set(http::field::content_encoding, "gzip");
  };
  const auto cache = cache_control_for(lookup.file);
  const auto& bytes = gzipped ? entity->gzipped : entity->body;
  if (current || context.head) {
    http::response<http::empty_body> response{current ? http::status::not_modified : http::status::ok, context.version};
    set_headers(response, context, type, cache, {});
    validators(response);
    if (!current) response.content_length(bytes.size());
    return response;
  }
  http::response<http::string_body> response{http::status::ok, context.version};
  set_headers(response, context, type, cache, {});
  validators(response);
  response.body() = bytes;
  response.prepare_payload();
  return response;
}

// A table link, /t/ABC123: the client reads the code from the address.
bool is_table_link(std::string_view path) {
  if (path.size() != 9 || !path.starts_with("/t/")) return false;
  for (char c : path.substr(3))
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

// A game page, /g/41: the client reads the game's id from the address. Up to 18 digits,
// what an id the store hands out can have.
bool is_game_link(std::string_view path) {
  if (path.size() < 4 || path.size() > 21 || !path.starts_with("/g/")) return false;
  for (char c : path.substr(3))
    if (c < '0' || c > '9') return false;
  return true;
}

// The pages the client draws from its address alone are all index.html.
bool is_page_link(std::string_view path) { return is_table_link(path) || is_game_link(path); }

bool is_parse_error(const beast::error_code& ec) {
  return ec.category() == beast::http::make_error_code(http::error::bad_target).category();
}

// A status a route made up cannot reach the wire: anything outside 100-599 is our bug.
http::status reply_status(int code) {
  return code >= 100 && code <= 599 ? static_cast<http::status>(code) : http::status::internal_server_error;
}

std::string remote_address(const beast::tcp_stream& stream) {
  beast::error_code ec;
  const auto endpoint = stream.socket().remote_endpoint(ec);
  return ec ? std::string("unknown") : endpoint.address().to_string();
}

address_limits resolved(address_limits limits) {
  // Never more than the descriptors allow: past them accept itself would fail.
  const int budget = descriptor_budget();
  if (limits.max_connections <= 0 || limits.max_connections > budget) limits.max_connections = budget;
  return limits;
}

}  // namespace

http_shared_state::http_shared_state(std::filesystem::path static_root, http_hooks hooks, origin_policy allowed_origins,
                                     std::shared_ptr<server_metrics> metrics, http_limits limits)
    : static_root_(std::move(static_root)),
      hooks_(std::move(hooks)),
      allowed_origins_(std::move(allowed_origins)),
      metrics_(metrics ? std::move(metrics) : std::make_shared<server_metrics>()),
      limits_(limits),
      addresses_(std::make_shared<address_table>(resolved(limits.per_address))) {}

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

http_session::http_session(net::ip::tcp::socket&& socket, std::shared_ptr<http_shared_state> state,
                           address_table::ticket place)
    : executor_(socket.get_executor()), stream_(std::move(socket)), state_(std::move(state)), place_(std::move(place)) {
  beast::error_code ec;
  const auto endpoint = stream_.socket().remote_endpoint(ec);
  address_key_ = place_.held() ? place_.key() : ec ? std::string("unknown") : address_key(endpoint.address());
  from_proxy_ = !ec && state_->addresses().limits().trusted_proxies.contains(endpoint.address());
}

std::string http_session::client_key(const request& req) const {
  if (!from_proxy_) return address_key_;
  // The proxy appends the address it saw; anything before it the client may have made up.
  const auto forwarded = req["X-Forwarded-For"];
  auto last = forwarded.substr(forwarded.rfind(',') == std::string_view::npos ? 0 : forwarded.rfind(',') + 1);
  while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
  while (!last.empty() && last.back() == ' ') last.remove_suffix(1);
  beast::error_code ec;
  const auto client = net::ip::make_address(std::string(last), ec);
  return ec ? address_key_ : address_key(client);
}

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
  // A full server may close it for a newcomer (address_table.hpp); an answer in flight is
  // cut, as when a client goes.
  place_.on_close_for_newcomer([weak = weak_from_this()] {
    if (auto self = weak.lock()) self->close_now();
  });
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
  stream_.expires_after(state_->limits().header_timeout);
  reading_ = true;
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&http_session::on_header, shared_from_this()));
}

void http_session::on_header(beast::error_code ec, std::size_t) {
  if (ec) {
    reading_ = false;
    return on_read_error(ec);
  }
  if (parser_->is_done()) return on_read({}, 0);
  // The headers are in: the body gets the longer timeout.
  stream_.expires_after(state_->limits().read_timeout);
  http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(beast::error_code ec, std::size_t) {
  reading_ = false;
  if (ec) return on_read_error(ec);
  handle_request(parser_->release());
}

void http_session::on_read_error(beast::error_code ec) {
  const reply_context context{11, false, false};
  if (ec == http::error::body_limit) {
    send(json_error(context, protocol::error_code::too_large, "the request body is too large"));
  } else if (ec == http::error::header_limit) {
    send(json_error(context, protocol::error_code::too_large, "the headers are too large", {},
                    http::status::request_header_fields_too_large));
  } else if (is_parse_error(ec) && ec != http::error::end_of_stream && ec != http::error::partial_message) {
    send(json_error(context, protocol::error_code::bad_request, "that is not an HTTP request"));
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
  state_->metrics().http_request();

  if (path == "/ws") return upgrade(std::move(req), context);
  if (!get && !head)
    return send(json_error(context, protocol::error_code::method_not_allowed, "only GET and HEAD are served here",
                           {{http::field::allow, "GET, HEAD"}}));
  if (path.starts_with("/api/") && !state_->addresses().take_api_request(client_key(req)))
    return send(json_error(context, protocol::error_code::rate_limited,
                           "too many requests from your address; wait a second", {{http::field::retry_after, "1"}}));
  if (const auto* route = state_->hooks().routes.find(path)) {
    const auto question = target.find('?');
    const auto query = question == std::string_view::npos ? std::string_view() : target.substr(question + 1);
    return ask_route(*route, http_route_request{path, query, accepts_gzip(req[http::field::accept_encoding])}, context);
  }
  const auto& root = state_->static_root();
  const file_request asked{req[http::field::accept_encoding], req[http::field::if_none_match],
                           req[http::field::if_modified_since]};
  send(file_response(context, asked, resolve_static_file(root, is_page_link(path) ? "/index.html" : path),
                     state_->static_files()));
}

void http_session::upgrade(request req, const reply_context& context) {
  const auto& hook = state_->hooks().upgrade;
  if (!hook || closing_ || state_->shutting_down())
    return send(json_error(context, protocol::error_code::unavailable, "no game server here"));
  if (!beast::websocket::is_upgrade(req))
    return send(json_error(context, protocol::error_code::upgrade_required, "/ws speaks WebSocket only",
                           {{http::field::upgrade, "websocket"}}));
  const auto header = [&req](std::string_view name) {
    const auto field = req.find(name);
    return field == req.end() ? std::nullopt : std::optional<std::string_view>(field->value());
  };
  const handshake_origin from{header("Origin"), req[http::field::host], header("X-Forwarded-Proto")};
  if (!origin_allowed(state_->allowed_origins(), from)) {
    // A page of another site trying to play in its visitor's name, or a proxy that
    // rewrites Host or does not say it speaks https: the log line says which.
    spdlog::warn(
        "refused a WebSocket from {}: origin '{}' is not allowed for host '{}'{} (see --allowed-origins "
        "and --public-url)",
        remote_address(stream_), printable_header(*from.origin), printable_header(from.host),
        from.forwarded_proto ? " forwarded as " + printable_header(*from.forwarded_proto) : std::string());
    return send(text_response(context, http::status::forbidden, text_type,
                              "this page's origin may not open the game's WebSocket\n", "no-store"));
  }
  // The WebSocket session owns the stream from here; the read timeout is its business.
  stream_.expires_never();
  handed_off_ = true;
  try {
    place_.set_client_key(client_key(req));
    hook(std::move(stream_), std::move(req), std::move(place_));
  } catch (const std::exception& e) {
    spdlog::error("websocket upgrade failed: {}", e.what());
  }
}

// A route's reply, taken once: a second call is ignored, and a reply dropped uncalled
// (a store closing with the question still queued) answers 503 rather than leave the
// client waiting. Holding work on the io_context lets a graceful shutdown wait for it. A
// reply given while the route is still being called (most routes answer at once) is sent
// without a trip through the strand's queue.
struct http_session::pending_reply {
  pending_reply(std::shared_ptr<http_session> waiting, const reply_context& reply_to)
      : work(net::make_work_guard(io_context_of(waiting->executor_))), session(std::move(waiting)), context(reply_to) {}
  pending_reply(const pending_reply&) = delete;
  pending_reply& operator=(const pending_reply&) = delete;
  ~pending_reply() {
    if (answered.load()) return;
    try {
      answer(unavailable("the store did not answer"));
    } catch (const std::exception& e) {
      spdlog::error("a request could not be answered: {}", e.what());
    }
  }

  static http_reply unavailable(std::string_view message) {
    auto reply = http_reply::of(protocol::api_error(protocol::error_code::store_unavailable, message));
    reply.cache_control = "no-store";
    return reply;
  }

  // From any thread: back to the session's strand before touching it, unless the route
  // is answering from inside its call, on that strand.
  void answer(http_reply reply) {
    {
      const std::lock_guard lock(mutex);
      if (answered.exchange(true)) return;
      if (calling) {
        at_once = std::move(reply);
        return;
      }
    }
    net::post(session->executor_, [session = session, context = context, reply = std::move(reply)]() mutable {
      session->on_reply(context, std::move(reply));
    });
  }

  // The io_context's own executor, not the session's strand: releasing the work lets the
  // io_context end, and the guard then destroys its executor. A strand's would touch the
  // strand service, which may be gone by then (ASan saw it in the rankings route test);
  // the io_context's holds nothing.
  static net::io_context::executor_type io_context_of(const beast::tcp_stream::executor_type& executor) {
    return static_cast<net::io_context&>(net::query(executor, net::execution::context)).get_executor();
  }
  // Released last, after the session: the io_context must outlive the session's socket.
  const net::executor_work_guard<net::io_context::executor_type> work;
  const std::shared_ptr<http_session> session;
  const reply_context context;
  std::atomic<bool> answered{false};
  std::mutex mutex;  // guards `calling` and `at_once`: a reply may come from another thread
  // Set while the route's handler runs on the session's strand; a reply given meanwhile,
  // from whatever thread, waits in at_once for the handler to return (ask_route sends it).
  bool calling = false;
  std::optional<http_reply> at_once;

  // Ends the call; the reply given during it, if any.
  std::optional<http_reply> end_call() {
    const std::lock_guard lock(mutex);
    calling = false;
    return std::exchange(at_once, std::nullopt);
  }
};

void http_session::ask_route(const http_route_handler& route, const http_route_request& request,
                             const reply_context& context) {
  auto pending = std::make_shared<pending_reply>(shared_from_this(), context);
  pending->calling = true;  // no other thread has `pending` yet
  try {
    route(request, [pending](http_reply reply) { pending->answer(std::move(reply)); });
  } catch (const std::exception& e) {
    spdlog::error("the route for {} failed: {}", request.path, e.what());
    pending->answer(pending_reply::unavailable("the server failed to answer"));
  }
  if (auto reply = pending->end_call()) on_reply(context, std::move(*reply));
}

void http_session::on_reply(const reply_context& context, http_reply reply) {
  // Cut meanwhile (shutdown deadline): nobody is left to answer.
  if (!stream_.socket().is_open()) return;
  reply_context now = context;
  now.keep_alive = context.keep_alive && !closing_;
  // A body gzipped for a client that asked for it; caches keep both forms apart.
  if (reply.gzipped)
    return send(text_response(now, reply_status(reply.status), reply.content_type, std::move(reply.body),
                              reply.cache_control,
                              {{http::field::content_encoding, "gzip"}, {http::field::vary, "Accept-Encoding"}}));
  // A store too busy to queue the request says when to ask again (protocol/docs/http_api.md).
  if (reply.retry_after_seconds) {
    const auto seconds = std::to_string(*reply.retry_after_seconds);
    return send(text_response(now, reply_status(reply.status), reply.content_type, std::move(reply.body),
                              reply.cache_control, {{http::field::retry_after, seconds}}));
  }
  send(text_response(now, reply_status(reply.status), reply.content_type, std::move(reply.body), reply.cache_control));
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
