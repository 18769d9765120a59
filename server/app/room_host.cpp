#include "server/app/room_host.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>

#include "protocol/action_text.hpp"
#include "protocol/saved_room.hpp"
#include "server/store/rankings_answers.hpp"

namespace shithead::server {

namespace asio = boost::asio;
using clock = std::chrono::steady_clock;

namespace {

std::vector<protocol::rating_change_entry> rating_entries(const std::vector<rating_change>& changes) {
  std::vector<protocol::rating_change_entry> out;
  for (const auto& c : changes)
    out.push_back(protocol::rating_change_entry{c.player_id, c.name, rating_value_of(c.before),
                                                rating_value_of(c.after), title_value_of(c.title)});
  return out;
}

}  // namespace

room_host::room_host(asio::io_context& ioc, table_settings settings, player_info host, std::uint64_t seed,
                     summary_listener listener, room_services services)
    : room_host(ioc, room(std::move(settings), std::move(host), seed, clock::now()), {}, std::move(listener),
                std::move(services)) {}

room_host::room_host(asio::io_context& ioc, room restored, system_time game_started, summary_listener listener,
                     room_services services)
    : strand_(asio::make_strand(ioc)),
      timer_(strand_),
      code_(restored.code()),
      room_(std::move(restored)),
      listener_(std::move(listener)),
      services_(std::move(services)),
      game_started_(game_started) {
  if (services_.chance) room_.draw_seeds_from(services_.chance);
  if (services_.metrics) services_.metrics->table_opened();
  game_running_ = room_.game() && !room_.game()->over();
  if (game_running_ && services_.metrics) services_.metrics->game_started();  // resumed after a restart
}

room_host::~room_host() {
  if (services_.metrics && !closed_reported_) services_.metrics->table_closed();
}

std::string room_host::saved_state(const room& r, system_time game_started) {
  return protocol::write_saved_table_row(protocol::saved_table_row{r.saved(), to_unix_ms(game_started)});
}

namespace {

// The log of game `game`, read back: its actions from the first logged one on, and the
// highest version it was written at. Entries of other games are leftovers of a crash
// between a game's start and the next state save, and are skipped.
struct read_log {
  std::vector<protocol::recorded_action> actions;
  std::size_t first = 0;
  std::uint64_t last_version = 0;
};

rules::result<read_log, std::string> read_game_log(const std::vector<logged_action>& log, std::int64_t game) {
  read_log out;
  for (const auto& entry : log) {
    if (entry.game != game) continue;
    if (out.actions.empty()) out.first = static_cast<std::size_t>(entry.index);
    if (entry.index != static_cast<std::int64_t>(out.first + out.actions.size()))
      return std::string("the game's log has a gap before action ") + std::to_string(entry.index);
    auto action = protocol::parse_action_text(entry.action, "action");
    if (!action) return "logged action " + std::to_string(entry.index) + ": " + action.error().message;
    out.actions.push_back(protocol::recorded_action{entry.seat, std::move(action).value()});
    out.last_version = std::max(out.last_version, entry.version);
  }
  return out;
}

}  // namespace

rules::result<std::shared_ptr<room_host>, std::string> room_host::restore(asio::io_context& ioc,
                                                                          const saved_table& table, std::uint64_t seed,
                                                                          summary_listener listener,
                                                                          room_services services) {
  auto row = protocol::parse_saved_table_row(table.state);
  if (!row) return row.error().message;
  const auto& saved = row.value().room;
  // Tables saved before the log (format 1) are game 0: their log, if any, too.
  auto log = read_game_log(table.log, saved.game_number);
  if (!log) return log.error();
  auto restored =
      room::restored(saved, log.value().actions, log.value().first, log.value().last_version, seed, clock::now());
  if (!restored) return restored.error();
  const auto started = from_unix_ms(row.value().game_started_ms);
  return std::make_shared<room_host>(ioc, std::move(restored).value(), started, std::move(listener),
                                     std::move(services));
}

template <class Fn>
void room_host::on_strand(Fn fn, bool even_when_stopped) {
  asio::post(strand_, [self = shared_from_this(), fn = std::move(fn), even_when_stopped]() mutable {
    if (self->closed_reported_ || (self->stopped_ && !even_when_stopped)) return;
    fn(*self);
  });
}

void room_host::join(player_info player, std::shared_ptr<participant> connection, bool spectate, join_done done) {
  on_strand([player = std::move(player), connection = std::move(connection), spectate,
             done = std::move(done)](room_host& self) mutable {
    auto joined = self.room_.join(player, std::move(connection), spectate, clock::now());
    done(std::move(joined.result));
    self.after_change(std::move(joined.out));
  });
}

void room_host::leave(std::string player_id) {
  on_strand([player_id = std::move(player_id)](room_host& self) {
    self.after_change(self.room_.leave(player_id, clock::now()));
  });
}

void room_host::disconnected(std::string player_id, std::shared_ptr<participant> connection) {
  // Even after stop(): the room must let go of the connection, or the session it holds
  // (and the socket's timers) would outlive the server's shutdown.
  on_strand(
      [player_id = std::move(player_id), connection = std::move(connection)](room_host& self) {
        self.after_change(self.room_.disconnected(player_id, connection.get(), clock::now()));
      },
      true);
}

const std::string_view cannot_save_message =
    "the server cannot save games right now (its disk may be full); nothing was changed, try again shortly";

namespace {

// What the room would have to save: refused, with nothing changed, while the store
// cannot write. Chat, reactions, snapshots and leaving go on.
bool needs_saving(const protocol::table_request& request) {
  return !std::holds_alternative<protocol::chat_request>(request) &&
         !std::holds_alternative<protocol::react_request>(request) &&
         !std::holds_alternative<protocol::snapshot_request>(request) &&
         !std::holds_alternative<protocol::leave_request>(request);
}

}  // namespace

bool room_host::store_refuses_writes() {
  const bool refuses = services_.db && !services_.db->healthy();
  if (refuses && !refusing_since_) refusing_since_ = clock::now();
  return refuses;
}

void room_host::resume_clocks(clock::time_point now) {
  if (!refusing_since_) return;
  room_.postpone_clocks(now - *refusing_since_);
  refusing_since_.reset();
}

void room_host::handle(std::string player_id, protocol::table_message message, std::shared_ptr<participant> from) {
  const auto began = clock::now();
  asio::post(strand_, [self = shared_from_this(), player_id = std::move(player_id), message = std::move(message),
                       from = std::move(from), began] {
    if (self->stopped_) return;
    if (self->closed_reported_) {
      if (self->services_.metrics) self->services_.metrics->error_sent(protocol::error_code::not_in_room);
      if (from)
        from->deliver(make_frame(protocol::to_text(protocol::error_message{
            message.id, protocol::error_code::not_in_room, "that table has closed", std::nullopt})));
      return;
    }
    self->on_message(player_id, message, began);
  });
}

void room_host::on_message(const std::string& player_id, const protocol::table_message& message,
                           clock::time_point began) {
  if (store_refuses_writes() && needs_saving(message.request)) {
    // Answered at once, ahead of any step still waiting for the disk: the player must
    // hear why nothing happens.
    const auto refused = room_.refuse(player_id, message.id, protocol::error_code::cannot_save, cannot_save_message);
    if (services_.metrics) services_.metrics->error_sent(protocol::error_code::cannot_save);
    deliver(refused.letters);
    return;
  }
  resume_clocks(clock::now());
  auto out = room_.handle(player_id, message, clock::now());
  const bool action = std::holds_alternative<protocol::action_request>(message.request);
  after_change(std::move(out), action ? std::optional<clock::time_point>(began) : std::nullopt);
}

void room_host::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void room_host::announce() {
  // The lobby hears of the table and the timer is armed; a restored game waiting for a
  // searching bot asks it (tick() does, and fires nothing: the clocks started afresh).
  on_strand([](room_host& self) { self.after_change(self.room_.tick(clock::now())); });
}

void room_host::track_games(const std::vector<finished_room_game>& games) {
  const bool was_running = game_running_;
  if (!games.empty()) {
    if (!was_running) game_started_ = std::chrono::system_clock::now();  // started and ended in one step
    for (const auto& g : games) {
      if (!services_.metrics) break;
      if (!was_running) services_.metrics->game_started();
      services_.metrics->game_finished(g.abandoned);
    }
    game_running_ = false;
  }
  const bool running = !room_.closed() && room_.game() && !room_.game()->over();
  if (running && !game_running_) {
    game_started_ = std::chrono::system_clock::now();
    if (services_.metrics) services_.metrics->game_started();
  }
  // A table that closed (nobody left for five minutes) drops its game unrecorded.
  if (room_.closed() && game_running_ && services_.metrics) services_.metrics->game_finished(true);
  game_running_ = running;
}

void room_host::after_change(outbox out, std::optional<clock::time_point> action_began) {
  if (services_.metrics)
    for (const auto& l : out.letters)
      if (const auto* error = std::get_if<protocol::error_message>(l.message.get()))
        services_.metrics->error_sent(error->code);
  if (services_.metrics && out.late_bot_answers > 0)
    services_.metrics->bot_answers_late(static_cast<std::uint64_t>(out.late_bot_answers));
  track_games(out.finished);
  save_step(out, action_began);

  if (room_.closed()) {
    closed_reported_ = true;
    timer_.cancel();
    if (services_.metrics) services_.metrics->table_closed();
    listener_(code_, std::nullopt);
    return;
  }
  if (out.question) ask_bot(std::move(*out.question));
  auto summary = room_.summary();
  if (!last_summary_ || !(*last_summary_ == summary)) {
    last_summary_ = summary;
    listener_(code_, std::move(summary));
  }
  arm_timer(out.next_deadline);
}

void room_host::save_step(outbox& out, std::optional<clock::time_point> began) {
  if (!services_.db || (!out.table_changed && out.appended.empty())) {
    queue_.pass(std::move(out.letters));
    if (began && services_.metrics) services_.metrics->observe_action(clock::now() - *began);
    return;
  }
  table_step step;
  step.code = code_;
  // "" tells the store the table is gone: a closed table is never restored.
  if (room_.closed())
    step.state = std::string();
  else if (out.table_changed)
    step.state = saved_state(room_, game_started_);
  step.game = out.game_number;
  step.epoch = epoch_;
  for (std::size_t i = 0; i < out.appended.size(); ++i) {
    const auto& [seat, action] = out.appended[i];
    step.actions.push_back(logged_action{out.game_number, static_cast<std::int64_t>(out.first_appended + i),
                                         out.version, seat, protocol::action_to_text(action)});
  }
  std::vector<std::shared_ptr<protocol::server_message>> game_overs;
  const auto ended = std::chrono::system_clock::now();
  for (auto& g : out.finished) {
    game_overs.push_back(std::move(g.game_over));
    step.games.push_back(game_to_record{code_, std::move(g.record), std::move(g.players), std::move(g.finish_order),
                                        g.shithead, g.abandoned, game_started_, ended});
  }
  const auto ticket = queue_.park(std::move(out.letters));
  if (services_.metrics) services_.metrics->set_store_queue_depth(services_.db->queue_depth() + 1);
  services_.db->save_step(std::move(step), [self = shared_from_this(), ticket, began, number = out.game_number,
                                            game_overs = std::move(game_overs)](step_result saved) {
    // On the store's thread: back to the room's strand, whatever state it is in.
    asio::post(self->strand_, [self, ticket, began, number, game_overs, saved = std::move(saved)] {
      // Another server holds the table: this step, and every one parked behind it, stay
      // unseen (step_queue delivers in order, and this ticket is never released).
      if (saved.result == step_result::outcome::moved) return self->lose_table();
      const auto& results = saved.games;
      // The k-th game that ended in the step is the k-th the store recorded. When the
      // store failed (no results), the messages go out with null ids, as sent.
      for (std::size_t k = 0; k < game_overs.size() && k < results.size(); ++k) {
        auto& over = std::get<protocol::game_over_message>(*game_overs[k]);
        over.game_id = results[k].game_id;
        over.ratings = rating_entries(results[k].ratings);
      }
      self->queue_.release(ticket);
      if (began && self->services_.metrics) self->services_.metrics->observe_action(clock::now() - *began);
      // The table's scoreboard links the game from now on (a step ends at most its one game).
      if (!game_overs.empty() && !results.empty() && !self->stopped_ && !self->closed_reported_)
        self->after_change(self->room_.game_recorded(number, results.front().game_id, clock::now()));
    });
  });
}

void room_host::serve_under_claim(std::int64_t epoch, std::function<void(const std::string& code)> moved) {
  epoch_ = epoch;
  moved_ = std::move(moved);
}

void room_host::hand_over() {
  on_strand([](room_host& self) {
    if (self.epoch_ == 0 || !self.moved_) return;
    self.stopped_ = true;
    self.timer_.cancel();
    // Queued behind the room's own steps: the next server restores all of them.
    self.services_.db->release_table(self.code_, self.epoch_, [self = self.shared_from_this()](bool released) {
      asio::post(self->strand_, [self, released] {
        spdlog::info("table {}: handed over to the server its players reach ({})", self->code_,
                     released ? "let go" : "already another's");
        self->lose_table();
      });
    });
  });
}

void room_host::lose_table() {
  if (stopped_ && !moved_) return;  // told once
  stopped_ = true;
  timer_.cancel();
  spdlog::info("table {}: this server's claim (epoch {}) ended; another server serves it now", code_, epoch_);
  if (auto moved = std::move(moved_)) {
    moved_ = nullptr;
    moved(code_);
  }
}

void room_host::ask_bot(bot_question question) {
  // The pool holds the room only weakly: a table that closes while its bot thinks goes
  // at once, and the answer finds nobody to tell.
  std::weak_ptr<room_host> weak = weak_from_this();
  auto reply = [weak, strand = strand_, ticket = question.ticket](std::optional<rules::action> choice) {
    asio::post(strand, [weak, ticket, choice = std::move(choice)]() mutable {
      if (auto self = weak.lock()) self->deliver_answer(ticket, std::move(choice));
    });
  };
  if (services_.bots) {
    if (services_.bots->ask(question, reply)) return;
    // The pool is full (or the server is stopping): the seat moves at `normal`, at once.
    if (services_.metrics) services_.metrics->bot_pool_full();
    question.kind = rules::bot_kind::normal;
  }
  reply(think(question));
}

void room_host::deliver_answer(std::uint64_t ticket, std::optional<rules::action> choice) {
  if (closed_reported_ || stopped_) return;
  if (store_refuses_writes()) {
    // Like the clocks, the bot waits for the disk: its move could not be saved.
    auto retry = std::make_shared<asio::steady_timer>(strand_, std::chrono::milliseconds(500));
    retry->async_wait([weak = std::weak_ptr<room_host>(shared_from_this()), retry, ticket,
                       choice](boost::system::error_code ec) mutable {
      auto self = weak.lock();
      if (!ec && self) self->deliver_answer(ticket, std::move(choice));
    });
    return;
  }
  resume_clocks(clock::now());
  after_change(room_.answer(ticket, choice, clock::now()));
}

void room_host::arm_timer(std::optional<clock::time_point> deadline) {
  if (stopped_ || !deadline) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(*deadline);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->closed_reported_ || self->stopped_) return;
    if (self->store_refuses_writes()) {
      // Bots and clocks wait while the disk refuses: their moves could not be saved.
      self->arm_timer(clock::now() + std::chrono::milliseconds(500));
      return;
    }
    const auto now = clock::now();
    if (self->refusing_since_) {
      // Back from an outage: the clocks move on by its length, and fire when due then.
      self->resume_clocks(now);
      self->arm_timer(self->room_.next_deadline());
      return;
    }
    self->after_change(self->room_.tick(now));
  });
}

}  // namespace shithead::server
