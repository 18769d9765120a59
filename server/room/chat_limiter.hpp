#pragma once
// Table chat: what a chat line may hold, and how often a player may speak. A sliding
// window per player: at most `limit` messages in any `window`.
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <string>
#include <string_view>

#include "rules/error.hpp"

namespace shithead::server {

inline constexpr std::size_t max_chat_chars = 200;

struct chat_text_error {
  std::string message;
};

// The text with white space trimmed from both ends, or why it cannot be sent: empty,
// longer than max_chat_chars characters (code points), or holding a control character
// (C0, DEL, C1) or a bidirectional override that could disguise the line.
rules::result<std::string, chat_text_error> clean_chat_text(std::string_view text);

// The reactions a player may send, as UTF-8 text.
bool is_reaction(std::string_view reaction);
inline constexpr std::string_view reactions[] = {"👍", "😂", "😮", "😡", "💩", "🔥"};

class chat_limiter {
 public:
  using time_point = std::chrono::steady_clock::time_point;

  chat_limiter(std::size_t limit, std::chrono::steady_clock::duration window) : limit_(limit), window_(window) {}

  // Counts the message and returns true, or returns false (and counts nothing) when
  // the player has used up the window.
  bool allow(const std::string& player_id, time_point now);

 private:
  std::size_t limit_;
  std::chrono::steady_clock::duration window_;
  // At most `limit_` times a player; players quiet for a whole window are forgotten.
  std::map<std::string, std::deque<time_point>, std::less<>> sent_;
};

}  // namespace shithead::server
