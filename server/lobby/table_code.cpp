#include "server/lobby/table_code.hpp"

#include "server/lobby/random_code.hpp"

namespace shithead::server {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

std::string make_table_code(const random_source& random) { return random_code(random, table_code_length); }

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
