#pragma once
// Game records as text, for those who store or print them without handling JSON (the
// server's store, `shithead replay`). The format is record_json.hpp's.
#include <string>
#include <string_view>

#include "protocol/game_record.hpp"
#include "protocol/parsed.hpp"

namespace shithead::protocol {

// The record as text, one action a line, so that a diff of two records or a bug report
// reads move by move. Ends with a newline.
std::string write_record(const game_record& record);
parsed<game_record> parse_record(std::string_view text);

// How the game began, without the ruleset, the seats or the actions: {"seed": "N"} or
// {"deal": {...}}, as the record writes them.
std::string record_start_text(const game_record& record);

}  // namespace shithead::protocol
