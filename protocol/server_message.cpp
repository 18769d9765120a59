#include "protocol/server_message_json.hpp"

#include <algorithm>

#include "protocol/event_json.hpp"
#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/ruleset_json.hpp"
#include "protocol/table_game_json.hpp"
#include "protocol/view_json.hpp"

namespace shithead::protocol {
namespace {

json text_or_null(const std::string& text) { return text.empty() ? json(nullptr) : json(text); }

json bot_or_null(const std::optional<rules::bot_kind>& bot) {
  return bot ? json(rules::to_string(*bot)) : json(nullptr);
}

json int_or_null(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }

json text_or_null(const std::optional<std::string>& text) { return text ? json(*text) : json(nullptr); }

json ms_or_null(const std::optional<std::chrono::milliseconds>& left) {
  return left ? json(std::max<std::int64_t>(0, left->count())) : json(nullptr);
}

// {"type": ...} first, then the request's id when it had one.
json start(std::string_view type, const std::optional<request_id>& id = std::nullopt) {
  json out = json::object();
  out["type"] = type;
  if (id) out["id"] = std::visit([](const auto& value) { return json(value); }, *id);
  return out;
}

// Who played a seat: a bot has no player_id.
void put_player(json& out, const seat_occupant& player) {
  out["player_id"] = player.bot ? json(nullptr) : json(player.player_id);
  out["name"] = player.name;
  out["bot"] = bot_or_null(player.bot);
}

// A seat as game_over names it: who sat there, even if a bot finished for them.
json seat_of(int seat, const seat_occupant& player) {
  json out = json::object();
  out["seat"] = seat;
  put_player(out, player);
  return out;
}

json summary_json(const table_summary& t) {
  json out = json::object();
  out["code"] = t.code;
  out["is_public"] = t.is_public;
  out["preset"] = t.preset;
  out["seats"] = t.seats;
  out["seated"] = t.seated;
  out["humans"] = t.humans;
  out["bots"] = t.bots;
  out["spectators"] = t.spectators;
  out["in_game"] = t.in_game;
  out["turn_timer_s"] = t.turn_timer_s;
  out["host_name"] = t.host_name;
  return out;
}

json seat_json(const seat_entry& seat) {
  json out = json::object();
  out["seat"] = seat.seat;
  out["player_id"] = text_or_null(seat.player_id);
  out["name"] = text_or_null(seat.name);
  out["bot"] = bot_or_null(seat.bot);
  out["ready"] = seat.ready;
  out["connected"] = seat.connected;
  out["controlled_by_bot"] = seat.controlled_by_bot;
  out["left"] = seat.left;
  out["in_game"] = seat.in_game;
  return out;
}

json deadlines_json(const deadlines& d) {
  json out = json::object();
  out["turn_ms_left"] = ms_or_null(d.turn);
  out["swap_ms_left"] = ms_or_null(d.swap);
  out["grace_ms_left"] = ms_or_null(d.grace);
  return out;
}

json clocks_json(const table_clocks& c) {
  json out = json::object();
  out["seats"] = c.seats;
  out["turn_timer"] = c.turn_timer_s;
  out["swap_timer"] = c.swap_timer_s;
  out["grace"] = c.grace_s;
  out["empty_close"] = c.empty_close_s;
  out["bot_pace_ms"] = c.bot_pace_ms;
  return out;
}

json scoreboard_json(const scoreboard_view& board) {
  json out = json::object();
  out["games"] = board.games;
  out["abandoned"] = board.abandoned;
  json list = json::array();
  for (const auto& line : board.players) {
    json item = json::object();
    put_player(item, line.player);
    item["games"] = line.games;
    item["first"] = line.first;
    item["shithead"] = line.shithead;
    list.push_back(std::move(item));
  }
  out["players"] = std::move(list);
  out["recent"] = table_games_to_json(board.recent);
  return out;
}

}  // namespace

std::string summary_to_text(const table_summary& summary) { return dump_json(summary_json(summary)); }

json to_json(const rating_value& r) {
  json out = json::object();
  out["mu"] = r.mu;
  out["sigma"] = r.sigma;
  out["ordinal"] = r.ordinal;
  out["provisional"] = r.provisional;
  return out;
}

json to_json(const title_value& t) {
  json out = json::object();
  out["count"] = t.count;
  out["numeric"] = text_or_null(t.numeric);
  out["olympic"] = text_or_null(t.olympic);
  out["feudal"] = text_or_null(t.feudal);
  return out;
}

namespace {

json to_json(const welcome_message& m) {
  json out = start("welcome", m.id);
  out["player_id"] = m.player_id;
  out["name"] = m.name;
  out["token"] = m.token;
  return out;
}

json to_json(const device_code_message& m) {
  json out = start("device_code", m.id);
  out["code"] = m.code;
  out["expires_in"] = m.expires_in;
  return out;
}

json to_json(const token_message& m) {
  json out = start("token", m.id);
  out["token"] = m.token;
  return out;
}

json to_json(const pong_message& m) { return start("pong", m.id); }

json to_json(const joined_message& m) {
  json out = start("joined", m.id);
  out["code"] = m.code;
  return out;
}

json to_json(const tables_message& m) {
  json out = start("tables");
  json list = json::array();
  for (const auto& t : m.tables) list.push_back(summary_json(t));
  out["tables"] = std::move(list);
  return out;
}

json to_json(const tables_changed_message& m) {
  json out = start("tables_changed");
  json changed = json::array();
  for (const auto& t : m.changed) changed.push_back(summary_json(t));
  out["changed"] = std::move(changed);
  out["order"] = m.order;
  return out;
}

json to_json(const closing_message& m) {
  json out = start("closing");
  out["reason"] = m.reason;
  return out;
}

json to_json(const error_message& m) {
  json out = start("error", m.id);
  out["code"] = to_string(m.code);
  out["message"] = m.message;
  if (m.table) out["table"] = *m.table;
  return out;
}

json to_json(const room_message& m) {
  json out = start("room", m.id);
  out["version"] = m.version;
  out["code"] = m.code;
  out["public"] = m.is_public;
  out["ruleset"] = ruleset_to_json(m.ruleset);
  out["settings"] = clocks_json(m.settings);
  out["host"] = text_or_null(m.host);
  json seats = json::array();
  for (const auto& s : m.seats) seats.push_back(seat_json(s));
  out["seats"] = std::move(seats);
  out["spectators"] = m.spectators;
  json you = json::object();
  you["seat"] = int_or_null(m.your_seat);
  you["spectator"] = !m.your_seat.has_value();
  out["you"] = std::move(you);
  out["scoreboard"] = scoreboard_json(m.scoreboard);
  out["game"] = m.game ? view_to_json(*m.game) : json(nullptr);
  out["deadlines"] = deadlines_json(m.deadlines);
  return out;
}

json to_json(const game_message& m) {
  json out = start("game");
  out["version"] = m.version;
  json list = json::array();
  for (const auto& e : m.events) list.push_back(event_to_json(e));
  out["events"] = std::move(list);
  out["view"] = view_to_json(m.view);
  out["deadlines"] = deadlines_json(m.deadlines);
  return out;
}

json to_json(const game_over_message& m) {
  json out = start("game_over");
  out["version"] = m.version;
  json places = json::array();
  for (const auto& p : m.places) {
    json entry = seat_of(p.seat, p.player);
    entry["place"] = p.place;
    places.push_back(std::move(entry));
  }
  out["places"] = std::move(places);
  out["shithead"] = m.shithead ? seat_of(m.shithead->seat, m.shithead->player) : json(nullptr);
  out["abandoned"] = m.abandoned;
  out["game_id"] = m.game_id ? json(*m.game_id) : json(nullptr);
  json ratings = json::array();
  for (const auto& r : m.ratings) {
    json entry = json::object();
    entry["player_id"] = r.player_id;
    entry["name"] = r.name;
    entry["before"] = to_json(r.before);
    entry["after"] = to_json(r.after);
    entry["title"] = to_json(r.title);
    ratings.push_back(std::move(entry));
  }
  out["ratings"] = std::move(ratings);
  out["scoreboard"] = scoreboard_json(m.scoreboard);
  return out;
}

json to_json(const chat_message& m) {
  json out = start("chat");
  out["from"] = m.from;
  out["name"] = m.name;
  out["seat"] = int_or_null(m.seat);
  out["text"] = m.text;
  return out;
}

json to_json(const reaction_message& m) {
  json out = start("reaction");
  out["from"] = m.from;
  out["name"] = m.name;
  out["seat"] = int_or_null(m.seat);
  out["reaction"] = m.reaction;
  return out;
}

json to_json(const left_message& m) { return start("left", m.id); }

// ---- the frames of every step, written directly -----------------------------------------
// The same keys in the same order as the to_json above them; the tests hold the two
// to the same bytes.

void write_text_or_null(json_writer& out, const std::string& text) {
  if (text.empty())
    out.null();
  else
    out.string(text);
}

void write_bot_or_null(json_writer& out, const std::optional<rules::bot_kind>& bot) {
  if (bot)
    out.string(rules::to_string(*bot));
  else
    out.null();
}

void write_ms_or_null(json_writer& out, const std::optional<std::chrono::milliseconds>& left) {
  if (left)
    out.number(std::max<std::int64_t>(0, left->count()));
  else
    out.null();
}

// {"type": ...} opened, then the request's id when it had one.
void write_start(json_writer& out, std::string_view type, const std::optional<request_id>& id = std::nullopt) {
  out.begin_object().key("type").string(type);
  if (!id) return;
  out.key("id");
  if (const auto* number = std::get_if<std::int64_t>(&*id))
    out.number(*number);
  else
    out.string(std::get<std::string>(*id));
}

void write_player(json_writer& out, const seat_occupant& player) {
  out.key("player_id");
  if (player.bot)
    out.null();
  else
    out.string(player.player_id);
  out.key("name").string(player.name);
  write_bot_or_null(out.key("bot"), player.bot);
}

void write_seat(json_writer& out, const seat_entry& seat) {
  out.begin_object().key("seat").number(seat.seat);
  write_text_or_null(out.key("player_id"), seat.player_id);
  write_text_or_null(out.key("name"), seat.name);
  write_bot_or_null(out.key("bot"), seat.bot);
  out.key("ready")
      .boolean(seat.ready)
      .key("connected")
      .boolean(seat.connected)
      .key("controlled_by_bot")
      .boolean(seat.controlled_by_bot)
      .key("left")
      .boolean(seat.left)
      .key("in_game")
      .boolean(seat.in_game)
      .end_object();
}

void write_deadlines(json_writer& out, const deadlines& d) {
  out.begin_object();
  write_ms_or_null(out.key("turn_ms_left"), d.turn);
  write_ms_or_null(out.key("swap_ms_left"), d.swap);
  write_ms_or_null(out.key("grace_ms_left"), d.grace);
  out.end_object();
}

void write_clocks(json_writer& out, const table_clocks& c) {
  out.begin_object()
      .key("seats")
      .number(c.seats)
      .key("turn_timer")
      .number(c.turn_timer_s)
      .key("swap_timer")
      .number(c.swap_timer_s)
      .key("grace")
      .number(c.grace_s)
      .key("empty_close")
      .number(c.empty_close_s)
      .key("bot_pace_ms")
      .number(c.bot_pace_ms)
      .end_object();
}

void write_scoreboard(json_writer& out, const scoreboard_view& board) {
  out.begin_object().key("games").number(board.games).key("abandoned").number(board.abandoned);
  out.key("players").begin_array();
  for (const auto& line : board.players) {
    out.begin_object();
    write_player(out, line.player);
    out.key("games")
        .number(line.games)
        .key("first")
        .number(line.first)
        .key("shithead")
        .number(line.shithead)
        .end_object();
  }
  out.end_array().key("recent");
  write_table_games(out, board.recent);
  out.end_object();
}

// A 4-player game frame is about 1 KB: with this, most frames are one allocation.
constexpr std::size_t frame_reserve = 2048;

std::string text_of(const room_message& m) {
  std::string text;
  text.reserve(frame_reserve);
  json_writer out(text);
  write_start(out, "room", m.id);
  out.key("version").number(m.version).key("code").string(m.code).key("public").boolean(m.is_public);
  write_ruleset(out.key("ruleset"), m.ruleset);
  write_clocks(out.key("settings"), m.settings);
  write_text_or_null(out.key("host"), m.host);
  out.key("seats").begin_array();
  for (const auto& s : m.seats) write_seat(out, s);
  out.end_array();
  out.key("spectators").number(m.spectators);
  out.key("you").begin_object().key("seat");
  if (m.your_seat)
    out.number(*m.your_seat);
  else
    out.null();
  out.key("spectator").boolean(!m.your_seat.has_value()).end_object();
  write_scoreboard(out.key("scoreboard"), m.scoreboard);
  out.key("game");
  if (m.game)
    write_view(out, *m.game);
  else
    out.null();
  write_deadlines(out.key("deadlines"), m.deadlines);
  out.end_object();
  return text;
}

std::string text_of(const game_message& m) { return game_text(m.version, m.events, m.view, m.deadlines); }

// The rare messages keep the tree.
template <class Message>
std::string text_of(const Message& m) {
  return dump_json(to_json(m));
}

}  // namespace

std::string game_text(std::uint64_t version, const std::vector<rules::event>& events, const rules::seat_view& view,
                      const deadlines& clocks) {
  std::string text;
  text.reserve(frame_reserve);
  json_writer out(text);
  write_start(out, "game");
  out.key("version").number(version);
  out.key("events").begin_array();
  for (const auto& e : events) write_event(out, e);
  out.end_array();
  write_view(out.key("view"), view);
  write_deadlines(out.key("deadlines"), clocks);
  out.end_object();
  return text;
}

std::string to_text(const server_message& message) {
  return std::visit([](const auto& m) { return text_of(m); }, message);
}

json message_to_json(const server_message& message) {
  return std::visit([](const auto& m) { return to_json(m); }, message);
}

}  // namespace shithead::protocol
