#include "server/room/scoreboard.hpp"

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

protocol::saved_scoreboard scoreboard::saved() const {
  protocol::saved_scoreboard out{games_, abandoned_, {}};
  for (const auto& entry : entries_)
    out.players.push_back(protocol::saved_score{
        {entry.player.id, entry.player.name, entry.player.bot}, entry.games, entry.first, entry.shithead});
  return out;
}

scoreboard scoreboard::restored(const protocol::saved_scoreboard& saved) {
  scoreboard out;
  out.games_ = saved.games;
  out.abandoned_ = saved.abandoned;
  for (const auto& entry : saved.players)
    out.entries_.push_back(
        score_entry{{entry.player.id, entry.player.name, entry.player.bot}, entry.games, entry.first, entry.shithead});
  return out;
}

}  // namespace shithead::server
