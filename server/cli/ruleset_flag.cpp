#include "server/cli/ruleset_flag.hpp"

#include "protocol/json_text.hpp"
#include "protocol/ruleset_json.hpp"

namespace shithead::server {

std::optional<std::string> parse_ruleset_flag(std::string_view text, rules::ruleset& out) {
  if (text.starts_with('{')) {
    auto parsed = protocol::parse_json_text(text);
    if (!parsed) return "--preset: " + parsed.error().message;
    auto checked = protocol::ruleset_from_json(parsed.value(), "--preset");
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
