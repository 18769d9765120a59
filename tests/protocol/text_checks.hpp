#pragma once
// What the protocol tests check in text: that a message holds a given part, and the
// malformed inputs a reader must refuse, each with a part of the error it must give.
#include <string>
#include <string_view>

namespace shithead::protocol {

inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

struct error_case {
  std::string text;
  std::string expected;  // a part of the error message
};

}  // namespace shithead::protocol
