#pragma once
// What a player name may be, and when two names count as the same. The server stores
// names as plain text; clients show them as text, never as markup, so <>&"' are fine.
#include <string>
#include <string_view>

#include "rules/error.hpp"

namespace shithead::server {

inline constexpr std::size_t max_name_code_points = 20;

struct name_problem {
  std::string message;
};

// The name as stored, or why it cannot be one. The input must be valid UTF-8 without
// control characters (tab and newline included), line or paragraph separators,
// invisible format characters (zero-width space, bidi controls, BOM, soft hyphen, tags,
// Hangul fillers) or noncharacters. Unicode spaces at either end are trimmed and runs
// of them inside become one ASCII space. What is left must hold 1 to 20 code points,
// at least one of them visible (not a space, joiner or variation selector).
// An empty or all-space input gives an empty name, which is a problem here but means
// "keep my name" to player_registry::hello.
rules::result<std::string, name_problem> clean_player_name(std::string_view raw);

// The spaces trimmed from `raw`, nothing else checked: tells "no name given" from a
// bad one.
bool is_blank_name(std::string_view raw);

// The key under which names are unique: simple case folding of ASCII, Latin-1,
// Latin Extended-A, Greek and Cyrillic ("ÅSA" and "åsa" are one name). No Unicode
// normalization: a precomposed "é" and "e" + combining accent stay distinct, as do
// look-alikes from different scripts.
std::string name_key(std::string_view clean_name);

}  // namespace shithead::server
