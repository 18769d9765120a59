#pragma once
// The SQLite store. One thread owns the connection and runs jobs in the order they
// come; the network threads only queue work and get their answers through callbacks
// (which the callers post back to their own strands), so they never wait on the disk.
// Jobs that arrive together are written in one transaction, each in a savepoint of its
// own: one bad job costs only itself. Callbacks run after the commit, so a caller that
// holds its frames until then never tells anyone of a change the disk has not got.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "protocol/game_record.hpp"
#include "protocol/json_text.hpp"
#include "server/lobby/identity.hpp"
#include "server/room/scoreboard.hpp"
#include "server/store/sqlite.hpp"
#include "server/rankings/titles.hpp"
#include "server/rankings/weng_lin.hpp"

namespace shithead::server {

// A game that ended, as a room hands it over.
struct game_to_record {
  std::string table_code;
  protocol::game_record record;
  std::vector<seat_player> players;  // by game seat; bots have a bot kind
  std::vector<int> finish_order;     // seats in the order they went out
  int shithead = -1;                 // -1 when abandoned
  bool abandoned = false;
  std::chrono::system_clock::time_point started;
  std::chrono::system_clock::time_point ended;
};

struct rating_change {
  std::string player_id;
  std::string name;
  rating before;
  rating after;
  server::title title;  // after this game
};

// What recording a game gave: its id, and for a finished game each human's new rating.
struct recorded_game {
  std::int64_t game_id = 0;
  bool abandoned = false;
  std::vector<rating_change> ratings;
};

class store {
 public:
  using system_time = std::chrono::system_clock::time_point;

  // Opens (creating the file and its folder) and migrates. Throws sqlite::error with a
  // message for the person running the server (unreadable file, newer schema, ...).
  explicit store(const std::string& path);
  ~store();  // close()
  store(const store&) = delete;
  store& operator=(const store&) = delete;

  // Before start(), on the caller's thread: what a starting server loads.
  std::vector<player_record> load_players();
  std::vector<std::pair<std::string, std::string>> load_rooms();  // code, saved state

  // Starts the store's thread; from here on, use only the queued calls below.
  void start();
  // Writes everything queued, then stops the thread. Later calls are dropped.
  void close();

  // Queued writes.
  void save_player(player_record player);
  // One step of a table: its saved state (nullopt: unchanged; "" : the table closed,
  // forget it) and any games that ended. `done` gets what recording the games gave,
  // after the commit (on the store's thread).
  void save_table(std::string code, std::optional<std::string> state, std::vector<game_to_record> games,
                  std::function<void(std::vector<recorded_game>)> done);
  // Runs `job` on the store's thread with the connection (for reads: the HTTP API).
  void read(std::function<void(sqlite::database&)> job);

  bool healthy() const;
  std::size_t queue_depth() const;

  // Same-thread helpers for tests and for the jobs above.
  static recorded_game record_game(sqlite::database& db, const game_to_record& game);
  sqlite::database& database_for_tests() { return *db_; }

 private:
  struct job {
    // A write runs inside the batch's transaction, in a savepoint of its own; a read
    // runs after the batch's commit, outside any transaction of ours.
    std::function<void(sqlite::database&)> run;
    // After the commit (or its failure: `written` says which); may be empty.
    std::function<void(bool written)> after_commit;
    bool write = true;
  };
  void push(job j);
  void loop();
  void run_batch(std::deque<job>& batch);

  std::unique_ptr<sqlite::database> db_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<job> queue_;
  bool stopping_ = false;
  bool started_ = false;
  bool healthy_ = true;
  std::thread worker_;
};

std::int64_t to_unix_ms(std::chrono::system_clock::time_point t);
std::chrono::system_clock::time_point from_unix_ms(std::int64_t ms);

}  // namespace shithead::server
