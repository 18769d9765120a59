#include "server/lobby/random_code.hpp"

#include <cassert>
#include <cstdint>
#include <limits>

#include "server/lobby/table_code.hpp"

namespace shithead::server {

std::string random_code(const random_source& random, std::size_t length) {
  assert(length <= 12);
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < length; ++i) n *= table_code_alphabet.size();
  // Draws from the top n * floor(2^64 / n) up are rejected, so that the rest divides
  // evenly into n codes. A source stuck up there gets a slightly biased code in the end.
  const std::uint64_t unbiased_below = (std::numeric_limits<std::uint64_t>::max() / n) * n;
  std::uint64_t draw = random();
  for (int tries = 1; draw >= unbiased_below && tries < 8; ++tries) draw = random();
  draw %= n;

  std::string code(length, ' ');
  for (auto& c : code) {
    c = table_code_alphabet[draw % table_code_alphabet.size()];
    draw /= table_code_alphabet.size();
  }
  return code;
}

}  // namespace shithead::server
