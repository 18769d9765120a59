#pragma once
// "What may be played on what" as JSON, shared by `shithead rules --json` and
// GET /api/rules/{preset}, so the two can never disagree.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rules/ruleset.hpp"

namespace shithead::server {

// The card reference tables' names: "empty", "[R]" for a fresh R, "<R>" for one whose
// rule is used up.
std::string top_state_name(rules::top_state state);
// "2".."A" (and "Joker") in rank order.
std::vector<std::string> rank_names(rules::rank_mask mask);

// {"preset": "shiphead", "play_on": {"empty": ["2", ...], "[2]": [...], ...}} with the
// top states in table order.
nlohmann::ordered_json play_table_json(const rules::ruleset& rs);

}  // namespace shithead::server
