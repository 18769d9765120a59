#include "server/app/room_host.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/store/rankings_api.hpp"

namespace shithead::server {

namespace asio = boost::asio;
using clock = std::chrono::steady_clock;
using protocol::json;

namespace {

std::vector<protocol::rating_change_entry> rating_entries(const std::vector<rating_change>& changes) {
  std::vector<protocol::rating_change_entry> out;
  for (const auto& c : changes)
    out.push_back(protocol::rating_change_entry{c.player_id, c.name, rating_value_of(c.before),
                                                rating_value_of(c.after), title_value_of(c.title)});
  return out;
}

// A game_over frame the room sent, with the message it was written from.
struct sent_game_over {
  frame sent;
  protocol::game_over_message message;
};

// Each game that ended in a step is the game the store recorded at the same position:
// its game_over frame, known by identity (every receiver shares it), is written again
// from the room's message with the stored game's id and the new ratings. When the
// store failed (fewer results), the frames stay as the room sent them.
frame_gate::patcher game_over_patcher(std::vector<sent_game_over> sent, std::vector<recorded_game> results) {
  return [sent = std::move(sent), results = std::move(results)](std::vector<frame_gate::held_frame>& frames) {
    std::vector<frame> replacements;
    for (std::size_t k = 0; k < sent.size() && k < results.size(); ++k) {
      auto message = sent[k].message;
      message.game_id = results[k].game_id;
      message.ratings = rating_entries(results[k].ratings);
      replacements.push_back(make_frame(protocol::to_text(message)));
    }
    for (auto& f : frames)
      for (std::size_t k = 0; k < replacements.size(); ++k)
        if (f.message == sent[k].sent) f.message = replacements[k];
  };
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
      saved_version_(room_.version()),
      game_started_(game_started) {
  if (services_.metrics) services_.metrics->table_opened();
  game_running_ = room_.game() && !room_.game()->over();
  if (game_running_ && services_.metrics) services_.metrics->game_started();  // resumed after a restart
  if (services_.metrics)
    room_.on_error_sent([metrics = services_.metrics](protocol::error_code code) { metrics->error_sent(code); });
}

room_host::~room_host() {
  if (services_.metrics && !closed_reported_) services_.metrics->table_closed();
}

std::string room_host::saved_state(const room& r, system_time game_started) {
  return protocol::dump_json(json{{"room", r.saved()}, {"game_started_ms", to_unix_ms(game_started)}});
}

rules::result<std::shared_ptr<room_host>, std::string> room_host::restore(asio::io_context& ioc,
                                                                         const std::string& state,
                                                                         std::uint64_t seed,
                                                                         summary_listener listener,
                                                                         room_services services) {
  auto parsed = protocol::parse_json_text(state);
  if (!parsed || !parsed.value().is_object() || !parsed.value().contains("room") ||
      !parsed.value().contains("game_started_ms") || !parsed.value()["game_started_ms"].is_number_integer())
    return std::string("not a saved table");
  auto restored = room::restored(parsed.value()["room"], seed, clock::now());
  if (!restored) return restored.error();
  const auto started = from_unix_ms(parsed.value()["game_started_ms"].get<std::int64_t>());
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
    auto joined = self.room_.join(player, self.gate_.wrap(connection), spectate, clock::now());
    done(std::move(joined));
    self.after_change();
  });
}

void room_host::leave(std::string player_id) {
  on_strand([player_id = std::move(player_id)](room_host& self) {
    self.room_.leave(player_id, clock::now());
    self.after_change();
  });
}

void room_host::disconnected(std::string player_id, std::shared_ptr<participant> connection) {
  // Even after stop(): the room must let go of the connection, or the session it holds
  // (and the socket's timers) would outlive the server's shutdown.
  on_strand([player_id = std::move(player_id), connection = std::move(connection)](room_host& self) {
    // The room knows the connection by its stand-in; one it never had is a stale close.
    const auto stand_in = self.gate_.take_stand_in(connection.get());
    self.room_.disconnected(player_id, stand_in ? stand_in.get() : connection.get(), clock::now());
    self.after_change();
  }, true);
}

void room_host::handle(std::string player_id, protocol::table_message message) {
  const auto began = clock::now();
  on_strand([player_id = std::move(player_id), message = std::move(message), began](room_host& self) {
    self.room_.handle(player_id, message, clock::now());
    const bool action = std::holds_alternative<protocol::action_request>(message.request);
    self.after_change(action ? std::optional<clock::time_point>(began) : std::nullopt);
  });
}

void room_host::stop() {
  asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void room_host::announce() {
  on_strand([](room_host& self) { self.after_change(); });
}

void room_host::track_games() {
  const bool running = !room_.closed() && room_.game() && !room_.game()->over();
  if (running && !game_running_) {
    game_started_ = std::chrono::system_clock::now();
    if (services_.metrics) services_.metrics->game_started();
  }
  // A table that closed (nobody left for five minutes) drops its game unrecorded.
  if (room_.closed() && game_running_ && services_.metrics) services_.metrics->game_finished(true);
  game_running_ = running;
}

void room_host::after_change(std::optional<clock::time_point> action_began) {
  const bool was_running = game_running_;
  auto games = room_.take_finished_games();
  if (!games.empty()) {
    if (!was_running) game_started_ = std::chrono::system_clock::now();  // started and ended in one step
    for (const auto& g : games) {
      if (!services_.metrics) break;
      if (!was_running) services_.metrics->game_started();
      services_.metrics->game_finished(g.abandoned);
    }
    game_running_ = false;
  }
  track_games();
  save_step(std::move(games), action_began);

  if (room_.closed()) {
    closed_reported_ = true;
    timer_.cancel();
    if (services_.metrics) services_.metrics->table_closed();
    listener_(code_, std::nullopt);
    return;
  }
  auto summary = room_.summary();
  if (!last_summary_ || !(*last_summary_ == summary)) {
    last_summary_ = summary;
    listener_(code_, std::move(summary));
  }
  arm_timer();
}

void room_host::save_step(std::vector<finished_room_game> games, std::optional<clock::time_point> began) {
  const bool changed = room_.version() != saved_version_ || !games.empty() || room_.closed();
  if (!services_.db || !changed) {
    gate_.end_step(false);
    if (began && services_.metrics) services_.metrics->observe_action(clock::now() - *began);
    return;
  }
  saved_version_ = room_.version();
  // "" tells the store the table is gone: a closed table is never restored.
  std::optional<std::string> state = room_.closed() ? std::string() : saved_state(room_, game_started_);
  std::vector<game_to_record> to_record;
  std::vector<sent_game_over> game_overs;
  const auto ended = std::chrono::system_clock::now();
  for (auto& g : games) {
    game_overs.push_back(sent_game_over{std::move(g.game_over_frame), std::move(g.game_over)});
    to_record.push_back(game_to_record{code_, std::move(g.record), std::move(g.players), std::move(g.finish_order),
                                       g.shithead, g.abandoned, game_started_, ended});
  }
  const auto ticket = gate_.end_step(true);
  if (services_.metrics) services_.metrics->set_store_queue_depth(services_.db->queue_depth() + 1);
  services_.db->save_table(
      code_, std::move(state), std::move(to_record),
      [self = shared_from_this(), ticket = *ticket, began,
       game_overs = std::move(game_overs)](std::vector<recorded_game> results) mutable {
        // On the store's thread: back to the room's strand, whatever state it is in.
        asio::post(self->strand_, [self, ticket, began, game_overs = std::move(game_overs),
                                   results = std::move(results)]() mutable {
          self->gate_.release(ticket, game_over_patcher(std::move(game_overs), std::move(results)));
          if (began && self->services_.metrics) self->services_.metrics->observe_action(clock::now() - *began);
        });
      });
}

void room_host::arm_timer() {
  const auto deadline = stopped_ ? std::nullopt : room_.next_deadline();
  if (!deadline) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(*deadline);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->closed_reported_ || self->stopped_) return;
    self->room_.tick(clock::now());
    self->after_change();
  });
}

}  // namespace shithead::server
