#pragma once
// A finished game step by step, as the game page draws it (GET /api/games/{id}/steps,
// protocol/docs/http_api.md): the stored record replayed through the rules it was
// played under, the table after every action. Once a game is over nothing in it is
// secret, so each step shows every hand and every face-down card beside a spectator's
// view.
//
// The server replays rather than the client: the rules live in C++ only, and a record
// that does not replay is said to stop where it stops instead of being drawn wrong.
#include <string_view>

#include "protocol/json_writer.hpp"

namespace shithead::protocol {

// Writes "players", "dealer", "steps", "complete" and "error" into the object `out` is
// inside. `record_text` is the stored record; one that cannot be read, or whose deal the
// rules refuse, gives no steps and an error at null.
void write_game_steps(json_writer& out, std::string_view record_text);

}  // namespace shithead::protocol
