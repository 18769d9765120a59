#pragma once
// Cards, ranks and suits. A card is one byte so that hands, piles and actions copy
// cheaply; two copies of the same card from two decks are the same value.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shithead::rules {

using rank = std::uint8_t;  // 2..14 (ace high), 15 for a joker
inline constexpr rank rank_two = 2;
inline constexpr rank rank_jack = 11;
inline constexpr rank rank_queen = 12;
inline constexpr rank rank_king = 13;
inline constexpr rank rank_ace = 14;
inline constexpr rank rank_joker = 15;
inline constexpr int rank_slots = 16;  // arrays indexed by rank

enum class suit : std::uint8_t { clubs = 0, diamonds = 1, hearts = 2, spades = 3 };

// A joker's "suit" tells the two jokers of a deck apart: black (0) and red (1).
inline constexpr std::uint8_t joker_black = 0;
inline constexpr std::uint8_t joker_red = 1;

struct card {
  std::uint8_t code = 0;  // rank * 4 + suit; 0 is "no card"

  constexpr card() = default;
  constexpr card(rank r, suit s) : code(static_cast<std::uint8_t>(r * 4 + static_cast<int>(s))) {}
  static constexpr card joker(std::uint8_t colour) {
    card c;
    c.code = static_cast<std::uint8_t>(rank_joker * 4 + colour);
    return c;
  }

  constexpr bool empty() const { return code == 0; }
  friend constexpr bool operator==(card, card) = default;
  friend constexpr auto operator<=>(card, card) = default;
};

constexpr rank rank_of(card c) { return static_cast<rank>(c.code >> 2); }
constexpr suit suit_of(card c) { return static_cast<suit>(c.code & 3); }
constexpr bool is_joker(card c) { return rank_of(c) == rank_joker; }

// A set of ranks as bits (bit r for rank r).
using rank_mask = std::uint16_t;
constexpr rank_mask mask_of(rank r) { return static_cast<rank_mask>(1u << r); }
constexpr bool has_rank(rank_mask m, rank r) { return (m >> r) & 1u; }
inline constexpr rank_mask all_ranks = 0x7ffc;  // 2..14
inline constexpr rank_mask all_ranks_and_joker = 0xfffc;

// "2".."10", "J", "Q", "K", "A"; "Joker" for a joker.
std::string_view rank_name(rank r);
std::optional<rank> parse_rank(std::string_view text);

// Rank then suit: "2C", "10H", "QS"; jokers are "BJ" and "RJ".
std::string to_string(card c);
std::optional<card> parse_card(std::string_view text);

// Every card of one deck (52, or 54 with jokers), in a fixed order.
std::array<card, 54> deck_cards();

}  // namespace shithead::rules
