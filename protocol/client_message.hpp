#pragma once
// Every message a client may send over the WebSocket, as a typed value, and the one
// parser of their text. The game service, the lobby and the rooms receive these values;
// none of them reads JSON. One strictness for all: a key a message does not list, a
// field of the wrong type and a missing field are all `bad_message` naming the path
// (create_table's settings answer `bad_table`, as documented), and one rule for `id`.
//
// What a message means for the sender's seat or table (is it their turn, are they the
// host) is for the room to say; parsing only says whether the message is well formed.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/error_code.hpp"
#include "protocol/server_message.hpp"
#include "rules/action.hpp"
#include "rules/bots.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// The version a hello must name: the one this catalog speaks.
inline constexpr int protocol_version = 1;

// A request id is an integer or a string of at most this many bytes.
inline constexpr std::size_t max_request_id_bytes = 64;

// Seats a table may have, and the turn timers a player may choose (seconds; 0 = none).
inline constexpr int min_seats = 2;
inline constexpr int max_seats = 8;
bool valid_turn_timer(std::chrono::seconds t);
// A bot's pause before each move (milliseconds): 0 plays at once, as tests want; people
// need most of a second to see a move (the server's default is 900).
inline constexpr int max_bot_pace_ms = 3000;

// ---- the connection and the lobby -----------------------------------------------------

struct hello_request {
  std::int64_t version = 0;  // the server speaks protocol_version only
  std::string name;          // may be empty when a token comes with it
  std::optional<std::string> token;
  // A code from the player's other device instead of a token (never both).
  std::optional<std::string> device_code{};

  friend bool operator==(const hello_request&, const hello_request&) = default;
};
struct ping_request {
  friend bool operator==(const ping_request&, const ping_request&) = default;
};
struct list_tables_request {
  friend bool operator==(const list_tables_request&, const list_tables_request&) = default;
};
// Every setting optional in the message; the parsed value holds the defaults (private,
// shiphead, 4 seats) and leaves the turn timer and the bots' pace to the server's
// defaults when absent.
struct create_table_request {
  bool is_public = false;
  rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  int seats = 4;
  std::optional<std::chrono::seconds> turn_timer;
  std::optional<std::chrono::milliseconds> bot_pace;

  friend bool operator==(const create_table_request&, const create_table_request&) = default;
};
struct join_request {
  std::string code;  // as typed: the lobby normalizes it
  bool spectate = false;

  friend bool operator==(const join_request&, const join_request&) = default;
};
struct quick_play_request {
  friend bool operator==(const quick_play_request&, const quick_play_request&) = default;
};
// A short-lived, single-use code that makes another device this player.
struct device_code_request {
  friend bool operator==(const device_code_request&, const device_code_request&) = default;
};
// A new token for this connection; every other device's copy of the old one stops working.
struct sign_out_others_request {
  friend bool operator==(const sign_out_others_request&, const sign_out_others_request&) = default;
};

using lobby_request = std::variant<hello_request, ping_request, list_tables_request, create_table_request, join_request,
                                   quick_play_request, device_code_request, sign_out_others_request>;

// ---- a table (docs/room_messages.md, "Client to server") ------------------------------

struct ready_request {
  bool ready = false;

  friend bool operator==(const ready_request&, const ready_request&) = default;
};
struct add_bot_request {
  rules::bot_kind kind = rules::bot_kind::greedy;

  friend bool operator==(const add_bot_request&, const add_bot_request&) = default;
};
struct remove_bot_request {
  std::int64_t seat = 0;  // any integer: the room says whether the table has that seat

  friend bool operator==(const remove_bot_request&, const remove_bot_request&) = default;
};
struct start_request {
  friend bool operator==(const start_request&, const start_request&) = default;
};
struct rematch_request {
  friend bool operator==(const rematch_request&, const rematch_request&) = default;
};
struct action_request {
  rules::action action;

  friend bool operator==(const action_request&, const action_request&) = default;
};
struct chat_request {
  std::string text;  // as sent: the room trims and checks it

  friend bool operator==(const chat_request&, const chat_request&) = default;
};
struct react_request {
  std::string reaction;  // as sent: the room checks it is one of the reactions

  friend bool operator==(const react_request&, const react_request&) = default;
};
struct snapshot_request {
  friend bool operator==(const snapshot_request&, const snapshot_request&) = default;
};
struct sit_request {
  std::optional<std::int64_t> seat;  // none: the lowest free seat

  friend bool operator==(const sit_request&, const sit_request&) = default;
};
struct stand_request {
  friend bool operator==(const stand_request&, const stand_request&) = default;
};
struct leave_request {
  friend bool operator==(const leave_request&, const leave_request&) = default;
};

using table_request =
    std::variant<ready_request, add_bot_request, remove_bot_request, start_request, rematch_request, action_request,
                 chat_request, react_request, snapshot_request, sit_request, stand_request, leave_request>;

// A table request with the id to echo in its reply or error.
struct table_message {
  std::optional<request_id> id;
  table_request request;

  friend bool operator==(const table_message&, const table_message&) = default;
};

struct client_message {
  std::optional<request_id> id;
  std::variant<lobby_request, table_request> request;

  friend bool operator==(const client_message&, const client_message&) = default;
};

// Why a frame is not a message. `id` is the frame's own when it had a valid one, so that
// the error can echo it.
struct message_error {
  std::optional<request_id> id;
  error_code code = error_code::bad_message;
  std::string message;

  friend bool operator==(const message_error&, const message_error&) = default;
};

using parsed_message = rules::result<client_message, message_error>;

// One text frame to a message.
parsed_message parse_client_message(std::string_view text);

// A message as one compact JSON text frame: "type", then "id" when there is one, then
// the request's fields. For clients written in C++ (the command-line player, the load
// generator) and tests; parse_client_message(to_text(m)) == m for every message.
std::string to_text(const client_message& message);
std::string to_text(const lobby_request& request, const std::optional<request_id>& id = std::nullopt);
std::string to_text(const table_request& request, const std::optional<request_id>& id = std::nullopt);

}  // namespace shithead::protocol
