#pragma once
// Rulesets in JSON: a preset name ("shiphead") or an object naming the preset and the
// variant overrides ({"preset": "isf", "hand_size": 5, "decks": "auto"}). The keys are
// the fields of rules::ruleset_options; protocol/README.md lists them.
#include <string_view>

#include "protocol/json_reader.hpp"
#include "protocol/json_writer.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// The bare preset name when nothing is overridden, else the object with exactly the
// overrides the ruleset was made with, so a ruleset reads back as it was written.
json ruleset_to_json(const rules::ruleset& rules);
json options_to_json(const rules::ruleset_options& options);
// The same, written straight into a frame or a record, in the writer's layout. Only the
// bare preset name is written directly; overrides are rare enough at a table to go
// through the tree.
void write_ruleset(json_writer& out, const rules::ruleset& rules);

// Unknown keys and values of the wrong type are errors; so is a combination that
// rules::make_ruleset rejects.
parsed<rules::ruleset> ruleset_from_json(const json& value, std::string_view path);
parsed<rules::ruleset_options> options_from_json(const json& object, std::string_view path);

}  // namespace shithead::protocol
