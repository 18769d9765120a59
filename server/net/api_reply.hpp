#pragma once
// A JSON answer to an HTTP API request: its status and body. The store's rankings
// queries return one; http_session writes it.
#include <optional>
#include <string>
#include <utility>

#include "protocol/error_code.hpp"
#include "protocol/json_text.hpp"

namespace shithead::server {

struct api_reply {
  // A constructor rather than an aggregate, so that the many {status, body} replies
  // need not name the Retry-After they do not have.
  api_reply() = default;
  api_reply(int status_code, protocol::json json_body, std::optional<int> retry_after = std::nullopt)
      : status(status_code), body(std::move(json_body)), retry_after_seconds(retry_after) {}

  int status = 200;
  protocol::json body;
  // Sent as Retry-After (seconds) when set: a 503 that says when asking again may work.
  std::optional<int> retry_after_seconds;

  // {"error": code, "message": message} with the status the error catalog gives the code.
  static api_reply error(protocol::error_code code, std::string message) {
    protocol::json body = protocol::json::object();
    body["error"] = protocol::to_string(code);
    body["message"] = std::move(message);
    return api_reply(protocol::info(code).http_status, std::move(body));
  }
};

}  // namespace shithead::server
