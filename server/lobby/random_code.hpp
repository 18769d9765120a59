#pragma once
// A code that people read and type: `length` characters of the table code alphabet
// (no look-alikes), drawn uniformly from every possible code. Table codes and device
// codes are both made here; `length` * log2(31) must stay within 64 bits (at most 12).
#include <cstddef>
#include <string>

#include "server/core/random_source.hpp"

namespace shithead::server {

// One draw of `random` (more only in the rare case of a draw from the biased tail).
std::string random_code(const random_source& random, std::size_t length);

}  // namespace shithead::server
