// A room's saved form, for the store, and the room restored from it after a restart.
// The game is kept as its record's start (ruleset, seats, dealer, seed or deal) plus the
// log of its actions that the store appends move by move, and replayed on restore: the
// rules core is deterministic, so the replay is the game that was being played, and
// nothing of rules::game_state's layout leaks into the file.
#include <algorithm>

#include "protocol/record_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "server/room/room.hpp"

namespace shithead::server {
namespace {

using protocol::json;

// Bumped when the saved form changes in a way older code cannot read. 1: the game's
// record held every action; 2: the actions are in the store's log, and the game has a
// number. Both are read.
constexpr int saved_format = 2;

json seat_player_json(const seat_player& p) {
  return json{{"id", p.id},
              {"name", p.name},
              {"bot", p.bot ? json(rules::to_string(*p.bot)) : json(nullptr)}};
}

seat_player seat_player_from(const json& j) {
  seat_player p;
  p.id = j.at("id").get<std::string>();
  p.name = j.at("name").get<std::string>();
  if (const auto& bot = j.at("bot"); !bot.is_null()) {
    p.bot = rules::parse_bot_kind(bot.get<std::string>());
    if (!p.bot) throw std::runtime_error("unknown bot kind " + bot.dump());
  }
  return p;
}

std::int64_t ms(std::chrono::milliseconds d) { return d.count(); }

}  // namespace

json room::saved() const {
  json out = json::object();
  out["format"] = saved_format;
  json settings = json::object();
  settings["code"] = settings_.code;
  settings["public"] = settings_.is_public;
  settings["ruleset"] = protocol::ruleset_to_json(settings_.ruleset);
  settings["seats"] = settings_.seats;
  settings["turn_timer_ms"] = ms(settings_.turn_timer);
  settings["swap_timer_ms"] = ms(settings_.swap_timer);
  settings["grace_ms"] = ms(settings_.grace);
  settings["empty_close_ms"] = ms(settings_.empty_close);
  out["settings"] = std::move(settings);
  out["host"] = host_;
  out["version"] = version_;
  out["next_order"] = next_order_;
  out["bots_added"] = bots_added_;
  json seats = json::array();
  for (const auto& s : seats_) {
    json entry = json::object();
    entry["player_id"] = s.player_id;
    entry["name"] = s.name;
    entry["bot"] = s.bot ? json(rules::to_string(*s.bot)) : json(nullptr);
    entry["bot_id"] = s.bot_id;
    entry["seated_order"] = s.seated_order;
    entry["ready"] = s.ready;
    entry["left"] = s.left;
    entry["grace_expired"] = s.grace_expired;
    entry["timed_out"] = s.timed_out;
    entry["timeouts"] = s.timeouts;
    seats.push_back(std::move(entry));
  }
  out["seats"] = std::move(seats);
  out["scoreboard"] = scoreboard_.to_json();
  out["last_shithead"] = last_shithead_ ? seat_player_json(*last_shithead_) : json(nullptr);
  out["game_number"] = game_number_;
  if (record_) {
    json game = json::object();
    // The start only: the log holds the actions.
    protocol::game_record start{record_->ruleset, record_->players, record_->dealer, record_->start, {}};
    game["record"] = protocol::record_to_json(start);
    json players = json::array();
    for (const auto& p : game_players_) players.push_back(seat_player_json(p));
    game["players"] = std::move(players);
    game["finished"] = game_finished_;
    out["game"] = std::move(game);
  } else {
    out["game"] = nullptr;
  }
  return out;
}

rules::result<room, std::string> room::restored(const json& saved, const std::vector<protocol::recorded_action>& log,
                                                std::size_t first_logged, std::uint64_t last_version,
                                                std::uint64_t seed, time_point now) {
  try {
    const int format = saved.at("format").get<int>();
    if (format != 1 && format != saved_format)
      return std::string("saved by another version of the server (format ") + saved.at("format").dump() + ")";
    const json& js = saved.at("settings");
    table_settings settings;
    settings.code = js.at("code").get<std::string>();
    settings.is_public = js.at("public").get<bool>();
    auto ruleset = protocol::ruleset_from_json(js.at("ruleset"), "settings.ruleset");
    if (!ruleset) return ruleset.error().message;
    settings.ruleset = std::move(ruleset).value();
    settings.seats = js.at("seats").get<int>();
    if (settings.seats < min_seats || settings.seats > max_seats) return std::string("bad seat count");
    settings.turn_timer = std::chrono::milliseconds{js.at("turn_timer_ms").get<std::int64_t>()};
    settings.swap_timer = std::chrono::milliseconds{js.at("swap_timer_ms").get<std::int64_t>()};
    settings.grace = std::chrono::milliseconds{js.at("grace_ms").get<std::int64_t>()};
    settings.empty_close = std::chrono::milliseconds{js.at("empty_close_ms").get<std::int64_t>()};

    room r(std::move(settings), player_info{saved.at("host").get<std::string>(), {}}, seed, now);
    // One more than the last frame anyone saw: whatever a client holds is older than the
    // snapshot it gets when it comes back.
    r.version_ = std::max(saved.at("version").get<std::uint64_t>(), last_version) + 1;
    r.saved_dirty_ = false;  // nothing to save until something changes
    if (format >= 2) r.game_number_ = saved.at("game_number").get<std::int64_t>();
    r.next_order_ = saved.at("next_order").get<std::uint64_t>();
    r.bots_added_ = saved.at("bots_added").get<int>();
    const json& seats = saved.at("seats");
    if (seats.size() != r.seats_.size()) return std::string("seat count does not match the settings");
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const json& js_seat = seats[i];
      auto& s = r.seats_[i];
      s.player_id = js_seat.at("player_id").get<std::string>();
      s.name = js_seat.at("name").get<std::string>();
      if (const auto& bot = js_seat.at("bot"); !bot.is_null()) {
        s.bot = rules::parse_bot_kind(bot.get<std::string>());
        if (!s.bot) return "unknown bot kind " + bot.dump();
      }
      s.bot_id = js_seat.at("bot_id").get<std::string>();
      s.seated_order = js_seat.at("seated_order").get<std::uint64_t>();
      s.ready = js_seat.at("ready").get<bool>();
      s.left = js_seat.at("left").get<bool>();
      s.grace_expired = js_seat.at("grace_expired").get<bool>();
      s.timed_out = js_seat.at("timed_out").get<bool>();
      s.timeouts = js_seat.at("timeouts").get<int>();
    }
    if (auto board = scoreboard::from_json(saved.at("scoreboard"))) {
      r.scoreboard_ = std::move(*board);
    } else {
      return std::string("damaged scoreboard");
    }
    if (const auto& last = saved.at("last_shithead"); !last.is_null()) r.last_shithead_ = seat_player_from(last);

    if (const auto& game = saved.at("game"); !game.is_null()) {
      auto record = protocol::record_from_json(game.at("record"));
      if (!record) return "game record: " + record.error().message;
      // The log goes on where the saved record stops (format 1 saved some actions in the
      // record; format 2 none). Entries it already holds are skipped; a gap is damage.
      auto& actions = record.value().actions;
      if (first_logged > actions.size() && !log.empty()) return std::string("the game's log has a gap");
      for (std::size_t i = actions.size() - std::min(actions.size(), first_logged); i < log.size(); ++i)
        actions.push_back(log[i]);
      auto replayed = protocol::replay_record(record.value());
      if (!replayed) return "game record does not start: " + replayed.error().message;
      if (replayed.value().error) return "game record does not replay: " + replayed.value().error->message;
      r.game_ = std::move(replayed.value().state);
      r.record_ = std::move(record).value();
      r.actions_handed_ = r.record_->actions.size();
      for (const auto& p : game.at("players")) r.game_players_.push_back(seat_player_from(p));
      if (r.game_players_.size() != static_cast<std::size_t>(r.game_->players))
        return std::string("game players do not match the record");
      r.game_finished_ = game.at("finished").get<bool>();
      // A game that ended in the very step that was saved has been recorded with it.
      if (r.game_->over()) r.game_finished_ = true;
    }
    r.swap_started_ = now;
    r.turn_started_ = now;
    r.sync_clocks(now);  // grace runs for whoever the game waits on
    return r;
  } catch (const std::exception& e) {
    return std::string("damaged saved table: ") + e.what();
  }
}

std::vector<std::string> room::seated_players() const {
  std::vector<std::string> out;
  for (const auto& s : seats_)
    if (s.human()) out.push_back(s.player_id);
  return out;
}

}  // namespace shithead::server
