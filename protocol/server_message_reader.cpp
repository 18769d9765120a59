// parse_server_message: the server's frames read back into the catalog's values, with
// the writer's rules (server_message.cpp) in reverse: every key present, no other key,
// null exactly where the writer writes null.
#include <array>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "protocol/event_json.hpp"
#include "protocol/json_reader.hpp"
#include "protocol/ruleset_json.hpp"
#include "protocol/server_message.hpp"
#include "protocol/table_game_json.hpp"
#include "protocol/view_json.hpp"

namespace shithead::protocol {
namespace {

using keys = std::span<const std::string_view>;

constexpr int max_int = std::numeric_limits<int>::max();
constexpr int most_seats = 64;  // a reader's sanity bound, far above any table

// ---- values ---------------------------------------------------------------------------

parsed<double> read_number(const json& value, std::string_view path) {
  if (value.is_number()) return value.get<double>();
  return error_at(path, "expected a number, got " + quote(value));
}

// A string, or null read as the empty string (the writer's form for "nobody").
parsed<std::string> read_text_or_null(const json& value, std::string_view path) {
  if (value.is_null()) return std::string();
  return read_string(value, path);
}

parsed<std::optional<std::string>> read_optional_text(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<std::string>();
  auto text = read_string(value, path);
  if (!text) return text.error();
  return std::optional<std::string>(std::move(text).value());
}

parsed<std::optional<int>> read_optional_seat(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<int>();
  auto seat = read_int(value, path, 0, most_seats - 1);
  if (!seat) return seat.error();
  return std::optional<int>(seat.value());
}

parsed<std::optional<rules::bot_kind>> read_bot(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<rules::bot_kind>();
  if (value.is_string())
    if (auto kind = rules::parse_bot_kind(value.get_ref<const std::string&>()))
      return std::optional<rules::bot_kind>(*kind);
  return error_at(path, "expected a bot kind or null, got " + quote(value));
}

parsed<std::optional<std::chrono::milliseconds>> read_ms_left(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<std::chrono::milliseconds>();
  auto ms = read_int64(value, path);
  if (!ms) return ms.error();
  return std::optional<std::chrono::milliseconds>(std::chrono::milliseconds(ms.value()));
}

parsed<error_code> read_error_code(const json& value, std::string_view path) {
  if (value.is_string())
    if (auto code = parse_error_code(value.get_ref<const std::string&>())) return *code;
  return error_at(path, quote(value) + " is not an error code");
}

// An array, each element read by `read(element, path)`.
template <class Read>
auto read_list(Read read) {
  return [read](const json& value, std::string_view path) {
    using item = std::decay_t<decltype(read(value, path).value())>;
    parsed<std::vector<item>> out = std::vector<item>();
    if (!value.is_array()) return decltype(out)(error_at(path, "expected an array, got " + quote(value)));
    for (std::size_t i = 0; i < value.size(); ++i) {
      auto element = read(value[i], index_path(path, i));
      if (!element) return decltype(out)(element.error());
      out.value().push_back(std::move(element).value());
    }
    return out;
  };
}

// ---- the parts of messages -------------------------------------------------------------

constexpr std::array<std::string_view, 3> occupant_keys = {"player_id", "name", "bot"};

// {"player_id", "name", "bot"} into `out`; `object` may hold other keys (checked by the caller).
std::optional<parse_error> read_occupant(const json& object, std::string_view path, seat_occupant& out) {
  if (auto e = take(read_field(object, path, "player_id", read_text_or_null), out.player_id)) return e;
  if (auto e = take(read_field(object, path, "name", read_string), out.name)) return e;
  return take(read_field(object, path, "bot", read_bot), out.bot);
}

parsed<table_summary> read_summary(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 11> known = {"code",    "is_public",    "preset",   "seats",
                                                             "seated",  "humans",       "bots",     "spectators",
                                                             "in_game", "turn_timer_s", "host_name"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  table_summary t;
  if (auto e = take(read_field(value, path, "code", read_string), t.code)) return *e;
  if (auto e = take(read_field(value, path, "is_public", read_bool), t.is_public)) return *e;
  if (auto e = take(read_field(value, path, "preset", read_string), t.preset)) return *e;
  if (auto e = take(read_field(value, path, "seats", int_in(0, most_seats)), t.seats)) return *e;
  if (auto e = take(read_field(value, path, "seated", int_in(0, most_seats)), t.seated)) return *e;
  if (auto e = take(read_field(value, path, "humans", int_in(0, most_seats)), t.humans)) return *e;
  if (auto e = take(read_field(value, path, "bots", int_in(0, most_seats)), t.bots)) return *e;
  if (auto e = take(read_field(value, path, "spectators", int_in(0, max_int)), t.spectators)) return *e;
  if (auto e = take(read_field(value, path, "in_game", read_bool), t.in_game)) return *e;
  if (auto e = take(read_field(value, path, "turn_timer_s", int_in(0, max_int)), t.turn_timer_s)) return *e;
  if (auto e = take(read_field(value, path, "host_name", read_string), t.host_name)) return *e;
  return t;
}

parsed<seat_entry> read_seat_entry(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 9> known = {"seat",      "player_id",         "name", "bot",    "ready",
                                                            "connected", "controlled_by_bot", "left", "in_game"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  seat_entry s;
  if (auto e = take(read_field(value, path, "seat", int_in(0, most_seats - 1)), s.seat)) return *e;
  if (auto e = take(read_field(value, path, "player_id", read_text_or_null), s.player_id)) return *e;
  if (auto e = take(read_field(value, path, "name", read_text_or_null), s.name)) return *e;
  if (auto e = take(read_field(value, path, "bot", read_bot), s.bot)) return *e;
  if (auto e = take(read_field(value, path, "ready", read_bool), s.ready)) return *e;
  if (auto e = take(read_field(value, path, "connected", read_bool), s.connected)) return *e;
  if (auto e = take(read_field(value, path, "controlled_by_bot", read_bool), s.controlled_by_bot)) return *e;
  if (auto e = take(read_field(value, path, "left", read_bool), s.left)) return *e;
  if (auto e = take(read_field(value, path, "in_game", read_bool), s.in_game)) return *e;
  return s;
}

parsed<deadlines> read_deadlines(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 3> known = {"turn_ms_left", "swap_ms_left", "grace_ms_left"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  deadlines d;
  if (auto e = take(read_field(value, path, "turn_ms_left", read_ms_left), d.turn)) return *e;
  if (auto e = take(read_field(value, path, "swap_ms_left", read_ms_left), d.swap)) return *e;
  if (auto e = take(read_field(value, path, "grace_ms_left", read_ms_left), d.grace)) return *e;
  return d;
}

parsed<table_clocks> read_clocks(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 6> known = {"seats", "turn_timer",  "swap_timer",
                                                            "grace", "empty_close", "bot_pace_ms"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  table_clocks c;
  if (auto e = take(read_field(value, path, "seats", int_in(0, most_seats)), c.seats)) return *e;
  if (auto e = take(read_field(value, path, "turn_timer", read_int64), c.turn_timer_s)) return *e;
  if (auto e = take(read_field(value, path, "swap_timer", read_int64), c.swap_timer_s)) return *e;
  if (auto e = take(read_field(value, path, "grace", read_int64), c.grace_s)) return *e;
  if (auto e = take(read_field(value, path, "empty_close", read_int64), c.empty_close_s)) return *e;
  if (auto e = take(read_field(value, path, "bot_pace_ms", read_int64), c.bot_pace_ms)) return *e;
  return c;
}

parsed<score_line> read_score_line(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 3> counts = {"games", "first", "shithead"};
  if (auto bad = check_object(value, path, occupant_keys, counts)) return std::move(*bad);
  score_line line;
  if (auto e = read_occupant(value, path, line.player)) return *e;
  if (auto e = take(read_field(value, path, "games", int_in(0, max_int)), line.games)) return *e;
  if (auto e = take(read_field(value, path, "first", int_in(0, max_int)), line.first)) return *e;
  if (auto e = take(read_field(value, path, "shithead", int_in(0, max_int)), line.shithead)) return *e;
  return line;
}

parsed<scoreboard_view> read_scoreboard(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 4> known = {"games", "abandoned", "players", "recent"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  scoreboard_view board;
  if (auto e = take(read_field(value, path, "games", int_in(0, max_int)), board.games)) return *e;
  if (auto e = take(read_field(value, path, "abandoned", int_in(0, max_int)), board.abandoned)) return *e;
  if (auto e = take(read_field(value, path, "players", read_list(read_score_line)), board.players)) return *e;
  if (auto e = take(read_field(value, path, "recent", table_games_from_json), board.recent)) return *e;
  return board;
}

parsed<place_entry> read_place(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 2> more = {"seat", "place"};
  if (auto bad = check_object(value, path, occupant_keys, more)) return std::move(*bad);
  place_entry p;
  if (auto e = take(read_field(value, path, "seat", int_in(0, most_seats - 1)), p.seat)) return *e;
  if (auto e = read_occupant(value, path, p.player)) return *e;
  if (auto e = take(read_field(value, path, "place", int_in(1, most_seats)), p.place)) return *e;
  return p;
}

parsed<std::optional<shithead_entry>> read_shithead(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<shithead_entry>();
  static constexpr std::array<std::string_view, 1> more = {"seat"};
  if (auto bad = check_object(value, path, occupant_keys, more)) return std::move(*bad);
  shithead_entry s;
  if (auto e = take(read_field(value, path, "seat", int_in(0, most_seats - 1)), s.seat)) return *e;
  if (auto e = read_occupant(value, path, s.player)) return *e;
  return std::optional<shithead_entry>(std::move(s));
}

parsed<rating_value> read_rating(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 4> known = {"mu", "sigma", "ordinal", "provisional"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  rating_value r;
  if (auto e = take(read_field(value, path, "mu", read_number), r.mu)) return *e;
  if (auto e = take(read_field(value, path, "sigma", read_number), r.sigma)) return *e;
  if (auto e = take(read_field(value, path, "ordinal", read_number), r.ordinal)) return *e;
  if (auto e = take(read_field(value, path, "provisional", read_bool), r.provisional)) return *e;
  return r;
}

parsed<title_value> read_title(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 4> known = {"count", "numeric", "olympic", "feudal"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  title_value t;
  if (auto e = take(read_field(value, path, "count", int_in(0, max_int)), t.count)) return *e;
  if (auto e = take(read_field(value, path, "numeric", read_optional_text), t.numeric)) return *e;
  if (auto e = take(read_field(value, path, "olympic", read_optional_text), t.olympic)) return *e;
  if (auto e = take(read_field(value, path, "feudal", read_optional_text), t.feudal)) return *e;
  return t;
}

parsed<rating_change_entry> read_rating_change(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 5> known = {"player_id", "name", "before", "after", "title"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  rating_change_entry r;
  if (auto e = take(read_field(value, path, "player_id", read_string), r.player_id)) return *e;
  if (auto e = take(read_field(value, path, "name", read_string), r.name)) return *e;
  if (auto e = take(read_field(value, path, "before", read_rating), r.before)) return *e;
  if (auto e = take(read_field(value, path, "after", read_rating), r.after)) return *e;
  if (auto e = take(read_field(value, path, "title", read_title), r.title)) return *e;
  return r;
}

// "you": {"seat": n or null, "spectator": bool}; a spectator has no seat.
parsed<std::optional<int>> read_you(const json& value, std::string_view path) {
  static constexpr std::array<std::string_view, 2> known = {"seat", "spectator"};
  if (auto bad = check_object(value, path, known)) return std::move(*bad);
  std::optional<int> seat;
  bool spectator = false;
  if (auto e = take(read_field(value, path, "seat", read_optional_seat), seat)) return *e;
  if (auto e = take(read_field(value, path, "spectator", read_bool), spectator)) return *e;
  if (spectator == seat.has_value())
    return error_at(path, spectator ? "a spectator has no seat" : "a member who is no spectator has a seat");
  return seat;
}

parsed<std::optional<rules::seat_view>> read_optional_view(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<rules::seat_view>();
  auto view = view_from_json(value, path);
  if (!view) return view.error();
  return std::optional<rules::seat_view>(std::move(view).value());
}

parsed<std::optional<std::int64_t>> read_game_id(const json& value, std::string_view path) {
  if (value.is_null()) return std::optional<std::int64_t>();
  auto id = read_int64(value, path);
  if (!id) return id.error();
  return std::optional<std::int64_t>(id.value());
}

// ---- messages -------------------------------------------------------------------------

// Each reader gets the whole frame, whose "type" is already known; "id" is read for
// the replies that may carry one.
struct frame_reader {
  const json& m;
  std::optional<request_id> id;

  template <std::size_t N>
  std::optional<parse_error> keys_are(const std::array<std::string_view, N>& known) const {
    static constexpr std::array<std::string_view, 2> envelope = {"type", "id"};
    return check_object(m, "", known, envelope);
  }
};

parsed<server_message> read_welcome(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 3>{"player_id", "name", "token"})) return *bad;
  welcome_message w{f.id, {}, {}, {}};
  if (auto e = take(read_field(f.m, "", "player_id", read_string), w.player_id)) return *e;
  if (auto e = take(read_field(f.m, "", "name", read_string), w.name)) return *e;
  if (auto e = take(read_field(f.m, "", "token", read_string), w.token)) return *e;
  return server_message(std::move(w));
}

parsed<server_message> read_device_code(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 2>{"code", "expires_in"})) return *bad;
  device_code_message d{f.id, {}, 0};
  if (auto e = take(read_field(f.m, "", "code", read_string), d.code)) return *e;
  if (auto e = take(read_field(f.m, "", "expires_in", int_in(0, 86'400)), d.expires_in)) return *e;
  return server_message(std::move(d));
}

parsed<server_message> read_token(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 1>{"token"})) return *bad;
  token_message t{f.id, {}};
  if (auto e = take(read_field(f.m, "", "token", read_string), t.token)) return *e;
  return server_message(std::move(t));
}

parsed<server_message> read_pong(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 0>{})) return *bad;
  return server_message(pong_message{f.id});
}

parsed<server_message> read_joined(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 1>{"code"})) return *bad;
  joined_message j{f.id, {}};
  if (auto e = take(read_field(f.m, "", "code", read_string), j.code)) return *e;
  return server_message(std::move(j));
}

parsed<server_message> read_tables(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 1>{"tables"})) return *bad;
  tables_message t;
  if (auto e = take(read_field(f.m, "", "tables", read_list(read_summary)), t.tables)) return *e;
  return server_message(std::move(t));
}

parsed<server_message> read_tables_changed(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 2>{"changed", "order"})) return *bad;
  tables_changed_message t;
  if (auto e = take(read_field(f.m, "", "changed", read_list(read_summary)), t.changed)) return *e;
  if (auto e = take(read_field(f.m, "", "order", read_list(read_string)), t.order)) return *e;
  return server_message(std::move(t));
}

parsed<server_message> read_closing(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 1>{"reason"})) return *bad;
  closing_message c;
  if (auto e = take(read_field(f.m, "", "reason", read_string), c.reason)) return *e;
  return server_message(std::move(c));
}

parsed<server_message> read_error(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 3>{"code", "message", "table"})) return *bad;
  error_message err{f.id, error_code::bad_message, {}, {}};
  if (auto e = take(read_field(f.m, "", "code", read_error_code), err.code)) return *e;
  if (auto e = take(read_field(f.m, "", "message", read_string), err.message)) return *e;
  if (find_field(f.m, "table") != nullptr)
    if (auto e = take(read_field(f.m, "", "table", read_string), err.table)) return *e;
  return server_message(std::move(err));
}

parsed<server_message> read_room(const frame_reader& f) {
  if (auto bad =
          f.keys_are(std::array<std::string_view, 12>{"version", "code", "public", "ruleset", "settings", "host",
                                                      "seats", "spectators", "you", "scoreboard", "game", "deadlines"}))
    return *bad;
  room_message r;
  r.id = f.id;
  if (auto e = take(read_field(f.m, "", "version", read_uint64), r.version)) return *e;
  if (auto e = take(read_field(f.m, "", "code", read_string), r.code)) return *e;
  if (auto e = take(read_field(f.m, "", "public", read_bool), r.is_public)) return *e;
  if (auto e = take(read_field(f.m, "", "ruleset", ruleset_from_json), r.ruleset)) return *e;
  if (auto e = take(read_field(f.m, "", "settings", read_clocks), r.settings)) return *e;
  if (auto e = take(read_field(f.m, "", "host", read_text_or_null), r.host)) return *e;
  if (auto e = take(read_field(f.m, "", "seats", read_list(read_seat_entry)), r.seats)) return *e;
  if (auto e = take(read_field(f.m, "", "spectators", int_in(0, max_int)), r.spectators)) return *e;
  if (auto e = take(read_field(f.m, "", "you", read_you), r.your_seat)) return *e;
  if (auto e = take(read_field(f.m, "", "scoreboard", read_scoreboard), r.scoreboard)) return *e;
  if (auto e = take(read_field(f.m, "", "game", read_optional_view), r.game)) return *e;
  if (auto e = take(read_field(f.m, "", "deadlines", read_deadlines), r.deadlines)) return *e;
  return server_message(std::move(r));
}

parsed<server_message> read_game(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 4>{"version", "events", "view", "deadlines"})) return *bad;
  game_message g;
  if (auto e = take(read_field(f.m, "", "version", read_uint64), g.version)) return *e;
  if (auto e = take(read_field(f.m, "", "events", read_list(event_from_json)), g.events)) return *e;
  if (auto e = take(read_field(f.m, "", "view", view_from_json), g.view)) return *e;
  if (auto e = take(read_field(f.m, "", "deadlines", read_deadlines), g.deadlines)) return *e;
  return server_message(std::move(g));
}

parsed<server_message> read_game_over(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 7>{"version", "places", "shithead", "abandoned", "game_id",
                                                            "ratings", "scoreboard"}))
    return *bad;
  game_over_message g;
  if (auto e = take(read_field(f.m, "", "version", read_uint64), g.version)) return *e;
  if (auto e = take(read_field(f.m, "", "places", read_list(read_place)), g.places)) return *e;
  if (auto e = take(read_field(f.m, "", "shithead", read_shithead), g.shithead)) return *e;
  if (auto e = take(read_field(f.m, "", "abandoned", read_bool), g.abandoned)) return *e;
  if (auto e = take(read_field(f.m, "", "game_id", read_game_id), g.game_id)) return *e;
  if (auto e = take(read_field(f.m, "", "ratings", read_list(read_rating_change)), g.ratings)) return *e;
  if (auto e = take(read_field(f.m, "", "scoreboard", read_scoreboard), g.scoreboard)) return *e;
  return server_message(std::move(g));
}

// chat and reaction: who said it, from which seat, and what.
template <class Message, std::string Message::*said>
parsed<server_message> read_said(const frame_reader& f, std::string_view what) {
  const std::array<std::string_view, 4> known = {"from", "name", "seat", what};
  if (auto bad = check_object(f.m, "", known, std::array<std::string_view, 1>{"type"})) return *bad;
  Message out;
  if (auto e = take(read_field(f.m, "", "from", read_string), out.from)) return *e;
  if (auto e = take(read_field(f.m, "", "name", read_string), out.name)) return *e;
  if (auto e = take(read_field(f.m, "", "seat", read_optional_seat), out.seat)) return *e;
  if (auto e = take(read_field(f.m, "", what, read_string), out.*said)) return *e;
  return server_message(std::move(out));
}

parsed<server_message> read_chat(const frame_reader& f) {
  return read_said<chat_message, &chat_message::text>(f, "text");
}
parsed<server_message> read_reaction(const frame_reader& f) {
  return read_said<reaction_message, &reaction_message::reaction>(f, "reaction");
}

parsed<server_message> read_left(const frame_reader& f) {
  if (auto bad = f.keys_are(std::array<std::string_view, 0>{})) return *bad;
  return server_message(left_message{f.id});
}

struct message_type {
  std::string_view name;
  parsed<server_message> (*read)(const frame_reader&);
  bool may_have_id;  // a reply to a request
};

constexpr std::array<message_type, 15> message_types = {{
    {"welcome", read_welcome, true},
    {"device_code", read_device_code, true},
    {"token", read_token, true},
    {"pong", read_pong, true},
    {"joined", read_joined, true},
    {"tables", read_tables, false},
    {"tables_changed", read_tables_changed, false},
    {"closing", read_closing, false},
    {"error", read_error, true},
    {"room", read_room, true},
    {"game", read_game, false},
    {"game_over", read_game_over, false},
    {"chat", read_chat, false},
    {"reaction", read_reaction, false},
    {"left", read_left, true},
}};

parsed<std::optional<request_id>> read_id(const json& m) {
  const json* field = find_field(m, "id");
  if (!field) return std::optional<request_id>();
  if (field->is_string()) return std::optional<request_id>(request_id(field->get<std::string>()));
  auto number = read_int64(*field, "id");
  if (!number) return error_at("id", "expected a string or an integer, got " + quote(*field));
  return std::optional<request_id>(request_id(number.value()));
}

}  // namespace

parsed<table_summary> summary_from_text(std::string_view text) {
  auto parsed_text = parse_json_text(text);
  if (!parsed_text) return parsed_text.error();
  return read_summary(parsed_text.value(), "");
}

parsed<server_message> parse_server_message(std::string_view text) {
  auto parsed_text = parse_json_text(text);
  if (!parsed_text) return parsed_text.error();
  const json& m = parsed_text.value();
  if (!m.is_object()) return parse_error{"a server message is a JSON object, got " + quote(m)};
  const json* type = find_field(m, "type");
  if (!type || !type->is_string()) return parse_error{"a server message has a string \"type\""};
  const auto& name = type->get_ref<const std::string&>();
  for (const auto& t : message_types) {
    if (t.name != name) continue;
    auto id = read_id(m);
    if (!id) return id.error();
    if (id.value() && !t.may_have_id) return error_at("id", "a " + name + " frame answers no request");
    return t.read(frame_reader{m, std::move(id).value()});
  }
  return error_at("type", quote(*type) + " is not a server message type");
}

}  // namespace shithead::protocol
