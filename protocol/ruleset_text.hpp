#pragma once
// Rulesets as text, in the JSON of ruleset_json.hpp: "shiphead" or {"preset": "isf", ...}.
#include <string>
#include <string_view>

#include "protocol/parsed.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// Compact text of ruleset_to_json: a preset's quoted name, or the overrides object.
std::string ruleset_to_text(const rules::ruleset& rules);
// The text of a preset name or an overrides object; errors start with `path`.
parsed<rules::ruleset> parse_ruleset_text(std::string_view text, std::string_view path);

}  // namespace shithead::protocol
