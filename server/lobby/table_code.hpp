#pragma once
// Table codes: six characters that people read aloud and type from a screenshot, so the
// alphabet leaves out the look-alikes 0/O, 1/I/L. 31^6 (about 887 million) codes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "server/core/random_source.hpp"

namespace shithead::server {

inline constexpr std::string_view table_code_alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
inline constexpr std::size_t table_code_length = 6;

// A code drawn uniformly from every possible code, with one draw of `random` (more
// only in the rare case of a draw from the biased tail).
std::string make_table_code(const random_source& random);

// What a person typed, as a code: surrounding spaces dropped, letters uppercased.
// nullopt if it is not six characters of the alphabet.
std::optional<std::string> normalize_table_code(std::string_view typed);

}  // namespace shithead::server
