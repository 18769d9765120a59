#include "server/app/rankings_routes.hpp"

#include <utility>

#include "protocol/rankings_api.hpp"
#include "server/net/static_cache.hpp"

namespace shithead::server {
namespace {

// protocol/docs/http_api.md: what the rankings API answers with. The answers change with
// every game, so no cache keeps them; but a finished game's steps never change.
constexpr std::size_t min_gzipped_bytes = 1024;

http_reply as_rankings_reply(protocol::api_answer answer) {
  const bool never_changes = answer.never_changes;
  auto reply = http_reply::of(std::move(answer), protocol::rankings_content_type);
  reply.cache_control = never_changes ? "public, max-age=86400, immutable" : "no-store";
  return reply;
}

// A game's steps run to a few hundred kilobytes of JSON that gzip shrinks thirtyfold:
// compressed where the answer is made, on the store's reading thread, once per browser
// (the answer never changes, and says so).
http_reply gzipped_if_steps(http_reply reply, const rankings_result& result, bool accepts_gzip) {
  const bool steps = result && std::holds_alternative<protocol::game_steps>(result.value());
  if (accepts_gzip && steps && reply.body.size() >= min_gzipped_bytes) {
    reply.body = gzip_compress(reply.body);
    reply.gzipped = true;
  }
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
                        [reply = std::move(reply), gzip = request.accepts_gzip](rankings_result result) {
                          reply(gzipped_if_steps(rankings_reply(result), result, gzip));
                        });
  };
  for (const auto& known : protocol::rankings_paths)
    http_server.add_route(std::string(known.path),
                          known.prefix ? http_routes::match::prefix : http_routes::match::exact, ask);
}

}  // namespace shithead::server
