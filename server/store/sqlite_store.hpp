#pragma once
// The store in one SQLite file. One thread owns the writing connection and runs writes
// in the order they come. Writes that arrive together are committed in one transaction
// (a group commit), each in a savepoint of its own: one bad job costs only itself.
// Callbacks run after the commit, so a caller that holds its frames until then never
// tells anyone of a change the disk has not got.
//
// Reads (the rankings API) have a thread and a read-only connection of their own, so a
// slow leaderboard never delays a game step's commit: WAL lets them read the last
// commit while the writer goes on. (An in-memory database cannot be opened twice; there
// the reads run on the writer's thread, after their batch's commit.)
//
// Checkpoints (copying the WAL back into the database file) have a thread and a
// connection of their own too: SQLite would otherwise run one inside a commit every 1000
// pages, stalling every table's step behind it for tens of milliseconds.
//
// The queues: at most `max_waiting_reads` rankings requests wait; one more is answered
// at once, refused as busy with a time to ask again (HTTP answers 503 and Retry-After). Writes have
// no cap and are never dropped (a dropped step is a move the players were about to be
// shown); what bounds them is upstream: a room sends a step's frames only after its
// commit (server/app/step_queue.hpp), so players, who act on what they are shown, wait
// on the disk with their table, and each connection's message budget caps how fast any
// client can make steps. shithead_store_queue_depth in /metrics shows the depth.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/store/leaderboard_cache.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_queries.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// The connection and its statements, prepared once after migrating.
struct sqlite_connection {
  explicit sqlite_connection(const std::string& path);
  // A second connection to a file the first has migrated, for reading only.
  struct reader_tag {};
  sqlite_connection(const std::string& path, reader_tag);
  sqlite::database db;  // first: made first, closed after its statements
  sqlite_queries queries;
  leaderboard_cache leaderboard;  // the boards read through this connection
};

// What the table steps have written, in payload bytes (the text handed to SQLite, not
// its pages): logged at close, and how bench/README.md measures bytes per move.
struct write_totals {
  std::uint64_t steps = 0;
  std::uint64_t states = 0;  // saved forms of tables written (live_rooms)
  std::uint64_t state_bytes = 0;
  std::uint64_t actions = 0;  // rows appended to the games' logs (live_actions)
  std::uint64_t action_bytes = 0;
  std::uint64_t games = 0;  // finished games recorded (each with its whole record)
};

class sqlite_store final : public store {
 public:
  static constexpr std::size_t default_max_waiting_reads = 64;
  // Group commit: a batch that follows another within `busy_gap` first gathers what
  // arrives for `group_window` (a step's frames wait at most that much longer; an idle
  // store commits at once). bench/README.md has the figures that chose them.
  static constexpr std::chrono::microseconds group_window{1000};
  static constexpr std::chrono::microseconds busy_gap{5000};
  // How often the checkpointer looks for new commits to copy back, and checks that the
  // data file is still there (check_data_file).
  static constexpr std::chrono::milliseconds checkpoint_every{250};
  // Frames (pages) in the WAL past which the checkpointer makes it start over.
  static constexpr int restart_frames = 4096;
  // Below this much free space on the data's filesystem, every checkpoint truncates the
  // WAL: a WAL left to grow to restart_frames (16 MB) would fill a small disk by itself,
  // and take back at once the space an operator frees after an outage.
  static constexpr std::uintmax_t low_space_bytes = std::uintmax_t{64} << 20;
  // Seconds a client is told to wait when the read queue is full.
  static constexpr int retry_after_seconds = 1;

  // Opens (creating the file and its folder) and migrates. Throws sqlite::error with a
  // message for the person running the server (unreadable file, newer schema, ...).
  explicit sqlite_store(const std::string& path, std::size_t max_waiting_reads = default_max_waiting_reads);
  ~sqlite_store() override;  // close()
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  std::vector<player_record> load_players() override;
  std::vector<saved_table> load_rooms() override;
  void start() override;
  void close() override;
  void save_player(player_record player) override;
  void forget_idle_players(std::chrono::system_clock::time_point seen_before, int most,
                           std::function<void(std::vector<std::string>)> done) override;
  void save_step(table_step step, std::function<void(std::vector<recorded_game>)> done) override;
  using store::save_table;
  void answer_rankings(protocol::rankings_question question, std::function<void(rankings_result)> done) override;
  bool healthy() const override;
  std::optional<std::string> problem() const override;
  std::size_t queue_depth() const override;

  // For tests. read_for_tests queues `job` as a read (it counts against the cap like a
  // rankings request, and is refused, returning false, when the cap is reached; it gets
  // the reading connection); the others are for the caller's thread before start().
  bool read_for_tests(std::function<void(sqlite_connection&)> job);
  // What the steps wrote (also logged at close). Only once the store is closed: the
  // writer's thread keeps them without a lock.
  write_totals written_for_tests() const;
  // Blocks until every write queued before it has been committed (at once when the store
  // is not running): reads no longer wait behind writes, so a test that reads what it
  // wrote waits here first.
  void wait_for_writes_for_tests();
  sqlite::database& database_for_tests() { return connection_->db; }
  // Before start(): runs on the writer's thread before each try at a batch, with the
  // writing connection (a test of a full disk sets PRAGMA max_page_count there).
  void before_each_batch_for_tests(std::function<void(sqlite::database&)> hook) { before_batch_ = std::move(hook); }
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
  void read_loop();
  // True when the data's filesystem has less than low_space_bytes free.
  bool disk_space_low() const;
  void checkpoint_loop();
  // Whether the path opened still names the file the store writes to: a file deleted or
  // replaced under a running server would silently lose every write from then on (the
  // open file lives on unlinked until the process ends). Once it does not, the store is
  // unhealthy for good, writes wait as on a full disk, and the log says so once.
  void check_data_file();
  // A disk that refuses writes: when it began, how long to wait before the next try,
  // and when the log last said so. On the writer's thread only.
  struct outage {
    std::optional<std::chrono::steady_clock::time_point> since;
    std::chrono::steady_clock::time_point last_said{};
    std::chrono::milliseconds delay{100};
    std::chrono::milliseconds next_wait();
    void failed(const std::string& why, std::size_t waiting);
    void recovered(std::size_t written);
  };
  // Commits the batch and answers its jobs; false, with nothing answered, when the disk
  // refused it (full, I/O error): the batch is then kept and tried again.
  bool run_batch(std::deque<job>& batch, outage& state);
  // Calls each job's after_commit with whether it was written.
  static void answer(std::deque<job>& batch, const std::vector<char>& written);
  static void finish_unwritten(std::deque<job>& batch);
  static void run_read(job& j, sqlite_connection& c);

  std::unique_ptr<sqlite_connection> connection_;
  std::unique_ptr<sqlite_connection> reader_;       // null: reads go through the writer's queue
  std::unique_ptr<sqlite::database> checkpointer_;  // null with reader_
  std::filesystem::path folder_;                    // where the data file lives (empty in memory)
  std::filesystem::path file_;                      // the data file (empty in memory)
  // The data file's device and inode when it was opened (0, 0 in memory).
  std::uint64_t file_device_ = 0;
  std::uint64_t file_inode_ = 0;
  std::string file_lost_;  // why the data file is no longer ours; under mutex_
  const std::size_t max_waiting_reads_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable read_wake_;
  std::condition_variable checkpoint_wake_;
  std::deque<job> queue_;
  std::deque<job> reads_;          // for reader_'s thread
  std::size_t waiting_reads_ = 0;  // the reads in queue_ or reads_
  bool stopping_ = false;
  bool started_ = false;
  bool healthy_ = true;
  std::function<void(sqlite::database&)> before_batch_;  // for tests
  write_totals written_;                                 // the writer's thread's alone while it runs
  std::thread worker_;
  std::thread read_worker_;
  std::thread checkpoint_worker_;
  std::uint64_t commits_ = 0;  // batches committed: the checkpointer runs after new ones
};

}  // namespace shithead::server
