// A room's saved form, for the store, and the room restored from it after a restart.
// The game is kept as its record's start (ruleset, seats, dealer, seed or deal) plus the
// log of its actions that the store appends move by move, and replayed on restore: the
// rules core is deterministic, so the replay is the game that was being played, and
// nothing of rules::game_state's layout leaks into the file.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "protocol/json_reader.hpp"
#include "protocol/record_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "server/room/room.hpp"

namespace shithead::server {
namespace {

using protocol::json;

// A saved row is ours, but a damaged one must be refused, not trusted: every scalar is
// read through protocol's checked readers, because nlohmann's get<int>() of 1e300 is a
// float-to-int conversion out of range (undefined behaviour), and of 3.5 silently 3.
// The first bad field throws, and restored() refuses the row naming its path.
struct damaged_row : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
T checked(protocol::parsed<T> read) {
  if (!read) throw damaged_row(read.error().message);
  return std::move(read).value();
}

// Counts the room adds one to (bots added, timeouts in a row) stay far from int's end.
constexpr int max_count = 1'000'000'000;
// The longest clock a table may have: a day is far beyond any the server sets.
constexpr std::int64_t max_clock_ms = 24 * 60 * 60 * 1000;

int int_field(const json& object, std::string_view path, std::string_view key, int min, int max) {
  return checked(protocol::read_field(object, path, key, protocol::int_in(min, max)));
}

std::int64_t int64_field(const json& object, std::string_view path, std::string_view key, std::int64_t min,
                         std::int64_t max) {
  const auto value = checked(protocol::read_field(object, path, key, protocol::read_int64));
  if (value < min || value > max)
    throw damaged_row(protocol::field_path(path, key) + ": " + std::to_string(value) + " is out of range " +
                      std::to_string(min) + ".." + std::to_string(max));
  return value;
}

std::uint64_t uint64_field(const json& object, std::string_view path, std::string_view key) {
  return checked(protocol::read_field(object, path, key, protocol::read_uint64));
}

bool bool_field(const json& object, std::string_view path, std::string_view key) {
  return checked(protocol::read_field(object, path, key, protocol::read_bool));
}

std::string string_field(const json& object, std::string_view path, std::string_view key) {
  return checked(protocol::read_field(object, path, key, protocol::read_string));
}

std::chrono::milliseconds clock_field(const json& object, std::string_view path, std::string_view key) {
  return std::chrono::milliseconds{int64_field(object, path, key, 0, max_clock_ms)};
}

std::optional<rules::bot_kind> bot_field(const json& object, std::string_view path) {
  const json& bot = *checked(protocol::require_field(object, path, "bot"));
  if (bot.is_null()) return std::nullopt;
  const auto kind = rules::parse_bot_kind(string_field(object, path, "bot"));
  if (!kind) throw damaged_row(protocol::field_path(path, "bot") + ": unknown bot kind " + protocol::quote(bot));
  return kind;
}

// Bumped when the saved form changes in a way older code cannot read. 1: the game's
// record held every action; 2: the actions are in the store's log, and the game has a
// number. Both are read.
constexpr int saved_format = 2;

json seat_player_json(const seat_player& p) {
  return json{{"id", p.id}, {"name", p.name}, {"bot", p.bot ? json(rules::to_string(*p.bot)) : json(nullptr)}};
}

seat_player seat_player_from(const json& j, std::string_view path) {
  seat_player p;
  p.id = string_field(j, path, "id");
  p.name = string_field(j, path, "name");
  p.bot = bot_field(j, path);
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
  settings["bot_pace_ms"] = ms(settings_.bot_pace);
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
    const int format = int_field(saved, "", "format", 0, std::numeric_limits<int>::max());
    if (format != 1 && format != saved_format)
      return std::string("saved by another version of the server (format ") + saved.at("format").dump() + ")";
    const json& js = saved.at("settings");
    table_settings settings;
    settings.code = string_field(js, "settings", "code");
    settings.is_public = bool_field(js, "settings", "public");
    auto ruleset = protocol::ruleset_from_json(js.at("ruleset"), "settings.ruleset");
    if (!ruleset) return ruleset.error().message;
    settings.ruleset = std::move(ruleset).value();
    settings.seats = int_field(js, "settings", "seats", min_seats, max_seats);
    settings.turn_timer = clock_field(js, "settings", "turn_timer_ms");
    settings.swap_timer = clock_field(js, "settings", "swap_timer_ms");
    settings.grace = clock_field(js, "settings", "grace_ms");
    settings.empty_close = clock_field(js, "settings", "empty_close_ms");
    // Tables saved before bots had a pace get the default one.
    if (js.contains("bot_pace_ms")) settings.bot_pace = clock_field(js, "settings", "bot_pace_ms");

    room r(std::move(settings), player_info{string_field(saved, "", "host"), {}}, seed, now);
    // One more than the last frame anyone saw: whatever a client holds is older than the
    // snapshot it gets when it comes back.
    r.version_ = std::max(uint64_field(saved, "", "version"), last_version) + 1;
    r.saved_dirty_ = false;  // nothing to save until something changes
    if (format >= 2)
      r.game_number_ = int64_field(saved, "", "game_number", 0, std::numeric_limits<std::int64_t>::max() - 1);
    r.next_order_ = uint64_field(saved, "", "next_order");
    r.bots_added_ = int_field(saved, "", "bots_added", 0, max_count);
    const json& seats = saved.at("seats");
    if (!seats.is_array() || seats.size() != r.seats_.size())
      return std::string("seat count does not match the settings");
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const json& js_seat = seats[i];
      const auto path = protocol::index_path("seats", i);
      auto& s = r.seats_[i];
      s.player_id = string_field(js_seat, path, "player_id");
      s.name = string_field(js_seat, path, "name");
      s.bot = bot_field(js_seat, path);
      s.bot_id = string_field(js_seat, path, "bot_id");
      s.seated_order = uint64_field(js_seat, path, "seated_order");
      s.ready = bool_field(js_seat, path, "ready");
      s.left = bool_field(js_seat, path, "left");
      s.grace_expired = bool_field(js_seat, path, "grace_expired");
      s.timed_out = bool_field(js_seat, path, "timed_out");
      s.timeouts = int_field(js_seat, path, "timeouts", 0, max_count);
    }
    if (auto board = scoreboard::from_json(saved.at("scoreboard"))) {
      r.scoreboard_ = std::move(*board);
    } else {
      return std::string("damaged scoreboard");
    }
    if (const auto& last = saved.at("last_shithead"); !last.is_null())
      r.last_shithead_ = seat_player_from(last, "last_shithead");

    if (const auto& game = saved.at("game"); !game.is_null()) {
      auto record = protocol::record_from_json(game.at("record"));
      if (!record) return "game record: " + record.error().message;
      // Game seat i is the table's seat i: a game wider than the table would index past it.
      if (record.value().players > static_cast<int>(r.seats_.size()))
        return "game record: " + std::to_string(record.value().players) + " players at a table of " +
               std::to_string(r.seats_.size()) + " seats";
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
      const json& players = game.at("players");
      if (!players.is_array()) return std::string("game.players: expected an array");
      for (std::size_t i = 0; i < players.size(); ++i)
        r.game_players_.push_back(seat_player_from(players[i], protocol::index_path("game.players", i)));
      if (r.game_players_.size() != static_cast<std::size_t>(r.game_->players))
        return std::string("game players do not match the record");
      r.game_finished_ = bool_field(game, "game", "finished");
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
