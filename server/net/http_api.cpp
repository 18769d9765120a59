#include "server/net/http_api.hpp"

#include <variant>

#include <spdlog/spdlog.h>

#include "protocol/api_answer.hpp"
#include "protocol/rankings_api.hpp"
#include "protocol/rules_api.hpp"
#include "server/net/static_files.hpp"

namespace shithead::server {
namespace {

constexpr std::string_view rules_prefix = "/api/rules";

http_reply error_reply(protocol::error_code code, std::string_view message) {
  return http_reply::of(protocol::api_error(code, message));
}

}  // namespace

http_reply health_reply(const std::optional<std::string>& store_problem) {
  auto reply = http_reply::of(protocol::health_answer(store_problem));
  reply.cache_control = "no-store";
  return reply;
}

namespace {

// ?ruleset={...}: the table's house rules over the preset the path names.
std::variant<rules::ruleset, http_reply> ruleset_from_query(rules::preset_id preset, std::string_view query) {
  const auto bad = [](std::string message) { return error_reply(protocol::error_code::bad_query, message); };
  constexpr std::string_view key = "ruleset=";
  if (!query.starts_with(key) || query.find('&') != std::string_view::npos)
    return bad("the only query /api/rules/{preset} takes is ruleset={JSON object}");
  const auto text = percent_decode(query.substr(key.size()));
  if (!text) return bad("ruleset: a malformed %-escape");
  auto parsed = protocol::parse_house_rules_query(preset, *text);
  if (!parsed) return bad(parsed.error().message);
  return std::move(parsed).value();
}

}  // namespace

http_reply rules_reply(std::string_view path, std::string_view query) {
  const auto ok = [](std::string body) {
    http_reply reply;
    reply.body = std::move(body);
    return reply;
  };
  if (path == rules_prefix || path == "/api/rules/") return ok(protocol::presets_body());
  if (!path.starts_with("/api/rules/")) return error_reply(protocol::error_code::not_found, "no such API endpoint");
  const auto name = path.substr(rules_prefix.size() + 1);
  const auto preset = rules::parse_preset(name);
  if (!preset)
    return error_reply(protocol::error_code::unknown_preset, "no preset is called '" + std::string(name) + "'");
  if (query.empty()) return ok(protocol::preset_body(rules::preset_ruleset(*preset)));
  auto rs = ruleset_from_query(*preset, query);
  if (auto* error = std::get_if<http_reply>(&rs)) return std::move(*error);
  return ok(protocol::preset_body(std::get<rules::ruleset>(rs)));
}

void add_server_routes(http_routes& routes, store_health health, std::shared_ptr<server_metrics> metrics) {
  using match = http_routes::match;
  routes.add("/healthz", match::exact,
             [health = std::move(health)](const http_route_request&, http_reply_callback reply) {
               std::optional<std::string> problem;
               if (health) {
                 try {
                   problem = health();
                 } catch (const std::exception& e) {
                   spdlog::error("the store health check failed: {}", e.what());
                   problem = "the store health check failed";
                 }
               }
               reply(health_reply(problem));
             });
  routes.add("/metrics", match::exact,
             [metrics = std::move(metrics)](const http_route_request&, http_reply_callback reply) {
               http_reply answer;
               answer.content_type = "text/plain; version=0.0.4; charset=utf-8";
               answer.cache_control = "no-store";
               answer.body = metrics->render();
               reply(std::move(answer));
             });
  const auto rules = [](const http_route_request& request, http_reply_callback reply) {
    reply(rules_reply(request.path, request.query));
  };
  routes.add(std::string(rules_prefix), match::exact, rules);
  routes.add(std::string(rules_prefix) + "/", match::prefix, rules);
  const auto no_such_endpoint = [](const http_route_request&, http_reply_callback reply) {
    reply(error_reply(protocol::error_code::not_found, "no such API endpoint"));
  };
  // The rankings API needs a store; a server without one (its routes are added by the
  // game side, app/rankings_routes) says the store is unavailable rather than 404.
  for (const auto& known : protocol::rankings_paths)
    routes.add(std::string(known.path), known.prefix ? match::prefix : match::exact,
               [](const http_route_request&, http_reply_callback reply) {
                 auto answer = http_reply::of(
                     protocol::api_error(protocol::error_code::store_unavailable, "the rankings are not kept here"),
                     protocol::rankings_content_type);
                 answer.cache_control = "no-store";
                 reply(std::move(answer));
               });
  routes.add("/api", match::exact, no_such_endpoint);
  routes.add("/api/", match::prefix, no_such_endpoint);
}

}  // namespace shithead::server
