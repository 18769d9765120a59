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

api_answer health_answer(const std::optional<std::string>& store_problem) {
  // "ok" was the whole answer before the store existed; probes that read it still work.
  if (!store_problem) return api_answer{200, R"({"ok":true,"status":"ok","store":"ok"})", std::nullopt};
  // The keys in the order this answer has always had (it was written from a sorted tree).
  json body = json::object();
  body["ok"] = false;
  body["reason"] = *store_problem;
  body["status"] = "unhealthy";
  body["store"] = "failing";
  return api_answer{503, dump_json(body), std::nullopt};
}

}  // namespace shithead::protocol
