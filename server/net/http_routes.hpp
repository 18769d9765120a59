#pragma once
// Every HTTP route but the WebSocket and the static files, in one table, in the manner
// of the request_handler of Asio's HTTP server example: a GET or HEAD is matched to one
// route by its path, and the route answers with one reply type, http_reply, at once or
// later from any thread. http_session keeps the I/O and the limits; the server adds the
// routes it answers itself (/healthz, /metrics, /api/rules) and the game side adds the
// store's (the rankings API, app/rankings_routes).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/api_answer.hpp"

namespace shithead::server {

// An answer to one request, whatever route gave it.
struct http_reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string cache_control = "no-cache";
  // Sent as Retry-After (seconds) when set: a 503 or 429 that says when asking again may work.
  std::optional<int> retry_after_seconds;
  // The body is gzip (Content-Encoding: gzip): only for a request that accepts it.
  bool gzipped = false;

  // The HTTP API's JSON answer, with `type` as its Content-Type.
  static http_reply of(protocol::api_answer answer, std::string_view type = "application/json");
};

struct http_route_request {
  std::string_view path;      // without the query
  std::string_view query;     // after the '?', "" without one
  bool accepts_gzip = false;  // its Accept-Encoding allows a gzipped body
};

// Takes the reply once, from any thread, now or later; a second call is ignored, and a
// callback dropped uncalled answers 503 (http_session), so a route can never leave a
// client waiting.
using http_reply_callback = std::function<void(http_reply)>;
// Called on the connection's strand; must not block.
using http_route_handler = std::function<void(const http_route_request& request, http_reply_callback reply)>;

class http_routes {
 public:
  enum class match { exact, prefix };

  // Before the server starts. A path added twice keeps the first.
  void add(std::string path, match how, http_route_handler handler);

  // The route for `path`: an exact one, else the longest prefix; nullptr for none.
  const http_route_handler* find(std::string_view path) const;

 private:
  struct route {
    std::string path;
    match how;
    http_route_handler handler;
  };
  std::vector<route> routes_;
};

}  // namespace shithead::server
