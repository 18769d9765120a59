#pragma once
// One action as compact JSON text, as action_json.hpp writes it: the form the store's
// action log keeps, one entry per move.
#include <string>
#include <string_view>

#include "protocol/parsed.hpp"
#include "rules/action.hpp"

namespace shithead::protocol {

std::string action_to_text(const rules::action& a);
// Errors start with `path`.
parsed<rules::action> parse_action_text(std::string_view text, std::string_view path);

}  // namespace shithead::protocol
