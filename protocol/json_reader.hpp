#pragma once
// Checked reading of JSON values. Every parser in protocol/ checks a value's type
// through these before touching it, because nlohmann's getters throw on a mismatch,
// and every failure names the path of the offending value.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "protocol/json_text.hpp"
#include "protocol/parsed.hpp"

namespace shithead::protocol {

// "deal" + "hands" -> "deal.hands"; "deal.hands" + 1 -> "deal.hands[1]".
std::string field_path(std::string_view parent, std::string_view key);
std::string index_path(std::string_view parent, std::size_t index);

// "path: what", or just "what" at the top level.
parse_error error_at(std::string_view path, std::string_view what);

// A value as it would appear in JSON, cut short when long: `"11H"`, `3.5`, `[1,2]`.
std::string quote(const json& value);

parsed<int> read_int(const json& value, std::string_view path, int min, int max);
parsed<std::uint64_t> read_uint64(const json& value, std::string_view path);
// Any integer that fits 64 bits, signed.
parsed<std::int64_t> read_int64(const json& value, std::string_view path);
parsed<bool> read_bool(const json& value, std::string_view path);
parsed<std::string> read_string(const json& value, std::string_view path);

// An error unless `value` is an object whose keys are all in `known` or `also_known`.
std::optional<parse_error> check_object(const json& value, std::string_view path,
                                        std::span<const std::string_view> known,
                                        std::span<const std::string_view> also_known = {});

// The member `key` of an object, or nullptr when absent.
const json* find_field(const json& object, std::string_view key);
// The member `key`, or an error naming it as missing.
parsed<const json*> require_field(const json& object, std::string_view path, std::string_view key);

// Moves a successfully read value into `out`, or hands back the error:
//   if (auto e = take(read_field(value, path, "turns", int_in(0, 100)), view.turns)) return *e;
template <class T, class U>
std::optional<parse_error> take(parsed<T> read, U& out) {
  if (!read) return read.error();
  out = std::move(read).value();
  return std::nullopt;
}

// The member `key` of `object`, read by `read(member, path)`.
template <class Read>
auto read_field(const json& object, std::string_view path, std::string_view key, Read read)
    -> decltype(read(object, path)) {
  auto field = require_field(object, path, key);
  if (!field) return field.error();
  return read(*field.value(), field_path(path, key));
}

// A reader of an int in [min, max], for read_field.
inline auto int_in(int min, int max) {
  return [min, max](const json& value, std::string_view path) { return read_int(value, path, min, max); };
}

}  // namespace shithead::protocol
