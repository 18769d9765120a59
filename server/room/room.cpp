// The room's entry points and its members. Client requests are in room_requests.cpp;
// the game, the clocks and the frames in room_game.cpp.
#include "server/room/room.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <utility>

namespace shithead::server {

room::room(table_settings settings, player_info host, std::uint64_t seed, time_point now)
    : settings_(std::move(settings)),
      host_(std::move(host.player_id)),
      deal_rng_(seed),
      bot_rng_(seed ^ 0x9e3779b97f4a7c15ull),
      seating_(settings_.seats),
      empty_since_(now) {
  assert(settings_.seats >= min_seats && settings_.seats <= max_seats);
}

// ---------------------------------------------------------------------------------------
// Entry points

join_outcome room::join(const player_info& player, std::shared_ptr<participant> connection, bool spectate,
                        time_point now) {
  auto joined = do_join(player, std::move(connection), spectate, now);
  return join_outcome{std::move(joined), take_outbox()};
}

outbox room::leave(const std::string& player_id, time_point now) {
  do_leave(player_id, std::nullopt, now);
  return take_outbox();
}

outbox room::disconnected(const std::string& player_id, const participant* connection, time_point now) {
  do_disconnected(player_id, connection, now);
  return take_outbox();
}

outbox room::handle(const std::string& player_id, const protocol::table_message& message, time_point now) {
  do_handle(player_id, message, now);
  return take_outbox();
}

outbox room::refuse(const std::string& player_id, const std::optional<protocol::request_id>& id,
                    protocol::error_code code, std::string_view message) {
  if (has_member(player_id)) send_error(player_id, id, code, message);
  // Only the letter: nothing else was touched, so nothing is saved.
  outbox out;
  out.letters = std::exchange(pending_.letters, {});
  return out;
}

outbox room::tick(time_point now) {
  if (!closed_) {
    fire_due(now);
    // A restored game may be waiting for a searching bot that nobody has asked yet.
    run_bots(now);
    sync_clocks(now);
    finish_step(now);
  }
  return take_outbox();
}

outbox room::take_outbox() {
  outbox out = std::exchange(pending_, outbox{});
  if (saved_dirty_ || closed_ || !out.finished.empty()) out.table_changed = true;
  saved_dirty_ = false;
  if (record_ && record_->actions.size() > actions_handed_) {
    if (out.appended.empty()) out.first_appended = actions_handed_;
    out.appended.insert(out.appended.end(), record_->actions.begin() + static_cast<std::ptrdiff_t>(actions_handed_),
                        record_->actions.end());
    actions_handed_ = record_->actions.size();
  }
  out.game_number = game_number_;
  out.version = version_;
  out.next_deadline = next_deadline();
  return out;
}

rules::result<join_result, room_error> room::do_join(const player_info& player, std::shared_ptr<participant> connection,
                                                     bool spectate, time_point now) {
  assert(connection);
  fire_due(now);
  finish_step(now);
  if (closed_) return room_error{protocol::error_code::closed, "this table has closed"};
  if (player.player_id.empty()) return room_error{protocol::error_code::bad_player, "a player needs an id"};

  join_result result;
  if (const int index = seating_.find_seat(player.player_id); index >= 0) {
    auto& s = seating_.seats[static_cast<std::size_t>(index)];
    if (!s.connection) {
      // Back from a lost connection: the seat is theirs again, with a fresh grace. Their
      // turn clock runs on from where it was (a reload must not buy a fresh turn), unless
      // a bot was playing the seat: then the turn is theirs again, in full.
      const bool bot_was_playing = s.grace_expired || s.timed_out;
      s.grace_used = {};
      s.grace_since.reset();
      s.grace_expired = false;
      s.timed_out = false;
      s.timeouts = 0;
      if (bot_was_playing && awaited(index)) turn_started_ = now;
      room_dirty_ = true;
    }
    s.connection = std::move(connection);
    if (s.name != player.name) {
      s.name = player.name;
      room_dirty_ = true;
    }
    result = join_result{index, true};
  } else if (const int w = seating_.find_watcher(player.player_id); w >= 0) {
    seating_.watchers[static_cast<std::size_t>(w)].connection = std::move(connection);
    result = join_result{std::nullopt, true};
  } else {
    const int free = spectate ? -1 : seating_.free_seat();
    if (free >= 0) {
      auto& s = seating_.seats[static_cast<std::size_t>(free)];
      s = seat{};
      s.player_id = player.player_id;
      s.name = player.name;
      s.connection = std::move(connection);
      s.seated_order = seating_.next_order++;
      result.seat = free;
      note_play(now);  // a person sat down: the table is in use
    } else {
      if (seating_.watchers.size() >= max_spectators)
        return room_error{protocol::error_code::full, "this table has no free seat and no room for more spectators"};
      seating_.watchers.push_back(watcher{player.player_id, player.name, std::move(connection), seating_.next_order++});
    }
    room_dirty_ = true;
  }
  // A table whose host is gone (or never came) is run by whoever is here.
  if (!has_member(host_)) {
    host_ = player.player_id;
    room_dirty_ = true;
  }
  sync_clocks(now);
  const bool everyone_told = room_dirty_;
  finish_step(now);
  if (!everyone_told) send_snapshot(player.player_id, std::nullopt, now);
  return result;
}

void room::do_leave(const std::string& player_id, const request_id& id, time_point now) {
  if (closed_) return;
  fire_due(now);
  finish_step(now);
  std::shared_ptr<participant> connection;
  if (const int index = seating_.find_seat(player_id); index >= 0) {
    auto& s = seating_.seats[static_cast<std::size_t>(index)];
    connection = std::move(s.connection);
    if (seat_in_game(index)) {
      // Quitting never dodges the title: the seat stays theirs and a bot finishes it.
      s.left = true;
      s.ready = false;
    } else {
      seating_.free(index);
    }
  } else if (const int w = seating_.find_watcher(player_id); w >= 0) {
    connection = std::move(seating_.watchers[static_cast<std::size_t>(w)].connection);
    seating_.watchers.erase(seating_.watchers.begin() + w);
  } else {
    return;
  }
  room_dirty_ = true;
  if (host_ == player_id) pass_host(false);
  send(connection, protocol::left_message{id});
  if (!seating_.human_seated() && seating_.watchers.empty()) {
    // Nobody is left to come back or to watch: the table closes now rather than after
    // deserted_close, freeing its code. A game still running is played out first, at
    // once, so that leaving never dodges the result (the leaver keeps the seat's place).
    play_out(now);
    finish_step(now);
    close();
    return;
  }
  run_bots(now);
  sync_clocks(now);
  finish_step(now);
}

void room::do_disconnected(const std::string& player_id, const participant* connection, time_point now) {
  if (closed_) return;
  fire_due(now);
  finish_step(now);
  if (const int index = seating_.find_seat(player_id); index >= 0) {
    auto& s = seating_.seats[static_cast<std::size_t>(index)];
    if (!s.connection || (connection && s.connection.get() != connection)) return;
    s.connection.reset();
    room_dirty_ = true;
    if (host_ == player_id) pass_host(true);
  } else if (const int w = seating_.find_watcher(player_id); w >= 0) {
    auto& watching = seating_.watchers[static_cast<std::size_t>(w)];
    if (connection && watching.connection.get() != connection) return;
    seating_.watchers.erase(seating_.watchers.begin() + w);
    room_dirty_ = true;
    if (host_ == player_id) pass_host(false);
  } else {
    return;
  }
  sync_clocks(now);
  finish_step(now);
}

void room::do_handle(const std::string& player_id, const protocol::table_message& message, time_point now) {
  if (closed_) return;
  fire_due(now);
  finish_step(now);
  if (closed_ || !has_member(player_id)) return;

  if (const auto refused = dispatch(player_id, message, now)) {
    send_error(player_id, message.id, refused->code, refused->message);
    finish_step(now);
    return;
  }
  // Any accepted message shows the player is back at the table.
  if (const int index = seating_.find_seat(player_id); index >= 0) {
    auto& s = seating_.seats[static_cast<std::size_t>(index)];
    if (s.timed_out) {
      s.timed_out = false;
      s.timeouts = 0;
      if (awaited(index)) turn_started_ = now;
      room_dirty_ = true;
    }
  }
  run_bots(now);
  sync_clocks(now);
  finish_step(now);
}

// ---------------------------------------------------------------------------------------
// Members

bool room::has_member(const std::string& player_id) const {
  return seating_.find_seat(player_id) >= 0 || seating_.find_watcher(player_id) >= 0;
}

std::optional<int> room::seat_of(const std::string& player_id) const {
  const int index = seating_.find_seat(player_id);
  return index >= 0 ? std::optional(index) : std::nullopt;
}

void room::postpone_clocks(clock::duration pause) {
  turn_started_ += pause;
  swap_started_ += pause;
  for (auto& s : seating_.seats)
    if (s.grace_since) *s.grace_since += pause;
  if (empty_since_) *empty_since_ += pause;
  questions_.postpone(pause);
}

std::optional<room::time_point> room::close_deadline() const {
  if (!empty_since_) return std::nullopt;
  const clock::duration wait = seating_.human_seated() ? settings_.empty_close : settings_.deserted_close;
  return *empty_since_ + std::max(wait - unattended_, clock::duration::zero());
}

void room::note_play(time_point now) {
  unattended_ = {};
  if (empty_since_) empty_since_ = now;  // the stretch so far is forgiven too
}

void room::pass_host(bool connected_only) {
  if (auto next = seating_.next_host(host_, connected_only)) {
    host_ = std::move(*next);
    room_dirty_ = true;
  }
}

void room::update_presence(time_point now) {
  if (seating_.human_connected()) {
    // Back without playing, the time nobody was here still counts (note_play).
    if (empty_since_) unattended_ += now - *empty_since_;
    empty_since_.reset();
  } else if (!empty_since_) {
    empty_since_ = now;
  }
}

void room::close() {
  closed_ = true;
  game_.reset();
  record_.reset();
  pending_events_.clear();
  seating_.watchers.clear();
  for (auto& s : seating_.seats) s.connection.reset();
}

protocol::table_summary room::summary() const {
  protocol::table_summary out;
  out.code = settings_.code;
  out.is_public = settings_.is_public;
  out.preset = std::string(rules::to_string(settings_.ruleset.preset));
  out.seats = settings_.seats;
  for (const auto& s : seating_.seats) {
    if (s.free()) continue;
    ++out.seated;
    if (s.bot) {
      ++out.bots;
    } else if (!s.left) {
      ++out.humans;
    }
  }
  out.spectators = static_cast<int>(seating_.watchers.size());
  out.in_game = in_game();
  out.turn_timer_s = static_cast<int>(std::chrono::duration_cast<std::chrono::seconds>(settings_.turn_timer).count());
  out.host_name = seating_.name_of(host_);
  return out;
}

}  // namespace shithead::server
