#include "protocol/api_answer.hpp"

#include "protocol/json_text.hpp"

namespace shithead::protocol {

api_answer api_error(error_code code, std::string_view message, std::optional<int> retry_after_seconds) {
  json body = json::object();
  body["error"] = to_string(code);
  // The message may quote a client's bytes, which need not be UTF-8: dump_json replaces them.
  body["message"] = std::string(message);
  return api_answer{info(code).http_status, dump_json(body), retry_after_seconds};
}

}  // namespace shithead::protocol
