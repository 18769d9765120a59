#pragma once
// Every error code the server ever sends, in one enum and one table: its text on the
// wire, the HTTP status it is answered with over HTTP, and the WebSocket close code when
// the error ends a connection (0 when it never does). Everything that sends, counts or
// documents an error takes its code from here, so a new code is added in exactly one
// place and /metrics counts it without an edit anywhere else.
//
// Codes are stable: clients match on the text. The rules core has its own enum (it may
// not depend on protocol/); from_rules() maps it, and the compiler checks the mapping
// covers every rules code.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/error.hpp"

namespace shithead::protocol {

enum class error_code : std::uint8_t {
  // The connection and the envelope of a message.
  bad_message,           // not a JSON object, a missing or mistyped field, an unknown key
  unknown_type,          // a `type` nobody knows
  need_hello,            // anything but hello and ping before hello
  already_hello,         // a second hello on one connection
  bad_version,           // a hello with another protocol version
  rate_limited,          // over the connection's message budget, or too much chat
  not_in_room,           // a table message from a connection at no table
  message_too_big,       // a frame over the size cap: the connection is closed
  too_many_messages,     // over budget for too long: the connection is closed
  too_many_connections,  // too many connections from one address: refused
  // Identity.
  bad_name,         // see server/core/player_name.hpp
  name_taken,       // another player has this name, ignoring case
  bad_token,        // not a token this server issued
  registry_full,    // no room for another player
  no_such_player,   // a player id that is not registered
  bad_device_code,  // a device code that was used, has expired or was never issued
  session_moved,    // the player said hello on a newer connection: this one is closed
  // The lobby.
  bad_table,        // create_table's settings are out of range
  bad_code,         // not six characters of the code alphabet
  no_such_table,    // no open table has that code
  too_many_tables,  // the player already owns the most open tables allowed
  lobby_full,       // the server holds the most tables allowed
  table_moved,      // another server of a cluster serves the table now: reconnect (closes, 1012)
  // A table.
  closed,           // the table has closed
  full,             // no free seat and no room for another spectator
  bad_player,       // a join without a player id
  not_host,         // only the host may do that
  not_seated,       // only a seated player may do that
  not_playing,      // the seat joins from the next game
  no_game,          // no game is being (or has been) played
  in_game,          // not while a game is running
  too_few_players,  // a game needs two seats filled
  no_free_seat,     // every seat is taken
  seat_taken,       // that seat is taken
  not_a_bot,        // no bot sits there
  bad_text,         // a chat line that is empty, too long or holds control characters
  bad_reaction,     // not one of the reactions
  // The rules (rules::error_code, in its order; bad_seat doubles as the table's).
  bad_ruleset,
  bad_deal,
  bad_seat,
  game_over,
  wrong_phase,
  not_your_turn,
  already_swapped,
  bad_swap,
  no_cards,
  mixed_ranks,
  not_held,
  not_playable,
  not_on_face_down,
  bad_slot,
  empty_pile,
  must_play,
  cannot_wait,
  bad_target,
  not_a_burn_in,
  cannot_save,  // the store cannot commit (a full disk): moves wait until it can again
  // HTTP only.
  not_found,           // no such path, file, player or game
  unknown_preset,      // /api/rules/{preset} names no preset
  bad_path,            // a path that tries to leave the static folder
  bad_request,         // not an HTTP request
  bad_query,           // a query string the API does not accept
  bad_id,              // a game or player id in a path that cannot name anything
  too_large,           // a body or headers over the limit
  method_not_allowed,  // anything but GET and HEAD
  upgrade_required,    // /ws without a WebSocket upgrade
  unavailable,         // no game server behind /ws
  server_full,         // every connection the server can hold is open: refused
  store_unavailable,   // the store cannot answer now
};

struct error_code_info {
  error_code code;
  std::string_view text;
  int http_status;  // the status of an HTTP answer with this code
  int close_code;   // the WebSocket close code when the error closes the connection, else 0
};

inline constexpr std::size_t error_code_count = static_cast<std::size_t>(error_code::store_unavailable) + 1;

// Indexed by the enum's value.
extern const std::array<error_code_info, error_code_count> error_codes;

const error_code_info& info(error_code code);
std::string_view to_string(error_code code);
// The code a text names, for clients and tests that read frames back.
std::optional<error_code> parse_error_code(std::string_view text);
error_code from_rules(rules::error_code code);

}  // namespace shithead::protocol
