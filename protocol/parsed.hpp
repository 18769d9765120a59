#pragma once
// Parse results as values: untrusted JSON (records, client messages) never throws out
// of the protocol layer; a failure says what is wrong and where.
#include <string>

#include "rules/error.hpp"

namespace shithead::protocol {

// `message` starts with the JSON path of the offending value when there is one:
// `actions[3].cards[1]: "11H" is not a card`.
struct parse_error {
  std::string message;
};

// A value or the parse error that prevented it.
template <class T>
using parsed = rules::result<T, parse_error>;

}  // namespace shithead::protocol
