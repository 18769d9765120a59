#pragma once
// A participant that records every frame a room delivers, and a small table harness:
// a clock the test moves by hand, players with their fakes, and a driver that plays
// humans by sending the first legal action their own latest view lists.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "protocol/client_message.hpp"
#include "protocol/json_text.hpp"
#include "protocol/server_message.hpp"
#include "server/core/participant.hpp"
#include "server/room/outbox.hpp"
#include "server/room/room.hpp"

namespace shithead::server::testing {

using protocol::json;
using namespace std::chrono_literals;

// Every frame starts with its type: {"type":"game",...
inline bool has_type(std::string_view text, std::string_view type) {
  constexpr std::string_view prefix = "{\"type\":\"";
  return text.starts_with(prefix) && text.substr(prefix.size()).starts_with(type) &&
         text.substr(prefix.size() + type.size()).starts_with("\"");
}

class fake_participant : public participant {
 public:
  void deliver(frame message) override {
    if (has_type(*message, "error")) ++errors;
    // Every frame a room sends is one the catalog's reader takes back, byte for byte:
    // the C++ clients read what the server writes.
    auto read = protocol::parse_server_message(*message);
    EXPECT_TRUE(read) << (read ? std::string() : read.error().message) << "\n" << *message;
    if (read) {
      EXPECT_EQ(protocol::to_text(read.value()), *message);
    }
    frames_.push_back(message);
    if (on_deliver) on_deliver(*message);
  }

  std::size_t count() const { return frames_.size(); }
  const std::string& text(std::size_t i) const { return *frames_[i]; }
  const frame& raw(std::size_t i) const { return frames_[i]; }

  json message(std::size_t i) const {
    auto parsed = protocol::parse_json_text(*frames_[i]);
    EXPECT_TRUE(parsed.ok()) << *frames_[i];
    return parsed.ok() ? parsed.value() : json();
  }
  std::vector<json> messages() const {
    std::vector<json> out;
    for (std::size_t i = 0; i < frames_.size(); ++i) out.push_back(message(i));
    return out;
  }
  // Messages of one type, oldest first, from frame `from` on.
  std::vector<json> of_type(std::string_view type, std::size_t from = 0) const {
    std::vector<json> out;
    for (std::size_t i = from; i < frames_.size(); ++i) {
      if (!has_type(*frames_[i], type)) continue;
      out.push_back(message(i));
    }
    return out;
  }
  std::optional<json> last(std::string_view type) const {
    for (std::size_t i = frames_.size(); i-- > 0;)
      if (has_type(*frames_[i], type)) return message(i);
    return std::nullopt;
  }
  std::optional<json> last() const {
    if (frames_.empty()) return std::nullopt;
    return message(frames_.size() - 1);
  }
  // The game view of the newest frame that carries one (a game frame's "view" or a
  // room frame's "game").
  std::optional<json> latest_view() const {
    // Drivers ask after every move; parse again only when something new arrived.
    if (view_cache_ && view_cache_->first == frames_.size()) return view_cache_->second;
    auto view = find_latest_view();
    view_cache_.emplace(frames_.size(), view);
    return view;
  }
  void clear() {
    frames_.clear();
    view_cache_.reset();
  }

  std::function<void(const std::string&)> on_deliver;
  std::size_t errors = 0;  // error frames received

 private:
  std::optional<json> find_latest_view() const {
    for (std::size_t i = frames_.size(); i-- > 0;) {
      const auto& t = *frames_[i];
      if (has_type(t, "game")) return message(i)["view"];
      if (has_type(t, "room")) {
        json m = message(i);
        if (m["game"].is_null()) return std::nullopt;
        return m["game"];
      }
    }
    return std::nullopt;
  }

  std::vector<frame> frames_;
  mutable std::optional<std::pair<std::size_t, std::optional<json>>> view_cache_;
};

struct test_player {
  std::string id;
  std::string name;
  std::shared_ptr<fake_participant> fake = std::make_shared<fake_participant>();
  player_info info() const { return player_info{id, name}; }
};

// A room that carries out its own outboxes as a host without a store would: every
// letter written and delivered at once, the games that ended kept for the test. The
// entry points keep their shape without the outbox, so tests read as the room's story.
class delivering_room : public room {
 public:
  using room::room;
  delivering_room(room&& r) : room(std::move(r)) {}  // NOLINT: a restored room takes the test's place
  delivering_room& operator=(room&& r) {
    room::operator=(std::move(r));
    return *this;
  }

  rules::result<join_result, room_error> join(const player_info& player, std::shared_ptr<participant> connection,
                                              bool spectate, time_point now) {
    auto joined = room::join(player, std::move(connection), spectate, now);
    carry_out(joined.out);
    answer_pending(now);
    return std::move(joined.result);
  }
  void leave(const std::string& player_id, time_point now) {
    run([&] { return room::leave(player_id, now); }, now);
  }
  void disconnected(const std::string& player_id, time_point now) { disconnected(player_id, nullptr, now); }
  void disconnected(const std::string& player_id, const participant* connection, time_point now) {
    run([&] { return room::disconnected(player_id, connection, now); }, now);
  }
  void handle(const std::string& player_id, const protocol::table_message& message, time_point now) {
    run([&] { return room::handle(player_id, message, now); }, now);
  }
  void tick(time_point now) {
    run([&] { return room::tick(now); }, now);
  }
  // Answers the searching bot's open question as the bot pool would (think()).
  void answer(time_point now) {
    if (!question) return;
    auto open = std::move(*question);
    question.reset();
    const auto choice = think(open);
    run([&] { return room::answer(open.ticket, choice, now); });
  }
  void answer(std::uint64_t ticket, const std::optional<rules::action>& choice, time_point now) {
    run([&] { return room::answer(ticket, choice, now); });
  }
  void game_recorded(std::int64_t number, std::int64_t game_id, time_point now) {
    run([&] { return room::game_recorded(number, game_id, now); }, now);
  }

  // The searching bot's question still unanswered (the newest), and whether the room
  // answers each at once, as if the pool thought instantly (true: whole games just play).
  std::optional<bot_question> question;
  bool answer_at_once = true;
  int questions_asked = 0;
  int late_bot_answers = 0;  // questions the room gave up on (settings.bot_answer_limit)

  // Games that ended since the last call, oldest first.
  std::vector<finished_room_game> take_finished_games() { return std::exchange(finished_, {}); }

  // The current game's log as a store keeps it from the outboxes' appended actions: a
  // saved state of another game number drops the old log.
  struct game_log {
    std::int64_t game = 0;
    std::size_t first = 0;
    std::vector<protocol::recorded_action> actions;
    std::uint64_t last_version = 0;
  };
  const game_log& log() const { return log_; }
  // Outboxes that asked for the saved state to be written, and those that appended.
  int states_saved = 0;
  int steps_appending = 0;
  // Whether the last call asked for the table to be saved.
  bool table_changed() const { return table_changed_; }

 private:
  template <class Fn>
  void run(Fn call) {
    auto out = call();
    carry_out(out);
  }
  template <class Fn>
  void run(Fn call, time_point now) {
    run(call);
    answer_pending(now);
  }
  void answer_pending(time_point now) {
    while (answer_at_once && question) answer(now);
  }
  void carry_out(outbox& out) {
    deliver(out.letters);  // as the host does: each message written once
    if (out.question) {
      question = std::move(out.question);
      ++questions_asked;
    }
    late_bot_answers += out.late_bot_answers;
    for (auto& g : out.finished) finished_.push_back(std::move(g));
    table_changed_ = out.table_changed;
    if (out.table_changed) {
      ++states_saved;
      if (out.game_number != log_.game) log_ = game_log{out.game_number, 0, {}, 0};
    }
    if (!out.appended.empty()) {
      ++steps_appending;
      EXPECT_EQ(out.game_number, log_.game);
      if (log_.actions.empty()) log_.first = out.first_appended;
      EXPECT_EQ(out.first_appended, log_.first + log_.actions.size()) << "the log has a gap";
      log_.actions.insert(log_.actions.end(), out.appended.begin(), out.appended.end());
      log_.last_version = out.version;
    }
  }

  std::vector<finished_room_game> finished_;
  bool table_changed_ = false;
  game_log log_;
};

inline room::time_point start_time() { return room::time_point{} + 1000h; }

inline table_settings make_settings(int seats,
                                    rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead),
                                    std::chrono::seconds turn_timer = 0s) {
  table_settings s;
  s.code = "TEST";
  s.is_public = true;
  s.ruleset = std::move(ruleset);
  s.seats = seats;
  s.turn_timer = turn_timer;
  s.swap_timer = swap_timer_for(turn_timer);
  s.bot_pace = 0ms;  // bots at once, unless a test is about their pace
  return s;
}

inline json msg(std::string_view type) {
  json m = json::object();
  m["type"] = type;
  return m;
}
inline json msg(std::string_view type, std::string_view key, json value) {
  json m = msg(type);
  m[std::string(key)] = std::move(value);
  return m;
}
inline json action_msg(json action) { return msg("action", "action", std::move(action)); }

// A room with a clock and named players (p0 is the host).
struct table {
  explicit table(table_settings settings, std::uint64_t seed = 1, int humans = 0)
      : now(start_time()), r(settings, player_info{"p0", "Player 0"}, seed, now) {
    for (int i = 0; i < humans; ++i) add_player();
  }

  test_player& add_player() {
    const auto n = players.size();
    players.push_back(std::make_unique<test_player>());
    players.back()->id = "p" + std::to_string(n);
    players.back()->name = "Player " + std::to_string(n);
    return *players.back();
  }
  rules::result<join_result, room_error> join(test_player& p, bool spectate = false) {
    return r.join(p.info(), p.fake, spectate, now);
  }
  void join_all() {
    for (auto& p : players) EXPECT_TRUE(join(*p).ok());
  }
  // As the game service does: the message's text is parsed by the catalog, a frame that
  // is no table request is answered with its error, and the rest goes to the room.
  void send(const test_player& p, const json& message) {
    auto parsed = protocol::parse_client_message(protocol::dump_json(message));
    if (!parsed) {
      const auto& e = parsed.error();
      p.fake->deliver(make_frame(protocol::to_text(protocol::error_message{e.id, e.code, e.message, std::nullopt})));
      return;
    }
    auto* request = std::get_if<protocol::table_request>(&parsed.value().request);
    ASSERT_NE(request, nullptr) << message.dump() << " is not a table request";
    r.handle(p.id, protocol::table_message{parsed.value().id, std::move(*request)}, now);
  }
  void advance(std::chrono::steady_clock::duration d) {
    now += d;
    r.tick(now);
  }
  test_player& operator[](std::size_t i) { return *players[i]; }

  // The human playing game seat `seat`, or nullptr.
  test_player* at_seat(int seat) {
    for (auto& p : players)
      if (r.seat_of(p->id) == seat) return p.get();
    return nullptr;
  }

  // Every connected human sends the first legal action of its own newest view until the
  // game is over. Returns the number of actions the humans sent.
  int play_to_end(int max_actions = 20000) {
    int sent = 0;
    while (r.game() && !r.game()->over() && sent < max_actions) {
      bool acted = false;
      for (auto& p : players) {
        if (!r.seat_of(p->id)) continue;
        const auto view = p->fake->latest_view();
        if (!view || !view->contains("legal") || (*view)["legal"].empty()) continue;
        const auto errors_before = p->fake->errors;
        send(*p, action_msg((*view)["legal"][0]));
        EXPECT_EQ(p->fake->errors, errors_before)
            << p->id << " sent " << (*view)["legal"][0].dump() << ": " << p->fake->last()->dump();
        ++sent;
        acted = true;
        break;
      }
      if (!acted) {
        ADD_FAILURE() << "no human has a legal action but the game is not over";
        break;
      }
    }
    return sent;
  }

  room::time_point now;
  delivering_room r;
  std::vector<std::unique_ptr<test_player>> players;
};

// Starts a game of two humans (p0, p1) on a two-seat table and has both swap.
inline void start_two_humans(table& t) {
  t.join_all();
  t.send(t[0], msg("start"));
  ASSERT_TRUE(t.r.game());
  for (std::size_t i = 0; i < 2; ++i) t.send(t[i], action_msg((*t[i].fake->latest_view())["legal"][0]));
  ASSERT_EQ(t.r.game()->current_phase, rules::phase::play);
}

}  // namespace shithead::server::testing
