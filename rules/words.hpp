#pragma once
// The rules in plain words, generated from a ruleset's data (never a second copy of the
// rules): what the rules page and the API say a table plays by.
#include <string>
#include <vector>

#include "rules/ruleset.hpp"

namespace shithead::rules {

// The ruleset in a few plain sentences: the deal, every power (turn powers and powers a
// table took away included), the table's house rules, what may go on anything, bursts of
// a kind, the pick-up rule and who starts.
std::vector<std::string> rules_in_words(const ruleset& rs);

}  // namespace shithead::rules
