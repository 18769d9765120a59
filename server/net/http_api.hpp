#pragma once
// The routes the server answers without the game: health, metrics and the rules. No I/O
// of their own, so tests can call the answers directly.
//   GET /healthz              {"ok": true, "status": "ok", "store": "ok"}, or a 503 with
//                             false, "unhealthy", "failing" and the "reason" when the
//                             store fails (a full disk, a deleted data file)
//   GET /api/rules            {"presets": [{"name", "summary"}, ...]}
//   GET /api/rules/{preset}   `shithead rules PRESET --json` plus "summary", "powers"
//                             (each rank's powers by name) and "rules_in_words"; an
//                             unknown preset is a 404. With ?ruleset={JSON object of
//                             house rules, URL-encoded} the same for that table's
//                             ruleset (a bad one is a 400 bad_query)
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/ruleset.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/metrics.hpp"

namespace shithead::server {

// What is wrong with the store (nullopt while it writes); called on a network thread for
// every /healthz, so it must answer at once (a flag, not a query).
using store_health = std::function<std::optional<std::string>()>;

// The routes the server answers itself: /healthz (asking `health`, when given), /metrics,
// /api/rules and /api/rules/{preset}, and a 404 for any other /api path no route takes.
void add_server_routes(http_routes& routes, store_health health, std::shared_ptr<server_metrics> metrics);

// The answers of those routes, for tests.
http_reply health_reply(const std::optional<std::string>& store_problem);
http_reply rules_reply(std::string_view path, std::string_view query = {});

}  // namespace shithead::server
