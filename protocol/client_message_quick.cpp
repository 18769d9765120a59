#include "protocol/client_message_quick.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>

#include "rules/card.hpp"

namespace shithead::protocol {
namespace {

// A cursor over JSON text that reads only the plain forms a client writes. Each read
// gives nullopt where the text is anything else; the caller then gives up on the frame.
class scanner {
 public:
  explicit scanner(std::string_view text) : text_(text) {}

  // Skips JSON's whitespace, then takes `c` if it is next.
  bool eat(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  bool at_end() {
    skip_space();
    return at_ == text_.size();
  }

  char peek() {
    skip_space();
    return at_ < text_.size() ? text_[at_] : '\0';
  }

  // An object, its members read by `member(key)` after each key and its colon; false
  // where the text is not an object of plain keys or `member` gives up on one.
  template <class Member>
  bool object(Member&& member) {
    if (!eat('{')) return false;
    do {
      const auto key = plain_string();
      if (!key || !eat(':') || !member(*key)) return false;
    } while (eat(','));
    return eat('}');
  }

  // A string of printable ASCII with nothing escaped, without its quotes.
  std::optional<std::string_view> plain_string() {
    if (!eat('"')) return std::nullopt;
    const std::size_t start = at_;
    for (; at_ < text_.size(); ++at_) {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c == '"') return text_.substr(start, at_++ - start);
      if (c < 0x20 || c >= 0x7f || c == '\\') return std::nullopt;
    }
    return std::nullopt;
  }

  // An integer of at most 18 digits (so it fits in 64 bits), with no leading zero, no
  // fraction and no exponent; "-0" is left to the full reader.
  std::optional<std::int64_t> small_integer() {
    skip_space();
    const bool negative = at_ < text_.size() && text_[at_] == '-';
    if (negative) ++at_;
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    const std::size_t digits = at_ - start;
    if (digits == 0 || digits > 18 || (digits > 1 && text_[start] == '0')) return std::nullopt;
    std::int64_t value = 0;  // counted first: 19 digits may not fit
    for (std::size_t i = start; i < at_; ++i) value = value * 10 + (text_[i] - '0');
    if (negative && value == 0) return std::nullopt;
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) return std::nullopt;
    return negative ? -value : value;
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// ["3H", "10S"]: cards that parse_card() reads, at most a card set's capacity.
std::optional<rules::card_set> read_cards(scanner& in) {
  if (!in.eat('[')) return std::nullopt;
  rules::card_set cards;
  if (in.eat(']')) return cards;
  do {
    const auto text = in.plain_string();
    const auto c = text ? rules::parse_card(*text) : std::nullopt;
    if (!c || cards.full()) return std::nullopt;
    cards.push_back(*c);
  } while (in.eat(','));
  if (!in.eat(']')) return std::nullopt;
  return cards;
}

// The action object of a play (without a target), a face-down play, a pickup or a wait.
std::optional<rules::action> read_action(scanner& in) {
  std::optional<std::string_view> type;
  std::optional<rules::card_set> cards;
  std::optional<std::int64_t> slot;
  const bool read = in.object([&](std::string_view key) {
    if (key == "type" && !type) return (type = in.plain_string()).has_value();
    if (key == "cards" && !cards) return (cards = read_cards(in)).has_value();
    if (key == "slot" && !slot) {
      slot = in.small_integer();
      return slot && *slot >= std::numeric_limits<int>::min() && *slot <= std::numeric_limits<int>::max();
    }
    return false;
  });
  if (!read || !type) return std::nullopt;
  if (*type == "play" && cards && !slot) return rules::action{rules::play_action{*cards, -1}};
  if (*type == "play_face_down" && slot && !cards)
    return rules::action{rules::face_down_action{static_cast<int>(*slot)}};
  if (*type == "pickup" && !cards && !slot) return rules::action{rules::pickup_action{}};
  if (*type == "wait" && !cards && !slot) return rules::action{rules::wait_action{}};
  return std::nullopt;
}

}  // namespace

std::optional<client_message> read_common_message(std::string_view text) {
  scanner in(text);
  std::optional<std::string_view> type;
  std::optional<request_id> id;
  std::optional<rules::action> action;
  bool has_id = false;
  const bool read = in.object([&](std::string_view key) {
    if (key == "type" && !type) return (type = in.plain_string()).has_value();
    if (key == "action" && !action) return (action = read_action(in)).has_value();
    if (key != "id" || has_id) return false;
    has_id = true;
    if (in.peek() == '"') {
      const auto name = in.plain_string();
      if (!name || name->size() > max_request_id_bytes) return false;
      id = request_id(std::string(*name));
    } else {
      const auto number = in.small_integer();
      if (!number) return false;
      id = request_id(*number);
    }
    return true;
  });
  if (!read || !in.at_end() || !type) return std::nullopt;
  if (*type == "action" && action) return client_message{std::move(id), table_request(action_request{*action})};
  if (*type == "ping" && !action) return client_message{std::move(id), lobby_request(ping_request{})};
  return std::nullopt;
}

}  // namespace shithead::protocol
