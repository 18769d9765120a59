#include "server/core/player_name.hpp"

#include "server/core/utf8.hpp"

#include <optional>

namespace shithead::server {
namespace {

void encode_utf8(char32_t cp, std::string& out) {
  const auto byte = [&out](char32_t value) { out += static_cast<char>(static_cast<unsigned char>(value)); };
  if (cp < 0x80) {
    byte(cp);
  } else if (cp < 0x800) {
    byte(0xc0 | (cp >> 6));
    byte(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    byte(0xe0 | (cp >> 12));
    byte(0x80 | ((cp >> 6) & 0x3f));
    byte(0x80 | (cp & 0x3f));
  } else {
    byte(0xf0 | (cp >> 18));
    byte(0x80 | ((cp >> 12) & 0x3f));
    byte(0x80 | ((cp >> 6) & 0x3f));
    byte(0x80 | (cp & 0x3f));
  }
}

bool in(char32_t cp, char32_t first, char32_t last) { return cp >= first && cp <= last; }

// Unicode's space separators (general category Zs).
bool is_space(char32_t cp) {
  return cp == 0x20 || cp == 0xa0 || cp == 0x1680 || in(cp, 0x2000, 0x200a) || cp == 0x202f || cp == 0x205f ||
         cp == 0x3000;
}

// Characters that draw nothing or steer the text around them: refused so that two
// names cannot look alike by hiding something, and no name can reorder the text
// shown after it.
bool is_refused(char32_t cp) {
  return cp < 0x20 || in(cp, 0x7f, 0x9f)                                  // control characters
         || cp == 0xad || cp == 0x34f || cp == 0x61c                      // soft hyphen, grapheme joiner, Arabic mark
         || cp == 0x115f || cp == 0x1160 || cp == 0x3164 || cp == 0xffa0  // Hangul fillers
         || cp == 0x17b4 || cp == 0x17b5 || cp == 0x180e                  // Khmer inherent vowels, Mongolian separator
         || cp == 0x200b || cp == 0x200e || cp == 0x200f                  // zero-width space, direction marks
         || in(cp, 0x2028, 0x202e)                                        // line/paragraph separators, bidi embeddings
         || in(cp, 0x2060, 0x206f)                                // word joiner, invisible operators, bidi isolates
         || cp == 0xfeff                                          // byte order mark
         || in(cp, 0xfdd0, 0xfdef) || (cp & 0xfffe) == 0xfffe     // noncharacters
         || in(cp, 0xfff0, 0xfffd)                                // specials: annotations, replacement character
         || in(cp, 0x1bca0, 0x1bca3) || in(cp, 0x1d173, 0x1d17a)  // shorthand and musical format controls
         || in(cp, 0xe0000, 0xe007f);                             // tags
}

// Allowed, because scripts and emoji need them, but not enough on their own: joiners,
// variation selectors, and combining marks, which only decorate the character before
// them (a lone accent is no name: issue 13).
bool is_invisible(char32_t cp) {
  return cp == 0x200c || cp == 0x200d || in(cp, 0xfe00, 0xfe0f) || in(cp, 0xe0100, 0xe01ef)  //
         || in(cp, 0x300, 0x36f) || in(cp, 0x1ab0, 0x1aff) || in(cp, 0x1dc0, 0x1dff)         // combining marks
         || in(cp, 0x20d0, 0x20ff) || in(cp, 0xfe20, 0xfe2f);
}

// Unicode simple case folding for the scripts most names here are written in.
char32_t fold_case(char32_t cp) {
  if (in(cp, 'A', 'Z')) return cp + 0x20;
  if (cp < 0xc0) return cp;
  if (in(cp, 0xc0, 0xde) && cp != 0xd7) return cp + 0x20;  // Latin-1: À..Þ, not ×
  if (cp < 0x100) return cp;
  if (cp < 0x180) {  // Latin Extended-A: case pairs
    if (in(cp, 0x100, 0x12f) || in(cp, 0x132, 0x137) || in(cp, 0x14a, 0x177)) return cp | 1;
    if (in(cp, 0x139, 0x148) || in(cp, 0x179, 0x17e)) return (cp & 1) ? cp + 1 : cp;
    if (cp == 0x178) return 0xff;  // Ÿ
    if (cp == 0x17f) return 's';   // long s
    return cp;
  }
  if (in(cp, 0x391, 0x3a1) || in(cp, 0x3a3, 0x3ab)) return cp + 0x20;  // Greek capitals
  if (cp == 0x3c2) return 0x3c3;                                       // final sigma
  if (cp == 0x386) return 0x3ac;
  if (in(cp, 0x388, 0x38a)) return cp + 0x25;
  if (cp == 0x38c) return 0x3cc;
  if (in(cp, 0x38e, 0x38f)) return cp + 0x3f;
  if (in(cp, 0x410, 0x42f)) return cp + 0x20;  // Cyrillic А..Я
  if (in(cp, 0x400, 0x40f)) return cp + 0x50;  // Cyrillic Ѐ..Џ
  return cp;
}

}  // namespace

bool is_blank_name(std::string_view raw) {
  for (std::size_t at = 0; at < raw.size();) {
    const auto cp = decode_utf8(raw, at);
    if (!cp || !is_space(*cp)) return false;
  }
  return true;
}

rules::result<std::string, name_problem> clean_player_name(std::string_view raw) {
  std::string name;
  std::size_t code_points = 0;
  bool visible = false;
  bool pending_space = false;
  for (std::size_t at = 0; at < raw.size();) {
    const auto cp = decode_utf8(raw, at);
    if (!cp) return name_problem{"a name must be valid UTF-8"};
    if (is_refused(*cp)) return name_problem{"a name may not hold control or invisible formatting characters"};
    if (is_space(*cp)) {
      pending_space = !name.empty();
      continue;
    }
    if (pending_space) {
      name += ' ';
      ++code_points;
      pending_space = false;
    }
    encode_utf8(*cp, name);
    ++code_points;
    visible = visible || !is_invisible(*cp);
  }
  if (code_points == 0) return name_problem{"a name may not be empty"};
  if (!visible) return name_problem{"a name needs at least one visible character"};
  if (code_points > max_name_code_points) return name_problem{"a name may hold at most 20 characters"};
  return name;
}

std::string name_key(std::string_view clean_name) {
  std::string key;
  key.reserve(clean_name.size());
  for (std::size_t at = 0; at < clean_name.size();) {
    const auto cp = decode_utf8(clean_name, at);
    if (!cp) return std::string(clean_name);  // not a clean name; compare it as it is
    encode_utf8(fold_case(*cp), key);
  }
  return key;
}

}  // namespace shithead::server
