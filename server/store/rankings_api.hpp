#pragma once
// The rankings half of the HTTP JSON API (protocol/docs/http_api.md): the leaderboard,
// players and finished games, answered from the store. Every function runs on the
// store's thread with its connection; the HTTP layer only routes and writes.
#include <chrono>
#include <string>
#include <string_view>

#include "protocol/json_text.hpp"
#include "protocol/server_message.hpp"
#include "server/net/api_reply.hpp"
#include "server/net/http_api.hpp"
#include "server/store/sqlite.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"

namespace shithead::server {

// Answers a target for which is_rankings_target (server/net/http_api.hpp) holds. `now` anchors the 7d and 30d periods.
api_reply answer_rankings(sqlite::database& db, std::string_view target,
                          std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

// The pieces, for tests.
api_reply leaderboard(sqlite::database& db, std::string_view query, std::chrono::system_clock::time_point now);
api_reply player_profile(sqlite::database& db, std::string_view player_id);
api_reply players_named(sqlite::database& db, std::string_view query);
api_reply finished_game(sqlite::database& db, std::string_view game_id);

// {"mu", "sigma", "ordinal", "provisional"} and {"count", "numeric", "olympic", "feudal"}
// as the API shows them, and the same values for the game_over message.
protocol::json rating_json(const rating& r);
protocol::json title_json(const title& t);
protocol::rating_value rating_value_of(const rating& r);
protocol::title_value title_value_of(const title& t);

// "2026-11-21T09:15:02Z"
std::string iso_time(std::int64_t unix_ms);

}  // namespace shithead::server
