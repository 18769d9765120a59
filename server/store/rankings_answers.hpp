#pragma once
// The answers to the rankings questions (protocol/rankings_api.hpp), worked out from the
// rows a store reads (rankings_rows.hpp): the leaderboard, a player's profile, players by
// name and a finished game. Any backend that can read those rows answers with these; the
// HTTP layer writes the answers, so nothing here knows a URL or a status code. Every
// function that takes rows runs on the store's reading thread.
#include <chrono>
#include <optional>
#include <string_view>

#include "protocol/rankings_api.hpp"
#include "protocol/server_message.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/leaderboard_cache.hpp"
#include "server/store/player_history.hpp"
#include "server/store/rankings_rows.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// `question` answered from `rows`; `now` anchors the 7d and 30d periods. A failure to
// read is refused as `failed`. With a cache, the leaderboard is served from it
// (leaderboard_cache.hpp: up to a second behind the last game), and with `histories` a
// player's history (player_history.hpp); without, every question reads every game.
rankings_result answer_rankings(rankings_rows& rows, const protocol::rankings_question& question,
                                std::chrono::system_clock::time_point now = std::chrono::system_clock::now(),
                                leaderboard_cache* cache = nullptr, history_cache* histories = nullptr);

// The pieces; a failure to read throws.
protocol::leaderboard_page leaderboard(rankings_rows& rows, const protocol::leaderboard_question& question,
                                       std::chrono::system_clock::time_point now, leaderboard_cache* cache = nullptr);
std::optional<protocol::player_profile> player_profile(rankings_rows& rows, std::string_view player_id);
protocol::players_named players_named(rankings_rows& rows, std::string_view name);
std::optional<protocol::finished_game> finished_game(rankings_rows& rows, std::int64_t game_id);

// A rating and a title as the API and the game_over message show them (four places).
protocol::rating_value rating_value_of(const rating& r);
protocol::title_value title_value_of(const title& t);

}  // namespace shithead::server
