#pragma once
// Every message the server sends over the WebSocket, as a typed value, and the one
// function that writes them as text. The lobby, the rooms and the game service build
// these values; none of them writes JSON. Key order and null-versus-absent are part of
// the protocol (protocol/README.md, docs/lobby_messages.md, docs/room_messages.md), so
// they are fixed here and nowhere else.
//
// A reply to a request carries the request's `id` when it had one, and no `id` key
// otherwise.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "protocol/error_code.hpp"
#include "protocol/parsed.hpp"
#include "protocol/table_game.hpp"
#include "rules/bots.hpp"
#include "rules/event.hpp"
#include "rules/ruleset.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {

// A request's id as the client sent it: an integer or a short string.
using request_id = std::variant<std::int64_t, std::string>;

// ---- the lobby ------------------------------------------------------------------------

// What the lobby lists of a table (docs/lobby_messages.md, "The table list").
struct table_summary {
  std::string code;
  bool is_public = false;
  std::string preset;  // the ruleset's preset name, e.g. "shiphead"
  int seats = 0;       // seats at the table
  int seated = 0;      // seats taken, by humans and bots
  int humans = 0;      // seated humans
  int bots = 0;        // seated bots
  int spectators = 0;
  bool in_game = false;   // a game is being played (not waiting, not between games)
  int turn_timer_s = 0;   // seconds a turn may take; 0 for no limit
  std::string host_name;  // the host's player name

  friend bool operator==(const table_summary&, const table_summary&) = default;
};

struct welcome_message {
  std::optional<request_id> id;
  std::string player_id;
  std::string name;
  std::string token;  // only ever to the connection that said hello

  friend bool operator==(const welcome_message&, const welcome_message&) = default;
};

// A short code that makes another device this player (docs/lobby_messages.md, "Other
// devices"): 8 characters, shown with a dash, spent on first use or after expires_in.
struct device_code_message {
  std::optional<request_id> id;
  std::string code;    // "K7MP-Q2XD"
  int expires_in = 0;  // seconds

  friend bool operator==(const device_code_message&, const device_code_message&) = default;
};

// The player's new token after sign_out_others: the old one works nowhere any more.
struct token_message {
  std::optional<request_id> id;
  std::string token;  // only ever to the connection that asked

  friend bool operator==(const token_message&, const token_message&) = default;
};

struct pong_message {
  std::optional<request_id> id;

  friend bool operator==(const pong_message&, const pong_message&) = default;
};

struct joined_message {
  std::optional<request_id> id;
  std::string code;

  friend bool operator==(const joined_message&, const joined_message&) = default;
};

struct tables_message {
  std::vector<table_summary> tables;

  friend bool operator==(const tables_message&, const tables_message&) = default;
};

// What changed in the public list since the last `tables` or `tables_changed` this
// watcher got: the summaries that are new or different, and the codes of the whole list
// in order (a code not in `order` has left the list). Sent at most a few times a
// second, however many tables changed in between.
struct tables_changed_message {
  std::vector<table_summary> changed;
  std::vector<std::string> order;

  friend bool operator==(const tables_changed_message&, const tables_changed_message&) = default;
};

// The server is going away; the connection closes next (1001).
struct closing_message {
  std::string reason;

  friend bool operator==(const closing_message&, const closing_message&) = default;
};

struct error_message {
  std::optional<request_id> id;
  error_code code;
  std::string message;  // for people; the code is for programs
  // The table the error sends the client to, for a program to follow: `table_moved`
  // names it, so that a client that asked for quick play (and so knows no code) can
  // connect to that table's URL. Absent from the frame when empty.
  std::optional<std::string> table;

  friend bool operator==(const error_message&, const error_message&) = default;
};

// ---- a table --------------------------------------------------------------------------

// One seat of a room snapshot. A free seat has no player_id, no name and no bot; a bot's
// seat has no player_id.
struct seat_entry {
  int seat = 0;
  std::string player_id;  // empty: null
  std::string name;       // empty: null
  std::optional<rules::bot_kind> bot;
  bool ready = false;
  bool connected = false;
  bool controlled_by_bot = false;  // a human seat a bot plays (left, timed out, or gone past grace)
  bool left = false;               // the player left during this game; the seat is theirs until it ends
  bool in_game = false;            // the seat plays in the current game

  friend bool operator==(const seat_entry&, const seat_entry&) = default;
};

// Time left on the clocks that can act for a player; nullopt when one is not running.
struct deadlines {
  std::optional<std::chrono::milliseconds> turn;   // the seat to act's turn timer
  std::optional<std::chrono::milliseconds> swap;   // the swap phase's timer
  std::optional<std::chrono::milliseconds> grace;  // the disconnected seat to act's grace

  friend bool operator==(const deadlines&, const deadlines&) = default;
};

// A table's clocks as a room snapshot shows them, in whole seconds; the bots' pause
// before each move in milliseconds.
struct table_clocks {
  int seats = 0;
  std::int64_t turn_timer_s = 0;
  std::int64_t swap_timer_s = 0;
  std::int64_t grace_s = 0;
  std::int64_t empty_close_s = 0;
  std::int64_t bot_pace_ms = 0;

  friend bool operator==(const table_clocks&, const table_clocks&) = default;
};

// Who played a seat: a human (player_id) or a bot (its kind; no player_id).
struct seat_occupant {
  std::string player_id;  // ignored for a bot
  std::string name;
  std::optional<rules::bot_kind> bot;

  friend bool operator==(const seat_occupant&, const seat_occupant&) = default;
};

// One line of the session's scoreboard.
struct score_line {
  seat_occupant player;
  int games = 0;
  int first = 0;
  int shithead = 0;

  friend bool operator==(const score_line&, const score_line&) = default;
};

struct scoreboard_view {
  int games = 0;
  int abandoned = 0;
  std::vector<score_line> players;  // in the order they first finished a game here
  std::vector<table_game> recent;   // the last games recorded here, oldest first

  friend bool operator==(const scoreboard_view&, const scoreboard_view&) = default;
};

// The whole table, to one member: the seat they hold (if any) and their view of the game.
struct room_message {
  std::optional<request_id> id;
  std::uint64_t version = 0;
  std::string code;
  bool is_public = false;
  rules::ruleset ruleset;
  table_clocks settings;
  std::string host;  // empty: null
  std::vector<seat_entry> seats;
  int spectators = 0;
  // The member it is for: their seat, or none for a spectator ("you": {"seat", "spectator"}).
  std::optional<int> your_seat;
  scoreboard_view scoreboard;
  std::optional<rules::seat_view> game;  // this member's view of the current or last game
  struct deadlines deadlines;

  friend bool operator==(const room_message&, const room_message&) = default;
};

// One step of the game: the events since the last frame and the member's view after them.
struct game_message {
  std::uint64_t version = 0;
  std::vector<rules::event> events;
  rules::seat_view view;
  struct deadlines deadlines;

  friend bool operator==(const game_message&, const game_message&) = default;
};

struct place_entry {
  int seat = 0;
  seat_occupant player;
  int place = 0;

  friend bool operator==(const place_entry&, const place_entry&) = default;
};

struct shithead_entry {
  int seat = 0;
  seat_occupant player;

  friend bool operator==(const shithead_entry&, const shithead_entry&) = default;
};

struct rating_value {
  double mu = 0;
  double sigma = 0;
  double ordinal = 0;
  bool provisional = false;

  friend bool operator==(const rating_value&, const rating_value&) = default;
};

struct title_value {
  int count = 0;
  std::optional<std::string> numeric;
  std::optional<std::string> olympic;
  std::optional<std::string> feudal;

  friend bool operator==(const title_value&, const title_value&) = default;
};

struct rating_change_entry {
  std::string player_id;
  std::string name;
  rating_value before;
  rating_value after;
  title_value title;

  friend bool operator==(const rating_change_entry&, const rating_change_entry&) = default;
};

struct game_over_message {
  std::uint64_t version = 0;
  std::vector<place_entry> places;  // by place
  std::optional<shithead_entry> shithead;
  bool abandoned = false;
  // Filled once the store has recorded the game: null and empty without a store.
  std::optional<std::int64_t> game_id;
  std::vector<rating_change_entry> ratings;
  scoreboard_view scoreboard;

  friend bool operator==(const game_over_message&, const game_over_message&) = default;
};

struct chat_message {
  std::string from;  // the sender's player_id
  std::string name;
  std::optional<int> seat;  // null for a spectator
  std::string text;

  friend bool operator==(const chat_message&, const chat_message&) = default;
};

struct reaction_message {
  std::string from;
  std::string name;
  std::optional<int> seat;
  std::string reaction;

  friend bool operator==(const reaction_message&, const reaction_message&) = default;
};

// The player's leave took effect; no more frames of that table follow.
struct left_message {
  std::optional<request_id> id;

  friend bool operator==(const left_message&, const left_message&) = default;
};

using server_message =
    std::variant<welcome_message, device_code_message, token_message, pong_message, joined_message, tables_message,
                 tables_changed_message, closing_message, error_message, room_message, game_message, game_over_message,
                 chat_message, reaction_message, left_message>;

// The message as one compact JSON text frame. `game` and `room`, sent every step to
// every member, are written directly (protocol/json_writer.hpp); the others through
// message_to_json (server_message_json.hpp).
std::string to_text(const server_message& message);
// A game message's text from its parts, the same as to_text(game_message{version,
// events, view, deadlines}) without copying the view into a message first: a room
// writes each seat's frame from the one view it refills seat after seat.
std::string game_text(std::uint64_t version, const std::vector<rules::event>& events, const rules::seat_view& view,
                      const deadlines& clocks);

// The inverse of to_text, for clients written in C++ (the command-line player, the load
// generator) and for tests: every key of the documented message and no other, or an
// error naming the path. parse_server_message(to_text(m)) == m for every message.
parsed<server_message> parse_server_message(std::string_view text);

// One table's summary as the JSON object the table list carries, and back: how the
// servers of a cluster share their public tables through the store (README.md,
// "Several servers at once"). summary_from_text(summary_to_text(t)) == t.
std::string summary_to_text(const table_summary& summary);
parsed<table_summary> summary_from_text(std::string_view text);

}  // namespace shithead::protocol
