#include "server/store/player_history.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "server/store/rankings_answers.hpp"

namespace shithead::server {
namespace {

// Enough to follow a player across the games they played for as long as anyone keeps a
// server, and more finished games than abandoned ones in every store seen.
constexpr int games_read = 4 * protocol::history_games_kept;

std::vector<protocol::played_with> head_to_head(rankings_rows& rows, std::string_view player_id) {
  std::map<std::string, protocol::played_with, std::less<>> by_id;
  for (auto& row : rows.co_players_of(player_id)) {
    auto& other = by_id[row.player_id];
    other.player_id = row.player_id;
    other.name = std::move(row.name);
    ++other.games;
    if (row.place && row.their_place) {
      if (*row.place < *row.their_place) ++other.ahead;
      if (*row.their_place < *row.place) ++other.behind;
    }
  }
  std::vector<protocol::played_with> partners;
  partners.reserve(by_id.size());
  for (auto& [id, other] : by_id) partners.push_back(std::move(other));
  std::sort(partners.begin(), partners.end(), [](const auto& a, const auto& b) {
    if (a.games != b.games) return a.games > b.games;
    return a.name != b.name ? a.name < b.name : a.player_id < b.player_id;
  });
  if (partners.size() > static_cast<std::size_t>(protocol::partners_kept))
    partners.resize(static_cast<std::size_t>(protocol::partners_kept));
  return partners;
}

}  // namespace

std::optional<protocol::player_history> player_history(rankings_rows& rows, std::string_view player_id) {
  const auto who = rows.player(player_id);
  if (!who) return std::nullopt;
  protocol::player_history history;
  history.player_id = who->player_id;
  history.name = who->name;
  // Newest first from the rows; abandoned games count for nobody.
  for (const auto& played : rows.games_of(player_id, games_read)) {
    if (history.games.size() >= static_cast<std::size_t>(protocol::history_games_kept)) break;
    if (played.status != "finished") continue;
    protocol::history_game game;
    game.game_id = played.game_id;
    game.ended = played.ended;
    game.seats = played.seats;
    game.place = played.place;
    game.shithead = played.shithead;
    if (played.before && played.after && rating_moved(*played.before, *played.after))
      game.rating = rating_value_of(*played.after);
    history.games.push_back(std::move(game));
  }
  std::reverse(history.games.begin(), history.games.end());
  const auto counted = players_with_games(rows, 0, player_id);
  history.total = counted.empty() ? 0 : counted.front().stats.games();
  history.partners = head_to_head(rows, player_id);
  return history;
}

std::optional<protocol::player_history> history_cache::history(rankings_rows& rows, std::string_view player_id) {
  const auto last_game = rows.last_game_id();
  auto found = entries_.find(std::string(player_id));
  if (found != entries_.end()) {
    oldest_first_.splice(oldest_first_.end(), oldest_first_, found->second.age);
    if (found->second.last_game_id == last_game) return found->second.history;
  } else {
    if (entries_.size() >= capacity_ && !oldest_first_.empty()) {
      entries_.erase(oldest_first_.front());
      oldest_first_.pop_front();
    }
    oldest_first_.emplace_back(player_id);
    found = entries_.emplace(std::string(player_id), entry{-1, std::nullopt, std::prev(oldest_first_.end())}).first;
  }
  ++computations_;
  found->second.history = player_history(rows, player_id);
  found->second.last_game_id = last_game;
  return found->second.history;
}

}  // namespace shithead::server
