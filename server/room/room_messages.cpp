#include "server/room/room_messages.hpp"

#include <algorithm>
#include <vector>

#include "protocol/event_json.hpp"
#include "protocol/view_json.hpp"

namespace shithead::server {
namespace {

using protocol::json;

json text_or_null(const std::string& text) { return text.empty() ? json(nullptr) : json(text); }

json bot_or_null(const std::optional<rules::bot_kind>& bot) {
  return bot ? json(rules::to_string(*bot)) : json(nullptr);
}

json ms_or_null(const std::optional<std::chrono::milliseconds>& left) {
  return left ? json(std::max<std::int64_t>(0, left->count())) : json(nullptr);
}

json seat_or_null(std::optional<int> seat) { return seat ? json(*seat) : json(nullptr); }

// A game seat's player in game_over: who sat there, even if a bot finished for them.
json player_json(int seat, const seat_player& player) {
  json out = json::object();
  out["seat"] = seat;
  out["player_id"] = player.bot ? json(nullptr) : json(player.id);
  out["name"] = player.name;
  out["bot"] = bot_or_null(player.bot);
  return out;
}

void put_id(json& out, const json* id) {
  if (id) out["id"] = *id;
}

}  // namespace

json seat_to_json(const seat_entry& seat) {
  json out = json::object();
  out["seat"] = seat.seat;
  out["player_id"] = text_or_null(seat.player_id);
  out["name"] = text_or_null(seat.name);
  out["bot"] = bot_or_null(seat.bot);
  out["ready"] = seat.ready;
  out["connected"] = seat.connected;
  out["controlled_by_bot"] = seat.controlled_by_bot;
  out["left"] = seat.left;
  out["in_game"] = seat.in_game;
  return out;
}

json deadlines_to_json(const room_deadlines& deadlines) {
  json out = json::object();
  out["turn_ms_left"] = ms_or_null(deadlines.turn);
  out["swap_ms_left"] = ms_or_null(deadlines.swap);
  out["grace_ms_left"] = ms_or_null(deadlines.grace);
  return out;
}

json error_message(const json* id, protocol::error_code code, std::string_view message) {
  json out = json::object();
  out["type"] = "error";
  put_id(out, id);
  out["code"] = protocol::to_string(code);
  out["message"] = message;
  return out;
}

json left_message(const json* id) {
  json out = json::object();
  out["type"] = "left";
  put_id(out, id);
  return out;
}

json chat_message(const std::string& from, const std::string& name, std::optional<int> seat,
                  const std::string& text) {
  json out = json::object();
  out["type"] = "chat";
  out["from"] = from;
  out["name"] = name;
  out["seat"] = seat_or_null(seat);
  out["text"] = text;
  return out;
}

json reaction_message(const std::string& from, const std::string& name, std::optional<int> seat,
                      std::string_view reaction) {
  json out = json::object();
  out["type"] = "reaction";
  out["from"] = from;
  out["name"] = name;
  out["seat"] = seat_or_null(seat);
  out["reaction"] = reaction;
  return out;
}

json game_message(std::uint64_t version, std::span<const rules::event> events, const rules::seat_view& view,
                  const room_deadlines& deadlines) {
  json out = json::object();
  out["type"] = "game";
  out["version"] = version;
  json list = json::array();
  for (const auto& e : events) list.push_back(protocol::event_to_json(e));
  out["events"] = std::move(list);
  out["view"] = protocol::view_to_json(view);
  out["deadlines"] = deadlines_to_json(deadlines);
  return out;
}

json game_over_message(std::uint64_t version, std::span<const seat_player> players,
                       const rules::game_state& game, const json& scoreboard) {
  json out = json::object();
  out["type"] = "game_over";
  out["version"] = version;
  std::vector<int> by_place;
  for (int seat = 0; seat < game.players; ++seat)
    if (game.seats[static_cast<std::size_t>(seat)].place > 0) by_place.push_back(seat);
  std::sort(by_place.begin(), by_place.end(), [&](int a, int b) {
    return game.seats[static_cast<std::size_t>(a)].place < game.seats[static_cast<std::size_t>(b)].place;
  });
  json places = json::array();
  for (int seat : by_place) {
    json entry = player_json(seat, players[static_cast<std::size_t>(seat)]);
    entry["place"] = game.seats[static_cast<std::size_t>(seat)].place;
    places.push_back(std::move(entry));
  }
  out["places"] = std::move(places);
  out["shithead"] = game.shithead >= 0
                        ? player_json(game.shithead, players[static_cast<std::size_t>(game.shithead)])
                        : json(nullptr);
  out["abandoned"] = game.abandoned;
  // Filled in by the room's host once the store has the game (server/room_host.cpp);
  // they stay null and empty on a server without a store.
  out["game_id"] = nullptr;
  out["ratings"] = json::array();
  out["scoreboard"] = scoreboard;
  return out;
}

}  // namespace shithead::server
