#include "protocol/rankings_api.hpp"

#include <charconv>
#include <ctime>

#include "protocol/game_steps.hpp"
#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/server_message_json.hpp"

namespace shithead::protocol {
namespace {

constexpr std::string_view players_prefix = "/api/players/";
constexpr std::string_view games_prefix = "/api/games/";
constexpr std::string_view history_suffix = "/history";
constexpr std::string_view steps_suffix = "/steps";

api_answer bad_query(std::string_view message) { return api_error(error_code::bad_query, message); }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<long long> read_number(std::string_view text) {
  long long value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return value;
}

bool is_lower_hex(std::string_view text, std::size_t length) {
  if (text.size() != length) return false;
  for (const char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

rules::result<rankings_question, api_answer> read_leaderboard(std::string_view query_text) {
  const auto query = read_query_string(query_text);
  if (!query) return bad_query("the query string is malformed");
  leaderboard_question question;
  for (const auto& [key, value] : *query) {
    if (key == "sort") {
      if (value == "rating")
        question.sort = board_sort::rating;
      else if (value == "shithead")
        question.sort = board_sort::shithead;
      else if (value == "rate")
        question.sort = board_sort::rate;
      else if (value == "games")
        question.sort = board_sort::games;
      else
        return bad_query("sort: one of rating, shithead, rate, games");
    } else if (key == "period") {
      if (value == "all")
        question.period = board_period::all;
      else if (value == "30d")
        question.period = board_period::days_30;
      else if (value == "7d")
        question.period = board_period::days_7;
      else
        return bad_query("period: one of all, 30d, 7d");
    } else if (key == "limit") {
      const auto n = read_number(value);
      if (!n || *n < 1 || *n > 100) return bad_query("limit: a number from 1 to 100");
      question.limit = static_cast<int>(*n);
    } else if (key == "offset") {
      const auto n = read_number(value);
      if (!n || *n < 0) return bad_query("offset: a number from 0");
      question.offset = *n;
    } else {
      return bad_query("unknown parameter \"" + key + "\"");
    }
  }
  return rankings_question(question);
}

rules::result<rankings_question, api_answer> read_players_named(std::string_view query_text) {
  const auto query = read_query_string(query_text);
  if (!query || query->size() != 1 || query->front().first != "name")
    return bad_query("give exactly one parameter: name");
  return rankings_question(players_named_question{query->front().second});
}

std::string_view sort_name(board_sort sort) {
  switch (sort) {
    case board_sort::shithead: return "shithead";
    case board_sort::rate: return "rate";
    case board_sort::games: return "games";
    case board_sort::rating: break;
  }
  return "rating";
}

std::string_view period_name(board_period period) {
  switch (period) {
    case board_period::days_30: return "30d";
    case board_period::days_7: return "7d";
    case board_period::all: break;
  }
  return "all";
}

template <class T>
json optional_json(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

// A stored ruleset is a preset name, or an object with "preset" and its overrides.
// Summaries show the preset; the full ruleset is in the game record.
json preset_of(const std::string& stored) {
  auto ruleset = json::parse(stored, nullptr, false);
  if (ruleset.is_object() && ruleset.contains("preset")) return ruleset["preset"];
  return ruleset.is_string() ? ruleset : json(nullptr);
}

void put_counts(json& out, const player_counts& c) {
  out["games"] = c.games;
  out["shithead"] = c.shithead;
  out["shithead_rate"] = c.shithead_rate;
  out["first"] = c.first;
  out["average_place"] = optional_json(c.average_place);
  out["current_run"] = c.current_run;
  out["longest_run"] = c.longest_run;
  out["rating"] = to_json(c.rating);
  out["title"] = to_json(c.title);
}

json leaderboard_json(const leaderboard_page& page) {
  json players = json::array();
  for (const auto& entry : page.players) {
    json row = json::object();
    row["rank"] = entry.rank;
    row["player_id"] = entry.player_id;
    row["name"] = entry.name;
    put_counts(row, entry.counts);
    row["week"] = entry.week ? json{{"games", entry.week->games}, {"change", entry.week->change}} : json(nullptr);
    players.push_back(std::move(row));
  }
  json body = json::object();
  body["sort"] = sort_name(page.question.sort);
  body["period"] = period_name(page.question.period);
  body["limit"] = page.question.limit;
  body["offset"] = page.question.offset;
  body["total"] = page.total;
  body["players"] = std::move(players);
  return body;
}

json profile_json(const player_profile& profile) {
  json body = json::object();
  body["player_id"] = profile.player_id;
  body["name"] = profile.name;
  body["created"] = iso_time(profile.created);
  body["last_seen"] = iso_time(profile.last_seen);
  put_counts(body, profile.counts);
  json list = json::array();
  for (const auto& played : profile.recent) {
    json game = json::object();
    game["game_id"] = played.game_id;
    game["ended"] = iso_time(played.ended);
    game["ruleset"] = preset_of(played.ruleset);
    game["status"] = played.status;
    game["seats"] = played.seats;
    game["place"] = optional_json(played.place);
    game["shithead"] = played.shithead;
    game["rating_before"] = optional_json(played.rating_before);
    game["rating_after"] = optional_json(played.rating_after);
    list.push_back(std::move(game));
  }
  body["recent"] = std::move(list);
  return body;
}

json players_named_json(const players_named& named) {
  json players = json::array();
  for (const auto& p : named.players) players.push_back(json{{"player_id", p.player_id}, {"name", p.name}});
  return json{{"players", std::move(players)}};
}

// The summary of a game, without its record.
json game_summary_json(const finished_game& game) {
  json body = json::object();
  body["game_id"] = game.game_id;
  body["ruleset"] = preset_of(game.ruleset);
  body["status"] = game.status;
  body["started"] = iso_time(game.started);
  body["ended"] = iso_time(game.ended);
  json list = json::array();
  for (const auto& s : game.seats) {
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
  return body;
}

json game_json(const finished_game& game) {
  json body = game_summary_json(game);
  auto record = json::parse(game.record, nullptr, false);
  // Games stored before seeds were strings hold a number a JavaScript client would round.
  if (record.is_object() && record.contains("seed") && record["seed"].is_number_unsigned())
    record["seed"] = std::to_string(record["seed"].get<std::uint64_t>());
  body["record"] = record.is_discarded() ? json(nullptr) : std::move(record);
  return body;
}

json history_json(const player_history& history) {
  json body = json::object();
  body["player_id"] = history.player_id;
  body["name"] = history.name;
  body["total"] = history.total;
  json games = json::array();
  for (const auto& g : history.games) {
    json game = json::object();
    game["game_id"] = g.game_id;
    game["ended"] = iso_time(g.ended);
    game["seats"] = g.seats;
    game["place"] = optional_json(g.place);
    game["shithead"] = g.shithead;
    game["rating"] = g.rating ? to_json(*g.rating) : json(nullptr);
    games.push_back(std::move(game));
  }
  body["games"] = std::move(games);
  json partners = json::array();
  for (const auto& p : history.partners)
    partners.push_back(json{
        {"player_id", p.player_id}, {"name", p.name}, {"games", p.games}, {"ahead", p.ahead}, {"behind", p.behind}});
  body["played_with"] = std::move(partners);
  return body;
}

api_answer ok(const json& body) { return api_answer{200, dump_json(body), std::nullopt}; }

// The summary's fields, then the steps written straight into the same object: a long
// game's steps are a few hundred kilobytes, not worth a tree.
api_answer steps_answer(const finished_game& game) {
  std::string text = dump_json(game_summary_json(game));
  text.pop_back();  // the summary's closing brace: the steps go on inside it
  json_writer out(text);
  out.continue_object();
  write_game_steps(out, game.record);
  out.end_object();
  api_answer answer{200, std::move(text), std::nullopt};
  answer.never_changes = true;
  return answer;
}

}  // namespace

bool is_rankings_path(std::string_view path) {
  for (const auto& known : rankings_paths)
    if (known.prefix ? path.starts_with(known.path) : path == known.path) return true;
  return false;
}

rules::result<rankings_question, api_answer> read_rankings_question(std::string_view path, std::string_view query) {
  if (path == "/api/leaderboard") return read_leaderboard(query);
  if (path == "/api/players") return read_players_named(query);
  if (path.starts_with(players_prefix)) {
    auto id = path.substr(players_prefix.size());
    const bool history = id.ends_with(history_suffix);
    if (history) id.remove_suffix(history_suffix.size());
    if (!is_lower_hex(id, 12)) return api_error(error_code::bad_id, "a player id is 12 hexadecimal characters");
    if (history) return rankings_question(history_question{std::string(id)});
    return rankings_question(player_question{std::string(id)});
  }
  if (path.starts_with(games_prefix)) {
    auto id_text = path.substr(games_prefix.size());
    const bool steps = id_text.ends_with(steps_suffix);
    if (steps) id_text.remove_suffix(steps_suffix.size());
    const auto id = read_number(id_text);
    if (!id || *id < 1) return api_error(error_code::bad_id, "a game id is a positive whole number");
    return rankings_question(game_question{static_cast<std::int64_t>(*id), steps});
  }
  return api_error(error_code::not_found, "no such API");
}

api_answer write_rankings_answer(const rankings_answer& answer) {
  if (const auto* page = std::get_if<leaderboard_page>(&answer)) return ok(leaderboard_json(*page));
  if (const auto* profile = std::get_if<std::optional<player_profile>>(&answer)) {
    if (!*profile) return api_error(error_code::not_found, "no player has that id");
    return ok(profile_json(**profile));
  }
  if (const auto* named = std::get_if<players_named>(&answer)) return ok(players_named_json(*named));
  if (const auto* history = std::get_if<std::optional<player_history>>(&answer)) {
    if (!*history) return api_error(error_code::not_found, "no player has that id");
    return ok(history_json(**history));
  }
  if (const auto* steps = std::get_if<game_steps>(&answer)) {
    if (!steps->game) return api_error(error_code::not_found, "no finished game has that id");
    return steps_answer(*steps->game);
  }
  const auto& game = std::get<std::optional<finished_game>>(answer);
  if (!game) return api_error(error_code::not_found, "no finished game has that id");
  return ok(game_json(*game));
}

std::string iso_time(std::int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::optional<std::string> decode_query_component(std::string_view in) {
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

std::optional<std::vector<std::pair<std::string, std::string>>> read_query_string(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    auto key = decode_query_component(pair.substr(0, eq));
    auto value = decode_query_component(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    for (const auto& [seen, ignored] : out)
      if (seen == *key) return std::nullopt;
    out.emplace_back(std::move(*key), std::move(*value));
  }
  return out;
}

}  // namespace shithead::protocol
