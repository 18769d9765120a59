#pragma once
// The JSON of every message a room sends (protocol/docs/room_messages.md shows each).
// Pure builders: the room decides who receives what, these only write it. Game content
// enters only as rules::seat_view (through protocol::view_to_json) and rules::event
// (through protocol::event_to_json), so a frame can hold no more than a view does.
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "protocol/error_code.hpp"
#include "protocol/json_text.hpp"
#include "rules/bots.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/view.hpp"
#include "server/room/scoreboard.hpp"

namespace shithead::server {

// One seat of a room snapshot. An empty seat has no player_id, no name and no bot.
struct seat_entry {
  int seat = 0;
  std::string player_id;  // empty for a bot or a free seat
  std::string name;
  std::optional<rules::bot_kind> bot;
  bool ready = false;
  bool connected = false;
  bool controlled_by_bot = false;  // a human seat a bot plays (left, timed out, or gone past grace)
  bool left = false;               // the player left during this game; the seat is theirs until it ends
  bool in_game = false;            // the seat plays in the current game
};

// Time left on the clocks that can act for a player; nullopt when not running.
struct room_deadlines {
  std::optional<std::chrono::milliseconds> turn;   // the seat to act's turn timer
  std::optional<std::chrono::milliseconds> swap;   // the swap phase's timer
  std::optional<std::chrono::milliseconds> grace;  // the disconnected seat to act's grace
};

protocol::json seat_to_json(const seat_entry& seat);
protocol::json deadlines_to_json(const room_deadlines& deadlines);

// {"type": "error", "id": <id, when the request had one>, "code": ..., "message": ...}
protocol::json error_message(const protocol::json* id, protocol::error_code code, std::string_view message);

// {"type": "left", "id"?: ...}: the player's leave took effect; no more table frames follow.
protocol::json left_message(const protocol::json* id);

// {"type": "chat", "from": player_id, "name": ..., "seat": n|null, "text": ...}
protocol::json chat_message(const std::string& from, const std::string& name, std::optional<int> seat,
                            const std::string& text);
// {"type": "reaction", "from": player_id, "name": ..., "seat": n|null, "reaction": "🔥"}
protocol::json reaction_message(const std::string& from, const std::string& name, std::optional<int> seat,
                                std::string_view reaction);

// {"type": "game", "version", "events": [...], "view": {...}, "deadlines": {...}}
protocol::json game_message(std::uint64_t version, std::span<const rules::event> events,
                            const rules::seat_view& view, const room_deadlines& deadlines);

// {"type": "game_over", "version", "places": [{"seat", "player_id", "name", "bot",
//  "place"}...] by place, "shithead": {"seat", "player_id", "name", "bot"}|null,
//  "abandoned", "scoreboard"}. `players` by game seat.
protocol::json game_over_message(std::uint64_t version, std::span<const seat_player> players,
                                 const rules::game_state& game, const protocol::json& scoreboard);

}  // namespace shithead::server
