#pragma once
// A game of one table that the store recorded, as the table's scoreboard lists it (to its
// members, and in its saved row): the way from a table to each game's page, /g/{game_id}.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace shithead::protocol {

struct table_game {
  std::int64_t number = 0;              // the table's game number: 1 for its first game
  std::int64_t game_id = 0;             // the store's id (GET /api/games/{id})
  std::optional<std::string> shithead;  // the shithead's name; none when abandoned
  bool abandoned = false;

  friend bool operator==(const table_game&, const table_game&) = default;
};

// How many of a table's recorded games its scoreboard lists, the newest: enough for an
// evening at one table, small enough that every room frame can carry them.
inline constexpr std::size_t table_games_kept = 10;

}  // namespace shithead::protocol
