#include "server/room/scoreboard.hpp"

#include <cassert>
#include <stdexcept>
#include <string_view>

#include "protocol/json_reader.hpp"

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
    if (entry.player.bot) item["bot_id"] = entry.player.id;
    item["bot"] = entry.player.bot ? protocol::json(rules::to_string(*entry.player.bot)) : protocol::json(nullptr);
    item["games"] = entry.games;
    item["first"] = entry.first;
    item["shithead"] = entry.shithead;
    list.push_back(std::move(item));
  }
  out["players"] = std::move(list);
  return out;
}

std::optional<scoreboard> scoreboard::from_json(const protocol::json& saved) {
  // Written by to_json() of this program, so anything unexpected means a damaged row:
  // at() and get() throw, and the caller refuses the saved table. Counts go through the
  // checked reader: get<int>() of 1e300 would be undefined behaviour, and a count at
  // int's end would overflow at the next game.
  const auto count = [](const protocol::json& object, std::string_view key) {
    constexpr int max_count = 1'000'000'000;
    auto read = protocol::read_field(object, "", key, protocol::int_in(0, max_count));
    if (!read) throw std::invalid_argument(read.error().message);
    return read.value();
  };
  try {
    scoreboard out;
    out.games_ = count(saved, "games");
    out.abandoned_ = count(saved, "abandoned");
    for (const auto& item : saved.at("players")) {
      score_entry entry;
      const auto& bot = item.at("bot");
      if (bot.is_null()) {
        entry.player.id = item.at("player_id").get<std::string>();
      } else {
        entry.player.bot = rules::parse_bot_kind(bot.get<std::string>());
        if (!entry.player.bot) return std::nullopt;
        entry.player.id = item.at("bot_id").get<std::string>();
      }
      entry.player.name = item.at("name").get<std::string>();
      entry.games = count(item, "games");
      entry.first = count(item, "first");
      entry.shithead = count(item, "shithead");
      out.entries_.push_back(std::move(entry));
    }
    return out;
  } catch (const protocol::json::exception&) {
    return std::nullopt;
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

}  // namespace shithead::server
