#pragma once
// An answer of the HTTP JSON API (protocol/docs/http_api.md) as the wire carries it, and
// the one shape of its errors, and the health check's answer.
#include <optional>
#include <string>
#include <string_view>

#include "protocol/error_code.hpp"

namespace shithead::protocol {

// What the HTTP API sends: a status, a JSON body, and a Retry-After when it says when
// asking again may work.
struct api_answer {
  int status = 200;
  std::string body;
  std::optional<int> retry_after_seconds;
  // The same request will always get this same answer (a finished game's steps), so
  // anything between may keep it.
  bool never_changes = false;
};

// {"error": code, "message": message} with the status the error catalog gives the code.
api_answer api_error(error_code code, std::string_view message, std::optional<int> retry_after_seconds = {});

// GET /healthz: 200 {"ok":true,"status":"ok","store":"ok"} while the store works, else
// 503 {"ok":false,"reason":...,"status":"unhealthy","store":"failing"}, the reason's
// bytes that are not UTF-8 replaced.
api_answer health_answer(const std::optional<std::string>& store_problem);

}  // namespace shithead::protocol
