#pragma once
// The rules in plain words, generated from a ruleset's data (never a second copy of the
// rules): what the rules page and the API say a table plays by.
#include <string>
#include <utility>
#include <vector>

#include "rules/ruleset.hpp"

namespace shithead::rules {

// The ruleset in a few plain sentences: the deal, every power (turn powers and powers a
// table took away included), the table's house rules, what may go on anything, bursts of
// a kind, the pick-up rule and who starts.
std::vector<std::string> rules_in_words(const ruleset& rs);

// What may follow `state` now, in one short sentence for under the pile: "Play a 9 or
// lower.", "Play an 8 or miss a turn.", "Play a 5 or higher, or a 2." Made from the
// compiled table, so it names every extra rank and every rank barred.
std::string pile_words(const ruleset& rs, top_state state);
// The same for every top state the ruleset can reach, in table order.
std::vector<std::pair<top_state, std::string>> pile_words(const ruleset& rs);

// One line: the preset's own summary, or for a table with house rules one made from its
// ruleset ("Hand of 5: 2 resets, 4 resets, 5 reverses, ... ; pick up whenever you like.").
std::string summary_in_words(const ruleset& rs);

}  // namespace shithead::rules
