#pragma once
// A table as the store keeps it between restarts (a `live_rooms` row): its settings,
// seats, scoreboard and the start of its current game. The game's actions are not here;
// the store's action log holds them (action_text.hpp), and the room replays them on
// restore. protocol/README.md documents the text.
//
// The row is ours, but a damaged one must be refused, not trusted: every number is read
// with its range (a count at int's end would overflow at the room's next +1, a clock of
// 2^63 ms overflows the time it is added to), and the first bad field is named by its
// path. Unknown keys are let through: the format number says what a row holds.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/game_record.hpp"
#include "protocol/parsed.hpp"
#include "protocol/table_game.hpp"
#include "rules/bots.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// Bumped when the saved form changes in a way older code cannot read. 1: the game's
// record held every action; 2: the actions are in the store's log, and the game has a
// number. Both are read; 2 is written.
inline constexpr int saved_room_format = 2;

// The largest count a saved row may hold (bots added, timeouts in a row, games): far
// from int's end, which the room adds one to.
inline constexpr int max_saved_count = 1'000'000'000;
// The longest clock a saved table may have: a day is far beyond any the server sets.
inline constexpr std::chrono::milliseconds max_saved_clock{24 * 60 * 60 * 1000};

// A player as a game or the scoreboard knows them: an account id, or a bot's table id
// ("bot:2") when `bot` is set.
struct saved_player {
  std::string id;
  std::string name;
  std::optional<rules::bot_kind> bot;

  friend bool operator==(const saved_player&, const saved_player&) = default;
};

struct saved_settings {
  std::string code;
  bool is_public = false;
  rules::ruleset ruleset;
  int seats = 0;
  std::chrono::milliseconds turn_timer{};
  std::chrono::milliseconds swap_timer{};
  std::chrono::milliseconds grace{};
  std::chrono::milliseconds empty_close{};
  std::optional<std::chrono::milliseconds> bot_pace;  // absent in tables saved before bots had a pace

  friend bool operator==(const saved_settings&, const saved_settings&) = default;
};

struct saved_seat {
  std::string player_id;  // empty for a free seat or a bot
  std::string name;
  std::optional<rules::bot_kind> bot;
  std::string bot_id;
  std::uint64_t seated_order = 0;
  bool ready = false;
  bool left = false;
  bool grace_expired = false;
  bool timed_out = false;
  int timeouts = 0;

  friend bool operator==(const saved_seat&, const saved_seat&) = default;
};

struct saved_score {
  saved_player player;
  int games = 0;
  int first = 0;
  int shithead = 0;

  friend bool operator==(const saved_score&, const saved_score&) = default;
};

struct saved_scoreboard {
  int games = 0;
  int abandoned = 0;
  std::vector<saved_score> players;  // in the order they first finished a game here
  std::vector<table_game> recent;    // the last games recorded here, oldest first

  friend bool operator==(const saved_scoreboard&, const saved_scoreboard&) = default;
};

struct saved_game {
  game_record record;                 // in format 2 the start only; in format 1 with the actions played
  std::vector<saved_player> players;  // by game seat
  bool finished = false;              // its end has been recorded

  friend bool operator==(const saved_game&, const saved_game&) = default;
};

struct saved_room {
  int format = saved_room_format;
  saved_settings settings;
  std::string host;
  std::uint64_t version = 0;
  std::uint64_t next_order = 0;
  int bots_added = 0;
  std::vector<saved_seat> seats;
  saved_scoreboard scoreboard;
  std::optional<saved_player> last_shithead;
  std::int64_t game_number = 0;  // 0 in format 1
  std::optional<saved_game> game;

  friend bool operator==(const saved_room&, const saved_room&) = default;
};

// The row: the room and when its current game began (ms since the Unix epoch).
struct saved_table_row {
  saved_room room;
  std::int64_t game_started_ms = 0;

  friend bool operator==(const saved_table_row&, const saved_table_row&) = default;
};

std::string write_saved_room(const saved_room& room);
// Errors name the path of the first bad field ("seats[1].seated_order: ..."), or say
// "saved by another version of the server (format N)".
parsed<saved_room> parse_saved_room(std::string_view text);

// {"room": {...}, "game_started_ms": N}.
std::string write_saved_table_row(const saved_table_row& row);
parsed<saved_table_row> parse_saved_table_row(std::string_view text);

}  // namespace shithead::protocol
