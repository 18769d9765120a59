#pragma once
// Who played one seat of a game: what a room, its scoreboard and a store's game record
// all name a seat by.
#include <optional>
#include <string>

#include "rules/bots.hpp"

namespace shithead::server {

// Who played one seat of a game. A leaver stays the seat's player after a bot took over.
struct seat_player {
  std::string id;    // player_id, or the bot's table id ("bot:2")
  std::string name;  // the player's name, or the bot's label
  std::optional<rules::bot_kind> bot;
  friend bool operator==(const seat_player&, const seat_player&) = default;
};

}  // namespace shithead::server
