#include "server/core/utf8.hpp"

namespace shithead::server {

std::optional<char32_t> decode_utf8(std::string_view text, std::size_t& at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t length = 0;
  char32_t cp = 0;
  char32_t smallest = 0;
  if (lead < 0x80) {
    ++at;
    return lead;
  } else if ((lead & 0xe0) == 0xc0) {
    length = 2, cp = lead & 0x1fu, smallest = 0x80;
  } else if ((lead & 0xf0) == 0xe0) {
    length = 3, cp = lead & 0x0fu, smallest = 0x800;
  } else if ((lead & 0xf8) == 0xf0) {
    length = 4, cp = lead & 0x07u, smallest = 0x10000;
  } else {
    return std::nullopt;
  }
  if (text.size() - at < length) return std::nullopt;
  for (std::size_t i = 1; i < length; ++i) {
    const auto next = static_cast<unsigned char>(text[at + i]);
    if ((next & 0xc0) != 0x80) return std::nullopt;
    cp = (cp << 6) | (next & 0x3fu);
  }
  if (cp < smallest || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;
  at += length;
  return cp;
}

bool is_utf8(std::string_view text) {
  for (std::size_t at = 0; at < text.size();)
    if (!decode_utf8(text, at)) return false;
  return true;
}

}  // namespace shithead::server
