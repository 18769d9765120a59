#pragma once
// The rankings API on the server: the leaderboard, players and finished games. Each
// request's question is read from its path and query (protocol/rankings_api.hpp), asked
// of the store, and its answer or refusal written as the reply.
#include <memory>

#include "server/net/http_routes.hpp"
#include "server/net/server.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// Before the server starts.
void add_rankings_routes(server& http_server, std::shared_ptr<store> db);

// The reply to a rankings request: the answer (200, or 404 for a player or game that is
// not there), or the store's refusal as 503 store_unavailable, with a Retry-After when
// the store named one.
http_reply rankings_reply(const rankings_result& result);

}  // namespace shithead::server
