#pragma once
// Events in JSON, for rooms to broadcast: {"type": "played", "seat": 1, "cards": ["3H"],
// "source": "hand"}, with only the fields that mean something for the type (the table
// is in protocol/README.md). Written by the server only, so there is no reader.
#include "protocol/json_text.hpp"
#include "rules/event.hpp"

namespace shithead::protocol {

json event_to_json(const rules::event& e);

}  // namespace shithead::protocol
