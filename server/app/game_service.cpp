#include "server/app/game_service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/room/table_settings.hpp"

namespace shithead::server {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;
using protocol::json;

namespace {

// The request id to echo: a string or an integer, else nothing.
json request_id(const json& message) {
  if (!message.is_object()) return nullptr;
  const auto it = message.find("id");
  if (it == message.end() || !(it->is_string() || it->is_number_integer())) return nullptr;
  return *it;
}

std::string text_field(const json& message, const char* key) {
  const auto it = message.find(key);
  return it != message.end() && it->is_string() ? it->get<std::string>() : std::string{};
}

websocket::close_code close_code_of(protocol::error_code code) {
  return static_cast<websocket::close_code>(protocol::info(code).close_code);
}

void send(websocket_session& session, json message) {
  session.deliver(make_frame(protocol::dump_json(message)));
}

}  // namespace

game_service::game_service(asio::io_context& ioc, random_source random, service_limits limits,
                           room_services services)
    : ioc_(ioc),
      strand_(asio::make_strand(ioc)),
      random_(random),
      limits_(limits),
      services_(std::move(services)),
      players_(random),
      lobby_(random) {}

void game_service::load_players(std::vector<player_record> players) {
  std::size_t refused = 0;
  for (auto& p : players)
    if (!players_.load(std::move(p))) ++refused;
  if (refused > 0) spdlog::warn("store: {} player row(s) were not loaded (duplicates, or over the limit)", refused);
}

std::size_t game_service::restore_tables(std::vector<std::pair<std::string, std::string>> saved) {
  std::size_t restored = 0;
  for (auto& [code, state] : saved) {
    auto host = room_host::restore(ioc_, state, random_(), room_listener(), services_);
    if (!host || !lobby_.restore_table(code, host.value()->host_player(), host.value()->is_public(),
                                       std::chrono::steady_clock::now())) {
      spdlog::error("store: table {} cannot be restored ({}); forgetting it", code,
                    host ? "its code is taken" : host.error());
      if (services_.db) services_.db->save_table(code, std::string(), {}, {});
      continue;
    }
    auto& room = host.value();
    for (const auto& player : room->seated_players()) player_room_[player] = code;
    rooms_[code] = room;
    room->announce();  // the lobby lists it again once the io_context runs
    ++restored;
  }
  return restored;
}

room_host::summary_listener game_service::room_listener() {
  std::weak_ptr<game_service> weak = weak_from_this();
  return [weak](const std::string& room_code, std::optional<table_summary> summary) {
    if (auto self = weak.lock())
      asio::post(self->strand_, [self, room_code, summary = std::move(summary)] {
        self->room_changed(room_code, summary);
      });
  };
}

void game_service::on_open(const std::shared_ptr<websocket_session>& session) {
  asio::post(strand_, [self = shared_from_this(), session] {
    int& count = self->per_address_[session->remote_address()];
    if (self->shutting_down_ || count >= self->limits_.connections_per_address) {
      session->close(close_code_of(protocol::error_code::too_many_connections),
                     self->shutting_down_ ? "server shutting down" : "too many connections from your address");
      return;
    }
    ++count;
    self->connections_.emplace(session.get(), connection{session, {}, {}, {}, credit_bucket(self->limits_.message_budget)});
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
    if (--self->per_address_[session->remote_address()] <= 0) self->per_address_.erase(session->remote_address());
    self->connections_.erase(it);
  });
}

void game_service::on_text(const std::shared_ptr<websocket_session>& session, std::string text) {
  asio::post(strand_, [self = shared_from_this(), session, text = std::move(text)] {
    const auto it = self->connections_.find(session.get());
    if (it == self->connections_.end()) return;
    connection& c = it->second;
    if (!c.budget.take(std::chrono::steady_clock::now())) {
      if (c.budget.abuse()) {
        c.session->close(close_code_of(protocol::error_code::too_many_messages), "too many messages");
      } else {
        self->send_error(c, nullptr, protocol::error_code::rate_limited, "too many messages: slow down");
      }
      return;
    }
    auto parsed = protocol::parse_json_text(text);
    if (!parsed || !parsed.value().is_object() || !parsed.value().contains("type") ||
        !parsed.value()["type"].is_string()) {
      self->send_error(c, request_id(parsed ? parsed.value() : json()), protocol::error_code::bad_message,
                 text.empty() ? "messages are JSON text frames"
                              : (parsed ? "a message is a JSON object with a string \"type\""
                                        : parsed.error().message));
      return;
    }
    self->handle(c, parsed.value());
  });
}

void game_service::handle(connection& c, const json& message) {
  const std::string type = message["type"].get<std::string>();
  const json id = request_id(message);
  if (type == "hello") return on_hello(c, message, id);
  if (type == "ping") return send(*c.session, json{{"type", "pong"}, {"id", id}});
  if (c.player_id.empty()) return send_error(c, id, protocol::error_code::need_hello, "say hello first");
  if (type == "list_tables") return lobby_.subscribe(c.player_id, c.session);
  if (type == "create_table") return on_create(c, message, id);
  if (type == "join") {
    const auto spectate = message.find("spectate");
    return on_join(c, text_field(message, "code"), spectate != message.end() && spectate->is_boolean() && spectate->get<bool>(), id);
  }
  if (type == "quick_play") return on_quick_play(c, id);
  if (c.room.empty()) return send_error(c, id, protocol::error_code::not_in_room, "join a table first");
  const auto room = rooms_.find(c.room);
  if (room == rooms_.end()) {
    c.room.clear();
    return send_error(c, id, protocol::error_code::not_in_room, "that table has closed");
  }
  if (type == "leave") {
    room->second->handle(c.player_id, message);
    c.room.clear();
    player_room_.erase(c.player_id);
    lobby_.subscribe(c.player_id, c.session);
    return;
  }
  room->second->handle(c.player_id, message);  // the room answers unknown types itself
}

void game_service::on_hello(connection& c, const json& message, const json& id) {
  const auto version = message.find("v");
  if (version == message.end() || !version->is_number_integer() || version->get<int>() != protocol_version)
    return send_error(c, id, protocol::error_code::bad_version, "this server speaks protocol version 1");
  if (!c.player_id.empty()) return send_error(c, id, protocol::error_code::already_hello, "this connection has said hello");
  std::optional<std::string> token;
  if (const auto t = message.find("token"); t != message.end() && t->is_string()) token = t->get<std::string>();
  auto welcomed = players_.hello(text_field(message, "name"), token, std::chrono::system_clock::now());
  if (!welcomed) return send_error(c, id, welcomed.error().code, welcomed.error().message);
  const auto& w = welcomed.value();
  // Queued before the welcome goes out; the store writes in order, so the player's row
  // is on disk before any game that names them.
  if (services_.db)
    if (const auto* record = players_.find_by_id(w.player_id)) services_.db->save_player(*record);
  c.player_id = w.player_id;
  c.name = w.name;
  send(*c.session, json{{"type", "welcome"}, {"id", id}, {"player_id", w.player_id}, {"name", w.name}, {"token", w.token}});
  // A player at a table (a reload, a phone waking up, another browser) goes straight
  // back to it with a full snapshot.
  if (const auto at = player_room_.find(c.player_id); at != player_room_.end()) {
    if (const auto room = rooms_.find(at->second); room != rooms_.end()) return enter_room(c, room->second, false, nullptr);
    player_room_.erase(at);
  }
  lobby_.subscribe(c.player_id, c.session);
}

std::shared_ptr<room_host> game_service::open_room(table_settings settings, const connection& owner) {
  auto host = std::make_shared<room_host>(ioc_, std::move(settings), player_info{owner.player_id, owner.name},
                                          random_(), room_listener(), services_);
  rooms_[host->code()] = host;
  return host;
}

void game_service::on_create(connection& c, const json& message, const json& id) {
  auto settings = table_settings_from_json(message, "", limits_.default_turn_timer);
  if (!settings) return send_error(c, id, protocol::error_code::bad_table, settings.error().message);
  if (limits_.adjust_table) limits_.adjust_table(settings.value());
  auto created = lobby_.create_table(c.player_id, settings.value().is_public, std::chrono::steady_clock::now());
  if (!created) return send_error(c, id, created.error().code, created.error().message);
  settings.value().code = created.value();
  enter_room(c, open_room(std::move(settings.value()), c), false, id);
}

void game_service::on_join(connection& c, const std::string& code, bool spectate, const json& id) {
  auto found = lobby_.find(code);
  if (!found) return send_error(c, id, found.error().code, found.error().message);
  const auto room = rooms_.find(found.value().code);
  if (room == rooms_.end()) return send_error(c, id, protocol::error_code::no_such_table, "that table has closed");
  enter_room(c, room->second, spectate, id);
}

void game_service::on_quick_play(connection& c, const json& id) {
  if (const auto code = lobby_.quick_play_pick()) return on_join(c, *code, false, id);
  on_create(c, json{{"public", true}}, id);
}

void game_service::enter_room(connection& c, const std::shared_ptr<room_host>& host, bool spectate, const json& id) {
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
                 } else {
                   self->player_room_.erase(it->second.player_id);
                 }
                 send(*session, json{{"type", "joined"}, {"id", id}, {"code", code}});
               });
             });
}

void game_service::leave_room(connection& c) {
  if (const auto room = rooms_.find(c.room); room != rooms_.end()) room->second->leave(c.player_id);
  c.room.clear();
  player_room_.erase(c.player_id);
}

void game_service::room_changed(const std::string& code, std::optional<table_summary> summary) {
  if (!summary) {
    lobby_.remove(code);
    rooms_.erase(code);
    std::erase_if(player_room_, [&](const auto& entry) { return entry.second == code; });
    return;
  }
  lobby_.update_summary(code, std::move(*summary));
}

void game_service::shutdown() {
  asio::post(strand_, [self = shared_from_this()] {
    self->shutting_down_ = true;
    for (auto& [code, room] : self->rooms_) {
      (void)code;
      room->stop();
    }
    for (auto& [key, c] : self->connections_) {
      (void)key;
      send(*c.session, json{{"type", "closing"}, {"reason", "server shutting down"}});
      c.session->close(websocket::close_code::going_away, "server shutting down");
    }
  });
}

void game_service::release() {
  connections_.clear();
  rooms_.clear();
  player_room_.clear();
  per_address_.clear();
}

void game_service::send_error(connection& c, const json& id, protocol::error_code code, std::string message) {
  if (services_.metrics) services_.metrics->error_sent(code);
  send(*c.session, json{{"type", "error"}, {"id", id}, {"code", protocol::to_string(code)}, {"message", std::move(message)}});
}

}  // namespace shithead::server
