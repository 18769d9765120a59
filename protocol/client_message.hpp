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

// A request id is an integer or a string of at most this many bytes.
inline constexpr std::size_t max_request_id_bytes = 64;

// Seats a table may have, and the turn timers a player may choose (seconds; 0 = none).
inline constexpr int min_seats = 2;
inline constexpr int max_seats = 8;
bool valid_turn_timer(std::chrono::seconds t);

// ---- the connection and the lobby -----------------------------------------------------

struct hello_request {
  std::int64_t version = 0;  // the server speaks protocol_version only
  std::string name;          // may be empty when a token comes with it
  std::optional<std::string> token;
};
struct ping_request {};
struct list_tables_request {};
// Every setting optional in the message; the parsed value holds the defaults (private,
// shiphead, 4 seats) and leaves the turn timer to the server's default when absent.
struct create_table_request {
  bool is_public = false;
  rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  int seats = 4;
  std::optional<std::chrono::seconds> turn_timer;
};
struct join_request {
  std::string code;  // as typed: the lobby normalizes it
  bool spectate = false;
};
struct quick_play_request {};

using lobby_request = std::variant<hello_request, ping_request, list_tables_request, create_table_request,
                                   join_request, quick_play_request>;

// ---- a table (docs/room_messages.md, "Client to server") ------------------------------

struct ready_request {
  bool ready = false;
};
struct add_bot_request {
  rules::bot_kind kind = rules::bot_kind::greedy;
};
struct remove_bot_request {
  std::int64_t seat = 0;  // any integer: the room says whether the table has that seat
};
struct start_request {};
struct rematch_request {};
struct action_request {
  rules::action action;
};
struct chat_request {
  std::string text;  // as sent: the room trims and checks it
};
struct react_request {
  std::string reaction;  // as sent: the room checks it is one of the reactions
};
struct snapshot_request {};
struct sit_request {
  std::optional<std::int64_t> seat;  // none: the lowest free seat
};
struct stand_request {};
struct leave_request {};

using table_request = std::variant<ready_request, add_bot_request, remove_bot_request, start_request,
                                   rematch_request, action_request, chat_request, react_request, snapshot_request,
                                   sit_request, stand_request, leave_request>;

// A table request with the id to echo in its reply or error.
struct table_message {
  std::optional<request_id> id;
  table_request request;
};

struct client_message {
  std::optional<request_id> id;
  std::variant<lobby_request, table_request> request;
};

// Why a frame is not a message. `id` is the frame's own when it had a valid one, so that
// the error can echo it.
struct message_error {
  std::optional<request_id> id;
  error_code code = error_code::bad_message;
  std::string message;
};

using parsed_message = rules::result<client_message, message_error>;

// One text frame to a message.
parsed_message parse_client_message(std::string_view text);

}  // namespace shithead::protocol
