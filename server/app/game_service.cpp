#include "server/app/game_service.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <mutex>
#include <type_traits>

#include "protocol/socket_route.hpp"
#include "server/lobby/sha256.hpp"
#include "server/lobby/table_code.hpp"
#include "server/net/address_block.hpp"
#include "server/room/table_settings.hpp"

namespace shithead::server {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;

namespace {

websocket::close_code close_code_of(protocol::error_code code) {
  return static_cast<websocket::close_code>(protocol::info(code).close_code);
}

void send(websocket_session& session, const protocol::server_message& message) {
  session.deliver(make_frame(protocol::to_text(message)));
}

// The wait before a cluster's node looks for orphaned tables again: the period and a
// random part of half of it more.
std::chrono::milliseconds sweep_delay(std::chrono::milliseconds every, std::uint64_t draw) {
  const auto spread = static_cast<std::uint64_t>(std::max<std::int64_t>(every.count() / 2, 1));
  return every + std::chrono::milliseconds(static_cast<std::int64_t>(draw % spread));
}

// "in 2 minutes", "in a minute", "in an hour": a refused newcomer's wait, rounded up to
// whole minutes so that trying again then works.
std::string retry_words(std::chrono::steady_clock::duration wait) {
  if (wait == std::chrono::steady_clock::duration::max()) return "later";
  const auto minutes = std::max<std::int64_t>(1, std::chrono::ceil<std::chrono::minutes>(wait).count());
  if (minutes == 1) return "in a minute";
  if (minutes == 60) return "in an hour";
  return "in " + std::to_string(minutes) + " minutes";
}

lobby_limits lobby_limits_of(const service_limits& limits) {
  lobby_limits out;
  out.max_tables = limits.max_tables;
  return out;
}

}  // namespace

game_service::game_service(asio::io_context& ioc, random_source random, service_limits limits, room_services services,
                           shards* spread)
    : ioc_(ioc),
      spread_(spread),
      strand_(asio::make_strand(ioc)),
      lobby_flush_(strand_),
      housekeeping_(strand_),
      orphan_sweep_(strand_),
      publish_(strand_),
      random_(random),
      limits_(limits),
      services_(std::move(services)),
      players_(random, identity_limits{limits_.max_players}),
      device_codes_(random, limits_.device_code_lifetime),
      lobby_(random, lobby_limits_of(limits_)) {
  // Every table draws its games' seeds from this service's source unless told otherwise;
  // one source behind a lock, since rooms run on strands of their own (tests pass a
  // stateful sequence, and every copy of it would otherwise repeat the same seeds).
  if (!services_.chance) {
    services_.chance = [source = std::make_shared<random_source>(random), lock = std::make_shared<std::mutex>()] {
      std::lock_guard hold(*lock);
      return (*source)();
    };
  }
  // Runs on the strand, inside whatever changed the list; the timer's wait keeps the
  // service alive until the flush.
  lobby_.on_change([this](std::chrono::steady_clock::time_point not_before) {
    if (shutting_down_) return;  // nobody is left to tell
    lobby_flush_.expires_at(std::max(std::chrono::steady_clock::now() + limits_.lobby_flush_delay, not_before));
    lobby_flush_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
      if (!error) self->lobby_.flush(std::chrono::steady_clock::now());
    });
  });
}

void game_service::load_players(std::vector<player_record> players) {
  std::size_t refused = 0;
  for (auto& p : players)
    if (!players_.load(std::move(p))) ++refused;
  if (refused > 0) spdlog::warn("store: {} player row(s) were not loaded (duplicates, or over the limit)", refused);
}

std::size_t game_service::restore_tables(std::vector<saved_table> saved) {
  std::size_t restored = 0;
  for (const auto& table : saved) {
    const auto& code = table.code;
    auto host = room_host::restore(spread_room(), table, random_(), room_listener(), services_);
    if (!host || !lobby_.restore_table(code, host.value()->host_player(), host.value()->is_public(),
                                       std::chrono::steady_clock::now())) {
      spdlog::error("store: table {} cannot be restored ({}); forgetting it", code,
                    host ? "its code is taken" : host.error());
      if (services_.db) services_.db->save_table(code, std::string(), {}, {});
      continue;
    }
    auto& room = host.value();
    for (const auto& player : room->seated_players()) player_room_[player] = code;
    place_room(code, room);
    room->announce();  // the lobby lists it again once the io_context runs
    ++restored;
  }
  return restored;
}

void game_service::place_room(const std::string& code, std::shared_ptr<room_host> host) {
  {
    const std::lock_guard lock(homes_mutex_);
    homes_[code] = &host->home();
  }
  rooms_[code] = std::move(host);
}

void game_service::remove_room(const std::string& code) {
  {
    const std::lock_guard lock(homes_mutex_);
    homes_.erase(code);
  }
  rooms_.erase(code);
}

asio::io_context& game_service::spread_room() { return spread_ ? spread_->next() : ioc_; }

asio::io_context* game_service::home_of(std::string_view code) const {
  const auto normal = normalize_table_code(code);
  if (!normal) return nullptr;
  const std::lock_guard lock(homes_mutex_);
  const auto it = homes_.find(*normal);
  return it == homes_.end() ? nullptr : it->second;
}

room_host::summary_listener game_service::room_listener() {
  std::weak_ptr<game_service> weak = weak_from_this();
  return [weak](const std::string& room_code, std::optional<protocol::table_summary> summary) {
    if (auto self = weak.lock())
      asio::post(self->strand_,
                 [self, room_code, summary = std::move(summary)] { self->room_changed(room_code, summary); });
  };
}

void game_service::on_open(const std::shared_ptr<websocket_session>& session) {
  // On the session's strand: the route its messages take from now on.
  auto route = std::make_shared<session_route>(limits_.message_budget);
  session->set_context(route);
  asio::post(strand_, [self = shared_from_this(), session, route = std::move(route)] {
    self->sweep_addresses();
    const auto& address = session->address_key();
    auto& use = self->use_of(address);
    auto* block = self->counts_blocks() ? &self->block_use_of(address) : nullptr;
    const bool block_full =
        block && block->connections >= self->limits_.connections_per_address * self->limits_.block_factor;
    if (self->shutting_down_ || use.connections >= self->limits_.connections_per_address || block_full) {
      if (!self->shutting_down_) self->refused_sockets_.refused(block_full ? "network_full" : "address_full");
      session->close(close_code_of(protocol::error_code::too_many_connections),
                     self->shutting_down_ ? "server shutting down"
                     : block_full         ? "too many connections from your network"
                                          : "too many connections from your address");
      self->forget_if_idle(address);
      return;
    }
    ++use.connections;
    if (block) ++block->connections;
    connection opened{session, route};
    if (const auto table = protocol::table_of_socket_target(session->target()))
      opened.table_route = normalize_table_code(*table).value_or("");
    self->connections_.emplace(session.get(), std::move(opened));
  });
}

void game_service::on_close(const std::shared_ptr<websocket_session>& session) {
  asio::post(strand_, [self = shared_from_this(), session] {
    const auto it = self->connections_.find(session.get());
    if (it == self->connections_.end()) return;
    connection& c = it->second;
    if (!c.room.empty()) {
      if (const auto room = self->rooms_.find(c.room); room != self->rooms_.end())
        room->second->disconnected(c.player_id, session);
    }
    self->lobby_.unsubscribe(*session);
    if (const auto one = self->player_connection_.find(c.player_id);
        one != self->player_connection_.end() && one->second == session.get())
      self->player_connection_.erase(one);
    const auto& address = session->address_key();
    --self->use_of(address).connections;
    if (self->counts_blocks()) --self->block_use_of(address).connections;
    self->forget_if_idle(address);
    self->connections_.erase(it);
  });
}

void game_service::on_text(const std::shared_ptr<websocket_session>& session, std::string text) {
  // On the session's strand: the budget, the parse, and a seated player's table message
  // straight to the table; the rest through the service's strand (session_route.hpp).
  auto* route = static_cast<session_route*>(session->context());
  if (!route || route->retired()) return;
  if (!route->budget.take(std::chrono::steady_clock::now())) {
    if (route->budget.abuse()) {
      session->close(close_code_of(protocol::error_code::too_many_messages), "too many messages");
    } else {
      send_error(*session, std::nullopt, protocol::error_code::rate_limited, "too many messages: slow down");
    }
    return;
  }
  auto parsed = protocol::parse_client_message(text);
  if (!parsed) return send_error(*session, parsed.error().id, parsed.error().code, parsed.error().message);
  auto& message = parsed.value();
  if (auto* request = std::get_if<protocol::table_request>(&message.request);
      request && !std::holds_alternative<protocol::leave_request>(*request)) {
    if (auto direct = route->direct_target()) {
      direct->room->handle(std::move(direct->player_id), protocol::table_message{message.id, std::move(*request)},
                           session);
      return;
    }
  }
  route->sent_to_service();
  asio::post(strand_, [self = shared_from_this(), session, message = std::move(message)]() mutable {
    const auto it = self->connections_.find(session.get());
    if (it == self->connections_.end()) return;  // refused at open, or closed: nothing follows
    const auto counted = it->second.route;
    if (!it->second.retired) self->handle(it->second, std::move(message));
    counted->handled_by_service();
  });
}

void game_service::handle(connection& c, protocol::client_message message) {
  const auto& id = message.id;
  if (auto* lobby = std::get_if<protocol::lobby_request>(&message.request)) {
    std::visit([&](auto& request) { on_lobby(c, id, std::move(request)); }, *lobby);
    return;
  }
  auto& request = std::get<protocol::table_request>(message.request);
  if (c.player_id.empty()) return send_error(c, id, protocol::error_code::need_hello, "say hello first");
  if (c.room.empty()) return send_error(c, id, protocol::error_code::not_in_room, "join a table first");
  const auto room = rooms_.find(c.room);
  if (room == rooms_.end()) {
    c.room.clear();
    return send_error(c, id, protocol::error_code::not_in_room, "that table has closed");
  }
  const bool leaving = std::holds_alternative<protocol::leave_request>(request);
  room->second->handle(c.player_id, protocol::table_message{id, std::move(request)}, c.session);
  if (leaving) {
    c.route->leave_table();
    lobby_.disown(c.room, c.player_id);
    c.room.clear();
    player_room_.erase(c.player_id);
    lobby_.subscribe(c.player_id, c.session);
  }
}

template <class Request>
void game_service::on_lobby(connection& c, const request_id& id, Request request) {
  if constexpr (std::is_same_v<Request, protocol::hello_request>) {
    on_hello(c, request, id);
  } else if constexpr (std::is_same_v<Request, protocol::ping_request>) {
    send(*c.session, protocol::pong_message{id});
  } else if (c.player_id.empty()) {
    send_error(c, id, protocol::error_code::need_hello, "say hello first");
  } else if constexpr (std::is_same_v<Request, protocol::list_tables_request>) {
    lobby_.subscribe(c.player_id, c.session);
  } else if constexpr (std::is_same_v<Request, protocol::create_table_request>) {
    on_create(c, request, id);
  } else if constexpr (std::is_same_v<Request, protocol::join_request>) {
    on_join(c, request.code, request.spectate, id);
  } else if constexpr (std::is_same_v<Request, protocol::device_code_request>) {
    on_device_code(c, id);
  } else if constexpr (std::is_same_v<Request, protocol::sign_out_others_request>) {
    on_sign_out_others(c, id);
  } else {
    static_assert(std::is_same_v<Request, protocol::quick_play_request>, "a lobby request without a handler");
    on_quick_play(c, id);
  }
}

void game_service::on_hello(connection& c, const protocol::hello_request& request, const request_id& id) {
  if (request.version != protocol::protocol_version)
    return send_error(c, id, protocol::error_code::bad_version, "this server speaks protocol version 1");
  if (!c.player_id.empty() || c.hello_pending)
    return send_error(c, id, protocol::error_code::already_hello, "this connection has said hello");
  const auto now = std::chrono::steady_clock::now();
  auto& use = use_of(c.session->address_key());
  // A device code stands for its player's token; a wrong one spends from the address's
  // budget of wrong codes, so that codes cannot be guessed.
  std::optional<std::string> token = request.token;
  if (request.device_code && !request.device_code->empty()) {
    if (limits_.wrong_device_codes.burst > 0 && use.wrong_device_codes.available(now) < 1)
      return send_error(c, id, protocol::error_code::rate_limited,
                        "too many wrong device codes from your address; try again in an hour");
    token = device_codes_.redeem(*request.device_code, now);
    if (!token) {
      use.wrong_device_codes.take(now);
      return send_error(
          c, id, protocol::error_code::bad_device_code,
          "this device code has been used, has expired or was mistyped; ask your other device for a new one");
    }
  }
  // A new identity spends from its address's budget, so that one machine cannot fill
  // the registry (or every name) with throwaway players.
  const bool new_player = !token || token->empty();
  if (new_player && limits_.new_players.burst > 0 && use.new_players.available(now) < 1)
    return send_error(c, id, protocol::error_code::rate_limited,
                      "too many new players from your address; try again " +
                          retry_words(use.new_players.wait_for(1, now)) + ", or come back with your token");
  if (new_player && limits_.new_players.burst > 0 && counts_blocks()) {
    const auto& block = block_use_of(c.session->address_key()).new_players;
    if (block.available(now) < 1)
      return send_error(c, id, protocol::error_code::rate_limited,
                        "too many new players from your network; try again " + retry_words(block.wait_for(1, now)) +
                            ", or come back with your token");
  }
  if (!new_player && services_.db && is_lower_hex(*token, token_hex_length))
    return look_up_token(c, id, request.name, *token);
  say_hello(c, id, request.name, token, new_player);
}

void game_service::look_up_token(connection& c, const request_id& id, std::string name, std::string token) {
  c.hello_pending = true;
  std::weak_ptr<game_service> weak = weak_from_this();
  std::string hash = sha256_hex(token);  // before the callback takes the token along
  services_.db->find_player(std::move(hash), [weak, session = c.session, id, name = std::move(name),
                                              token = std::move(token)](player_lookup found) mutable {
    auto self = weak.lock();
    if (!self) return;
    asio::post(self->strand_, [self, session = std::move(session), id, name = std::move(name), token = std::move(token),
                               found = std::move(found)]() mutable {
      auto* waiting = self->served(session.get());
      if (!waiting) return;
      waiting->hello_pending = false;
      auto& players = self->players_;
      if (!found) {
        // The store cannot answer now (a crowd reconnecting at once fills its queue of
        // reads, or it is down): what this server knows stands in for it, and only a
        // token it does not know has to wait.
        if (!players.find_by_token(token))
          return self->send_error(*waiting, id, protocol::error_code::store_unavailable, found.error().message);
      } else if (auto& record = found.value()) {
        // The store's row is the player as they are now, whatever this registry held. A
        // player the store holds always comes in, past the registry's limit if need be:
        // the registry makes room after.
        players.commit(std::move(*record));
        if (self->crowded()) self->make_room();
      } else if (const auto* stale = players.find_by_token(token)) {
        // The store has no such token any more (another server renewed or forgot it):
        // nor has this one.
        players.take_back(player_record(*stale));
      }
      // Not known: say_hello answers bad_token.
      self->say_hello(*waiting, id, name, token, false);
    });
  });
}

void game_service::say_hello(connection& c, const request_id& id, std::string_view name,
                             std::optional<std::string_view> token, bool new_player) {
  auto change = players_.prepare_hello(name, token, std::chrono::system_clock::now());
  if (!change) {
    if (change.error().code == protocol::error_code::registry_full && new_player &&
        players_.size() >= players_.limits().max_players && wait_for_room(c, id, name))
      return;
    return send_error(c, id, change.error().code, change.error().message);
  }
  if (new_player) {
    const auto now = std::chrono::steady_clock::now();
    use_of(c.session->address_key()).new_players.take(now);
    if (counts_blocks()) block_use_of(c.session->address_key()).new_players.take(now);
  }
  auto& [record, answer, must_store] = change.value();
  if (new_player && crowded()) make_room();
  if (!services_.db) {
    players_.commit(std::move(record));
    return welcome_player(c, id, std::move(answer));
  }
  // A new player, a new name or a new token goes out only once stored: a crash must not
  // leave a client holding what the store never got, and another server may have taken
  // the name meanwhile (the store's unique index says so).
  if (must_store && !services_.db->healthy())
    return send_error(c, id, protocol::error_code::cannot_save, std::string(cannot_save_message));
  // Taken here at once, so that every hello after it on this strand sees it, in the order
  // the store writes them; given back if the store refuses it.
  players_.commit(record);
  if (!must_store) {
    // Only last_seen (and perhaps the name's letter case): nothing to wait for.
    store_player(std::move(record), nullptr, {});
    return welcome_player(c, id, std::move(answer));
  }
  c.hello_pending = true;
  store_player(
      std::move(record), c.session,
      [self = shared_from_this(), id, answer = std::move(answer)](connection* waiting, player_saved saved) mutable {
        if (!waiting) return;
        waiting->hello_pending = false;
        if (saved == player_saved::name_taken)
          return self->send_error(*waiting, id, protocol::error_code::name_taken,
                                  "\"" + answer.name + "\" is taken; pick another name");
        if (saved == player_saved::failed)
          return self->send_error(*waiting, id, protocol::error_code::cannot_save,
                                  "the store could not save you; try again");
        self->welcome_player(*waiting, id, std::move(answer));
      });
}

void game_service::store_player(player_record record, std::shared_ptr<websocket_session> session,
                                std::function<void(connection*, player_saved)> then) {
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->save_player(
      record, [weak, record, session = std::move(session), then = std::move(then)](player_saved saved) mutable {
        auto self = weak.lock();
        if (!self) return;
        asio::post(self->strand_, [self, record = std::move(record), session = std::move(session),
                                   then = std::move(then), saved] {
          if (saved != player_saved::saved) {
            spdlog::warn("players: the store refused player {} ({}); their next hello reads the store", record.id,
                         saved == player_saved::name_taken ? "their name is another's" : "the write failed");
            self->players_.take_back(record);
          }
          if (then) then(session ? self->served(session.get()) : nullptr, saved);
        });
      });
}

game_service::connection* game_service::served(const websocket_session* session) {
  const auto it = connections_.find(session);
  if (it == connections_.end() || it->second.retired) return nullptr;
  return &it->second;
}

void game_service::welcome_player(connection& c, const request_id& id, welcome w) {
  // A renewed token makes any device code for the old one worthless.
  if (w.token_renewed) device_codes_.cancel(w.player_id);
  c.player_id = w.player_id;
  c.name = w.name;
  c.token = w.token;
  // One connection per player: the newest wins, and the one before is told so and closed
  // rather than left open and deaf.
  if (const auto before = player_connection_.find(c.player_id); before != player_connection_.end()) {
    if (const auto older = connections_.find(before->second);
        older != connections_.end() && older->second.session != c.session)
      retire(older->second, protocol::error_code::session_moved,
             "you are playing in another tab or on another device now");
  }
  player_connection_[c.player_id] = c.session.get();
  send(*c.session, protocol::welcome_message{id, w.player_id, w.name, w.token});
  // A player at a table (a reload, a phone waking up, another browser) goes straight
  // back to it with a full snapshot.
  if (const auto at = player_room_.find(c.player_id); at != player_room_.end()) {
    if (const auto room = rooms_.find(at->second); room != rooms_.end())
      return enter_room(c, room->second, false, std::nullopt);
    player_room_.erase(at);
  }
  // On a cluster's node, the table the connection's URL names may be one whose server
  // stopped: claimed here, its seated players are back in their seats.
  if (cluster() && !c.table_route.empty() && !rooms_.contains(c.table_route))
    return claim_for_hello(c.session, c.table_route, std::chrono::steady_clock::now() + limits_.claim_patience);
  lobby_.subscribe(c.player_id, c.session);
}

void game_service::claim_for_hello(const std::shared_ptr<websocket_session>& session, const std::string& code,
                                   std::chrono::steady_clock::time_point until, int tries) {
  claim_room(code, [self = shared_from_this(), session, code, until, tries](const claim_answer& answer) {
    auto* waiting = self->served(session.get());
    if (!waiting || !waiting->room.empty() || self->shutting_down_) return;
    if (answer.room) {
      if (const auto at = self->player_room_.find(waiting->player_id);
          at != self->player_room_.end() && at->second == answer.room->code())
        return self->enter_room(*waiting, answer.room, false, std::nullopt);
    } else if (answer.outcome == table_claim::outcome::held_elsewhere && std::chrono::steady_clock::now() < until) {
      // The proxy sends the table's players here now: its node is asked to hand it over
      // (again every second, in case it missed the asking), and lets it go once its steps
      // are stored. Or it died a moment ago, and its lease lapses within a term. Either
      // way the claim then goes through.
      if (tries % 4 == 0) self->services_.db->ask_handover(answer.owner, code);
      auto retry = std::make_shared<asio::steady_timer>(self->strand_, std::chrono::milliseconds(250));
      retry->async_wait([self, retry, session, code, until, tries](const boost::system::error_code& error) {
        if (!error) self->claim_for_hello(session, code, until, tries + 1);
      });
      return;
    }
    self->lobby_.subscribe(waiting->player_id, session);
  });
}

void game_service::on_handover_asked(const std::string& code) {
  if (const auto room = rooms_.find(code); room != rooms_.end() && !shutting_down_) {
    spdlog::info("cluster: another server asks for table {}; handing it over", code);
    room->second->hand_over();
  }
}

void game_service::on_device_code(connection& c, const request_id& id) {
  const auto code = device_codes_.issue(c.player_id, c.token, std::chrono::steady_clock::now());
  send(*c.session, protocol::device_code_message{id, display_device_code(code),
                                                 static_cast<int>(device_codes_.lifetime().count())});
}

void game_service::on_sign_out_others(connection& c, const request_id& id) {
  // A new token kept only in memory would bring the old one back at the next restart.
  if (services_.db && !services_.db->healthy())
    return send_error(c, id, protocol::error_code::cannot_save, std::string(cannot_save_message));
  auto renewed = players_.with_fresh_token(c.player_id);
  if (!renewed) return send_error(c, id, protocol::error_code::registry_full, "no fresh token; try again");
  auto& [record, token] = *renewed;
  // The old token stops working here at once; the new one goes out once stored.
  players_.commit(record);
  device_codes_.cancel(c.player_id);
  // No other connection of this player is live (one connection per player), so the
  // other devices learn it at their next hello: bad_token.
  if (!services_.db) {
    c.token = token;
    return send(*c.session, protocol::token_message{id, std::move(token)});
  }
  store_player(
      std::move(record), c.session,
      [self = shared_from_this(), id, token = std::move(token)](connection* asker, player_saved saved) mutable {
        if (!asker) return;
        if (saved != player_saved::saved)
          return self->send_error(*asker, id, protocol::error_code::cannot_save,
                                  "the store could not save your new token; try again");
        asker->token = token;
        send(*asker->session, protocol::token_message{id, std::move(token)});
      });
}

void game_service::retire(connection& c, protocol::error_code code, std::string message,
                          std::optional<std::string> table) {
  c.retired = true;
  c.route->retire();
  lobby_.unsubscribe(*c.session);
  send_error(c, std::nullopt, code, message, std::move(table));
  c.session->close(close_code_of(code), message);
}

std::shared_ptr<room_host> game_service::open_room(table_settings settings, const connection& owner,
                                                   std::int64_t epoch) {
  // On the creator's shard: a table's first player is usually at it for its whole life.
  auto& home = owner.session ? owner.session->home() : ioc_;
  auto host = std::make_shared<room_host>(home, std::move(settings), player_info{owner.player_id, owner.name},
                                          random_(), room_listener(), services_);
  if (epoch != 0) serve_claimed(*host, epoch);
  place_room(host->code(), host);
  return host;
}

void game_service::on_create(connection& c, const protocol::create_table_request& request, const request_id& id) {
  // A table that could not be saved would be lost to a restart: none is opened while
  // the store cannot write (a full disk).
  if (services_.db && !services_.db->healthy())
    return send_error(c, id, protocol::error_code::cannot_save, std::string(cannot_save_message));
  const auto& address = c.session->address_key();
  if (limits_.tables_per_address > 0 && use_of(address).tables >= limits_.tables_per_address)
    return send_error(c, id, protocol::error_code::too_many_tables,
                      "your address has " + std::to_string(limits_.tables_per_address) +
                          " open tables; join one or wait for one to close");
  if (const auto per_block = limits_.tables_per_address * static_cast<std::size_t>(limits_.block_factor);
      per_block > 0 && block_use_of(address).tables >= per_block)
    return send_error(
        c, id, protocol::error_code::too_many_tables,
        "your network has " + std::to_string(per_block) + " open tables; join one or wait for one to close");
  auto settings = settings_for(request, "", limits_.default_turn_timer, limits_.default_bot_pace);
  if (limits_.adjust_table) limits_.adjust_table(settings);
  auto created = lobby_.create_table(c.player_id, settings.is_public, std::chrono::steady_clock::now());
  if (!created) return send_error(c, id, created.error().code, created.error().message);
  settings.code = created.value();
  if (cluster()) return reserve_and_open(c.session, id, std::move(settings), 3);
  count_table(address, 1);
  table_address_[settings.code] = address;
  enter_room(c, open_room(std::move(settings), c), false, id);
}

void game_service::reserve_and_open(const std::shared_ptr<websocket_session>& session, const request_id& id,
                                    table_settings settings, int tries_left) {
  std::weak_ptr<game_service> weak = weak_from_this();
  auto code = settings.code;
  services_.db->reserve_table(std::move(code), [weak, session, id, settings = std::move(settings),
                                                tries_left](std::optional<std::int64_t> epoch) mutable {
    auto self = weak.lock();
    if (!self) return;
    asio::post(self->strand_, [self, session, id, settings = std::move(settings), tries_left, epoch]() mutable {
      auto* c = self->served(session.get());
      if (!epoch || !c || self->shutting_down_) {
        // The code is another table's somewhere in the cluster (or the store failed, or
        // the player left): this server's lobby lets it go again.
        self->lobby_.remove(settings.code);
        if (epoch) self->services_.db->save_step(table_step{settings.code, std::string(), 0, {}, {}, *epoch}, {});
        if (!c || self->shutting_down_) return;
        if (tries_left <= 1 || !self->services_.db->healthy())
          return self->send_error(*c, id, protocol::error_code::cannot_save, std::string(cannot_save_message));
        auto again = self->lobby_.create_table(c->player_id, settings.is_public, std::chrono::steady_clock::now());
        if (!again) return self->send_error(*c, id, again.error().code, again.error().message);
        settings.code = again.value();
        return self->reserve_and_open(session, id, std::move(settings), tries_left - 1);
      }
      const auto& address = session->address_key();
      self->count_table(address, 1);
      self->table_address_[settings.code] = address;
      self->enter_room(*c, self->open_room(std::move(settings), *c, *epoch), false, id);
    });
  });
}

void game_service::on_join(connection& c, const std::string& code, bool spectate, const request_id& id) {
  auto found = lobby_.find(code);
  // Not this server's (another's, listed here or not), or a table whose server stopped:
  // claimed here if nobody serves it, else the client is given its URL.
  if (cluster() &&
      (found ? !rooms_.contains(found.value().code) : found.error().code == protocol::error_code::no_such_table)) {
    return join_when_claimed(
        c.session, normalize_table_code(code).value_or(""), spectate, id,
        found ? lobby_error{protocol::error_code::no_such_table, "that table has closed"} : found.error(),
        std::chrono::steady_clock::now() + limits_.claim_patience);
  }
  if (!found) return send_error(c, id, found.error().code, found.error().message);
  const auto room = rooms_.find(found.value().code);
  if (room == rooms_.end()) return send_error(c, id, protocol::error_code::no_such_table, "that table has closed");
  enter_room(c, room->second, spectate, id);
}

void game_service::join_when_claimed(const std::shared_ptr<websocket_session>& session, const std::string& code,
                                     bool spectate, const request_id& id, lobby_error missing,
                                     std::chrono::steady_clock::time_point until, int tries) {
  claim_room(code, [self = shared_from_this(), session, code, spectate, id, missing = std::move(missing), until,
                    tries](const claim_answer& answer) {
    auto* waiting = self->served(session.get());
    if (!waiting) return;
    const auto why = answer.outcome;
    if (answer.room) return self->enter_room(*waiting, answer.room, spectate, id);
    if (why == table_claim::outcome::held_elsewhere) {
      // Come by the table's URL: sending the player back to it would only bring them here
      // again (and the owner may be letting it go this moment), so this server takes it.
      if (waiting->table_route == code && std::chrono::steady_clock::now() < until) {
        if (tries % 4 == 0) self->services_.db->ask_handover(answer.owner, code);
        auto retry = std::make_shared<asio::steady_timer>(self->strand_, std::chrono::milliseconds(250));
        retry->async_wait(
            [self, retry, session, code, spectate, id, missing, until, tries](const boost::system::error_code& error) {
              if (!error) self->join_when_claimed(session, code, spectate, id, missing, until, tries + 1);
            });
        return;
      }
      return self->send_error(
          *waiting, id, protocol::error_code::table_moved,
          "table " + code + " is served by another server: connect to " + protocol::socket_target_of_table(code), code);
    }
    if (why == table_claim::outcome::failed)
      return self->send_error(*waiting, id, protocol::error_code::store_unavailable,
                              "the store cannot answer just now; try again");
    self->send_error(*waiting, id, missing.code, missing.message);
  });
}

void game_service::claim_room(const std::string& code, claimed_room then) {
  if (const auto room = rooms_.find(code); room != rooms_.end())
    return then(claim_answer{room->second, table_claim::outcome::claimed, {}});
  auto& waiting = claims_[code];
  waiting.push_back(std::move(then));
  if (waiting.size() > 1) return;  // its claim is on its way
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->claim_table(code, [weak, code](table_claim claim) {
    if (auto self = weak.lock())
      asio::post(self->strand_,
                 [self, code, claim = std::move(claim)]() mutable { self->adopt(code, std::move(claim)); });
  });
}

void game_service::adopt(const std::string& code, table_claim claim) {
  auto waiting = std::move(claims_[code]);
  claims_.erase(code);
  std::shared_ptr<room_host> host;
  auto outcome = claim.result;
  if (outcome == table_claim::outcome::claimed && !shutting_down_) {
    auto restored = room_host::restore(spread_room(), claim.table, random_(), room_listener(), services_);
    if (!restored || !lobby_.restore_table(code, restored.value()->host_player(), restored.value()->is_public(),
                                           std::chrono::steady_clock::now())) {
      spdlog::error("cluster: table {} cannot be restored ({}); forgetting it", code,
                    restored ? "its code is taken" : restored.error());
      services_.db->save_step(table_step{code, std::string(), 0, {}, {}, claim.epoch}, {});
      outcome = table_claim::outcome::no_such_table;
    } else {
      host = restored.value();
      serve_claimed(*host, claim.epoch);
      for (const auto& player : host->seated_players()) player_room_[player] = code;
      place_room(code, host);
      remote_tables_.erase(code);  // served here now: the lobby's entry is this server's
      host->announce();
      spdlog::info("cluster: claimed table {} at epoch {}", code, claim.epoch);
    }
  } else if (outcome == table_claim::outcome::claimed) {
    outcome = table_claim::outcome::failed;  // shutting down: its next server claims it
  }
  for (auto& then : waiting) then(claim_answer{host, outcome, claim.owner});
}

void game_service::serve_claimed(room_host& host, std::int64_t epoch) {
  std::weak_ptr<game_service> weak = weak_from_this();
  host.serve_under_claim(epoch, [weak](const std::string& code) {
    if (auto self = weak.lock()) asio::post(self->strand_, [self, code] { self->on_table_moved(code); });
  });
}

void game_service::on_table_moved(const std::string& code) {
  if (!rooms_.contains(code)) return;
  forget_room(code);
  const std::string why = "table " + code + " is served by another server now; reconnecting";
  for (auto& [key, c] : connections_) {
    (void)key;
    if (c.room == code && !c.retired) retire(c, protocol::error_code::table_moved, why, code);
  }
}

void game_service::note_listing(const std::string& code, const std::optional<protocol::table_summary>& summary) {
  unpublished_[code] = summary;
  if (publish_armed_ || shutting_down_) return;
  publish_armed_ = true;
  publish_.expires_after(limits_.lobby_flush_delay);
  publish_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
    self->publish_armed_ = false;
    if (!error) self->publish_listings();
  });
}

void game_service::publish_listings() {
  std::vector<listed_table> tables;
  tables.reserve(unpublished_.size());
  for (auto& [code, summary] : unpublished_)
    tables.push_back(listed_table{code, summary ? std::optional(protocol::summary_to_text(*summary)) : std::nullopt});
  unpublished_.clear();
  if (!tables.empty()) services_.db->publish_tables(std::move(tables));
}

void game_service::pull_listings(const std::string& node) {
  if (shutting_down_) return;
  if (!pulling_.insert(node).second) {
    pull_again_.insert(node);  // published again while being read: read once more after
    return;
  }
  const auto after = node.empty() ? 0 : listed_seq_[node];
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->read_listed(node, after, [weak, node](std::vector<listed_row> rows) {
    if (auto self = weak.lock())
      asio::post(self->strand_,
                 [self, node, rows = std::move(rows)]() mutable { self->apply_listings(node, std::move(rows)); });
  });
}

void game_service::apply_listings(const std::string& node, std::vector<listed_row> rows) {
  pulling_.erase(node);
  const auto now = std::chrono::steady_clock::now();
  std::unordered_set<std::string> seen;
  for (auto& row : rows) {
    auto& last = listed_seq_[row.node];
    last = std::max(last, row.seq);
    seen.insert(row.code);
    if (rooms_.contains(row.code)) continue;  // served here: this server's own entry stands
    auto summary = row.summary ? protocol::summary_from_text(*row.summary)
                               : protocol::parsed<protocol::table_summary>(protocol::parse_error{"unlisted"});
    if (summary) {
      lobby_.list_remote(row.code, std::move(summary).value(), now);
      remote_tables_[row.code] = row.node;
    } else if (const auto it = remote_tables_.find(row.code); it != remote_tables_.end() && it->second == row.node) {
      lobby_.unlist_remote(row.code);
      remote_tables_.erase(it);
    }
  }
  if (node.empty()) {
    // Everything listed now: a remote table not among it went while this server was not
    // listening.
    std::erase_if(remote_tables_, [&](const auto& entry) {
      if (seen.contains(entry.first)) return false;
      lobby_.unlist_remote(entry.first);
      return true;
    });
  }
  if (pull_again_.erase(node) > 0) pull_listings(node);
}

void game_service::sweep_orphans() {
  if (shutting_down_) return;
  constexpr int batch = 64;
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->orphan_tables(batch, limits_.orphans_unowned_for, [weak](std::vector<std::string> codes) {
    auto self = weak.lock();
    if (!self) return;
    asio::post(self->strand_, [self, codes = std::move(codes)] {
      if (self->shutting_down_) return;
      for (const auto& code : codes)
        if (!self->rooms_.contains(code)) self->claim_room(code, [](const claim_answer&) {});
      // A full batch: more are waiting, so the next sweep comes at once. Otherwise a
      // random share of the period more, so that nodes started together do not sweep
      // together.
      auto next = sweep_delay(self->limits_.orphan_sweep_every, self->random_());
      if (codes.size() == static_cast<std::size_t>(batch)) next = std::chrono::milliseconds(0);
      self->orphan_sweep_.expires_after(next);
      self->orphan_sweep_.async_wait(
          [weak = std::weak_ptr<game_service>(self)](const boost::system::error_code& error) {
            if (auto again = weak.lock(); again && !error) again->sweep_orphans();
          });
    });
  });
}

void game_service::on_quick_play(connection& c, const request_id& id) {
  // Another server's table is joined as by its code: that server is asked for it, and the
  // client is sent to its URL (table_moved names the table).
  if (const auto code = lobby_.quick_play_pick()) return on_join(c, *code, false, id);
  protocol::create_table_request open_to_all;
  open_to_all.is_public = true;
  on_create(c, open_to_all, id);
}

void game_service::enter_room(connection& c, const std::shared_ptr<room_host>& host, bool spectate,
                              const request_id& id) {
  if (!c.room.empty() && c.room != host->code()) leave_room(c);
  c.room = host->code();
  lobby_.unsubscribe(*c.session);
  std::weak_ptr<game_service> weak = weak_from_this();
  auto session = c.session;
  host->join(player_info{c.player_id, c.name}, session, spectate,
             [weak, session, id, code = host->code()](rules::result<join_result, room_error> joined) {
               auto self = weak.lock();
               if (!self) return;
               asio::post(self->strand_, [self, session, id, code, joined = std::move(joined)] {
                 const auto it = self->connections_.find(session.get());
                 if (it == self->connections_.end()) return;
                 if (!joined) {
                   if (it->second.room == code) it->second.room.clear();
                   self->send_error(it->second, id, joined.error().code, joined.error().message);
                   self->lobby_.subscribe(it->second.player_id, session);
                   return;
                 }
                 // Only a seat brings a player back here on their next hello: a spectator
                 // who reloads is back in the lobby, as one who leaves.
                 if (joined.value().seat) {
                   self->player_room_[it->second.player_id] = code;
                   // A seated player's connection is never closed for a newcomer when
                   // the server is full (net/address_table.hpp).
                   session->keep_place();
                 } else {
                   self->player_room_.erase(it->second.player_id);
                 }
                 send(*session, protocol::joined_message{id, code});
                 // From now on its table messages go straight to the table (their answers
                 // after `joined`), unless the connection has moved on meanwhile.
                 if (it->second.room == code)
                   if (const auto room = self->rooms_.find(code); room != self->rooms_.end())
                     it->second.route->seat_at(room->second, it->second.player_id);
               });
             });
}

void game_service::leave_room(connection& c) {
  c.route->leave_table();
  if (const auto room = rooms_.find(c.room); room != rooms_.end()) room->second->leave(c.player_id);
  lobby_.disown(c.room, c.player_id);
  c.room.clear();
  player_room_.erase(c.player_id);
}

void game_service::room_changed(const std::string& code, std::optional<protocol::table_summary> summary) {
  if (!summary) {
    forget_room(code);
    // Its members' messages come here again, to be told the table has closed.
    for (auto& [key, c] : connections_) {
      (void)key;
      if (c.room == code) c.route->leave_table();
    }
    return;
  }
  // A room that moved to another server may still report a change it made before.
  if (!rooms_.contains(code)) return;
  if (cluster()) note_listing(code, summary->is_public ? summary : std::nullopt);
  lobby_.update_summary(code, std::move(*summary));
}

void game_service::forget_room(const std::string& code) {
  if (cluster()) note_listing(code, std::nullopt);
  lobby_.remove(code);
  remove_room(code);
  if (const auto opened = table_address_.find(code); opened != table_address_.end()) {
    const auto address = opened->second;
    table_address_.erase(opened);
    count_table(address, -1);
    forget_if_idle(address);
  }
  std::erase_if(player_room_, [&](const auto& entry) { return entry.second == code; });
}

void game_service::shutdown() {
  asio::post(strand_, [self = shared_from_this()] {
    self->shutting_down_ = true;
    self->lobby_flush_.cancel();
    self->housekeeping_.cancel();
    self->orphan_sweep_.cancel();
    self->publish_.cancel();
    for (auto& [code, room] : self->rooms_) {
      (void)code;
      room->stop();
    }
    for (auto& [key, c] : self->connections_) {
      (void)key;
      send(*c.session, protocol::closing_message{"server shutting down"});
      c.session->close(websocket::close_code::going_away, "server shutting down");
    }
  });
}

void game_service::release() {
  connections_.clear();
  player_connection_.clear();
  rooms_.clear();
  {
    const std::lock_guard lock(homes_mutex_);
    homes_.clear();
  }
  player_room_.clear();
  addresses_.clear();
  table_address_.clear();
}

game_service::address_use& game_service::use_of(const std::string& key) {
  return addresses_
      .try_emplace(key,
                   address_use{0, 0, credit_bucket(limits_.new_players), credit_bucket(limits_.wrong_device_codes)})
      .first->second;
}

game_service::address_use& game_service::block_use_of(const std::string& address_key) {
  credit_limits new_players = limits_.new_players;
  new_players.burst *= limits_.block_factor;
  new_players.rate_per_second *= limits_.block_factor;
  return addresses_
      .try_emplace(block_key(address_key),
                   address_use{0, 0, credit_bucket(new_players), credit_bucket(limits_.wrong_device_codes)})
      .first->second;
}

void game_service::count_table(const std::string& address_key, int delta) {
  auto& use = use_of(address_key);
  use.tables = static_cast<std::size_t>(static_cast<long>(use.tables) + delta);
  if (!counts_blocks()) return;
  auto& block = block_use_of(address_key);
  block.tables = static_cast<std::size_t>(static_cast<long>(block.tables) + delta);
}

bool game_service::idle(const address_use& use, std::chrono::steady_clock::time_point now) {
  return use.connections <= 0 && use.tables == 0 && use.new_players.full(now) && use.wrong_device_codes.full(now);
}

void game_service::forget_if_idle(const std::string& key) {
  const auto now = std::chrono::steady_clock::now();
  // The address's block too: its entry goes with the last address of it that leaves.
  for (const auto& which : {key, counts_blocks() ? block_key(key) : std::string()}) {
    const auto it = addresses_.find(which);
    if (it != addresses_.end() && idle(it->second, now)) addresses_.erase(it);
  }
}

void game_service::sweep_addresses() {
  // Addresses that left while their budget refilled; once a minute is plenty.
  const auto now = std::chrono::steady_clock::now();
  if (now - last_address_sweep_ < std::chrono::minutes(1)) return;
  last_address_sweep_ = now;
  std::erase_if(addresses_, [&](const auto& entry) { return idle(entry.second, now); });
}

void game_service::start_housekeeping() {
  if (cluster()) {
    // A cluster's node: tables nobody came back to, handovers asked of it, and the other
    // nodes' public tables (all of them first).
    asio::post(strand_, [self = shared_from_this()] { self->sweep_orphans(); });
    std::weak_ptr<game_service> weak = weak_from_this();
    services_.db->on_handover_asked([weak](const std::string& code) {
      if (auto self = weak.lock()) asio::post(self->strand_, [self, code] { self->on_handover_asked(code); });
    });
    services_.db->on_tables_published([weak](const std::string& node) {
      if (auto self = weak.lock()) asio::post(self->strand_, [self, node] { self->pull_listings(node); });
    });
    asio::post(strand_, [self = shared_from_this()] { self->pull_listings(""); });
  }
  if (!services_.db || limits_.forget_idle_after.count() <= 0) return;
  asio::post(strand_, [self = shared_from_this()] { self->housekeeping(); });
}

void game_service::housekeeping() {
  if (shutting_down_) return;
  const auto now = std::chrono::system_clock::now();
  const auto seen_before =
      now - std::chrono::duration_cast<std::chrono::system_clock::duration>(limits_.forget_idle_after);
  // Whoever is connected here is seen now, in the store too, before the sweep's delete
  // (the writer keeps their order): deleted and written back instead, they would be
  // missing from the store for a moment, and a hello with their token then refused.
  const auto halfway = now - (now - seen_before) / 2;
  for (const auto& [player_id, session] : player_connection_)
    if (const auto* record = players_.find_by_id(player_id); record && record->last_seen < halfway) seen_now(*record);
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->forget_idle_players(seen_before, 10'000, [weak, seen_before](std::vector<std::string> ids) {
    if (ids.empty()) return;
    if (auto self = weak.lock())
      asio::post(self->strand_, [self, seen_before, ids = std::move(ids)] {
        const auto forgotten = self->forget_players(ids, seen_before);
        spdlog::info("players: forgot {} who never finished a game and were not seen for {} h; {} remain", forgotten,
                     std::chrono::duration_cast<std::chrono::hours>(self->limits_.forget_idle_after).count(),
                     self->players_.size());
      });
  });
  housekeeping_.expires_after(limits_.housekeeping_every);
  housekeeping_.async_wait([weak](const boost::system::error_code& error) {
    if (auto self = weak.lock(); self && !error) self->housekeeping();
  });
}

std::size_t game_service::forget_players(const std::vector<std::string>& ids,
                                         std::chrono::system_clock::time_point seen_before) {
  std::size_t forgotten = 0;
  for (const auto& player_id : ids) {
    // Someone connected or seated now is not idle, however long ago their hello was:
    // the store forgot their row, so it is written again.
    const bool here = player_room_.contains(player_id) || player_connection_.contains(player_id);
    if (!here && players_.forget(player_id, seen_before)) {
      ++forgotten;
    } else if (const auto* record = players_.find_by_id(player_id)) {
      // Seen now, too: written back with their old last_seen, they would be forgotten
      // again at every sweep, and a hello with their token that reached the store between
      // a sweep and the write back would be refused.
      seen_now(*record);
    }
  }
  return forgotten;
}

void game_service::seen_now(const player_record& record) {
  auto seen = record;
  seen.last_seen = std::chrono::system_clock::now();
  players_.commit(seen);
  services_.db->save_player(std::move(seen));
}

bool game_service::crowded() const {
  // From 95% on, so that a batch is forgotten before the registry is full.
  const auto most = players_.limits().max_players;
  return services_.db && players_.size() >= most - most / 20;
}

void game_service::make_room() {
  if (making_room_ || !services_.db || std::chrono::steady_clock::now() < room_exhausted_until_) return;
  making_room_ = true;
  // A twentieth of the registry a batch (at least 10; at most the 10,000 a write may
  // forget). A cluster's node forgets only players gone an hour: one seen lately may be
  // connected to another node, which this one cannot see.
  const auto most = static_cast<int>(std::clamp<std::size_t>(players_.limits().max_players / 20, 10, 10'000));
  const auto seen_before =
      std::chrono::system_clock::now() - (cluster() ? std::chrono::hours(1) : std::chrono::hours(0));
  std::weak_ptr<game_service> weak = weak_from_this();
  services_.db->forget_idle_players(seen_before, most, [weak, seen_before](std::vector<std::string> ids) {
    if (auto self = weak.lock())
      asio::post(self->strand_, [self, seen_before, ids = std::move(ids)] { self->room_made(ids, seen_before); });
  });
}

void game_service::room_made(const std::vector<std::string>& ids, std::chrono::system_clock::time_point seen_before) {
  making_room_ = false;
  const std::size_t forgotten = forget_players(ids, seen_before);
  spdlog::info("players: the registry was near full; forgot {} who never finished a game, gone longest; {} remain",
               forgotten, players_.size());
  // The batch may have been only players who are here (written back, seen now, so last
  // in the next batch): another batch is asked for, a few times. When the store has
  // nobody left to forget (everyone played), or batch after batch freed nothing,
  // refusing is right for a minute, rather than asking the store again at every hello.
  fruitless_batches_ = forgotten > 0 ? 0 : fruitless_batches_ + 1;
  const bool exhausted = ids.empty() || fruitless_batches_ >= 3;
  if (exhausted) {
    fruitless_batches_ = 0;
    room_exhausted_until_ = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  } else if (forgotten == 0) {
    return make_room();  // the hellos wait on
  }
  for (auto& waiting : std::exchange(waiting_for_room_, {})) {
    auto* c = served(waiting.session.get());
    if (!c) continue;
    c->hello_pending = false;
    if (exhausted) {
      send_error(*c, waiting.id, protocol::error_code::registry_full,
                 "the server has no room for new players: everyone it knows has played here");
    } else {
      say_hello(*c, waiting.id, waiting.name, std::nullopt, true);
    }
  }
  if (!exhausted && crowded()) make_room();
}

bool game_service::wait_for_room(connection& c, const request_id& id, std::string_view name) {
  if (!services_.db || waiting_for_room_.size() >= max_waiting_for_room ||
      std::chrono::steady_clock::now() < room_exhausted_until_)
    return false;
  c.hello_pending = true;
  waiting_for_room_.push_back(waiting_hello{c.session, id, std::string(name)});
  make_room();
  return true;
}

void game_service::send_error(connection& c, const request_id& id, protocol::error_code code, std::string message,
                              std::optional<std::string> table) {
  send_error(*c.session, id, code, std::move(message), std::move(table));
}

void game_service::send_error(websocket_session& session, const request_id& id, protocol::error_code code,
                              std::string message, std::optional<std::string> table) const {
  if (services_.metrics) services_.metrics->error_sent(code);
  send(session, protocol::error_message{id, code, std::move(message), std::move(table)});
}

}  // namespace shithead::server
