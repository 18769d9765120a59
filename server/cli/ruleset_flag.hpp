#pragma once
// `--preset` as `play` and `simulate` read it: a preset's name, or a ruleset object in
// the protocol's JSON ({"preset": "isf", "pickup_leads": false}), checked like a table's.
#include <optional>
#include <string>
#include <string_view>

#include "rules/ruleset.hpp"

namespace shithead::server {

// Sets `out`; returns what is wrong with `text`, if anything.
std::optional<std::string> parse_ruleset_flag(std::string_view text, rules::ruleset& out);

}  // namespace shithead::server
