#include "server/scoreboard.hpp"

#include <cassert>

namespace shithead::server {

const score_entry* scoreboard::find(const std::string& id, bool bot) const {
  for (const auto& entry : entries_)
    if (entry.player.id == id && entry.player.bot.has_value() == bot) return &entry;
  return nullptr;
}

score_entry& scoreboard::entry_for(const seat_player& player) {
  for (auto& entry : entries_) {
    if (entry.player.id == player.id && entry.player.bot.has_value() == player.bot.has_value()) {
      entry.player.name = player.name;
      return entry;
    }
  }
  entries_.push_back(score_entry{player});
  return entries_.back();
}

void scoreboard::record(std::span<const seat_player> players, const rules::game_state& game) {
  assert(game.over());
  assert(players.size() == static_cast<std::size_t>(game.players));
  if (game.abandoned) {
    ++abandoned_;
    return;
  }
  ++games_;
  for (std::size_t seat = 0; seat < players.size(); ++seat) {
    auto& entry = entry_for(players[seat]);
    ++entry.games;
    if (game.seats[seat].place == 1) ++entry.first;
    if (game.shithead == static_cast<int>(seat)) ++entry.shithead;
  }
}

protocol::json scoreboard::to_json() const {
  protocol::json out = protocol::json::object();
  out["games"] = games_;
  out["abandoned"] = abandoned_;
  protocol::json list = protocol::json::array();
  for (const auto& entry : entries_) {
    protocol::json item = protocol::json::object();
    item["player_id"] = entry.player.bot ? protocol::json(nullptr) : protocol::json(entry.player.id);
    item["name"] = entry.player.name;
    item["bot"] =
        entry.player.bot ? protocol::json(rules::to_string(*entry.player.bot)) : protocol::json(nullptr);
    item["games"] = entry.games;
    item["first"] = entry.first;
    item["shithead"] = entry.shithead;
    list.push_back(std::move(item));
  }
  out["players"] = std::move(list);
  return out;
}

}  // namespace shithead::server
