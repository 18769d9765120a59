#include "protocol/socket_route.hpp"

#include "protocol/rankings_api.hpp"

namespace shithead::protocol {

std::optional<std::string> table_of_socket_target(std::string_view target) {
  const auto question = target.find('?');
  if (question == std::string_view::npos) return std::nullopt;
  auto query = target.substr(question + 1);
  if (const auto fragment = query.find('#'); fragment != std::string_view::npos) query = query.substr(0, fragment);
  const auto pairs = read_query_string(query);
  if (!pairs) return std::nullopt;
  for (const auto& [key, value] : *pairs)
    if (key == "table" && !value.empty()) return value;
  return std::nullopt;
}

std::string socket_target_of_table(std::string_view code) {
  // Codes are letters and digits: nothing to escape.
  return std::string(socket_path) + "?table=" + std::string(code);
}

}  // namespace shithead::protocol
