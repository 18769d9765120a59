#include "server/chat_limiter.hpp"

#include <algorithm>
#include <string>

namespace shithead::server {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Decodes the code point at text[i] (the JSON parser has already checked the UTF-8),
// advancing i; an invalid byte comes back as U+FFFD.
char32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  int extra = 0;
  char32_t cp = 0;
  if (lead < 0x80) {
    ++i;
    return lead;
  }
  if ((lead & 0xE0) == 0xC0) {
    extra = 1;
    cp = lead & 0x1Fu;
  } else if ((lead & 0xF0) == 0xE0) {
    extra = 2;
    cp = lead & 0x0Fu;
  } else if ((lead & 0xF8) == 0xF0) {
    extra = 3;
    cp = lead & 0x07u;
  } else {
    ++i;
    return 0xFFFD;
  }
  ++i;
  for (int k = 0; k < extra; ++k, ++i) {
    if (i >= text.size() || (byte(i) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (byte(i) & 0x3Fu);
  }
  return cp;
}

bool refused(char32_t cp) {
  if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F)) return true;  // C0, DEL, C1
  if (cp >= 0x202A && cp <= 0x202E) return true;                           // bidi embeddings
  if (cp >= 0x2066 && cp <= 0x2069) return true;                           // bidi isolates
  return cp == 0xFFFD;
}

}  // namespace

rules::result<std::string, chat_text_error> clean_chat_text(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  if (text.empty()) return chat_text_error{"a chat message needs some text"};
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (refused(next_code_point(text, i)))
      return chat_text_error{"a chat message may not hold control characters"};
    if (++chars > max_chat_chars)
      return chat_text_error{"a chat message holds at most " + std::to_string(max_chat_chars) +
                             " characters"};
  }
  return std::string(text);
}

bool is_reaction(std::string_view reaction) {
  return std::find(std::begin(reactions), std::end(reactions), reaction) != std::end(reactions);
}

bool chat_limiter::allow(const std::string& player_id, time_point now) {
  // Forget players whose every message has left the window, so the map stays small.
  std::erase_if(
      sent_, [&](const auto& entry) { return entry.second.empty() || now - entry.second.back() >= window_; });
  auto& times = sent_[player_id];
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  if (times.size() >= limit_) return false;
  times.push_back(now);
  return true;
}

}  // namespace shithead::server
