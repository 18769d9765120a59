#pragma once
// Events in JSON, for rooms to broadcast: {"type": "played", "seat": 1, "cards": ["3H"],
// "source": "hand"}, with only the fields that mean something for the type (the table
// is in protocol/README.md). The server writes them; clients (the command-line player,
// the load generator) read them back.
#include <string_view>

#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/parsed.hpp"
#include "rules/event.hpp"

namespace shithead::protocol {

json event_to_json(const rules::event& e);
// The same, written straight into a frame: the same keys in the same order.
void write_event(json_writer& out, const rules::event& e);

// The inverse of event_to_json: the type's own keys and no others. Seats are checked to
// be numbers, not against a table (an event does not say how many seats there are).
parsed<rules::event> event_from_json(const json& value, std::string_view path);

}  // namespace shithead::protocol
