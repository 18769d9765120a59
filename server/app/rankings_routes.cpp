#include "server/app/rankings_routes.hpp"

#include <utility>

#include "protocol/rankings_api.hpp"

namespace shithead::server {
namespace {

// protocol/docs/http_api.md: what the rankings API answers with. The answers change with
// every game, so no cache keeps them.
http_reply as_rankings_reply(protocol::api_answer answer) {
  auto reply = http_reply::of(std::move(answer), protocol::rankings_content_type);
  reply.cache_control = "no-store";
  return reply;
}

}  // namespace

http_reply rankings_reply(const rankings_result& result) {
  if (result) return as_rankings_reply(protocol::write_rankings_answer(result.value()));
  const auto& refusal = result.error();
  return as_rankings_reply(
      protocol::api_error(protocol::error_code::store_unavailable, refusal.message, refusal.retry_after_seconds));
}

void add_rankings_routes(server& http_server, std::shared_ptr<store> db) {
  auto ask = [db, metrics = http_server.metrics()](const http_route_request& request, http_reply_callback reply) {
    auto question = protocol::read_rankings_question(request.path, request.query);
    if (!question) return reply(as_rankings_reply(question.error()));
    metrics->set_store_queue_depth(db->queue_depth());
    db->answer_rankings(std::move(question).value(),
                        [reply = std::move(reply)](rankings_result result) { reply(rankings_reply(result)); });
  };
  for (const auto& known : protocol::rankings_paths)
    http_server.add_route(std::string(known.path),
                          known.prefix ? http_routes::match::prefix : http_routes::match::exact, ask);
}

}  // namespace shithead::server
