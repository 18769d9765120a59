#include "protocol/saved_room.hpp"

#include <limits>
#include <stdexcept>
#include <utility>

#include "protocol/client_message.hpp"
#include "protocol/json_reader.hpp"
#include "protocol/record_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "protocol/table_game_json.hpp"

namespace shithead::protocol {
namespace {

// --- writing -------------------------------------------------------------------------

json bot_or_null(const std::optional<rules::bot_kind>& bot) {
  return bot ? json(rules::to_string(*bot)) : json(nullptr);
}

json player_json(const saved_player& p) { return json{{"id", p.id}, {"name", p.name}, {"bot", bot_or_null(p.bot)}}; }

json settings_json(const saved_settings& s) {
  json out = json::object();
  out["code"] = s.code;
  out["public"] = s.is_public;
  out["ruleset"] = ruleset_to_json(s.ruleset);
  out["seats"] = s.seats;
  out["turn_timer_ms"] = s.turn_timer.count();
  out["swap_timer_ms"] = s.swap_timer.count();
  out["grace_ms"] = s.grace.count();
  out["empty_close_ms"] = s.empty_close.count();
  if (s.bot_pace) out["bot_pace_ms"] = s.bot_pace->count();
  return out;
}

json seat_json(const saved_seat& s) {
  json out = json::object();
  out["player_id"] = s.player_id;
  out["name"] = s.name;
  out["bot"] = bot_or_null(s.bot);
  out["bot_id"] = s.bot_id;
  out["seated_order"] = s.seated_order;
  out["ready"] = s.ready;
  out["left"] = s.left;
  out["grace_expired"] = s.grace_expired;
  out["timed_out"] = s.timed_out;
  out["timeouts"] = s.timeouts;
  return out;
}

// Players are counted by account id; bots by their table id, kept as "bot_id" so that a
// restarted table counts them on.
json scoreboard_json(const saved_scoreboard& board) {
  json out = json::object();
  out["games"] = board.games;
  out["abandoned"] = board.abandoned;
  json list = json::array();
  for (const auto& entry : board.players) {
    json item = json::object();
    item["player_id"] = entry.player.bot ? json(nullptr) : json(entry.player.id);
    item["name"] = entry.player.name;
    if (entry.player.bot) item["bot_id"] = entry.player.id;
    item["bot"] = bot_or_null(entry.player.bot);
    item["games"] = entry.games;
    item["first"] = entry.first;
    item["shithead"] = entry.shithead;
    list.push_back(std::move(item));
  }
  out["players"] = std::move(list);
  out["recent"] = table_games_to_json(board.recent);
  return out;
}

json room_json(const saved_room& room) {
  json out = json::object();
  out["format"] = room.format;
  out["settings"] = settings_json(room.settings);
  out["host"] = room.host;
  out["version"] = room.version;
  out["next_order"] = room.next_order;
  out["bots_added"] = room.bots_added;
  json seats = json::array();
  for (const auto& s : room.seats) seats.push_back(seat_json(s));
  out["seats"] = std::move(seats);
  out["scoreboard"] = scoreboard_json(room.scoreboard);
  out["last_shithead"] = room.last_shithead ? player_json(*room.last_shithead) : json(nullptr);
  out["game_number"] = room.game_number;
  if (room.game) {
    json game = json::object();
    game["record"] = record_to_json(room.game->record);
    json players = json::array();
    for (const auto& p : room.game->players) players.push_back(player_json(p));
    game["players"] = std::move(players);
    game["finished"] = room.game->finished;
    out["game"] = std::move(game);
  } else {
    out["game"] = nullptr;
  }
  return out;
}

// --- reading -------------------------------------------------------------------------

// The first bad field ends the read: thrown from deep in the row, caught once at the top.
struct damaged_row : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
T checked(parsed<T> read) {
  if (!read) throw damaged_row(read.error().message);
  return std::move(read).value();
}

const json& field(const json& object, std::string_view path, std::string_view key) {
  return *checked(require_field(object, path, key));
}

int int_field(const json& object, std::string_view path, std::string_view key, int min, int max) {
  return checked(read_field(object, path, key, int_in(min, max)));
}

int count_field(const json& object, std::string_view path, std::string_view key) {
  return int_field(object, path, key, 0, max_saved_count);
}

std::int64_t int64_field(const json& object, std::string_view path, std::string_view key, std::int64_t min,
                         std::int64_t max) {
  const auto value = checked(read_field(object, path, key, read_int64));
  if (value < min || value > max)
    throw damaged_row(field_path(path, key) + ": " + std::to_string(value) + " is out of range " + std::to_string(min) +
                      ".." + std::to_string(max));
  return value;
}

std::uint64_t uint64_field(const json& object, std::string_view path, std::string_view key) {
  return checked(read_field(object, path, key, read_uint64));
}

bool bool_field(const json& object, std::string_view path, std::string_view key) {
  return checked(read_field(object, path, key, read_bool));
}

std::string string_field(const json& object, std::string_view path, std::string_view key) {
  return checked(read_field(object, path, key, read_string));
}

std::chrono::milliseconds clock_field(const json& object, std::string_view path, std::string_view key) {
  return std::chrono::milliseconds{int64_field(object, path, key, 0, max_saved_clock.count())};
}

std::optional<rules::bot_kind> bot_field(const json& object, std::string_view path) {
  const json& bot = field(object, path, "bot");
  if (bot.is_null()) return std::nullopt;
  const auto kind = rules::parse_bot_kind(string_field(object, path, "bot"));
  if (!kind) throw damaged_row(field_path(path, "bot") + ": unknown bot kind " + quote(bot));
  return kind;
}

const json& array_field(const json& object, std::string_view path, std::string_view key) {
  const json& list = field(object, path, key);
  if (!list.is_array()) throw damaged_row(field_path(path, key) + ": expected an array");
  return list;
}

void require_object(const json& value, std::string_view path) {
  if (!value.is_object()) throw damaged_row(std::string(path.empty() ? "the row" : path) + ": expected an object");
}

saved_player player_from(const json& j, std::string_view path) {
  require_object(j, path);
  return saved_player{string_field(j, path, "id"), string_field(j, path, "name"), bot_field(j, path)};
}

saved_settings settings_from(const json& js) {
  constexpr std::string_view path = "settings";
  require_object(js, path);
  saved_settings s;
  s.code = string_field(js, path, "code");
  s.is_public = bool_field(js, path, "public");
  s.ruleset = checked(ruleset_from_json(field(js, path, "ruleset"), "settings.ruleset"));
  s.seats = int_field(js, path, "seats", min_seats, max_seats);
  s.turn_timer = clock_field(js, path, "turn_timer_ms");
  s.swap_timer = clock_field(js, path, "swap_timer_ms");
  s.grace = clock_field(js, path, "grace_ms");
  s.empty_close = clock_field(js, path, "empty_close_ms");
  if (find_field(js, "bot_pace_ms")) s.bot_pace = clock_field(js, path, "bot_pace_ms");
  return s;
}

saved_seat seat_from(const json& js, std::string_view path) {
  require_object(js, path);
  saved_seat s;
  s.player_id = string_field(js, path, "player_id");
  s.name = string_field(js, path, "name");
  s.bot = bot_field(js, path);
  s.bot_id = string_field(js, path, "bot_id");
  s.seated_order = uint64_field(js, path, "seated_order");
  s.ready = bool_field(js, path, "ready");
  s.left = bool_field(js, path, "left");
  s.grace_expired = bool_field(js, path, "grace_expired");
  s.timed_out = bool_field(js, path, "timed_out");
  s.timeouts = count_field(js, path, "timeouts");
  return s;
}

saved_scoreboard scoreboard_from(const json& js) {
  constexpr std::string_view path = "scoreboard";
  require_object(js, path);
  saved_scoreboard board;
  board.games = count_field(js, path, "games");
  board.abandoned = count_field(js, path, "abandoned");
  const json& players = array_field(js, path, "players");
  for (std::size_t i = 0; i < players.size(); ++i) {
    const json& item = players[i];
    const auto at = index_path("scoreboard.players", i);
    require_object(item, at);
    saved_score entry;
    entry.player.bot = bot_field(item, at);
    entry.player.id = string_field(item, at, entry.player.bot ? "bot_id" : "player_id");
    entry.player.name = string_field(item, at, "name");
    entry.games = count_field(item, at, "games");
    entry.first = count_field(item, at, "first");
    entry.shithead = count_field(item, at, "shithead");
    board.players.push_back(std::move(entry));
  }
  // Rows saved before tables listed their recorded games have none.
  if (find_field(js, "recent")) board.recent = checked(read_field(js, path, "recent", table_games_from_json));
  return board;
}

saved_game game_from(const json& js) {
  constexpr std::string_view path = "game";
  require_object(js, path);
  saved_game game;
  auto record = record_from_json(field(js, path, "record"));
  if (!record) throw damaged_row("game record: " + record.error().message);
  game.record = std::move(record).value();
  const json& players = array_field(js, path, "players");
  for (std::size_t i = 0; i < players.size(); ++i)
    game.players.push_back(player_from(players[i], index_path("game.players", i)));
  game.finished = bool_field(js, path, "finished");
  return game;
}

parsed<saved_room> room_from(const json& js) {
  try {
    require_object(js, "");
    saved_room room;
    room.format = int_field(js, "", "format", 0, std::numeric_limits<int>::max());
    if (room.format != 1 && room.format != saved_room_format)
      return parse_error{"saved by another version of the server (format " + std::to_string(room.format) + ")"};
    room.settings = settings_from(field(js, "", "settings"));
    room.host = string_field(js, "", "host");
    room.version = uint64_field(js, "", "version");
    // Format 1 tables had no game number: they are game 0.
    if (room.format >= 2)
      room.game_number = int64_field(js, "", "game_number", 0, std::numeric_limits<std::int64_t>::max() - 1);
    room.next_order = uint64_field(js, "", "next_order");
    room.bots_added = count_field(js, "", "bots_added");
    const json& seats = array_field(js, "", "seats");
    for (std::size_t i = 0; i < seats.size(); ++i) room.seats.push_back(seat_from(seats[i], index_path("seats", i)));
    room.scoreboard = scoreboard_from(field(js, "", "scoreboard"));
    if (const json& last = field(js, "", "last_shithead"); !last.is_null())
      room.last_shithead = player_from(last, "last_shithead");
    if (const json& game = field(js, "", "game"); !game.is_null()) room.game = game_from(game);
    return room;
  } catch (const damaged_row& e) {
    return parse_error{std::string("damaged saved table: ") + e.what()};
  }
}

}  // namespace

std::string write_saved_room(const saved_room& room) { return dump_json(room_json(room)); }

parsed<saved_room> parse_saved_room(std::string_view text) {
  auto value = parse_json_text(text);
  if (!value) return parse_error{"damaged saved table: " + value.error().message};
  return room_from(value.value());
}

std::string write_saved_table_row(const saved_table_row& row) {
  return dump_json(json{{"room", room_json(row.room)}, {"game_started_ms", row.game_started_ms}});
}

parsed<saved_table_row> parse_saved_table_row(std::string_view text) {
  auto value = parse_json_text(text);
  const parse_error not_a_row{"not a saved table"};
  if (!value || !value.value().is_object()) return not_a_row;
  const json& row = value.value();
  const json* room = find_field(row, "room");
  const json* started = find_field(row, "game_started_ms");
  if (!room || !room->is_object() || !started || !started->is_number_integer()) return not_a_row;
  auto read = read_int64(*started, "game_started_ms");
  if (!read) return read.error();
  auto parsed_room = room_from(*room);
  if (!parsed_room) return parsed_room.error();
  return saved_table_row{std::move(parsed_room).value(), read.value()};
}

}  // namespace shithead::protocol
