#pragma once
// Server messages as JSON trees, for protocol's own writers and for tests; the server
// sends to_text (server_message.hpp) and never handles a tree.
#include "protocol/json_text.hpp"
#include "protocol/server_message.hpp"

namespace shithead::protocol {

// The message as a tree; dump_json of it is what to_text writes, byte for byte. The
// reference the direct writers are tested against, and the benchmarks' baseline.
json message_to_json(const server_message& message);

// {"mu", "sigma", "ordinal", "provisional"} and {"count", "numeric", "olympic", "feudal"}:
// as game_over carries them, and as the HTTP API shows a player's rating and title.
json to_json(const rating_value& rating);
json to_json(const title_value& title);

}  // namespace shithead::protocol
