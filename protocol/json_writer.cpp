#include "protocol/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "protocol/json_text.hpp"

namespace shithead::protocol {
namespace {

// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF), the same set nlohmann's decoder accepts.
bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char low = 0x80;   // the range of the second byte, which rules out the
    unsigned char high = 0xBF;  // overlong forms, the surrogates and > U+10FFFF
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return false;
    }
    if (text.size() - i < length) return false;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (second < low || second > high) return false;
    for (std::size_t k = 2; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (next < 0x80 || next > 0xBF) return false;
    }
    i += length;
  }
  return true;
}

template <class Integer>
void append_integer(std::string& out, Integer value) {
  std::array<char, 24> digits{};  // 20 digits and a sign at most
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
  out.append(digits.data(), end);
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  // Most strings (keys, cards, codes, names) are printable ASCII with nothing to escape:
  // one scan, one copy.
  const bool plain_ascii = std::all_of(text.begin(), text.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
  });
  if (plain_ascii) {
    out += '"';
    out.append(text);
    out += '"';
    return;
  }
  // nlohmann replaces invalid bytes with U+FFFD, and how many bytes one replacement
  // swallows is its decoder's business: such strings (only ever in names typed by
  // people) are rare enough to hand over whole.
  if (!valid_utf8(text)) {
    out += dump_json(json(text));
    return;
  }
  out += '"';
  std::size_t plain = 0;  // start of the bytes not yet copied
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;  // UTF-8 beyond ASCII goes as is
    out.append(text.substr(plain, i - plain));
    plain = i + 1;
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: {
        constexpr std::string_view hex = "0123456789abcdef";
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 0xF];
      }
    }
  }
  out.append(text.substr(plain));
  out += '"';
}

void json_writer::before_value() {
  if (need_comma_) comma();
  need_comma_ = true;
}

json_writer& json_writer::begin_object() {
  before_value();
  out_ += '{';
  need_comma_ = false;
  return *this;
}

json_writer& json_writer::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}

json_writer& json_writer::begin_array() {
  before_value();
  out_ += '[';
  need_comma_ = false;
  return *this;
}

json_writer& json_writer::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}

json_writer& json_writer::key(std::string_view name) {
  if (need_comma_) comma();
  append_json_string(out_, name);
  out_ += spaced_ ? ": " : ":";
  need_comma_ = false;  // the value follows the colon directly
  return *this;
}

json_writer& json_writer::string(std::string_view text) {
  before_value();
  append_json_string(out_, text);
  return *this;
}

json_writer& json_writer::number(std::int64_t value) {
  before_value();
  append_integer(out_, value);
  return *this;
}

json_writer& json_writer::number(std::uint64_t value) {
  before_value();
  append_integer(out_, value);
  return *this;
}

json_writer& json_writer::boolean(bool value) {
  before_value();
  out_ += value ? "true" : "false";
  return *this;
}

json_writer& json_writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

json_writer& json_writer::raw(std::string_view json_text) {
  before_value();
  out_ += json_text;
  return *this;
}

}  // namespace shithead::protocol
