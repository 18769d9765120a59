#include "server/store/rankings_api.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <map>
#include <optional>
#include <vector>

#include "protocol/json_text.hpp"
#include "server/core/player_name.hpp"
#include "server/core/player_record.hpp"
#include "server/rankings/player_stats.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"
#include "server/store/leaderboard_cache.hpp"

namespace shithead::server {
namespace {

using protocol::json;

api_reply error_reply(protocol::error_code code, std::string message) {
  return api_reply::error(code, std::move(message));
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view in) {
  std::string out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      out += ' ';
    } else if (in[i] == '%') {
      if (i + 2 >= in.size()) return std::nullopt;
      const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += in[i];
    }
  }
  return out;
}

// key=value pairs; nullopt for a malformed escape or a repeated key.
std::optional<std::map<std::string, std::string>> parse_query(std::string_view query) {
  std::map<std::string, std::string> out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    auto key = percent_decode(pair.substr(0, eq));
    auto value = percent_decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!key || !value || out.count(*key)) return std::nullopt;
    out.emplace(std::move(*key), std::move(*value));
  }
  return out;
}

std::optional<long long> parse_number(const std::string& text) {
  long long value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return value;
}

// Four decimals. Dividing (not multiplying by 1e-4) gives the double nearest to the
// decimal, so JSON shows 0.1667 rather than 0.16670000000000001; adding 0.0 turns the
// -0.0 of a tiny negative (a new player's ordinal) into 0.0.
double rounded(double value) { return std::round(value * 10000.0) / 10000.0 + 0.0; }

// A stored ruleset is the protocol's JSON: a preset name, or an object with "preset" and
// its overrides. Summaries show the preset; the full ruleset is in the game record.
json preset_of(const std::string& stored) {
  auto ruleset = json::parse(stored, nullptr, false);
  if (ruleset.is_object() && ruleset.contains("preset")) return ruleset["preset"];
  return ruleset.is_string() ? ruleset : json(nullptr);
}


void put_stats(json& out, const ranked_player& p) {
  out["games"] = p.stats.games();
  out["shithead"] = p.stats.shithead();
  out["shithead_rate"] = rounded(p.stats.shithead_rate());
  out["first"] = p.stats.first();
  const auto avg = p.stats.average_place();
  out["average_place"] = avg ? json(rounded(*avg)) : json(nullptr);
  out["current_run"] = p.stats.current_run();
  out["longest_run"] = p.stats.longest_run();
  out["rating"] = rating_json(p.current);
  out["title"] = title_json(title_for(p.stats.shithead()));
}

json optional_json(const std::optional<std::string>& text) { return text ? json(*text) : json(nullptr); }
json optional_json(const std::optional<int>& number) { return number ? json(*number) : json(nullptr); }

}  // namespace

protocol::rating_value rating_value_of(const rating& r) {
  return protocol::rating_value{rounded(r.mu), rounded(r.sigma), rounded(r.ordinal()), r.provisional()};
}

protocol::title_value title_value_of(const title& t) {
  return protocol::title_value{t.count, t.numeric, t.olympic, t.feudal};
}

protocol::json rating_json(const rating& r) { return protocol::to_json(rating_value_of(r)); }

protocol::json title_json(const title& t) { return protocol::to_json(title_value_of(t)); }

std::string iso_time(std::int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

namespace {

api_reply route(rankings_rows& rows, std::string_view target, std::chrono::system_clock::time_point now,
                leaderboard_cache* cache) {
  const auto question = target.find('?');
  const auto path = target.substr(0, question);
  const auto query = question == std::string_view::npos ? std::string_view() : target.substr(question + 1);
  if (path == "/api/leaderboard") return leaderboard(rows, query, now, cache);
  if (path == "/api/players") return players_named(rows, query);
  if (path.starts_with("/api/players/")) return player_profile(rows, path.substr(13));
  if (path.starts_with("/api/games/")) return finished_game(rows, path.substr(11));
  return error_reply(protocol::error_code::not_found, "no such API");
}

}  // namespace

api_reply answer_rankings(rankings_rows& rows, std::string_view target, std::chrono::system_clock::time_point now,
                          leaderboard_cache* cache) {
  try {
    return route(rows, target, now, cache);
  } catch (const std::exception& e) {
    spdlog::error("rankings: {} failed: {}", target, e.what());
    return error_reply(protocol::error_code::store_unavailable, "the store cannot answer just now");
  }
}

api_reply rankings_busy(int retry_after_seconds) {
  auto reply = error_reply(protocol::error_code::store_unavailable,
                           "the store has too many requests waiting; try again shortly");
  reply.retry_after_seconds = retry_after_seconds;
  return reply;
}


api_reply leaderboard(rankings_rows& source, std::string_view query_text, std::chrono::system_clock::time_point now,
                      leaderboard_cache* cache) {
  const auto query = parse_query(query_text);
  if (!query) return error_reply(protocol::error_code::bad_query, "the query string is malformed");
  std::string sort = "rating", period = "all";
  long long limit = 50, offset = 0;
  for (const auto& [key, value] : *query) {
    if (key == "sort") {
      if (value != "rating" && value != "shithead" && value != "rate" && value != "games")
        return error_reply(protocol::error_code::bad_query, "sort: one of rating, shithead, rate, games");
      sort = value;
    } else if (key == "period") {
      if (value != "all" && value != "30d" && value != "7d")
        return error_reply(protocol::error_code::bad_query, "period: one of all, 30d, 7d");
      period = value;
    } else if (key == "limit") {
      const auto n = parse_number(value);
      if (!n || *n < 1 || *n > 100)
        return error_reply(protocol::error_code::bad_query, "limit: a number from 1 to 100");
      limit = *n;
    } else if (key == "offset") {
      const auto n = parse_number(value);
      if (!n || *n < 0) return error_reply(protocol::error_code::bad_query, "offset: a number from 0");
      offset = *n;
    } else {
      return error_reply(protocol::error_code::bad_query, "unknown parameter \"" + key + "\"");
    }
  }
  const auto board_of = period == "7d" ? board_period::days_7 : period == "30d" ? board_period::days_30 : board_period::all;
  const auto order = sort == "shithead" ? board_sort::shithead
                     : sort == "rate"   ? board_sort::rate
                     : sort == "games"  ? board_sort::games
                                        : board_sort::rating;
  ranked_board board;
  if (cache) {
    board = cache->board(source, board_of, order, now);
  } else {
    auto fresh = players_with_games(source, period_start(board_of, now));
    sort_board(fresh, order);
    board = std::make_shared<const std::vector<ranked_player>>(std::move(fresh));
  }
  const auto& rows = *board;
  json players = json::array();
  const auto first = std::min(static_cast<std::size_t>(offset), rows.size());
  const auto last = std::min(first + static_cast<std::size_t>(limit), rows.size());
  for (std::size_t i = first; i < last; ++i) {
    const auto& p = rows[i];
    json row = json::object();
    row["rank"] = i + 1;
    row["player_id"] = p.id;
    row["name"] = p.name;
    put_stats(row, p);
    players.push_back(std::move(row));
  }
  json body = json::object();
  body["sort"] = sort;
  body["period"] = period;
  body["limit"] = limit;
  body["offset"] = offset;
  body["total"] = rows.size();
  body["players"] = std::move(players);
  return api_reply{200, std::move(body)};
}

api_reply player_profile(rankings_rows& rows, std::string_view player_id) {
  if (!is_lower_hex(player_id, player_id_hex_length))
    return error_reply(protocol::error_code::bad_id, "a player id is 12 hexadecimal characters");
  const auto who = rows.player(player_id);
  if (!who) return error_reply(protocol::error_code::not_found, "no player has that id");
  ranked_player row{who->player_id, who->name, who->current, {}};
  auto games = players_with_games(rows, 0, player_id);
  if (!games.empty()) row.stats = games.front().stats;

  json body = json::object();
  body["player_id"] = row.id;
  body["name"] = row.name;
  body["created"] = iso_time(who->created);
  body["last_seen"] = iso_time(who->last_seen);
  put_stats(body, row);

  json list = json::array();
  for (const auto& played : rows.games_of(player_id, 20)) {
    json game = json::object();
    game["game_id"] = played.game_id;
    game["ended"] = iso_time(played.ended);
    game["ruleset"] = preset_of(played.ruleset);
    game["status"] = played.status;
    game["seats"] = played.seats;
    game["place"] = optional_json(played.place);
    game["shithead"] = played.shithead;
    if (!played.before || !played.after) {
      game["rating_before"] = nullptr;
      game["rating_after"] = nullptr;
    } else {
      game["rating_before"] = rounded(played.before->ordinal());
      game["rating_after"] = rounded(played.after->ordinal());
    }
    list.push_back(std::move(game));
  }
  body["recent"] = std::move(list);
  return api_reply{200, std::move(body)};
}

api_reply players_named(rankings_rows& rows, std::string_view query_text) {
  const auto query = parse_query(query_text);
  if (!query || !query->count("name") || query->size() != 1)
    return error_reply(protocol::error_code::bad_query, "give exactly one parameter: name");
  // Cleaned as names are when chosen (spaces trimmed and squeezed), so " Big  Al " finds "Big Al".
  const auto& raw = query->at("name");
  const auto clean = clean_player_name(raw);
  const auto wanted = name_key(clean ? clean.value() : raw);
  json players = json::array();
  for (const auto& p : rows.all_players())
    if (name_key(p.name) == wanted) players.push_back(json{{"player_id", p.player_id}, {"name", p.name}});
  return api_reply{200, json{{"players", std::move(players)}}};
}

api_reply finished_game(rankings_rows& rows, std::string_view game_id) {
  const auto id = parse_number(std::string(game_id));
  if (!id || *id < 1) return error_reply(protocol::error_code::bad_id, "a game id is a positive whole number");
  const auto game = rows.game(static_cast<std::int64_t>(*id));
  if (!game) return error_reply(protocol::error_code::not_found, "no finished game has that id");
  json body = json::object();
  body["game_id"] = game->game_id;
  body["ruleset"] = preset_of(game->ruleset);
  body["status"] = game->status;
  body["started"] = iso_time(game->started);
  body["ended"] = iso_time(game->ended);
  json list = json::array();
  for (const auto& s : rows.seats_of(game->game_id)) {
    json seat = json::object();
    seat["seat"] = s.seat;
    seat["player_id"] = optional_json(s.player_id);
    seat["name"] = s.name;
    seat["bot"] = optional_json(s.bot);
    seat["place"] = optional_json(s.place);
    seat["shithead"] = s.shithead;
    list.push_back(std::move(seat));
  }
  body["seats"] = std::move(list);
  auto record = json::parse(game->record, nullptr, false);
  // Games stored before seeds were strings hold a number a JavaScript client would round.
  if (record.is_object() && record.contains("seed") && record["seed"].is_number_unsigned())
    record["seed"] = std::to_string(record["seed"].get<std::uint64_t>());
  body["record"] = record.is_discarded() ? json(nullptr) : std::move(record);
  return api_reply{200, std::move(body)};
}

}  // namespace shithead::server
