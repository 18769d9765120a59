#pragma once
// The store in one SQLite file. One thread owns the connection and runs jobs in the
// order they come. Jobs that arrive together are written in one transaction, each in a
// savepoint of its own: one bad job costs only itself. Callbacks run after the commit,
// so a caller that holds its frames until then never tells anyone of a change the disk
// has not got. Reads (the rankings API) run after their batch's commit.
//
// The queue: at most `max_waiting_reads` rankings requests wait for the thread; one more
// is answered at once with 503 and Retry-After (HTTP clients can ask again). Writes have
// no cap and are never dropped (a dropped step is a move the players were about to be
// shown); what bounds them is upstream: a room sends a step's frames only after its
// commit (server/room/frame_gate.hpp), so players, who act on what they are shown, wait
// on the disk with their table, and each connection's message budget caps how fast any
// client can make steps. shithead_store_queue_depth in /metrics shows the depth.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/sqlite.hpp"
#include "server/store/sqlite_queries.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// The connection and its statements, prepared once after migrating.
struct sqlite_connection {
  explicit sqlite_connection(const std::string& path);
  sqlite::database db;     // first: made first, closed after its statements
  sqlite_queries queries;
};

class sqlite_store final : public store {
 public:
  static constexpr std::size_t default_max_waiting_reads = 64;
  // Seconds a client is told to wait when the read queue is full.
  static constexpr int retry_after_seconds = 1;

  // Opens (creating the file and its folder) and migrates. Throws sqlite::error with a
  // message for the person running the server (unreadable file, newer schema, ...).
  explicit sqlite_store(const std::string& path, std::size_t max_waiting_reads = default_max_waiting_reads);
  ~sqlite_store() override;  // close()
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  std::vector<player_record> load_players() override;
  std::vector<std::pair<std::string, std::string>> load_rooms() override;
  void start() override;
  void close() override;
  void save_player(player_record player) override;
  void save_table(std::string code, std::optional<std::string> state, std::vector<game_to_record> games,
                  std::function<void(std::vector<recorded_game>)> done) override;
  void answer_rankings(std::string target, std::function<void(api_reply)> reply) override;
  bool healthy() const override;
  std::size_t queue_depth() const override;

  // For tests. read_for_tests queues `job` as a read (it counts against the cap like a
  // rankings request, and is refused, returning false, when the cap is reached); the
  // others are for the caller's thread before start().
  bool read_for_tests(std::function<void(sqlite_connection&)> job);
  sqlite::database& database_for_tests() { return connection_->db; }
  sqlite_queries& queries_for_tests() { return connection_->queries; }
  // Records one game on the calling thread, inside whatever transaction is open.
  static recorded_game record_game(sqlite_queries& queries, const game_to_record& game);

 private:
  struct job {
    // A write runs inside the batch's transaction, in a savepoint of its own; a read
    // runs after the batch's commit, outside any transaction of ours.
    std::function<void(sqlite_connection&)> run;
    // After the commit (or its failure: `written` says which); may be empty.
    std::function<void(bool written)> after_commit;
    bool write = true;
  };
  void push_write(job j);
  enum class read_queued { yes, full, closed };
  read_queued push_read(job j);
  void loop();
  void run_batch(std::deque<job>& batch);

  std::unique_ptr<sqlite_connection> connection_;
  const std::size_t max_waiting_reads_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<job> queue_;
  std::size_t waiting_reads_ = 0;  // the reads in queue_
  bool stopping_ = false;
  bool started_ = false;
  bool healthy_ = true;
  std::thread worker_;
};

}  // namespace shithead::server
