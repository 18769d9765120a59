#pragma once
// Game records in JSON (the format is documented in protocol/README.md):
//   {"ruleset": "shiphead", "players": 3, "dealer": 2,
//    "deal": {"hands": [[...], ...], "face_up": [...], "face_down": [...], "stock": [...]},
//    "actions": [{"seat": 0, "type": "swap", "face_up": ["AS", "KD", "10C"]}, ...]}
// "seed": "N" (the decimal digits of a uint64, a string so that JavaScript clients keep
// every digit) may stand instead of "deal"; an old record's numeric seed still reads.
// "dealer" defaults to the last seat.
#include <string>
#include <string_view>

#include "protocol/game_record.hpp"
#include "protocol/json_reader.hpp"
#include "protocol/record_text.hpp"

namespace shithead::protocol {

json deal_to_json(const rules::deal& cards);
json record_to_json(const game_record& record);

// `players` is the table size every zone must match.
parsed<rules::deal> deal_from_json(const json& value, std::string_view path, int players);
parsed<game_record> record_from_json(const json& value);

}  // namespace shithead::protocol
