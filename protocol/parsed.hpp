#pragma once
// Parse results as values: untrusted JSON (records, client messages) never throws out
// of the protocol layer; a failure says what is wrong and where.
#include <string>
#include <utility>
#include <variant>

namespace shithead::protocol {

// `message` starts with the JSON path of the offending value when there is one:
// `actions[3].cards[1]: "11H" is not a card`.
struct parse_error {
  std::string message;
};

// A value or the parse error that prevented it.
template <class T>
class parsed {
 public:
  parsed(T value) : v_(std::move(value)) {}
  parsed(parse_error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const parse_error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, parse_error> v_;
};

}  // namespace shithead::protocol
