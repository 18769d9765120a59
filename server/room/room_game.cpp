// The room's game: starting one, applying actions, bots, clocks, and the frames that
// tell the table. Membership and client messages are in room.cpp.
#include <algorithm>
#include <cassert>

#include <span>

#include "rules/engine.hpp"
#include "rules/rng.hpp"
#include "server/room/room.hpp"

namespace shithead::server {
namespace {

bool same_player(const seat_player& a, const seat_player& b) {
  return a.id == b.id && a.bot.has_value() == b.bot.has_value();
}

std::chrono::milliseconds ms_until(room::time_point deadline, room::time_point now) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
}

protocol::seat_occupant occupant(const seat_player& p) { return protocol::seat_occupant{p.id, p.name, p.bot}; }

// {"seat", player, "place"} for every seat that went out, by place; the shithead last.
protocol::game_over_message game_over_of(std::uint64_t version, std::span<const seat_player> players,
                                         const rules::game_state& game, protocol::scoreboard_view scoreboard) {
  protocol::game_over_message out;
  out.version = version;
  std::vector<int> by_place;
  for (int seat = 0; seat < game.players; ++seat)
    if (game.seats[static_cast<std::size_t>(seat)].place > 0) by_place.push_back(seat);
  std::sort(by_place.begin(), by_place.end(), [&](int a, int b) {
    return game.seats[static_cast<std::size_t>(a)].place < game.seats[static_cast<std::size_t>(b)].place;
  });
  for (int seat : by_place)
    out.places.push_back(protocol::place_entry{seat, occupant(players[static_cast<std::size_t>(seat)]),
                                               game.seats[static_cast<std::size_t>(seat)].place});
  if (game.shithead >= 0)
    out.shithead = protocol::shithead_entry{game.shithead, occupant(players[static_cast<std::size_t>(game.shithead)])};
  out.abandoned = game.abandoned;
  out.scoreboard = std::move(scoreboard);
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The game

room::error room::start_game(time_point now) {
  // Occupied seats move to the front in their order, so game seat i is room seat i.
  std::stable_partition(seating_.seats.begin(), seating_.seats.end(), [](const seat& s) { return !s.free(); });
  const int players = static_cast<int>(
      std::count_if(seating_.seats.begin(), seating_.seats.end(), [](const seat& s) { return !s.free(); }));
  int dealer = -1;  // the last seat, unless the last shithead is still here
  for (int i = 0; i < players && last_shithead_; ++i)
    if (same_player(seating_.player_at(i), *last_shithead_)) dealer = i;
  const std::uint64_t seed = deal_seeds_ ? deal_seeds_() : deal_rng_.next();
  auto started = rules::new_game(settings_.ruleset, players, dealer, seed);
  if (!started) {
    room_dirty_ = true;  // the seats may have moved
    return room_error{protocol::from_rules(started.error().code), started.error().message};
  }
  game_ = std::move(started).value();
  ++game_number_;
  actions_handed_ = 0;
  auto& record = record_.emplace();
  record.ruleset = settings_.ruleset;
  record.players = players;
  record.dealer = game_->dealer;
  record.start = seed;
  game_players_.clear();
  for (int i = 0; i < players; ++i) game_players_.push_back(seating_.player_at(i));
  game_finished_ = false;
  pending_events_.clear();
  for (auto& s : seating_.seats) {
    s.ready = false;
    s.grace_used = {};
    s.grace_since.reset();
  }
  swap_started_ = now;
  turn_started_ = now;
  room_dirty_ = true;
  broadcast_room(now);  // everyone has the new game before its first events
  run_bots(now);
  sync_clocks(now);
  return std::nullopt;
}

std::optional<rules::rule_error> room::apply_action(int index, const rules::action& a, time_point now) {
  assert(game_);
  // Changes made before this action reach the table before its events do.
  if (room_dirty_) broadcast_room(now);
  if (auto refused = rules::try_apply(*game_, index, a, events_)) return refused;
  record_->actions.push_back(protocol::recorded_action{index, a});
  pending_events_.insert(pending_events_.end(), events_.begin(), events_.end());
  turn_started_ = now;
  sync_clocks(now);
  return std::nullopt;
}

bool room::bot_played(int index) const {
  const auto& s = seating_.seats[static_cast<std::size_t>(index)];
  return s.bot || s.left || s.grace_expired || s.timed_out;
}

bool room::awaited(int index) const {
  if (!seat_in_game(index)) return false;
  if (game_->current_phase == rules::phase::swap) return !game_->seats[static_cast<std::size_t>(index)].swapped;
  return game_->current == index;
}

bool room::bot_move(int index, rules::bot_kind kind, time_point now) {
  rules::view_for(*game_, index, view_);
  const auto choice = rules::choose_action(kind, view_, bot_rng_);
  if (!choice) return false;
  [[maybe_unused]] const auto refused = apply_action(index, *choice, now);
  assert(!refused);
  return true;
}

game_point room::here() const { return game_point{game_number_, record_->actions.size()}; }

bool room::ask(int index, rules::bot_kind kind, time_point now) {
  if (const auto ticket = questions_.ask(index, here(), now))
    pending_.question = bot_question{*ticket, kind, index, *record_, question_deadline()};
  return false;
}

bool room::move_bot(int index, time_point now) {
  const auto& s = seating_.seats[static_cast<std::size_t>(index)];
  // A seat a bot stands in for is played at `normal`; the host's bots at their level.
  const auto kind = s.bot.value_or(rules::bot_kind::normal);
  if (rules::searches(kind)) return ask(index, kind, now);
  return bot_move(index, kind, now);
}

room::clock::duration room::bot_pause() const {
  // From the point of the game, not from bot_rng_, so that pauses never change what the
  // bots choose: the same game plays the same whatever the pace.
  rules::rng point(static_cast<std::uint64_t>(game_number_) * 0x9e3779b97f4a7c15ull + record_->actions.size());
  const auto permille = 800 + static_cast<std::int64_t>(point.below(401));
  return std::chrono::duration_cast<clock::duration>(settings_.bot_pace) * permille / 1000;
}

bool room::bot_pausing(time_point now) {
  if (settings_.bot_pace.count() == 0 || game_->current_phase != rules::phase::play) return false;
  const auto due = turn_started_ + bot_pause();  // turn_started_: the last move
  if (now >= due) return false;
  bot_due_ = due;
  return true;
}

void room::run_bots(time_point now) {
  bot_due_.reset();
  // Ends: every pass applies an action, and the engine abandons a game at its turn limit.
  while (in_game()) {
    bool acted = false;
    auto& game = *game_;
    if (game.current_phase == rules::phase::swap) {
      for (int i = 0; i < game.players && game.current_phase == rules::phase::swap; ++i)
        if (!game.seats[static_cast<std::size_t>(i)].swapped && bot_played(i)) acted |= move_bot(i, now);
    } else {
      const int current = game.current;
      if (bot_played(current)) {
        if (bot_pausing(now)) return;
        acted |= move_bot(current, now);
      }
      // Burn-in: any bot-played seat that can complete the run out of turn is asked.
      for (int k = 1; game.rules.burn_in && k < game.players && in_game(); ++k) {
        const int other = (current + k) % game.players;
        if (other == game.current || !bot_played(other)) continue;
        rules::legal_actions(game, other, probe_);
        if (probe_.empty()) continue;
        if (bot_pausing(now)) return;
        acted |= move_bot(other, now);
      }
    }
    if (!acted) break;
  }
}

void room::play_out(time_point now) {
  // Ends: every pass applies an action, and the engine abandons a game at its turn limit.
  while (in_game()) {
    if (game_->current_phase == rules::phase::swap) {
      bool swapped = false;
      for (int i = 0; i < game_->players && game_->current_phase == rules::phase::swap; ++i)
        if (!game_->seats[static_cast<std::size_t>(i)].swapped) swapped |= bot_move(i, rules::bot_kind::normal, now);
      if (!swapped) break;
    } else if (!bot_move(game_->current, rules::bot_kind::normal, now)) {
      break;
    }
  }
  questions_.forget();  // any answer still to come is for a game that has ended
}

outbox room::answer(std::uint64_t ticket, const std::optional<rules::action>& choice, time_point now) {
  if (!closed_) {
    fire_due(now);
    if (const auto asked = in_game() ? questions_.answered(ticket, here()) : std::nullopt) {
      const int index = *asked;
      if (!choice) {
        // Nothing it wants to do: out of turn that is a declined burn-in; in turn (never
        // expected) the normal bot moves.
        questions_.declined(index, here());
        if (awaited(index)) bot_move(index, rules::bot_kind::normal, now);
      } else if (apply_action(index, *choice, now)) {
        bot_move(index, rules::bot_kind::normal, now);
      }
      run_bots(now);
      sync_clocks(now);
    }
    finish_step(now);
  }
  return take_outbox();
}

outbox room::game_recorded(std::int64_t number, std::int64_t game_id, time_point now) {
  if (!closed_ && scoreboard_.recorded(number, game_id)) {
    room_dirty_ = true;  // the scoreboard shows it; broadcast_room() also marks it saved
    finish_step(now);
  }
  return take_outbox();
}

void room::count_timeout(int index) {
  auto& s = seating_.seats[static_cast<std::size_t>(index)];
  saved_dirty_ = true;  // the count is saved, so that a restart does not forgive it
  if (++s.timeouts >= 3 && !s.timed_out) {
    s.timed_out = true;
    room_dirty_ = true;
  }
}

void room::finish_game() {
  assert(game_ && game_->over());
  game_finished_ = true;
  saved_dirty_ = true;
  scoreboard_.record(game_players_, *game_, game_number_);
  if (game_->shithead >= 0) {
    last_shithead_ = game_players_[static_cast<std::size_t>(game_->shithead)];
  } else {
    last_shithead_.reset();
  }
  ++version_;
  auto over =
      std::make_shared<protocol::server_message>(game_over_of(version_, game_players_, *game_, scoreboard_view()));
  broadcast(over);
  pending_.finished.push_back(finished_room_game{*record_, game_players_, game_->finish_order, game_->shithead,
                                                 game_->abandoned, std::move(over)});
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    if (!seating_.seats[i].left) continue;
    seating_.free(static_cast<int>(i));
    room_dirty_ = true;
  }
}

// ---------------------------------------------------------------------------------------
// Clocks

void room::sync_clocks(time_point now) {
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    auto& s = seating_.seats[i];
    const int index = static_cast<int>(i);
    const bool running = s.human() && !s.connection && !bot_played(index) && awaited(index);
    if (running && !s.grace_since) {
      s.grace_since = now;
    } else if (!running && s.grace_since) {
      s.grace_used += now - *s.grace_since;
      s.grace_since.reset();
    }
  }
}

std::optional<room::time_point> room::grace_deadline(int index) const {
  const auto& s = seating_.seats[static_cast<std::size_t>(index)];
  if (!s.grace_since) return std::nullopt;
  return *s.grace_since + (clock::duration(settings_.grace) - s.grace_used);
}

bool room::swap_due_for(int index) const {
  if (!in_game() || game_->current_phase != rules::phase::swap || !awaited(index)) return false;
  const auto& s = seating_.seats[static_cast<std::size_t>(index)];
  if (!s.human() || bot_played(index)) return false;
  return settings_.turn_timer.count() > 0 || !s.connection;
}

std::optional<room::time_point> room::swap_deadline() const {
  if (!in_game()) return std::nullopt;
  for (int i = 0; i < game_->players; ++i)
    if (swap_due_for(i)) return swap_started_ + settings_.swap_timer;
  return std::nullopt;
}

std::optional<room::time_point> room::turn_deadline() const {
  if (!in_game() || game_->current_phase != rules::phase::play || settings_.turn_timer.count() == 0)
    return std::nullopt;
  const int current = game_->current;
  if (!seating_.seats[static_cast<std::size_t>(current)].human() || bot_played(current)) return std::nullopt;
  return turn_started_ + settings_.turn_timer;
}

std::optional<room::time_point> room::question_deadline() const {
  if (!in_game()) return std::nullopt;
  return questions_.deadline(here(), settings_.bot_answer_limit);
}

std::optional<room::time_point> room::next_deadline() const {
  if (closed_) return std::nullopt;
  std::optional<time_point> best;
  const auto consider = [&best](std::optional<time_point> t) {
    if (t && (!best || *t < *best)) best = t;
  };
  consider(close_deadline());
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) consider(grace_deadline(static_cast<int>(i)));
  consider(swap_deadline());
  consider(turn_deadline());
  if (in_game()) consider(bot_due_);
  consider(question_deadline());
  return best;
}

protocol::deadlines room::deadlines(time_point now) const {
  protocol::deadlines out;
  if (const auto t = turn_deadline()) out.turn = ms_until(*t, now);
  if (const auto t = swap_deadline()) out.swap = ms_until(*t, now);
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    if (const auto t = grace_deadline(static_cast<int>(i))) {
      const auto left = ms_until(*t, now);
      if (!out.grace || left < *out.grace) out.grace = left;
    }
  }
  return out;
}

void room::fire_due(time_point now) {
  if (closed_) return;
  if (const auto deadline = close_deadline(); deadline && now >= *deadline) {
    close();
    return;
  }
  // One firing can make another due (a timed-out swap starts the play), so repeat; each
  // round fires something or stops, and a fired clock restarts from `now`.
  while (in_game()) {
    bool fired = false;
    for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
      const auto t = grace_deadline(static_cast<int>(i));
      if (!t || *t > now) continue;
      auto& s = seating_.seats[i];
      s.grace_expired = true;
      s.grace_used = settings_.grace;
      s.grace_since.reset();
      room_dirty_ = true;
      fired = true;
    }
    if (fired) run_bots(now);
    if (const auto t = swap_deadline(); t && *t <= now) {
      for (int i = 0; i < game_->players; ++i) {
        if (!swap_due_for(i)) continue;
        if (settings_.turn_timer.count() > 0) count_timeout(i);
        bot_move(i, rules::bot_kind::normal, now);
      }
      fired = true;
    }
    if (const auto t = turn_deadline(); t && *t <= now) {
      const int current = game_->current;
      count_timeout(current);
      bot_move(current, rules::bot_kind::normal, now);
      fired = true;
    }
    if (const auto t = question_deadline(); t && *t <= now) {
      // The bot threads had no core for it (the host is busy): the seat moves at
      // `normal`, and the answer, should it still come, is stale by then.
      const int index = *questions_.give_up();
      ++pending_.late_bot_answers;
      if (awaited(index)) {
        bot_move(index, rules::bot_kind::normal, now);
      } else {
        // A burn-in out of turn: let go, as if declined, until the game moves on.
        questions_.declined(index, here());
      }
      fired = true;
    }
    if (!fired) break;
    run_bots(now);
    sync_clocks(now);
  }
}

// ---------------------------------------------------------------------------------------
// Frames

void room::send(const std::shared_ptr<participant>& to, protocol::server_message message) {
  if (to) pending_.letters.push_back(letter{to, std::make_shared<protocol::server_message>(std::move(message)), {}});
}

void room::send_error(const std::string& player_id, const request_id& id, protocol::error_code code,
                      std::string_view message) {
  send(seating_.connection_of(player_id), protocol::error_message{id, code, std::string(message), std::nullopt});
}

void room::broadcast(protocol::server_message message) {
  broadcast(std::make_shared<protocol::server_message>(std::move(message)));
}

void room::broadcast(std::shared_ptr<protocol::server_message> shared) {
  for (const auto& s : seating_.seats)
    if (s.human() && !s.left && s.connection) pending_.letters.push_back(letter{s.connection, shared, {}});
  for (const auto& w : seating_.watchers)
    if (w.connection) pending_.letters.push_back(letter{w.connection, shared, {}});
}

int room::game_seat_of(int index) const {
  if (!game_ || index < 0 || index >= game_->players) return -1;
  const auto& s = seating_.seats[static_cast<std::size_t>(index)];
  if (s.left || !s.human()) return -1;
  return same_player(seating_.player_at(index), game_players_[static_cast<std::size_t>(index)]) ? index : -1;
}

protocol::scoreboard_view room::scoreboard_view() const {
  protocol::scoreboard_view out;
  out.games = scoreboard_.games();
  out.abandoned = scoreboard_.abandoned();
  for (const auto& entry : scoreboard_.entries())
    out.players.push_back(protocol::score_line{occupant(entry.player), entry.games, entry.first, entry.shithead});
  out.recent = scoreboard_.recent();
  return out;
}

protocol::room_message room::room_base(const request_id& id, time_point now) const {
  protocol::room_message out;
  out.id = id;
  out.version = version_;
  out.code = settings_.code;
  out.is_public = settings_.is_public;
  out.ruleset = settings_.ruleset;
  out.settings = table_clocks_of(settings_);
  out.host = host_;
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    const auto& s = seating_.seats[i];
    const int index = static_cast<int>(i);
    protocol::seat_entry entry;
    entry.seat = index;
    entry.player_id = s.player_id;
    entry.name = s.name;
    entry.bot = s.bot;
    entry.ready = s.ready;
    entry.connected = s.human() && !s.left && s.connection != nullptr;
    entry.controlled_by_bot = s.human() && (s.left || s.grace_expired || s.timed_out);
    entry.left = s.left;
    entry.in_game = seat_in_game(index);
    out.seats.push_back(std::move(entry));
  }
  out.spectators = static_cast<int>(seating_.watchers.size());
  out.scoreboard = scoreboard_view();
  out.deadlines = deadlines(now);
  return out;
}

protocol::room_message room::personalize(protocol::room_message base, int seat_index) const {
  base.your_seat = seat_index >= 0 ? std::optional(seat_index) : std::nullopt;
  if (game_) {
    const int viewer = game_seat_of(seat_index);
    base.game = viewer >= 0 ? rules::view_for(*game_, viewer) : rules::spectator_view(*game_);
  }
  return base;
}

void room::send_snapshot(const std::string& player_id, const request_id& id, time_point now) {
  send(seating_.connection_of(player_id), personalize(room_base(id, now), seating_.find_seat(player_id)));
}

void room::broadcast_room(time_point now) {
  flush_events(now);
  ++version_;
  room_dirty_ = false;
  saved_dirty_ = true;  // what a room frame shows (seats, host, scoreboard, a new game) is saved
  const auto base = room_base(std::nullopt, now);
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    const auto& s = seating_.seats[i];
    if (s.human() && !s.left && s.connection) send(s.connection, personalize(base, static_cast<int>(i)));
  }
  if (seating_.watchers.empty()) return;
  // Every spectator sees the same: one message for all of them.
  const auto shared = std::make_shared<protocol::server_message>(personalize(base, -1));
  for (const auto& w : seating_.watchers)
    if (w.connection) pending_.letters.push_back(letter{w.connection, shared, {}});
}

void room::flush_events(time_point now) {
  if (pending_events_.empty()) return;
  ++version_;
  const auto clocks = deadlines(now);
  std::shared_ptr<protocol::server_message> spectators;  // one message for everyone who sees the public view
  const auto deliver_public = [&](const std::shared_ptr<participant>& to) {
    if (!spectators)
      spectators = std::make_shared<protocol::server_message>(
          protocol::game_message{version_, pending_events_, rules::spectator_view(*game_), clocks});
    pending_.letters.push_back(letter{to, spectators, {}});
  };
  for (std::size_t i = 0; i < seating_.seats.size(); ++i) {
    const auto& s = seating_.seats[i];
    if (!s.human() || s.left || !s.connection) continue;
    const int viewer = game_seat_of(static_cast<int>(i));
    if (viewer < 0) {
      deliver_public(s.connection);
      continue;
    }
    rules::view_for(*game_, viewer, view_);
    pending_.letters.push_back(
        letter{s.connection, nullptr, make_frame(protocol::game_text(version_, pending_events_, view_, clocks))});
  }
  for (const auto& w : seating_.watchers)
    if (w.connection) deliver_public(w.connection);
  pending_events_.clear();
}

void room::finish_step(time_point now) {
  if (closed_) return;
  flush_events(now);
  if (game_ && game_->over() && !game_finished_) finish_game();
  if (room_dirty_) broadcast_room(now);
  update_presence(now);
}

}  // namespace shithead::server
