#include "protocol/json_reader.hpp"

#include <algorithm>
#include <limits>

namespace shithead::protocol {
namespace {

constexpr std::size_t max_quote_length = 40;
constexpr int max_quote_depth = 2;

// Like dump(), but stops once the text is long enough and never descends more than a
// couple of levels: hostile input may nest arrays deeper than the stack would allow.
void quote_into(const json& value, std::string& out, int depth) {
  if (!value.is_structured()) {
    out += dump_json(value);
    return;
  }
  const bool array = value.is_array();
  if (value.empty()) {
    out += array ? "[]" : "{}";
    return;
  }
  if (depth >= max_quote_depth) {
    out += array ? "[...]" : "{...}";
    return;
  }
  out += array ? '[' : '{';
  bool first = true;
  for (const auto& [key, member] : value.items()) {
    if (out.size() > max_quote_length) break;
    if (!first) out += ',';
    first = false;
    if (!array) out += dump_json(json(key)) + ':';
    quote_into(member, out, depth + 1);
  }
  out += array ? ']' : '}';
}

}  // namespace

std::string field_path(std::string_view parent, std::string_view key) {
  std::string path(parent);
  if (!path.empty()) path += '.';
  path += key;
  return path;
}

std::string index_path(std::string_view parent, std::size_t index) {
  std::string path(parent);
  path += '[';
  path += std::to_string(index);
  path += ']';
  return path;
}

parse_error error_at(std::string_view path, std::string_view what) {
  if (path.empty()) return parse_error{std::string(what)};
  std::string message(path);
  message += ": ";
  message += what;
  return parse_error{std::move(message)};
}

std::string quote(const json& value) {
  std::string text;
  quote_into(value, text, 0);
  if (text.size() <= max_quote_length) return text;
  auto cut = max_quote_length;
  // Never split a UTF-8 sequence: the quotation may itself be written out as JSON.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  text.resize(cut);
  text += "...";
  return text;
}

parsed<int> read_int(const json& value, std::string_view path, int min, int max) {
  if (!value.is_number_integer()) return error_at(path, "expected an integer, got " + quote(value));
  bool in_range = false;
  if (value.is_number_unsigned()) {
    // Compare as unsigned first: the value may not fit a signed 64-bit integer.
    const auto u = value.get<std::uint64_t>();
    in_range = max >= 0 && u <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(u) >= min;
  } else {
    const auto s = value.get<std::int64_t>();
    in_range = s >= min && s <= max;
  }
  if (!in_range)
    return error_at(path, quote(value) + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
  return static_cast<int>(value.get<std::int64_t>());
}

parsed<std::int64_t> read_int64(const json& value, std::string_view path) {
  const bool fits =
      value.is_number_integer() &&
      (!value.is_number_unsigned() ||
       value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  if (!fits) return error_at(path, "expected an integer, got " + quote(value));
  return value.get<std::int64_t>();
}

parsed<std::uint64_t> read_uint64(const json& value, std::string_view path) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer()) return error_at(path, quote(value) + " is negative; expected an unsigned integer");
  return error_at(path, "expected an unsigned integer, got " + quote(value));
}

parsed<bool> read_bool(const json& value, std::string_view path) {
  if (!value.is_boolean()) return error_at(path, "expected true or false, got " + quote(value));
  return value.get<bool>();
}

parsed<std::string> read_string(const json& value, std::string_view path) {
  if (!value.is_string()) return error_at(path, "expected a string, got " + quote(value));
  return value.get<std::string>();
}

std::optional<parse_error> check_object(const json& value, std::string_view path,
                                        std::span<const std::string_view> known,
                                        std::span<const std::string_view> also_known) {
  if (!value.is_object()) return error_at(path, "expected an object, got " + quote(value));
  for (const auto& [key, member] : value.items()) {
    // A named copy of the binding: clang before 16 cannot capture a structured binding.
    const std::string_view name = key;
    const auto is_key = [name](std::string_view k) { return k == name; };
    if (std::none_of(known.begin(), known.end(), is_key) && std::none_of(also_known.begin(), also_known.end(), is_key))
      return error_at(field_path(path, key), "unknown key");
  }
  return std::nullopt;
}

const json* find_field(const json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

parsed<const json*> require_field(const json& object, std::string_view path, std::string_view key) {
  if (const json* member = find_field(object, key)) return member;
  return error_at(field_path(path, key), "missing");
}

}  // namespace shithead::protocol
