#include "protocol/client_message.hpp"

#include <array>

#include "protocol/action_json.hpp"
#include "protocol/client_message_quick.hpp"
#include "protocol/json_reader.hpp"
#include "protocol/ruleset_json.hpp"

namespace shithead::protocol {
namespace {

constexpr std::array<std::string_view, 2> envelope_keys = {"type", "id"};
constexpr std::string_view not_a_message = "a message is a JSON object with a string \"type\"";

// What one type's parser gives: the request, or the error (its id is filled in later).
template <class Request>
using body = rules::result<Request, message_error>;

message_error bad(std::string message, error_code code = error_code::bad_message) {
  return message_error{std::nullopt, code, std::move(message)};
}

// An error unless the message holds only "type", "id" and `keys`.
std::optional<message_error> check_keys(const json& m, std::initializer_list<std::string_view> keys,
                                        error_code code = error_code::bad_message) {
  if (auto wrong = check_object(m, "", std::span(keys.begin(), keys.size()), envelope_keys))
    return bad(std::move(wrong->message), code);
  return std::nullopt;
}

// A request whose only keys are the envelope's.
template <class Request>
body<Request> bare(const json& m) {
  if (auto wrong = check_keys(m, {})) return *wrong;
  return Request{};
}

std::optional<message_error> read_optional_string(const json& m, std::string_view key,
                                                  std::optional<std::string>& out) {
  if (const json* field = find_field(m, key)) {
    auto text = read_string(*field, key);
    if (!text) return bad(text.error().message);
    out = std::move(text).value();
  }
  return std::nullopt;
}

rules::result<std::string, message_error> required_string(const json& m, std::string_view key) {
  const auto field = require_field(m, "", key);
  if (!field) return bad(field.error().message);
  auto text = read_string(*field.value(), key);
  if (!text) return bad(text.error().message);
  return std::move(text).value();
}

// Any integer that fits 64 bits: whether it names something is the room's question.
rules::result<std::int64_t, message_error> read_any_int(const json& value, std::string_view path) {
  auto number = read_int64(value, path);
  if (!number) return bad(number.error().message);
  return number.value();
}

// ---- the lobby ------------------------------------------------------------------------

body<hello_request> parse_hello(const json& m) {
  if (auto wrong = check_keys(m, {"v", "name", "token", "device_code"})) return *wrong;
  hello_request out;
  const auto v = require_field(m, "", "v");
  if (!v) return bad(v.error().message);
  auto version = read_any_int(*v.value(), "v");
  if (!version) return version.error();
  out.version = version.value();
  std::optional<std::string> name;
  if (auto wrong = read_optional_string(m, "name", name)) return *wrong;
  out.name = name.value_or("");
  if (auto wrong = read_optional_string(m, "token", out.token)) return *wrong;
  if (auto wrong = read_optional_string(m, "device_code", out.device_code)) return *wrong;
  if (out.token && !out.token->empty() && out.device_code && !out.device_code->empty())
    return bad("a hello holds a token or a device code, not both");
  return out;
}

body<create_table_request> parse_create_table(const json& m) {
  const auto refused = [](parse_error e) { return bad(std::move(e.message), error_code::bad_table); };
  if (auto wrong = check_keys(m, {"public", "ruleset", "seats", "turn_timer", "bot_pace_ms"}, error_code::bad_table))
    return *wrong;
  create_table_request out;
  if (const json* value = find_field(m, "public")) {
    auto read = read_bool(*value, "public");
    if (!read) return refused(read.error());
    out.is_public = read.value();
  }
  if (const json* value = find_field(m, "ruleset")) {
    auto read = ruleset_from_json(*value, "ruleset");
    if (!read) return refused(read.error());
    out.ruleset = std::move(read).value();
  }
  if (const json* value = find_field(m, "seats")) {
    auto read = read_int(*value, "seats", min_seats, max_seats);
    if (!read) return refused(read.error());
    out.seats = read.value();
  }
  if (const json* value = find_field(m, "turn_timer")) {
    auto read = read_int(*value, "turn_timer", 0, 60);
    if (!read) return refused(read.error());
    const std::chrono::seconds t{read.value()};
    if (!valid_turn_timer(t)) return refused(error_at("turn_timer", quote(*value) + " is not one of 0, 15, 30, 60"));
    out.turn_timer = t;
  }
  if (const json* value = find_field(m, "bot_pace_ms")) {
    auto read = read_int(*value, "bot_pace_ms", 0, max_bot_pace_ms);
    if (!read) return refused(read.error());
    out.bot_pace = std::chrono::milliseconds{read.value()};
  }
  // Fewer players need fewer cards, so a ruleset that deals a full table deals any game.
  if (out.ruleset.decks_for(out.seats) == 0)
    return refused(error_at(
        "ruleset", "cannot deal " + std::to_string(out.seats) + " players their cards; use fewer seats or more decks"));
  return out;
}

body<join_request> parse_join(const json& m) {
  if (auto wrong = check_keys(m, {"code", "spectate"})) return *wrong;
  join_request out;
  auto code = required_string(m, "code");
  if (!code) return code.error();
  out.code = std::move(code).value();
  if (const json* value = find_field(m, "spectate")) {
    auto read = read_bool(*value, "spectate");
    if (!read) return bad(read.error().message);
    out.spectate = read.value();
  }
  return out;
}

// ---- a table --------------------------------------------------------------------------

body<ready_request> parse_ready(const json& m) {
  if (auto wrong = check_keys(m, {"ready"})) return *wrong;
  const auto field = require_field(m, "", "ready");
  if (!field) return bad(field.error().message);
  const auto ready = read_bool(*field.value(), "ready");
  if (!ready) return bad(ready.error().message);
  return ready_request{ready.value()};
}

body<add_bot_request> parse_add_bot(const json& m) {
  if (auto wrong = check_keys(m, {"kind"})) return *wrong;
  add_bot_request out;
  if (const json* field = find_field(m, "kind")) {
    const auto* text = field->is_string() ? &field->get_ref<const std::string&>() : nullptr;
    const auto kind = text ? rules::parse_bot_kind(*text) : std::nullopt;
    if (!kind) return bad("kind: expected \"random\" or \"greedy\", got " + quote(*field));
    out.kind = *kind;
  }
  return out;
}

body<remove_bot_request> parse_remove_bot(const json& m) {
  if (auto wrong = check_keys(m, {"seat"})) return *wrong;
  const auto field = require_field(m, "", "seat");
  if (!field) return bad(field.error().message);
  auto seat = read_any_int(*field.value(), "seat");
  if (!seat) return seat.error();
  return remove_bot_request{seat.value()};
}

body<action_request> parse_action(const json& m) {
  if (auto wrong = check_keys(m, {"action"})) return *wrong;
  const auto field = require_field(m, "", "action");
  if (!field) return bad(field.error().message);
  auto action = action_from_json(*field.value(), "action");
  if (!action) return bad(action.error().message);
  return action_request{std::move(action).value()};
}

body<chat_request> parse_chat(const json& m) {
  if (auto wrong = check_keys(m, {"text"})) return *wrong;
  auto text = required_string(m, "text");
  if (!text) return text.error();
  return chat_request{std::move(text).value()};
}

body<react_request> parse_react(const json& m) {
  if (auto wrong = check_keys(m, {"reaction"})) return *wrong;
  auto reaction = required_string(m, "reaction");
  if (!reaction) return reaction.error();
  return react_request{std::move(reaction).value()};
}

body<sit_request> parse_sit(const json& m) {
  if (auto wrong = check_keys(m, {"seat"})) return *wrong;
  sit_request out;
  if (const json* field = find_field(m, "seat")) {
    auto seat = read_any_int(*field, "seat");
    if (!seat) return seat.error();
    out.seat = seat.value();
  }
  return out;
}

// ---- dispatch -------------------------------------------------------------------------

using request_variant = std::variant<lobby_request, table_request>;
using parser = rules::result<request_variant, message_error> (*)(const json&);

// Wraps a type's parser so that every entry of the table has one signature.
template <class Group, class Request, body<Request> (*parse)(const json&)>
rules::result<request_variant, message_error> as_request(const json& m) {
  auto parsed = parse(m);
  if (!parsed) return parsed.error();
  return request_variant(Group(std::move(parsed).value()));
}

struct message_type {
  std::string_view name;
  parser parse;
};

constexpr std::array<message_type, 20> message_types = {{
    {"hello", as_request<lobby_request, hello_request, parse_hello>},
    {"ping", as_request<lobby_request, ping_request, bare<ping_request>>},
    {"list_tables", as_request<lobby_request, list_tables_request, bare<list_tables_request>>},
    {"create_table", as_request<lobby_request, create_table_request, parse_create_table>},
    {"join", as_request<lobby_request, join_request, parse_join>},
    {"quick_play", as_request<lobby_request, quick_play_request, bare<quick_play_request>>},
    {"device_code", as_request<lobby_request, device_code_request, bare<device_code_request>>},
    {"sign_out_others", as_request<lobby_request, sign_out_others_request, bare<sign_out_others_request>>},
    {"ready", as_request<table_request, ready_request, parse_ready>},
    {"add_bot", as_request<table_request, add_bot_request, parse_add_bot>},
    {"remove_bot", as_request<table_request, remove_bot_request, parse_remove_bot>},
    {"start", as_request<table_request, start_request, bare<start_request>>},
    {"rematch", as_request<table_request, rematch_request, bare<rematch_request>>},
    {"action", as_request<table_request, action_request, parse_action>},
    {"chat", as_request<table_request, chat_request, parse_chat>},
    {"react", as_request<table_request, react_request, parse_react>},
    {"snapshot", as_request<table_request, snapshot_request, bare<snapshot_request>>},
    {"sit", as_request<table_request, sit_request, parse_sit>},
    {"stand", as_request<table_request, stand_request, bare<stand_request>>},
    {"leave", as_request<table_request, leave_request, bare<leave_request>>},
}};

rules::result<std::optional<request_id>, message_error> read_id(const json& m) {
  const json* field = find_field(m, "id");
  if (!field) return std::optional<request_id>();
  if (field->is_string() && field->get_ref<const std::string&>().size() <= max_request_id_bytes)
    return std::optional<request_id>(request_id(field->get<std::string>()));
  if (auto number = read_any_int(*field, "id")) return std::optional<request_id>(request_id(number.value()));
  return bad("id: expected a string of at most 64 bytes or an integer");
}

}  // namespace

bool valid_turn_timer(std::chrono::seconds t) {
  return t.count() == 0 || t.count() == 15 || t.count() == 30 || t.count() == 60;
}

parsed_message parse_client_message(std::string_view text) {
  if (auto common = read_common_message(text)) return std::move(*common);
  return read_any_message(text);
}

parsed_message read_any_message(std::string_view text) {
  if (text.empty()) return bad("messages are JSON text frames");
  auto parsed = parse_json_text(text);
  if (!parsed) return bad(parsed.error().message);
  const json& m = parsed.value();
  if (!m.is_object()) return bad(std::string(not_a_message));
  auto id = read_id(m);
  if (!id) return id.error();
  const auto with_id = [&](message_error e) {
    e.id = id.value();
    return e;
  };
  const json* type = find_field(m, "type");
  if (!type || !type->is_string()) return with_id(bad(std::string(not_a_message)));
  const auto& name = type->get_ref<const std::string&>();
  for (const auto& t : message_types) {
    if (t.name != name) continue;
    auto request = t.parse(m);
    if (!request) return with_id(request.error());
    return client_message{id.value(), std::move(request).value()};
  }
  return with_id(bad("unknown message type " + quote(*type), error_code::unknown_type));
}

}  // namespace shithead::protocol
