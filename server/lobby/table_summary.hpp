#pragma once
// What the lobby knows of a table: produced by the room, listed to players looking for
// a game. A plain value, so the lobby never reaches into a room.
#include <span>
#include <string>

#include "protocol/json_text.hpp"

namespace shithead::server {


struct table_summary {
  std::string code;
  bool is_public = false;
  std::string preset;     // the ruleset's preset name, e.g. "shiphead"
  int seats = 0;          // seats at the table
  int seated = 0;         // seats taken, by humans and bots
  int humans = 0;         // seated humans
  int bots = 0;           // seated bots
  int spectators = 0;
  bool in_game = false;   // a game is being played (not waiting, not between games)
  int turn_timer_s = 0;   // seconds a turn may take; 0 for no limit
  std::string host_name;  // the host's player name

  friend bool operator==(const table_summary&, const table_summary&) = default;
};

// {"code": "K7MPQ2", "is_public": true, "preset": "shiphead", "seats": 4, "seated": 2,
//  "humans": 1, "bots": 1, "spectators": 0, "in_game": false, "turn_timer_s": 30,
//  "host_name": "Ana"}
protocol::json to_json(const table_summary& summary);

// The lobby list as sent to watchers: {"type": "tables", "tables": [...]}.
protocol::json tables_message(std::span<const table_summary> tables);

}  // namespace shithead::server
