#pragma once
// JSON text in and out. Parsing reports errors as values; writing never throws.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/parsed.hpp"

namespace shithead::protocol {

// Objects keep their keys in the order written, so records and messages read as
// documented rather than alphabetically.
using json = nlohmann::ordered_json;

// JSON text to a value; the error gives the line and column.
parsed<json> parse_json_text(std::string_view text);

// Compact text: {"ok":true}. Invalid UTF-8 (possible only in values built in code,
// never in parsed ones) is replaced rather than thrown about.
std::string dump_json(const json& value);

// One line with a space after every colon and comma, for people to read:
// {"seat": 0, "type": "play", "cards": ["3H", "3S"]}.
std::string format_json_line(const json& value);

}  // namespace shithead::protocol
