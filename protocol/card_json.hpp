#pragma once
// Cards in JSON: strings in the rules' own notation, "2C".."10H".."AS", jokers "BJ"/"RJ".
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "protocol/json_reader.hpp"
#include "protocol/json_writer.hpp"
#include "rules/card.hpp"
#include "rules/card_set.hpp"

namespace shithead::protocol {

// A list of cards in a record or message can never sensibly exceed three decks with
// jokers; the cap keeps hostile input from costing memory.
inline constexpr std::size_t max_cards_in_list = 3 * 54;

json card_to_json(rules::card c);
json cards_to_json(std::span<const rules::card> cards);
json cards_to_json(const rules::card_set& cards);
// The same, written straight into a frame (protocol/json_writer.hpp).
void write_card(json_writer& out, rules::card c);
void write_cards(json_writer& out, std::span<const rules::card> cards);
void write_cards(json_writer& out, const rules::card_set& cards);

parsed<rules::card> card_from_json(const json& value, std::string_view path);
// An array of cards; more than `max_cards` is an error naming the limit.
parsed<std::vector<rules::card>> cards_from_json(const json& value, std::string_view path,
                                                 std::size_t max_cards = max_cards_in_list);
// The cards of one play: at most card_set::capacity.
parsed<rules::card_set> card_set_from_json(const json& value, std::string_view path);

}  // namespace shithead::protocol
