#pragma once
// What the store's tests share: a temporary folder, players, and games to record (made
// up, or played for real by bots so that the record replays to the result).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "protocol/game_record.hpp"
#include "protocol/json_text.hpp"
#include "protocol/rankings_api.hpp"
#include "rules/bots.hpp"
#include "rules/engine.hpp"
#include "rules/rng.hpp"
#include "rules/ruleset.hpp"
#include "rules/view.hpp"
#include "server/store/pg_store.hpp"
#include "server/store/rankings_answers.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/store/sql_probe.hpp"

namespace shithead::server::store_testing {

using namespace std::chrono_literals;
using clock_time = std::chrono::system_clock::time_point;

// 2026-11-21T09:00:00Z: a fixed "now" for everything that is dated.
inline const clock_time noon_ish = std::chrono::system_clock::time_point(std::chrono::seconds(1795251600));

// A folder of its own under the system's temp folder, removed with everything in it.
class temp_folder {
 public:
  temp_folder() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string test = info ? std::string(info->test_suite_name()) + "." + info->name() : "store";
    path_ = std::filesystem::temp_directory_path() / ("shithead-store-" + std::to_string(::getpid()) + "-" + test);
    std::filesystem::remove_all(path_);
  }
  ~temp_folder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;
  const std::filesystem::path& path() const { return path_; }
  // A file path inside it, as a string; `sub` may name folders that do not exist yet.
  std::string file(const std::string& sub) const { return (path_ / sub).string(); }

 private:
  std::filesystem::path path_;
};

// A player as the registry would hand it over. Ids are 12 hex characters; token hashes
// must be unique, so they are made from the id.
inline player_record player(const std::string& id, const std::string& name, clock_time created = noon_ish) {
  return player_record{id, name, std::string(52, 'a') + id, created, created + 1h};
}

// The players of most store tests, made at noon_ish.
inline const player_record ana = player("a1a1a1a1a1a1", "Ana");
inline const player_record bob = player("b2b2b2b2b2b2", "Bob");
inline const player_record cy = player("c3c3c3c3c3c3", "Cy");
inline const player_record dee = player("d4d4d4d4d4d4", "Dee");
inline const player_record eve = player("e5e5e5e5e5e5", "Eve");

inline seat_player human(const player_record& p) { return seat_player{p.id, p.name, std::nullopt}; }
inline seat_player bot(int seat) {
  return seat_player{"bot:" + std::to_string(seat), "Greedy bot " + std::to_string(seat), rules::bot_kind::greedy};
}

inline protocol::game_record record_for(int players, std::uint64_t seed = 7) {
  protocol::game_record record;
  record.ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  record.players = players;
  record.dealer = players - 1;
  record.start = seed;
  return record;
}

// A finished game whose seats went out in `order` (the last of it is the shithead).
// The record only names the table: the store does not replay it.
inline game_to_record finished(std::vector<seat_player> players, std::vector<int> order, clock_time ended = noon_ish,
                               std::string table = "TBL1") {
  game_to_record game;
  game.table_code = std::move(table);
  game.record = record_for(static_cast<int>(players.size()));
  game.players = std::move(players);
  game.shithead = order.back();
  order.pop_back();
  game.finish_order = std::move(order);
  game.started = ended - 10min;
  game.ended = ended;
  return game;
}

// A game ended without a result (the turn limit, or the room gave up on it); `out` went
// out before it did.
inline game_to_record abandoned(std::vector<seat_player> players, std::vector<int> out = {},
                                clock_time ended = noon_ish) {
  game_to_record game;
  game.table_code = "TBL1";
  game.record = record_for(static_cast<int>(players.size()));
  game.players = std::move(players);
  game.finish_order = std::move(out);
  game.abandoned = true;
  game.started = ended - 10min;
  game.ended = ended;
  return game;
}

// A whole game played by greedy bots from a seed, every action recorded, so that the
// record replays to exactly the result handed to the store.
inline game_to_record played(std::vector<seat_player> players, std::uint64_t seed, clock_time ended = noon_ish) {
  const int seats = static_cast<int>(players.size());
  game_to_record game;
  game.table_code = "PLAY";
  game.record = record_for(seats, seed);
  auto started = protocol::start_game(game.record);
  EXPECT_TRUE(started.ok());
  auto state = std::move(started).value();
  rules::rng random(seed);
  std::vector<rules::event> events;
  while (!state.over()) {
    const int seat = rules::seat_to_act(state);
    const auto chosen = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
    if (!chosen) {
      ADD_FAILURE() << "a bot had nothing to do on its turn";
      break;
    }
    game.record.actions.push_back(protocol::recorded_action{seat, *chosen});
    rules::apply(state, seat, *chosen, events);
  }
  game.players = std::move(players);
  game.finish_order = state.finish_order;
  game.shithead = state.shithead;
  game.abandoned = state.abandoned;
  game.started = ended - 10min;
  game.ended = ended;
  return game;
}

// Queues the games as one step of a table and waits for what recording them gave.
inline std::vector<recorded_game> record(store& s, std::vector<game_to_record> games,
                                         std::optional<std::string> state = std::nullopt,
                                         const std::string& code = "TBL1") {
  std::promise<std::vector<recorded_game>> answer;
  auto result = answer.get_future();
  s.save_table(code, std::move(state), std::move(games),
               [&answer](std::vector<recorded_game> r) { answer.set_value(std::move(r)); });
  return result.get();
}

// Runs `f` on the store's reading thread, after every write queued before it has
// committed, and waits for its answer. `f` takes the store's prepared queries (store_rows,
// for the rankings API), SQL of the test's own on either backend (sql_probe), or on
// SQLite, the connection or its queries.
template <class F>
auto on_store(batch_store& s, F f) {
  const auto call = [&f](store_connection& c) {
    if constexpr (std::is_invocable_v<F&, sql_probe&>) {
      if (auto* lite = dynamic_cast<sqlite_connection*>(&c)) {
        sqlite_probe probe(lite->db);
        return f(probe);
      }
      pg_probe probe(dynamic_cast<pg_connection&>(c).db);
      return f(probe);
    } else if constexpr (std::is_invocable_v<F&, sqlite::database&>) {
      return f(dynamic_cast<sqlite_connection&>(c).db);
    } else if constexpr (std::is_invocable_v<F&, store_rows&>) {
      return f(c.rows());
    } else {
      return f(dynamic_cast<sqlite_connection&>(c).queries);
    }
  };
  using result_type = decltype(call(std::declval<store_connection&>()));
  s.wait_for_writes_for_tests();  // reads have their own thread: let the writes land first
  std::promise<result_type> answer;
  auto result = answer.get_future();
  const bool queued = s.read_with([&](store_connection& c) {
    try {
      answer.set_value(call(c));
    } catch (...) {
      answer.set_exception(std::current_exception());
    }
  });
  EXPECT_TRUE(queued) << "the store refused a test's read";
  return result.get();
}

inline std::int64_t count_rows(sqlite::database& db, const std::string& sql) {
  auto query = db.prepare(sql);
  return query.step() ? query.int64(0) : -1;
}

// An answer of the rankings API as a test reads it: the status and the body's JSON.
struct api_reply {
  int status = 0;
  protocol::json body;
  std::optional<int> retry_after_seconds;
};

inline api_reply api_reply_of(const protocol::api_answer& answer) {
  return api_reply{answer.status, protocol::json::parse(answer.body), answer.retry_after_seconds};
}

// A store's answer to a rankings question as the server answers it
// (app/rankings_routes: a refusal is a 503 store_unavailable).
inline api_reply api_reply_of(const rankings_result& result) {
  if (result) return api_reply_of(protocol::write_rankings_answer(result.value()));
  const auto& refusal = result.error();
  return api_reply_of(
      protocol::api_error(protocol::error_code::store_unavailable, refusal.message, refusal.retry_after_seconds));
}

// The question an API target (path and query) asks, or the error the server answers it with.
inline rules::result<protocol::rankings_question, protocol::api_answer> question_of(std::string_view target) {
  const auto mark = target.find('?');
  const auto query = mark == std::string_view::npos ? std::string_view() : target.substr(mark + 1);
  return protocol::read_rankings_question(target.substr(0, mark), query);
}

// A rankings API target asked of `rows` the way the server asks the store, and answered
// the way it answers.
inline api_reply ask_rankings(rankings_rows& rows, std::string_view target,
                              std::chrono::system_clock::time_point now = std::chrono::system_clock::now(),
                              leaderboard_cache* cache = nullptr) {
  const auto question = question_of(target);
  if (!question) return api_reply_of(question.error());
  return api_reply_of(answer_rankings(rows, question.value(), now, cache));
}

}  // namespace shithead::server::store_testing
