#include "server/app/rankings_routes.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

#include "protocol/rankings_api.hpp"
#include "server/app/steps_cache.hpp"
#include "server/net/static_cache.hpp"

namespace shithead::server {
namespace {

// protocol/docs/http_api.md: what the rankings API answers with. The answers change with
// every game (the store keeps its own caches of the boards and histories); but a finished
// game's steps never change, and are kept here as sent.
constexpr std::size_t min_gzipped_bytes = 1024;

http_reply as_rankings_reply(protocol::api_answer answer) {
  const bool never_changes = answer.never_changes;
  auto reply = http_reply::of(std::move(answer), protocol::rankings_content_type);
  reply.cache_control = never_changes ? "public, max-age=86400, immutable" : "no-store";
  return reply;
}

// The game a question asks the steps of, if it does.
std::optional<std::int64_t> steps_asked(const protocol::rankings_question& question) {
  const auto* game = std::get_if<protocol::game_question>(&question);
  if (!game || !game->steps) return std::nullopt;
  return game->game_id;
}

// A game's steps run to a few hundred kilobytes of JSON that gzip shrinks thirtyfold:
// written and compressed once, where the answer is made (on the store's reading
// thread), kept in `cache`, and sent in the form the request accepts. The answer never
// changes, and says so to browsers too.
http_reply steps_reply(std::int64_t game_id, const rankings_result& result, bool accepts_gzip, steps_cache& cache) {
  auto plain = rankings_reply(result);
  if (!result || !std::holds_alternative<protocol::game_steps>(result.value()) || plain.status != 200) return plain;
  std::string gzipped = plain.body.size() >= min_gzipped_bytes ? gzip_compress(plain.body) : std::string();
  http_reply reply = plain;
  if (accepts_gzip && !gzipped.empty()) {
    reply.body = gzipped;
    reply.gzipped = true;
  }
  cache.keep(game_id, plain, std::move(gzipped));
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
  auto steps = std::make_shared<steps_cache>();
  auto ask = [db, steps, metrics = http_server.metrics()](const http_route_request& request,
                                                          http_reply_callback reply) {
    auto question = protocol::read_rankings_question(request.path, request.query);
    if (!question) return reply(as_rankings_reply(question.error()));
    const auto game_id = steps_asked(question.value());
    if (game_id) {
      if (auto kept = steps->find(*game_id, request.accepts_gzip)) return reply(std::move(*kept));
    }
    metrics->set_store_queue_depth(db->queue_depth());
    db->answer_rankings(std::move(question).value(), [reply = std::move(reply), gzip = request.accepts_gzip, game_id,
                                                      steps](rankings_result result) {
      reply(game_id ? steps_reply(*game_id, result, gzip, *steps) : rankings_reply(result));
    });
  };
  for (const auto& known : protocol::rankings_paths)
    http_server.add_route(std::string(known.path),
                          known.prefix ? http_routes::match::prefix : http_routes::match::exact, ask);
}

}  // namespace shithead::server
