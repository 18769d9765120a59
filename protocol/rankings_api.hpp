#pragma once
// The rankings half of the HTTP API (protocol/docs/http_api.md) as types: the questions a
// request asks (read from its path and query string), the answers a store gives, and
// their JSON. The store answers a rankings_question with a rankings_answer and knows
// nothing of URLs; the HTTP layer reads the question here and writes the answer here.
//
//   GET /api/leaderboard?sort=&period=&limit=&offset=   leaderboard_question -> leaderboard_page
//   GET /api/players/{id}                              player_question -> player_profile (or none)
//   GET /api/players?name=                             players_named_question -> players_named
//   GET /api/players/{id}/history                      history_question -> player_history (or none)
//   GET /api/games/{id}                                game_question -> finished_game (or none)
//   GET /api/games/{id}/steps                          game_question{steps} -> game_steps
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/api_answer.hpp"
#include "protocol/error_code.hpp"
#include "protocol/server_message.hpp"
#include "rules/error.hpp"

namespace shithead::protocol {

enum class board_sort { rating, shithead, rate, games };
enum class board_period { all, days_30, days_7 };

struct leaderboard_question {
  board_sort sort = board_sort::rating;
  board_period period = board_period::all;
  int limit = 50;           // 1 to 100
  std::int64_t offset = 0;  // from 0
  friend bool operator==(const leaderboard_question&, const leaderboard_question&) = default;
};

struct player_question {
  std::string player_id;  // 12 lowercase hex characters
  friend bool operator==(const player_question&, const player_question&) = default;
};

struct players_named_question {
  std::string name;  // as typed; the store cleans it as names are cleaned when chosen
  friend bool operator==(const players_named_question&, const players_named_question&) = default;
};

// A player's finished games and the people they played with most: the player page's
// charts.
struct history_question {
  std::string player_id;  // 12 lowercase hex characters
  friend bool operator==(const history_question&, const history_question&) = default;
};

struct game_question {
  std::int64_t game_id = 0;  // from 1
  bool steps = false;        // the game replayed step by step (/steps), not its record
  friend bool operator==(const game_question&, const game_question&) = default;
};

using rankings_question =
    std::variant<leaderboard_question, player_question, players_named_question, game_question, history_question>;

// One player's counts over the games a board or profile covers. Rates and averages are
// rounded to four places by whoever fills this in (the store), and written as they are.
struct player_counts {
  int games = 0;
  int shithead = 0;
  double shithead_rate = 0;
  int first = 0;
  std::optional<double> average_place;  // none before a first finished game
  int current_run = 0;                  // games since last the shithead
  int longest_run = 0;
  rating_value rating;
  title_value title;
};

// How a rating moved over the last 7 days: the games that moved it and by how much (the
// ordinal's change, rounded).
struct rating_trend {
  int games = 0;
  double change = 0;
};

struct leaderboard_entry {
  std::int64_t rank = 0;  // from 1, across pages
  std::string player_id;
  std::string name;
  player_counts counts;
  std::optional<rating_trend> week;  // none without a rated game in the last 7 days
};

struct leaderboard_page {
  leaderboard_question question;  // as asked, defaults filled in
  std::int64_t total = 0;         // players on the whole board
  std::vector<leaderboard_entry> players;
};

// A game a player sat in, newest first in a profile.
struct recent_game {
  std::int64_t game_id = 0;
  std::int64_t ended = 0;  // Unix ms
  std::string ruleset;     // the stored ruleset's JSON; the answer shows its preset
  std::string status;      // "finished" or "abandoned"
  int seats = 0;
  std::optional<int> place;
  bool shithead = false;
  std::optional<double> rating_before;  // ordinals, rounded; none for an unrated game
  std::optional<double> rating_after;
};

struct player_profile {
  std::string player_id;
  std::string name;
  std::int64_t created = 0;    // Unix ms
  std::int64_t last_seen = 0;  // Unix ms
  player_counts counts;
  std::vector<recent_game> recent;  // at most 20
};

struct named_player {
  std::string player_id;
  std::string name;
};

struct players_named {
  std::vector<named_player> players;
};

struct game_seat {
  int seat = 0;
  std::optional<std::string> player_id;  // none for a bot
  std::string name;
  std::optional<std::string> bot;  // the bot's kind; none for a human
  std::optional<int> place;
  bool shithead = false;
};

struct finished_game {
  std::int64_t game_id = 0;
  std::string ruleset;  // the stored ruleset's JSON
  std::string status;
  std::int64_t started = 0;  // Unix ms
  std::int64_t ended = 0;
  std::vector<game_seat> seats;
  std::string record;  // the stored game record's JSON
};

// One finished game in a player's history.
struct history_game {
  std::int64_t game_id = 0;
  std::int64_t ended = 0;  // Unix ms
  int seats = 0;
  std::optional<int> place;
  bool shithead = false;
  std::optional<rating_value> rating;  // after the game; none when it rated nobody
};

// Another person and the finished games they shared with the player.
struct played_with {
  std::string player_id;
  std::string name;
  int games = 0;
  int ahead = 0;   // the player finished ahead of them
  int behind = 0;  // they finished ahead of the player
};

struct player_history {
  std::string player_id;
  std::string name;
  int total = 0;                      // finished games in all
  std::vector<history_game> games;    // oldest first, the last `history_games_kept`
  std::vector<played_with> partners;  // most games together first, at most `partners_kept`
};
inline constexpr int history_games_kept = 500;
inline constexpr int partners_kept = 20;

// A game asked for step by step: the same game, which the answer's writer replays.
struct game_steps {
  std::optional<finished_game> game;
};

// By the question's alternative: a player or game the store does not hold is none.
using rankings_answer = std::variant<leaderboard_page, std::optional<player_profile>, players_named,
                                     std::optional<finished_game>, std::optional<player_history>, game_steps>;

// The paths of the rankings API: each exact, or a prefix followed by an id.
struct api_path {
  std::string_view path;
  bool prefix = false;
};
inline constexpr std::array<api_path, 4> rankings_paths{
    {{"/api/leaderboard", false}, {"/api/players", false}, {"/api/players/", true}, {"/api/games/", true}}};

// What the rankings API answers with (protocol/docs/http_api.md).
inline constexpr std::string_view rankings_content_type = "application/json; charset=utf-8";

// True for the paths of the rankings API, whatever their query.
bool is_rankings_path(std::string_view path);

// The question a rankings path and its query string (after the '?') ask, or the error
// to answer with: bad_query, bad_id, or not_found for a path that is no rankings path.
rules::result<rankings_question, api_answer> read_rankings_question(std::string_view path, std::string_view query);

// 200 with the answer's JSON; 404 not_found for a player or game that is not there.
// A game's steps are the only answer that never changes (cache it: api_answer says so).
api_answer write_rankings_answer(const rankings_answer& answer);

// "2026-11-21T09:15:02Z"
std::string iso_time(std::int64_t unix_ms);

// A query string's key=value pairs decoded (%XX and '+'); nullopt for a malformed
// escape or a repeated key.
std::optional<std::vector<std::pair<std::string, std::string>>> read_query_string(std::string_view query);
// One component of a query string, %XX decoded and '+' a space; nullopt for a malformed
// escape.
std::optional<std::string> decode_query_component(std::string_view text);

}  // namespace shithead::protocol
