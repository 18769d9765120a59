#include "server/cli/ruleset_flag.hpp"

#include "protocol/ruleset_text.hpp"

namespace shithead::server {

std::optional<std::string> parse_ruleset_flag(std::string_view text, rules::ruleset& out) {
  if (text.starts_with('{')) {
    auto checked = protocol::parse_ruleset_text(text, "--preset");
    if (!checked) return checked.error().message;
    out = std::move(checked).value();
    return std::nullopt;
  }
  const auto preset = rules::parse_preset(text);
  if (!preset)
    return "--preset must be shiphead, isf, limbo, palace, standard or a ruleset object, not '" + std::string(text) +
           "'";
  out = rules::preset_ruleset(*preset);
  return std::nullopt;
}

}  // namespace shithead::server
