#include "rules/card.hpp"

#include <array>

namespace shithead::rules {
namespace {

constexpr std::array<std::string_view, rank_slots> rank_names = {"",  "",  "2",  "3", "4", "5", "6", "7",
                                                                 "8", "9", "10", "J", "Q", "K", "A", "Joker"};
constexpr std::string_view suit_letters = "CDHS";

}  // namespace

std::string_view rank_name(rank r) { return r < rank_slots ? rank_names[r] : ""; }

std::optional<rank> parse_rank(std::string_view text) {
  for (rank r = rank_two; r <= rank_ace; ++r)
    if (rank_names[r] == text) return r;
  return std::nullopt;
}

std::string to_string(card c) {
  if (c.empty()) return "--";
  if (is_joker(c)) return (c.code & 3) == joker_red ? "RJ" : "BJ";
  std::string text(rank_name(rank_of(c)));
  text += suit_letters[static_cast<std::size_t>(suit_of(c))];
  return text;
}

std::optional<card> parse_card(std::string_view text) {
  if (text == "BJ") return card::joker(joker_black);
  if (text == "RJ") return card::joker(joker_red);
  if (text.size() < 2) return std::nullopt;
  const auto suit_index = suit_letters.find(text.back());
  const auto r = parse_rank(text.substr(0, text.size() - 1));
  if (suit_index == std::string_view::npos || !r) return std::nullopt;
  return card(*r, static_cast<suit>(suit_index));
}

std::array<card, 54> deck_cards() {
  std::array<card, 54> cards{};
  std::size_t i = 0;
  for (rank r = rank_two; r <= rank_ace; ++r)
    for (int s = 0; s < 4; ++s) cards[i++] = card(r, static_cast<suit>(s));
  cards[i++] = card::joker(joker_black);
  cards[i++] = card::joker(joker_red);
  return cards;
}

}  // namespace shithead::rules
