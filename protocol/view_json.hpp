#pragma once
// A seat's view in JSON: the one snapshot of a game ever sent to a player. It carries
// what rules::seat_view carries and nothing more, so opponents' hands, face-down cards
// and the stock order cannot leak through here. Written by the server only.
#include "protocol/json_text.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {

json view_to_json(const rules::seat_view& view);

}  // namespace shithead::protocol
