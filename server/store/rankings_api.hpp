#pragma once
// The rankings half of the HTTP JSON API (protocol/docs/http_api.md): the leaderboard,
// players and finished games, built from the rows a store reads (rankings_rows.hpp).
// Every function that takes rows runs on the store's thread; the HTTP layer only routes
// and writes.
#include <chrono>
#include <string>
#include <string_view>

#include "protocol/json_text.hpp"
#include "protocol/server_message.hpp"
#include "server/net/api_reply.hpp"
#include "server/net/http_api.hpp"
#include "server/store/leaderboard_cache.hpp"
#include "server/store/rankings_rows.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"

namespace shithead::server {

// Answers a target for which is_rankings_target (server/net/http_api.hpp) holds. `now` anchors the 7d and 30d periods.
// A failure to read answers 503 store_unavailable. With a cache, the leaderboard is
// served from it (leaderboard_cache.hpp: up to a second behind the last game); without,
// every request reads every game.
api_reply answer_rankings(rankings_rows& rows, std::string_view target,
                          std::chrono::system_clock::time_point now = std::chrono::system_clock::now(),
                          leaderboard_cache* cache = nullptr);

// The pieces, for tests.
api_reply leaderboard(rankings_rows& rows, std::string_view query, std::chrono::system_clock::time_point now,
                      leaderboard_cache* cache = nullptr);
api_reply player_profile(rankings_rows& rows, std::string_view player_id);
api_reply players_named(rankings_rows& rows, std::string_view query);
api_reply finished_game(rankings_rows& rows, std::string_view game_id);

// The answer to a request that finds the store's read queue full: 503
// store_unavailable with a Retry-After of `retry_after_seconds` (protocol/docs/http_api.md).
api_reply rankings_busy(int retry_after_seconds = 1);

// {"mu", "sigma", "ordinal", "provisional"} and {"count", "numeric", "olympic", "feudal"}
// as the API shows them, and the same values for the game_over message.
protocol::json rating_json(const rating& r);
protocol::json title_json(const title& t);
protocol::rating_value rating_value_of(const rating& r);
protocol::title_value title_value_of(const title& t);

// "2026-11-21T09:15:02Z"
std::string iso_time(std::int64_t unix_ms);

}  // namespace shithead::server
