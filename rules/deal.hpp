#pragma once
// Starting a game: a shuffled deal from a seed, or an explicit deal (tests, bug
// reports and replays).
#include <cstdint>
#include <vector>

#include "card.hpp"
#include "error.hpp"
#include "game_state.hpp"
#include "ruleset.hpp"

namespace shithead::rules {

// Every zone of every seat as dealt; stock[0] is drawn first.
struct deal {
  std::vector<std::vector<card>> hands;
  std::vector<std::vector<card>> face_up;
  std::vector<std::vector<card>> face_down;
  std::vector<card> stock;
  friend bool operator==(const deal&, const deal&) = default;
};

inline constexpr int min_players = 2;
inline constexpr int max_players = 8;

// Shuffle the decks with `seed` and deal: face-down cards, then face-up, then hands,
// one card at a time round the table from the dealer's left; the rest is the stock.
result<deal> deal_from_seed(const ruleset& rules, int players, int dealer, std::uint64_t seed);

// A game in its swap phase. `dealer` < 0 means the last seat. Fails when the player
// count is out of range, a seat's zones are missing, or a card appears more often
// than the decks hold (the deck count is the ruleset's, or the fewest that fit).
result<game_state> new_game(const ruleset& rules, int players, int dealer, const deal& cards);
result<game_state> new_game(const ruleset& rules, int players, int dealer, std::uint64_t seed);

}  // namespace shithead::rules
