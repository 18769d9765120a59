// to_text for client messages: the inverse of parse_client_message, for the clients
// this repository ships (the command-line player and the load generator).
#include "protocol/action_json.hpp"
#include "protocol/client_message.hpp"
#include "protocol/ruleset_json.hpp"

namespace shithead::protocol {
namespace {

json start(std::string_view type, const std::optional<request_id>& id) {
  json out = json::object();
  out["type"] = type;
  if (id) out["id"] = std::visit([](const auto& value) { return json(value); }, *id);
  return out;
}

// ---- the lobby ------------------------------------------------------------------------

void put(json& out, const hello_request& r) {
  out["v"] = r.version;
  if (!r.name.empty()) out["name"] = r.name;
  if (r.token) out["token"] = *r.token;
  if (r.device_code) out["device_code"] = *r.device_code;
}
void put(json& out, const create_table_request& r) {
  out["public"] = r.is_public;
  out["ruleset"] = ruleset_to_json(r.ruleset);
  out["seats"] = r.seats;
  if (r.turn_timer) out["turn_timer"] = r.turn_timer->count();
  if (r.bot_pace) out["bot_pace_ms"] = r.bot_pace->count();
}
void put(json& out, const join_request& r) {
  out["code"] = r.code;
  out["spectate"] = r.spectate;
}

// ---- a table --------------------------------------------------------------------------

void put(json& out, const ready_request& r) { out["ready"] = r.ready; }
void put(json& out, const add_bot_request& r) { out["kind"] = rules::to_string(r.kind); }
void put(json& out, const remove_bot_request& r) { out["seat"] = r.seat; }
void put(json& out, const action_request& r) { out["action"] = action_to_json(r.action); }
void put(json& out, const chat_request& r) { out["text"] = r.text; }
void put(json& out, const react_request& r) { out["reaction"] = r.reaction; }
void put(json& out, const sit_request& r) {
  if (r.seat) out["seat"] = *r.seat;
}

// Requests with nothing but their type.
template <class Request>
void put(json&, const Request&) {}

std::string_view type_of(const hello_request&) { return "hello"; }
std::string_view type_of(const ping_request&) { return "ping"; }
std::string_view type_of(const list_tables_request&) { return "list_tables"; }
std::string_view type_of(const create_table_request&) { return "create_table"; }
std::string_view type_of(const join_request&) { return "join"; }
std::string_view type_of(const quick_play_request&) { return "quick_play"; }
std::string_view type_of(const device_code_request&) { return "device_code"; }
std::string_view type_of(const sign_out_others_request&) { return "sign_out_others"; }
std::string_view type_of(const ready_request&) { return "ready"; }
std::string_view type_of(const add_bot_request&) { return "add_bot"; }
std::string_view type_of(const remove_bot_request&) { return "remove_bot"; }
std::string_view type_of(const start_request&) { return "start"; }
std::string_view type_of(const rematch_request&) { return "rematch"; }
std::string_view type_of(const action_request&) { return "action"; }
std::string_view type_of(const chat_request&) { return "chat"; }
std::string_view type_of(const react_request&) { return "react"; }
std::string_view type_of(const snapshot_request&) { return "snapshot"; }
std::string_view type_of(const sit_request&) { return "sit"; }
std::string_view type_of(const stand_request&) { return "stand"; }
std::string_view type_of(const leave_request&) { return "leave"; }

template <class Group>
std::string write(const Group& request, const std::optional<request_id>& id) {
  return dump_json(std::visit(
      [&](const auto& r) {
        json out = start(type_of(r), id);
        put(out, r);
        return out;
      },
      request));
}

}  // namespace

std::string to_text(const lobby_request& request, const std::optional<request_id>& id) { return write(request, id); }

std::string to_text(const table_request& request, const std::optional<request_id>& id) { return write(request, id); }

std::string to_text(const client_message& message) {
  return std::visit([&](const auto& group) { return to_text(group, message.id); }, message.request);
}

}  // namespace shithead::protocol
