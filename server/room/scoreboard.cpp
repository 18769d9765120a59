#include "server/room/scoreboard.hpp"

#include <cassert>
#include <cstddef>
#include <utility>

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

void scoreboard::record(std::span<const seat_player> players, const rules::game_state& game, std::int64_t number) {
  assert(game.over());
  assert(players.size() == static_cast<std::size_t>(game.players));
  unrecorded_ = protocol::table_game{number, 0, std::nullopt, game.abandoned};
  if (game.shithead >= 0) unrecorded_->shithead = players[static_cast<std::size_t>(game.shithead)].name;
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

bool scoreboard::recorded(std::int64_t number, std::int64_t game_id) {
  if (!unrecorded_ || unrecorded_->number != number || game_id <= 0) return false;
  unrecorded_->game_id = game_id;
  recent_.push_back(std::move(*unrecorded_));
  unrecorded_.reset();
  if (recent_.size() > protocol::table_games_kept)
    recent_.erase(recent_.begin(), recent_.end() - static_cast<std::ptrdiff_t>(protocol::table_games_kept));
  return true;
}

protocol::saved_scoreboard scoreboard::saved() const {
  protocol::saved_scoreboard out{games_, abandoned_, {}, recent_};
  for (const auto& entry : entries_)
    out.players.push_back(protocol::saved_score{
        {entry.player.id, entry.player.name, entry.player.bot}, entry.games, entry.first, entry.shithead});
  return out;
}

scoreboard scoreboard::restored(const protocol::saved_scoreboard& saved) {
  scoreboard out;
  out.games_ = saved.games;
  out.abandoned_ = saved.abandoned;
  out.recent_ = saved.recent;
  for (const auto& entry : saved.players)
    out.entries_.push_back(
        score_entry{{entry.player.id, entry.player.name, entry.player.bot}, entry.games, entry.first, entry.shithead});
  return out;
}

}  // namespace shithead::server
