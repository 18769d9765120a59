#include "server/room/seating.hpp"

#include <algorithm>

namespace shithead::server {

int seating::find_seat(const std::string& player_id) const {
  if (player_id.empty()) return -1;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (!seats[i].left && seats[i].player_id == player_id) return static_cast<int>(i);
  return -1;
}

int seating::find_watcher(const std::string& player_id) const {
  for (std::size_t i = 0; i < watchers.size(); ++i)
    if (watchers[i].player_id == player_id) return static_cast<int>(i);
  return -1;
}

int seating::free_seat() const {
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i].free()) return static_cast<int>(i);
  return -1;
}

int seating::seated_count() const {
  return static_cast<int>(std::count_if(seats.begin(), seats.end(), [](const seat& s) { return !s.free(); }));
}

seat_player seating::player_at(int index) const {
  const auto& s = seats[static_cast<std::size_t>(index)];
  if (s.bot) return seat_player{s.bot_id, s.name, s.bot};
  return seat_player{s.player_id, s.name, std::nullopt};
}

std::shared_ptr<participant> seating::connection_of(const std::string& player_id) const {
  if (const int index = find_seat(player_id); index >= 0) return seats[static_cast<std::size_t>(index)].connection;
  if (const int w = find_watcher(player_id); w >= 0) return watchers[static_cast<std::size_t>(w)].connection;
  return nullptr;
}

std::string seating::name_of(const std::string& player_id) const {
  if (const int index = find_seat(player_id); index >= 0) return seats[static_cast<std::size_t>(index)].name;
  if (const int w = find_watcher(player_id); w >= 0) return watchers[static_cast<std::size_t>(w)].name;
  return {};
}

std::vector<std::string> seating::seated_players() const {
  std::vector<std::string> out;
  for (const auto& s : seats)
    if (s.human()) out.push_back(s.player_id);
  return out;
}

bool seating::human_connected() const {
  if (!watchers.empty()) return true;
  return std::any_of(seats.begin(), seats.end(), [](const seat& s) { return s.human() && !s.left && s.connection; });
}

bool seating::human_seated() const {
  return std::any_of(seats.begin(), seats.end(), [](const seat& s) { return s.human() && !s.left; });
}

std::optional<std::string> seating::next_host(const std::string& host, bool connected_only) const {
  const seat* best = nullptr;
  for (const auto& s : seats) {
    if (!s.human() || s.left || s.player_id == host || (connected_only && !s.connection)) continue;
    if (!best || s.seated_order < best->seated_order) best = &s;
  }
  if (best) return best->player_id;
  const watcher* first = nullptr;
  for (const auto& w : watchers)
    if (w.player_id != host && (!first || w.joined_order < first->joined_order)) first = &w;
  if (first) return first->player_id;
  if (!connected_only) return std::string();
  return std::nullopt;
}

}  // namespace shithead::server
