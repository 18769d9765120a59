// Client messages at the table: what each request may do and who may send it.
// Entry points and membership are in room.cpp; the game, clocks and frames in
// room_game.cpp.
#include <algorithm>
#include <array>
#include <cassert>
#include <initializer_list>

#include "protocol/action_json.hpp"
#include "protocol/json_reader.hpp"
#include "server/room/room.hpp"

namespace shithead::server {
namespace {

using protocol::json;

constexpr std::array<std::string_view, 2> envelope_keys = {"type", "id"};

room_error bad_message(std::string message) { return room_error{protocol::error_code::bad_message, std::move(message)}; }

// An error unless the message holds only "type", "id" and `keys`.
std::optional<room_error> check_keys(const json& message, std::initializer_list<std::string_view> keys) {
  if (auto bad = protocol::check_object(message, "", std::span(keys.begin(), keys.size()), envelope_keys))
    return bad_message(bad->message);
  return std::nullopt;
}

std::string bot_label(rules::bot_kind kind, int number) {
  std::string label(rules::to_string(kind));
  label[0] = static_cast<char>(label[0] - 'a' + 'A');
  return label + " bot " + std::to_string(number);
}

}  // namespace

room::error room::dispatch(const std::string& player_id, const std::string& type, const json& message,
                           const json* id, time_point now) {
  if (type == "ready") return on_ready(player_id, message);
  if (type == "add_bot") return on_add_bot(player_id, message);
  if (type == "remove_bot") return on_remove_bot(player_id, message);
  if (type == "start" || type == "rematch") {
    if (auto bad = check_keys(message, {})) return bad;
    return on_start(player_id, type == "rematch", now);
  }
  if (type == "action") return on_action(player_id, message, now);
  if (type == "chat") return on_chat(player_id, message, now);
  if (type == "react") return on_react(player_id, message, now);
  if (type == "sit") return on_sit(player_id, message);
  if (type == "stand") {
    if (auto bad = check_keys(message, {})) return bad;
    return on_stand(player_id);
  }
  if (type == "snapshot") {
    if (auto bad = check_keys(message, {})) return bad;
    send_snapshot(player_id, id, now);
    return std::nullopt;
  }
  if (type == "leave") {
    if (auto bad = check_keys(message, {})) return bad;
    do_leave(player_id, id, now);
    return std::nullopt;
  }
  return room_error{protocol::error_code::unknown_type, "unknown message type " + protocol::quote(json(type))};
}

room::error room::on_ready(const std::string& player_id, const json& message) {
  if (auto bad = check_keys(message, {"ready"})) return bad;
  const int index = find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "only a seated player can be ready"};
  const auto field = protocol::require_field(message, "", "ready");
  if (!field) return bad_message(field.error().message);
  const auto ready = protocol::read_bool(*field.value(), "ready");
  if (!ready) return bad_message(ready.error().message);
  auto& s = seats_[static_cast<std::size_t>(index)];
  if (s.ready != ready.value()) {
    s.ready = ready.value();
    room_dirty_ = true;
  }
  return std::nullopt;
}

room::error room::on_add_bot(const std::string& player_id, const json& message) {
  if (auto bad = check_keys(message, {"kind"})) return bad;
  if (player_id != host_) return room_error{protocol::error_code::not_host, "only the host can add a bot"};
  rules::bot_kind kind = rules::bot_kind::greedy;
  if (const json* field = protocol::find_field(message, "kind")) {
    const auto* text = field->is_string() ? &field->get_ref<const std::string&>() : nullptr;
    const auto parsed = text ? rules::parse_bot_kind(*text) : std::nullopt;
    if (!parsed)
      return bad_message("kind: expected \"random\" or \"greedy\", got " + protocol::quote(*field));
    kind = *parsed;
  }
  const int index = free_seat();
  if (index < 0) return room_error{protocol::error_code::no_free_seat, "every seat is taken"};
  auto& s = seats_[static_cast<std::size_t>(index)];
  s = seat{};
  s.bot = kind;
  ++bots_added_;
  s.bot_id = "bot:" + std::to_string(bots_added_);
  s.name = bot_label(kind, bots_added_);
  s.seated_order = next_order_++;
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_remove_bot(const std::string& player_id, const json& message) {
  if (auto bad = check_keys(message, {"seat"})) return bad;
  if (player_id != host_) return room_error{protocol::error_code::not_host, "only the host can remove a bot"};
  const auto field = protocol::require_field(message, "", "seat");
  if (!field) return bad_message(field.error().message);
  const auto index = protocol::read_int(*field.value(), "seat", 0, settings_.seats - 1);
  if (!index) return room_error{protocol::error_code::bad_seat, index.error().message};
  if (!seats_[static_cast<std::size_t>(index.value())].bot)
    return room_error{protocol::error_code::not_a_bot, "no bot sits in seat " + std::to_string(index.value())};
  if (seat_in_game(index.value())) return room_error{protocol::error_code::in_game, "a bot in the game plays until it ends"};
  free_the_seat(index.value());
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_start(const std::string& player_id, bool rematch, time_point now) {
  if (rematch) {
    if (player_id != host_ && find_seat(player_id) < 0)
      return room_error{protocol::error_code::not_seated, "only the players can call a rematch"};
    if (!game_) return room_error{protocol::error_code::no_game, "no game has been played here yet; the host starts the first"};
  } else if (player_id != host_) {
    return room_error{protocol::error_code::not_host, "only the host can start the game"};
  }
  if (in_game()) return room_error{protocol::error_code::in_game, "a game is in progress"};
  const auto seated = std::count_if(seats_.begin(), seats_.end(), [](const seat& s) { return !s.free(); });
  if (seated < rules::min_players)
    return room_error{protocol::error_code::too_few_players, "a game needs at least two seated players or bots"};
  return start_game(now);
}

room::error room::on_action(const std::string& player_id, const json& message, time_point now) {
  if (auto bad = check_keys(message, {"action"})) return bad;
  const int index = find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "spectators cannot play"};
  if (!game_) return room_error{protocol::error_code::no_game, "no game is being played"};
  if (index >= game_->players) return room_error{protocol::error_code::not_playing, "this seat plays from the next game"};
  const auto field = protocol::require_field(message, "", "action");
  if (!field) return bad_message(field.error().message);
  const auto action = protocol::action_from_json(*field.value(), "action");
  if (!action) return bad_message(action.error().message);
  if (auto refused = apply_action(index, action.value(), now))
    return room_error{protocol::from_rules(refused->code), std::move(refused->message)};
  seats_[static_cast<std::size_t>(index)].timeouts = 0;
  return std::nullopt;
}

room::error room::on_chat(const std::string& player_id, const json& message, time_point now) {
  if (auto bad = check_keys(message, {"text"})) return bad;
  const auto field = protocol::require_field(message, "", "text");
  if (!field) return bad_message(field.error().message);
  const auto text = protocol::read_string(*field.value(), "text");
  if (!text) return bad_message(text.error().message);
  auto clean = clean_chat_text(text.value());
  if (!clean) return room_error{protocol::error_code::bad_text, clean.error().message};
  if (!chat_limiter_.allow(player_id, now))
    return room_error{protocol::error_code::rate_limited, "too many messages; wait a few seconds"};
  const int index = find_seat(player_id);
  broadcast(chat_message(player_id, name_of(player_id), index >= 0 ? std::optional(index) : std::nullopt,
                         clean.value()));
  return std::nullopt;
}

room::error room::on_react(const std::string& player_id, const json& message, time_point now) {
  if (auto bad = check_keys(message, {"reaction"})) return bad;
  const auto field = protocol::require_field(message, "", "reaction");
  if (!field) return bad_message(field.error().message);
  const auto reaction = protocol::read_string(*field.value(), "reaction");
  if (!reaction) return bad_message(reaction.error().message);
  if (!is_reaction(reaction.value()))
    return room_error{protocol::error_code::bad_reaction, "not one of the reactions: 👍 😂 😮 😡 💩 🔥"};
  if (!reaction_limiter_.allow(player_id, now))
    return room_error{protocol::error_code::rate_limited, "too many reactions; wait a few seconds"};
  const int index = find_seat(player_id);
  broadcast(reaction_message(player_id, name_of(player_id), index >= 0 ? std::optional(index) : std::nullopt,
                             reaction.value()));
  return std::nullopt;
}

room::error room::on_sit(const std::string& player_id, const json& message) {
  if (auto bad = check_keys(message, {"seat"})) return bad;
  const int from = find_seat(player_id);
  if (from >= 0 && seat_in_game(from))
    return room_error{protocol::error_code::in_game, "players in the game keep their seats until it ends"};
  int to = -1;
  if (const json* field = protocol::find_field(message, "seat")) {
    const auto index = protocol::read_int(*field, "seat", 0, settings_.seats - 1);
    if (!index) return room_error{protocol::error_code::bad_seat, index.error().message};
    to = index.value();
    if (to == from) return std::nullopt;
    if (!seats_[static_cast<std::size_t>(to)].free())
      return room_error{protocol::error_code::seat_taken, "seat " + std::to_string(to) + " is taken"};
  } else {
    if (from >= 0) return std::nullopt;
    to = free_seat();
    if (to < 0) return room_error{protocol::error_code::no_free_seat, "every seat is taken"};
  }
  auto& target = seats_[static_cast<std::size_t>(to)];
  if (from >= 0) {
    target = std::move(seats_[static_cast<std::size_t>(from)]);
    seats_[static_cast<std::size_t>(from)] = seat{};
  } else {
    const int w = find_watcher(player_id);
    assert(w >= 0);
    auto& watching = watchers_[static_cast<std::size_t>(w)];
    target = seat{};
    target.player_id = watching.player_id;
    target.name = watching.name;
    target.connection = std::move(watching.connection);
    target.seated_order = next_order_++;
    watchers_.erase(watchers_.begin() + w);
  }
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_stand(const std::string& player_id) {
  const int index = find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "you are not seated"};
  if (seat_in_game(index)) return room_error{protocol::error_code::in_game, "players in the game keep their seats until it ends"};
  if (watchers_.size() >= max_spectators) return room_error{protocol::error_code::full, "no room for more spectators"};
  auto& s = seats_[static_cast<std::size_t>(index)];
  watchers_.push_back(watcher{s.player_id, s.name, std::move(s.connection), next_order_++});
  free_the_seat(index);
  room_dirty_ = true;
  return std::nullopt;
}

}  // namespace shithead::server
