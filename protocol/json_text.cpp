#include "protocol/json_text.hpp"

namespace shithead::protocol {
namespace {

// nlohmann's messages start with "[json.exception.parse_error.101] "; the id is noise
// to whoever wrote the file.
std::string without_exception_id(std::string_view what) {
  if (!what.empty() && what.front() == '[') {
    const auto end = what.find("] ");
    if (end != std::string_view::npos) what.remove_prefix(end + 2);
  }
  return std::string(what);
}

void format_into(const json& value, std::string& out) {
  if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) out += ", ";
      first = false;
      out += dump_json(json(key));
      out += ": ";
      format_into(member, out);
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    bool first = true;
    for (const auto& item : value) {
      if (!first) out += ", ";
      first = false;
      format_into(item, out);
    }
    out += ']';
  } else {
    out += dump_json(value);
  }
}

}  // namespace

parsed<json> parse_json_text(std::string_view text) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    return parse_error{"invalid JSON: " + without_exception_id(e.what())};
  }
}

std::string dump_json(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string format_json_line(const json& value) {
  std::string out;
  format_into(value, out);
  return out;
}

}  // namespace shithead::protocol
