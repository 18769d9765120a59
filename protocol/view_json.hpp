#pragma once
// A seat's view in JSON: the one snapshot of a game ever sent to a player. It carries
// what rules::seat_view carries and nothing more, so opponents' hands, face-down cards
// and the stock order cannot leak through here. The server writes it; a client that
// decides with the rules' own bots (`shithead play`, the load test) reads it back.
#include <string_view>

#include "protocol/json_reader.hpp"
#include "protocol/json_writer.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {

json view_to_json(const rules::seat_view& view);
// The same, written straight into a frame without building the tree: every frame of a
// game carries one view per recipient. view_to_json stays the reference it is tested
// against (tests/protocol/frame_writer_test.cpp).
void write_view(json_writer& out, const rules::seat_view& view);

// The exact inverse of view_to_json. Unknown or missing keys, values of the wrong type
// and seats out of range are errors naming their path, so that a bot given the result
// never indexes past the table: every seat number lies in 0..players-1, `seats` has
// one entry a player, and a spectator's view has no hand and no actions.
parsed<rules::seat_view> view_from_json(const json& value, std::string_view path = {});

}  // namespace shithead::protocol
