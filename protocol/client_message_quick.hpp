#pragma once
// The two readers behind parse_client_message(), apart so that tests and the fuzz target
// can hold one to the other.
//
// Nearly every frame of a game in play is an action or a ping, and reading each into
// nlohmann's tree cost a fifth of the mallocs of a player's action (issue 31). So those
// two, written plainly, are read by a small scanner first: read_common_message() takes
// {"type": "action", "id": 7, "action": {"type": "play", "cards": ["3H"]}} (play,
// play_face_down, pickup and wait) and {"type": "ping", "id": 7}, with any whitespace
// and key order, and gives up on anything else: an escape in a string, a duplicate or
// unknown key, a number with a fraction or more than 18 digits, a swap, a play with a
// target, any mistake. read_any_message() then reads the text as it always has, with its
// errors. What the scanner accepts, it reads to the same message as read_any_message()
// (tests/protocol/client_message_quick_test.cpp and the client message fuzz target).
#include <optional>
#include <string_view>

#include "protocol/client_message.hpp"

namespace shithead::protocol {

std::optional<client_message> read_common_message(std::string_view text);
parsed_message read_any_message(std::string_view text);

}  // namespace shithead::protocol
