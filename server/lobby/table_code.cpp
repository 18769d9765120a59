#include "server/lobby/table_code.hpp"

#include <cstdint>
#include <limits>

namespace shithead::server {
namespace {

constexpr std::uint64_t code_count() {
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < table_code_length; ++i) n *= table_code_alphabet.size();
  return n;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::string make_table_code(const random_source& random) {
  // Draws from the top n * floor(2^64 / n) up are rejected, so that the rest divides
  // evenly into n codes. A source stuck up there gets a slightly biased code in the end.
  constexpr std::uint64_t n = code_count();
  constexpr std::uint64_t unbiased_below = (std::numeric_limits<std::uint64_t>::max() / n) * n;
  std::uint64_t draw = random();
  for (int tries = 1; draw >= unbiased_below && tries < 8; ++tries) draw = random();
  draw %= n;

  std::string code(table_code_length, ' ');
  for (auto& c : code) {
    c = table_code_alphabet[draw % table_code_alphabet.size()];
    draw /= table_code_alphabet.size();
  }
  return code;
}

std::optional<std::string> normalize_table_code(std::string_view typed) {
  while (!typed.empty() && is_space(typed.front())) typed.remove_prefix(1);
  while (!typed.empty() && is_space(typed.back())) typed.remove_suffix(1);
  if (typed.size() != table_code_length) return std::nullopt;
  std::string code(typed);
  for (auto& c : code) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (table_code_alphabet.find(c) == std::string_view::npos) return std::nullopt;
  }
  return code;
}

}  // namespace shithead::server
