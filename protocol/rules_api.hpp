#pragma once
// The rules as the HTTP API and `shithead rules --json` write them (protocol/docs/http_api.md):
// the preset list, a ruleset's "what may be played on what" table, and the house rules a
// query names.
#include <string>
#include <string_view>
#include <vector>

#include "protocol/parsed.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// The card reference tables' names: "empty", "[R]" for a fresh R, "<R>" for one whose
// rule is used up.
std::string top_state_name(rules::top_state state);
// "2".."A" (and "Joker") in rank order.
std::vector<std::string> rank_names(rules::rank_mask mask);

// {"preset":"shiphead","play_on":{"empty":["2",...],"[2]":[...],...}} with the top
// states in table order: `shithead rules --json`, without its newline.
std::string play_table_text(const rules::ruleset& rs);

// GET /api/rules: {"presets":[{"name":...,"summary":...},...]}.
std::string presets_body();

// GET /api/rules/{preset}: the play table, then "summary" (made from the house rules
// when the table has any), "ruleset" (only then), "powers" (each rank that has any, by
// name), "rules_in_words", "pile_words" (for each top state of the play table, what may
// follow it in a sentence) and "run_burn" (each rank of which N in a row burn, with N).
// Every word comes from rules/words.hpp.
std::string preset_body(const rules::ruleset& rs);

// ?ruleset={...} of /api/rules/{preset}, already %-decoded: a JSON object of house rules
// over `preset`. Its "preset" may be left out, and if given must be `preset`. Errors
// start with "ruleset".
parsed<rules::ruleset> parse_house_rules_query(rules::preset_id preset, std::string_view json_text);

}  // namespace shithead::protocol
