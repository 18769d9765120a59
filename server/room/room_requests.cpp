// Client messages at the table: what each request may do and who may send it.
// Entry points and membership are in room.cpp; the game, clocks and frames in
// room_game.cpp.
#include <algorithm>
#include <cassert>
#include <type_traits>

#include "server/room/room.hpp"

namespace shithead::server {
namespace {

std::string bot_label(rules::bot_kind kind, int number) {
  std::string label(rules::to_string(kind));
  label[0] = static_cast<char>(label[0] - 'a' + 'A');
  return label + " bot " + std::to_string(number);
}

// A seat number the table has, or bad_seat with the same words a range check uses.
rules::result<int, room_error> seat_in_range(std::int64_t seat, int seats) {
  if (seat < 0 || seat >= seats)
    return room_error{protocol::error_code::bad_seat,
                      "seat: " + std::to_string(seat) + " is out of range 0.." + std::to_string(seats - 1)};
  return static_cast<int>(seat);
}

}  // namespace

room::error room::dispatch(const std::string& player_id, const protocol::table_message& message, time_point now) {
  using namespace protocol;
  return std::visit(
      [&](const auto& request) -> error {
        using request_type = std::decay_t<decltype(request)>;
        if constexpr (std::is_same_v<request_type, ready_request>) {
          return on_ready(player_id, request);
        } else if constexpr (std::is_same_v<request_type, add_bot_request>) {
          return on_add_bot(player_id, request);
        } else if constexpr (std::is_same_v<request_type, remove_bot_request>) {
          return on_remove_bot(player_id, request);
        } else if constexpr (std::is_same_v<request_type, start_request>) {
          return on_start(player_id, false, now);
        } else if constexpr (std::is_same_v<request_type, rematch_request>) {
          return on_start(player_id, true, now);
        } else if constexpr (std::is_same_v<request_type, action_request>) {
          return on_action(player_id, request, now);
        } else if constexpr (std::is_same_v<request_type, chat_request>) {
          return on_chat(player_id, request, now);
        } else if constexpr (std::is_same_v<request_type, react_request>) {
          return on_react(player_id, request, now);
        } else if constexpr (std::is_same_v<request_type, sit_request>) {
          return on_sit(player_id, request);
        } else if constexpr (std::is_same_v<request_type, stand_request>) {
          return on_stand(player_id);
        } else if constexpr (std::is_same_v<request_type, snapshot_request>) {
          send_snapshot(player_id, message.id, now);
          return std::nullopt;
        } else {
          static_assert(std::is_same_v<request_type, leave_request>, "a table request without a handler");
          do_leave(player_id, message.id, now);
          return std::nullopt;
        }
      },
      message.request);
}

room::error room::on_ready(const std::string& player_id, const protocol::ready_request& request) {
  const int index = seating_.find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "only a seated player can be ready"};
  auto& s = seating_.seats[static_cast<std::size_t>(index)];
  if (s.ready != request.ready) {
    s.ready = request.ready;
    room_dirty_ = true;
  }
  return std::nullopt;
}

room::error room::on_add_bot(const std::string& player_id, const protocol::add_bot_request& request) {
  if (player_id != host_) return room_error{protocol::error_code::not_host, "only the host can add a bot"};
  const int index = seating_.free_seat();
  if (index < 0) return room_error{protocol::error_code::no_free_seat, "every seat is taken"};
  auto& s = seating_.seats[static_cast<std::size_t>(index)];
  s = seat{};
  s.bot = request.kind;
  ++seating_.bots_added;
  s.bot_id = "bot:" + std::to_string(seating_.bots_added);
  s.name = bot_label(request.kind, seating_.bots_added);
  s.seated_order = seating_.next_order++;
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_remove_bot(const std::string& player_id, const protocol::remove_bot_request& request) {
  if (player_id != host_) return room_error{protocol::error_code::not_host, "only the host can remove a bot"};
  const auto index = seat_in_range(request.seat, settings_.seats);
  if (!index) return index.error();
  if (!seating_.seats[static_cast<std::size_t>(index.value())].bot)
    return room_error{protocol::error_code::not_a_bot, "no bot sits in seat " + std::to_string(index.value())};
  if (seat_in_game(index.value()))
    return room_error{protocol::error_code::in_game, "a bot in the game plays until it ends"};
  seating_.free(index.value());
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_start(const std::string& player_id, bool rematch, time_point now) {
  if (rematch) {
    if (player_id != host_ && seating_.find_seat(player_id) < 0)
      return room_error{protocol::error_code::not_seated, "only the players can call a rematch"};
    if (!game_)
      return room_error{protocol::error_code::no_game, "no game has been played here yet; the host starts the first"};
  } else if (player_id != host_) {
    return room_error{protocol::error_code::not_host, "only the host can start the game"};
  }
  if (in_game()) return room_error{protocol::error_code::in_game, "a game is in progress"};
  const auto seated =
      std::count_if(seating_.seats.begin(), seating_.seats.end(), [](const seat& s) { return !s.free(); });
  if (seated < rules::min_players)
    return room_error{protocol::error_code::too_few_players, "a game needs at least two seated players or bots"};
  return start_game(now);
}

room::error room::on_action(const std::string& player_id, const protocol::action_request& request, time_point now) {
  const int index = seating_.find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "spectators cannot play"};
  if (!game_) return room_error{protocol::error_code::no_game, "no game is being played"};
  if (index >= game_->players)
    return room_error{protocol::error_code::not_playing, "this seat plays from the next game"};
  if (auto refused = apply_action(index, request.action, now))
    return room_error{protocol::from_rules(refused->code), std::move(refused->message)};
  note_play(now);
  if (auto& timeouts = seating_.seats[static_cast<std::size_t>(index)].timeouts; timeouts != 0) {
    timeouts = 0;
    saved_dirty_ = true;  // saved only when it changes: a move alone writes just its action
  }
  return std::nullopt;
}

room::error room::on_chat(const std::string& player_id, const protocol::chat_request& request, time_point now) {
  auto clean = clean_chat_text(request.text);
  if (!clean) return room_error{protocol::error_code::bad_text, clean.error().message};
  if (!chat_limiter_.allow(player_id, now))
    return room_error{protocol::error_code::rate_limited, "too many messages; wait a few seconds"};
  const int index = seating_.find_seat(player_id);
  broadcast(protocol::chat_message{player_id, seating_.name_of(player_id),
                                   index >= 0 ? std::optional(index) : std::nullopt, clean.value()});
  return std::nullopt;
}

room::error room::on_react(const std::string& player_id, const protocol::react_request& request, time_point now) {
  if (!is_reaction(request.reaction))
    return room_error{protocol::error_code::bad_reaction, "not one of the reactions: 👍 😂 😮 😡 💩 🔥"};
  if (!reaction_limiter_.allow(player_id, now))
    return room_error{protocol::error_code::rate_limited, "too many reactions; wait a few seconds"};
  const int index = seating_.find_seat(player_id);
  broadcast(protocol::reaction_message{player_id, seating_.name_of(player_id),
                                       index >= 0 ? std::optional(index) : std::nullopt, request.reaction});
  return std::nullopt;
}

room::error room::on_sit(const std::string& player_id, const protocol::sit_request& request) {
  const int from = seating_.find_seat(player_id);
  if (from >= 0 && seat_in_game(from))
    return room_error{protocol::error_code::in_game, "players in the game keep their seats until it ends"};
  int to = -1;
  if (request.seat) {
    const auto index = seat_in_range(*request.seat, settings_.seats);
    if (!index) return index.error();
    to = index.value();
    if (to == from) return std::nullopt;
    if (!seating_.seats[static_cast<std::size_t>(to)].free())
      return room_error{protocol::error_code::seat_taken, "seat " + std::to_string(to) + " is taken"};
  } else {
    if (from >= 0) return std::nullopt;
    to = seating_.free_seat();
    if (to < 0) return room_error{protocol::error_code::no_free_seat, "every seat is taken"};
  }
  auto& target = seating_.seats[static_cast<std::size_t>(to)];
  if (from >= 0) {
    target = std::move(seating_.seats[static_cast<std::size_t>(from)]);
    seating_.seats[static_cast<std::size_t>(from)] = seat{};
  } else {
    const int w = seating_.find_watcher(player_id);
    assert(w >= 0);
    auto& watching = seating_.watchers[static_cast<std::size_t>(w)];
    target = seat{};
    target.player_id = watching.player_id;
    target.name = watching.name;
    target.connection = std::move(watching.connection);
    target.seated_order = seating_.next_order++;
    seating_.watchers.erase(seating_.watchers.begin() + w);
  }
  room_dirty_ = true;
  return std::nullopt;
}

room::error room::on_stand(const std::string& player_id) {
  const int index = seating_.find_seat(player_id);
  if (index < 0) return room_error{protocol::error_code::not_seated, "you are not seated"};
  if (seat_in_game(index))
    return room_error{protocol::error_code::in_game, "players in the game keep their seats until it ends"};
  if (seating_.watchers.size() >= max_spectators)
    return room_error{protocol::error_code::full, "no room for more spectators"};
  auto& s = seating_.seats[static_cast<std::size_t>(index)];
  seating_.watchers.push_back(watcher{s.player_id, s.name, std::move(s.connection), seating_.next_order++});
  seating_.free(index);
  room_dirty_ = true;
  return std::nullopt;
}

}  // namespace shithead::server
