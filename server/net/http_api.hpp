#pragma once
// The JSON endpoints as pure functions of the request path: no I/O, so tests can call
// them directly and http_session only has to send what they return.
//   GET /healthz              {"ok": true, "status": "ok", "store": "ok"}, or a 503 with
//                             false, "unhealthy", "failing" and the "reason" when the
//                             store fails (a full disk, a deleted data file)
//   GET /api/rules            {"presets": [{"name", "summary"}, ...]}
//   GET /api/rules/{preset}   `shithead rules PRESET --json` plus "summary", "powers"
//                             (each rank's powers by name) and "rules_in_words"; an
//                             unknown preset is a 404. With ?ruleset={JSON object of
//                             house rules, URL-encoded} the same for that table's
//                             ruleset (a bad one is a 400 bad_query)
#include <boost/beast/http/status.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/error_code.hpp"
#include "rules/ruleset.hpp"

namespace shithead::server {

struct api_response {
  boost::beast::http::status status = boost::beast::http::status::ok;
  std::string body;  // JSON
};

// Routes a GET target under /api/ that the store answers (leaderboard, players,
// games); false for anything else, so the caller tries its other routes.
bool is_rankings_target(std::string_view target);

// True for the paths handle_api answers (whatever the method).
bool is_api_path(std::string_view path);
// The answer to a GET of `path` with its `query` (after the '?'), or nothing when it is
// not an API path. /healthz assumes a healthy store; the session asks the store and calls
// health_response.
std::optional<api_response> handle_api(std::string_view path, std::string_view query = {});
api_response health_response(const std::optional<std::string>& store_problem);

nlohmann::ordered_json presets_json();
nlohmann::ordered_json preset_json(const rules::ruleset& rs);

// The ruleset in a few plain sentences, generated from its data: the deal, every power
// (turn powers and powers a table took away included), the table's house rules, what may
// go on anything, bursts of a kind, the pick-up rule and who starts.
std::vector<std::string> rules_in_words(const rules::ruleset& rs);

// {"error": code, "message": message}
std::string error_json(protocol::error_code code, std::string_view message);

}  // namespace shithead::server
