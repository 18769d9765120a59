#include "protocol/error_code.hpp"

namespace shithead::protocol {
namespace {

using enum error_code;

// WebSocket close codes (RFC 6455, 7.4.1).
constexpr int policy_violation = 1008;
constexpr int message_too_large = 1009;
constexpr int try_again_later = 1013;
// The server a client talks to no longer serves its table; connecting again reaches the
// one that does (IANA's registry: "Service Restart").
constexpr int service_restart = 1012;
// Ours, from the private range 4000-4999 (the HTTP status plus 4000): the player said hello
// on a newer connection, and a client must not reconnect on its own to fight over it.
constexpr int moved_elsewhere = 4409;

constexpr std::array<error_code_info, error_code_count> table = {{
    {bad_message, "bad_message", 400, 0},
    {unknown_type, "unknown_type", 400, 0},
    {need_hello, "need_hello", 400, 0},
    {already_hello, "already_hello", 409, 0},
    {bad_version, "bad_version", 400, 0},
    {rate_limited, "rate_limited", 429, 0},
    {not_in_room, "not_in_room", 409, 0},
    {message_too_big, "message_too_big", 413, message_too_large},
    {too_many_messages, "too_many_messages", 429, policy_violation},
    {too_many_connections, "too_many_connections", 429, try_again_later},
    {bad_name, "bad_name", 400, 0},
    {name_taken, "name_taken", 409, 0},
    {bad_token, "bad_token", 401, 0},
    {registry_full, "registry_full", 503, 0},
    {no_such_player, "no_such_player", 404, 0},
    {bad_device_code, "bad_device_code", 401, 0},
    {session_moved, "session_moved", 409, moved_elsewhere},
    {bad_table, "bad_table", 400, 0},
    {bad_code, "bad_code", 400, 0},
    {no_such_table, "no_such_table", 404, 0},
    {too_many_tables, "too_many_tables", 429, 0},
    {lobby_full, "lobby_full", 503, 0},
    {table_moved, "table_moved", 503, service_restart},
    {closed, "closed", 410, 0},
    {full, "full", 409, 0},
    {bad_player, "bad_player", 400, 0},
    {not_host, "not_host", 403, 0},
    {not_seated, "not_seated", 403, 0},
    {not_playing, "not_playing", 403, 0},
    {no_game, "no_game", 409, 0},
    {in_game, "in_game", 409, 0},
    {too_few_players, "too_few_players", 409, 0},
    {no_free_seat, "no_free_seat", 409, 0},
    {seat_taken, "seat_taken", 409, 0},
    {not_a_bot, "not_a_bot", 400, 0},
    {bad_text, "bad_text", 400, 0},
    {bad_reaction, "bad_reaction", 400, 0},
    {bad_ruleset, "bad_ruleset", 400, 0},
    {bad_deal, "bad_deal", 400, 0},
    {bad_seat, "bad_seat", 400, 0},
    {game_over, "game_over", 409, 0},
    {wrong_phase, "wrong_phase", 409, 0},
    {not_your_turn, "not_your_turn", 409, 0},
    {already_swapped, "already_swapped", 409, 0},
    {bad_swap, "bad_swap", 400, 0},
    {no_cards, "no_cards", 400, 0},
    {mixed_ranks, "mixed_ranks", 400, 0},
    {not_held, "not_held", 400, 0},
    {not_playable, "not_playable", 409, 0},
    {not_on_face_down, "not_on_face_down", 409, 0},
    {bad_slot, "bad_slot", 400, 0},
    {empty_pile, "empty_pile", 409, 0},
    {must_play, "must_play", 409, 0},
    {cannot_wait, "cannot_wait", 409, 0},
    {bad_target, "bad_target", 400, 0},
    {not_a_burn_in, "not_a_burn_in", 409, 0},
    {cannot_save, "cannot_save", 503, 0},
    {not_found, "not_found", 404, 0},
    {unknown_preset, "unknown_preset", 404, 0},
    {bad_path, "bad_path", 400, 0},
    {bad_request, "bad_request", 400, 0},
    {bad_query, "bad_query", 400, 0},
    {bad_id, "bad_id", 400, 0},
    {too_large, "too_large", 413, 0},
    {method_not_allowed, "method_not_allowed", 405, 0},
    {upgrade_required, "upgrade_required", 426, 0},
    {unavailable, "unavailable", 503, 0},
    {server_full, "server_full", 503, 0},
    {store_unavailable, "store_unavailable", 503, 0},
}};

// Each row sits at its code's index and no text is used twice: a row added out of order,
// or a code without a row, fails the build.
constexpr bool rows_in_order() {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].code) != i || table[i].text.empty()) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (table[j].text == table[i].text) return false;
  }
  return true;
}
static_assert(rows_in_order(), "protocol::error_codes must list every code once, in the enum's order");

}  // namespace

const std::array<error_code_info, error_code_count> error_codes = table;

const error_code_info& info(error_code code) { return error_codes[static_cast<std::size_t>(code)]; }

std::string_view to_string(error_code code) { return info(code).text; }

std::optional<error_code> parse_error_code(std::string_view text) {
  for (const auto& row : error_codes)
    if (row.text == text) return row.code;
  return std::nullopt;
}

error_code from_rules(rules::error_code code) {
  // No default: a rules code added without a case here is a warning, and warnings fail
  // the development build.
  switch (code) {
    case rules::error_code::bad_ruleset: return bad_ruleset;
    case rules::error_code::bad_deal: return bad_deal;
    case rules::error_code::bad_seat: return bad_seat;
    case rules::error_code::game_over: return game_over;
    case rules::error_code::wrong_phase: return wrong_phase;
    case rules::error_code::not_your_turn: return not_your_turn;
    case rules::error_code::already_swapped: return already_swapped;
    case rules::error_code::bad_swap: return bad_swap;
    case rules::error_code::no_cards: return no_cards;
    case rules::error_code::mixed_ranks: return mixed_ranks;
    case rules::error_code::not_held: return not_held;
    case rules::error_code::not_playable: return not_playable;
    case rules::error_code::not_on_face_down: return not_on_face_down;
    case rules::error_code::bad_slot: return bad_slot;
    case rules::error_code::empty_pile: return empty_pile;
    case rules::error_code::must_play: return must_play;
    case rules::error_code::cannot_wait: return cannot_wait;
    case rules::error_code::bad_target: return bad_target;
    case rules::error_code::not_a_burn_in: return not_a_burn_in;
  }
  return bad_message;  // unreachable for a valid rules code
}

}  // namespace shithead::protocol
