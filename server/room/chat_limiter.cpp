#include "server/room/chat_limiter.hpp"

#include "server/core/utf8.hpp"

#include <algorithm>
#include <string>

namespace shithead::server {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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
    const auto cp = decode_utf8(text, i);
    if (!cp || refused(*cp)) return chat_text_error{"a chat message may not hold control characters"};
    if (++chars > max_chat_chars)
      return chat_text_error{"a chat message holds at most " + std::to_string(max_chat_chars) + " characters"};
  }
  return std::string(text);
}

bool is_reaction(std::string_view reaction) {
  return std::find(std::begin(reactions), std::end(reactions), reaction) != std::end(reactions);
}

bool chat_limiter::allow(const std::string& player_id, time_point now) {
  // Forget players whose every message has left the window, so the map stays small.
  std::erase_if(sent_, [&](const auto& entry) { return entry.second.empty() || now - entry.second.back() >= window_; });
  auto& times = sent_[player_id];
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
  if (times.size() >= limit_) return false;
  times.push_back(now);
  return true;
}

}  // namespace shithead::server
