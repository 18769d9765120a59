// A room's saved form, for the store, and the room restored from it after a restart.
// The game is kept as its record's start (ruleset, seats, dealer, seed or deal) plus the
// log of its actions that the store appends move by move, and replayed on restore: the
// rules core is deterministic, so the replay is the game that was being played, and
// nothing of rules::game_state's layout leaks into the file.
#include <algorithm>
#include <string_view>

#include "server/room/room.hpp"

namespace shithead::server {
namespace {

protocol::saved_player saved_player_of(const seat_player& p) { return {p.id, p.name, p.bot}; }
seat_player seat_player_of(const protocol::saved_player& p) { return {p.id, p.name, p.bot}; }

}  // namespace

protocol::saved_room room::saved() const {
  protocol::saved_room out;
  out.settings = protocol::saved_settings{settings_.code,  settings_.is_public,   settings_.ruleset,
                                          settings_.seats, settings_.turn_timer,  settings_.swap_timer,
                                          settings_.grace, settings_.empty_close, settings_.bot_pace};
  out.host = host_;
  out.version = version_;
  out.next_order = seating_.next_order;
  out.bots_added = seating_.bots_added;
  for (const auto& s : seating_.seats)
    out.seats.push_back(protocol::saved_seat{s.player_id, s.name, s.bot, s.bot_id, s.seated_order, s.ready, s.left,
                                             s.grace_expired, s.timed_out, s.timeouts});
  out.scoreboard = scoreboard_.saved();
  if (last_shithead_) out.last_shithead = saved_player_of(*last_shithead_);
  out.game_number = game_number_;
  if (record_) {
    protocol::saved_game game;
    // The start only: the log holds the actions.
    game.record = protocol::game_record{record_->ruleset, record_->players, record_->dealer, record_->start, {}};
    for (const auto& p : game_players_) game.players.push_back(saved_player_of(p));
    game.finished = game_finished_;
    out.game = std::move(game);
  }
  return out;
}

rules::result<room, std::string> room::restored(const protocol::saved_room& saved,
                                                const std::vector<protocol::recorded_action>& log,
                                                std::size_t first_logged, std::uint64_t last_version,
                                                std::uint64_t seed, time_point now) {
  // protocol::parse_saved_room checked every field's type and range; what is checked here
  // is how the fields fit together, and that the game replays.
  table_settings settings;
  settings.code = saved.settings.code;
  settings.is_public = saved.settings.is_public;
  settings.ruleset = saved.settings.ruleset;
  if (saved.settings.seats < min_seats || saved.settings.seats > max_seats)
    return "settings.seats: " + std::to_string(saved.settings.seats) + " is not a table size";
  settings.seats = saved.settings.seats;
  settings.turn_timer = saved.settings.turn_timer;
  settings.swap_timer = saved.settings.swap_timer;
  settings.grace = saved.settings.grace;
  settings.empty_close = saved.settings.empty_close;
  // Tables saved before bots had a pace get the default one.
  if (saved.settings.bot_pace) settings.bot_pace = *saved.settings.bot_pace;

  room r(std::move(settings), player_info{saved.host, {}}, seed, now);
  // One more than the last frame anyone saw: whatever a client holds is older than the
  // snapshot it gets when it comes back.
  r.version_ = std::max(saved.version, last_version) + 1;
  r.saved_dirty_ = false;  // nothing to save until something changes
  r.game_number_ = saved.game_number;
  r.seating_.next_order = saved.next_order;
  r.seating_.bots_added = saved.bots_added;
  if (saved.seats.size() != r.seating_.seats.size()) return std::string("seat count does not match the settings");
  for (std::size_t i = 0; i < saved.seats.size(); ++i) {
    const auto& from = saved.seats[i];
    auto& s = r.seating_.seats[i];
    s.player_id = from.player_id;
    s.name = from.name;
    s.bot = from.bot;
    s.bot_id = from.bot_id;
    s.seated_order = from.seated_order;
    s.ready = from.ready;
    s.left = from.left;
    s.grace_expired = from.grace_expired;
    s.timed_out = from.timed_out;
    s.timeouts = from.timeouts;
  }
  r.scoreboard_ = scoreboard::restored(saved.scoreboard);
  if (saved.last_shithead) r.last_shithead_ = seat_player_of(*saved.last_shithead);

  if (saved.game) {
    auto record = saved.game->record;
    // Game seat i is the table's seat i: a game wider than the table would index past it.
    if (record.players > static_cast<int>(r.seating_.seats.size()))
      return "game record: " + std::to_string(record.players) + " players at a table of " +
             std::to_string(r.seating_.seats.size()) + " seats";
    // The log goes on where the saved record stops (format 1 saved some actions in the
    // record; format 2 none). Entries it already holds are skipped; a gap is damage.
    auto& actions = record.actions;
    if (first_logged > actions.size() && !log.empty()) return std::string("the game's log has a gap");
    for (std::size_t i = actions.size() - std::min(actions.size(), first_logged); i < log.size(); ++i)
      actions.push_back(log[i]);
    auto replayed = protocol::replay_record(record);
    if (!replayed) return "game record does not start: " + replayed.error().message;
    if (replayed.value().error) return "game record does not replay: " + replayed.value().error->message;
    r.game_ = std::move(replayed.value().state);
    r.record_ = std::move(record);
    r.actions_handed_ = r.record_->actions.size();
    for (const auto& p : saved.game->players) r.game_players_.push_back(seat_player_of(p));
    if (r.game_players_.size() != static_cast<std::size_t>(r.game_->players))
      return std::string("game players do not match the record");
    r.game_finished_ = saved.game->finished;
    // A game that ended in the very step that was saved has been recorded with it.
    if (r.game_->over()) r.game_finished_ = true;
  }
  r.swap_started_ = now;
  r.turn_started_ = now;
  r.sync_clocks(now);  // grace runs for whoever the game waits on
  return r;
}

}  // namespace shithead::server
