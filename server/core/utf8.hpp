#pragma once
// Reading UTF-8 text from clients (names, chat), one code point at a time.
#include <optional>
#include <string_view>

namespace shithead::server {

// One code point from strict UTF-8 at `at`, which moves past it; nullopt (and `at`
// unchanged) for a malformed, truncated, overlong or surrogate sequence or one beyond
// U+10FFFF.
std::optional<char32_t> decode_utf8(std::string_view text, std::size_t& at);

// Whether the whole of `text` is strict UTF-8 (as decode_utf8 reads it).
bool is_utf8(std::string_view text);

}  // namespace shithead::server
