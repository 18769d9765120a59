#include "protocol/card_json.hpp"

#include <string>

namespace shithead::protocol {

json card_to_json(rules::card c) { return rules::to_string(c); }

json cards_to_json(std::span<const rules::card> cards) {
  json out = json::array();
  for (rules::card c : cards) out.push_back(card_to_json(c));
  return out;
}

json cards_to_json(const rules::card_set& cards) {
  return cards_to_json(std::span<const rules::card>(cards.begin(), cards.end()));
}

void write_card(json_writer& out, rules::card c) { out.string(rules::to_string(c)); }

void write_cards(json_writer& out, std::span<const rules::card> cards) {
  out.begin_array();
  for (rules::card c : cards) write_card(out, c);
  out.end_array();
}

void write_cards(json_writer& out, const rules::card_set& cards) {
  write_cards(out, std::span<const rules::card>(cards.begin(), cards.end()));
}

parsed<rules::card> card_from_json(const json& value, std::string_view path) {
  if (!value.is_string()) return error_at(path, "expected a card like \"10H\", got " + quote(value));
  const auto& text = value.get_ref<const std::string&>();
  if (const auto c = rules::parse_card(text)) return *c;
  return error_at(path, quote(value) + " is not a card");
}

parsed<std::vector<rules::card>> cards_from_json(const json& value, std::string_view path, std::size_t max_cards) {
  if (!value.is_array()) return error_at(path, "expected an array of cards, got " + quote(value));
  if (value.size() > max_cards)
    return error_at(path,
                    std::to_string(value.size()) + " cards, more than the " + std::to_string(max_cards) + " allowed");
  std::vector<rules::card> cards;
  cards.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto c = card_from_json(value[i], index_path(path, i));
    if (!c) return c.error();
    cards.push_back(c.value());
  }
  return cards;
}

parsed<rules::card_set> card_set_from_json(const json& value, std::string_view path) {
  auto cards = cards_from_json(value, path, static_cast<std::size_t>(rules::card_set::capacity));
  if (!cards) return cards.error();
  rules::card_set set;
  for (rules::card c : cards.value()) set.push_back(c);
  return set;
}

}  // namespace shithead::protocol
