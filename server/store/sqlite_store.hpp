#pragma once
// The store in one SQLite file, on the queue every backend shares (batch_store: one
// writer, group commit, a savepoint a job, a refused batch kept and tried again).
//
// Reads (the rankings API) have a thread and a read-only connection of their own, so a
// slow leaderboard never delays a game step's commit: WAL lets them read the last
// commit while the writer goes on. (An in-memory database cannot be opened twice; there
// the reads run on the writer's thread, after their batch's commit.)
//
// Checkpoints (copying the WAL back into the database file) have a thread and a
// connection of their own too: SQLite would otherwise run one inside a commit every 1000
// pages, stalling every table's step behind it for tens of milliseconds.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store/batch_store.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_queries.hpp"
#include "server/store/store_connection.hpp"

namespace shithead::server {

// The connection and its statements, prepared once after migrating.
struct sqlite_connection final : store_connection {
  explicit sqlite_connection(const std::string& path);
  // A second connection to a file the first has migrated, for reading only.
  struct reader_tag {};
  sqlite_connection(const std::string& path, reader_tag);
  sqlite::database db;  // first: made first, closed after its statements
  sqlite_queries queries;

  store_rows& rows() override { return queries; }
  void begin() override { db.exec("BEGIN IMMEDIATE"); }
  void commit() override { db.exec("COMMIT"); }
  void rollback() override { db.exec("ROLLBACK"); }
  void savepoint() override { queries.savepoint(); }
  void release_savepoint() override { queries.release_savepoint(); }
  void rollback_to_savepoint() override { queries.rollback_to_savepoint(); }
  bool in_transaction() const override { return db.in_transaction(); }
};

class sqlite_store final : public batch_store {
 public:
  // How often the checkpointer looks for new commits to copy back, and checks that the
  // data file is still there (check_data_file).
  static constexpr std::chrono::milliseconds checkpoint_every{250};
  // Frames (pages) in the WAL past which the checkpointer makes it start over.
  static constexpr int restart_frames = 4096;
  // Below this much free space on the data's filesystem, every checkpoint truncates the
  // WAL: a WAL left to grow to restart_frames (16 MB) would fill a small disk by itself,
  // and take back at once the space an operator frees after an outage.
  static constexpr std::uintmax_t low_space_bytes = std::uintmax_t{64} << 20;

  // Opens (creating the file and its folder) and migrates. Throws sqlite::error with a
  // message for the person running the server (unreadable file, newer schema, ...).
  explicit sqlite_store(const std::string& path, std::size_t max_waiting_reads = default_max_waiting_reads);
  ~sqlite_store() override;  // close()

  std::vector<player_record> load_players() override;
  std::vector<saved_table> load_rooms() override;

  // For tests. read_for_tests queues `read` as a read (it counts against the cap like a
  // rankings request, and is refused, returning false, when the cap is reached; it gets
  // the reading connection); the others are for the caller's thread before start().
  bool read_for_tests(std::function<void(sqlite_connection&)> read);
  sqlite::database& database_for_tests() { return connection_->db; }
  // Before start(): runs on the writing thread before each try at a batch, with the
  // writing connection (a test of a full disk sets PRAGMA max_page_count there).
  void before_each_batch_for_tests(std::function<void(sqlite::database&)> hook) { before_batch_ = std::move(hook); }
  sqlite_queries& queries_for_tests() { return connection_->queries; }

 private:
  store_connection& writer() override { return *connection_; }
  bool reads_apart() const override { return reader_ != nullptr; }
  store_connection& reader() override { return *reader_; }
  bool storage_failed(const std::exception& e) const override;
  void after_storage_failure() override;
  void after_recovery() override;
  std::string refuses_writes() const override;
  std::string failing_writes_text() const override { return "the disk refuses writes (full, or an I/O error)"; }
  void before_batch() override;
  // WAL with synchronous=NORMAL: a commit writes to the page cache and never flushes.
  bool commits_on_caller() const override { return true; }
  void waits_for_locks(bool wait) override { connection_->db.waits_for_locks(wait); }
  bool lock_busy(const std::exception& e) const override;
  void start_more() override;
  void stop_more() override;

  // True when the data's filesystem has less than low_space_bytes free.
  bool disk_space_low() const;
  void checkpoint_loop();
  // Whether the path opened still names the file the store writes to: a file deleted or
  // replaced under a running server would silently lose every write from then on (the
  // open file lives on unlinked until the process ends). Once it does not, the store is
  // unhealthy for good, writes wait as on a full disk, and the log says so once.
  void check_data_file();
  // Copies the WAL back and empties it, where no reader still needs it.
  void truncate_wal();

  std::unique_ptr<sqlite_connection> connection_;
  std::unique_ptr<sqlite_connection> reader_;       // null: reads go through the writer's queue
  std::unique_ptr<sqlite::database> checkpointer_;  // null with reader_
  std::filesystem::path folder_;                    // where the data file lives (empty in memory)
  std::filesystem::path file_;                      // the data file (empty in memory)
  // The data file's device and inode when it was opened (0, 0 in memory).
  std::uint64_t file_device_ = 0;
  std::uint64_t file_inode_ = 0;
  mutable std::mutex lost_mutex_;
  std::string file_lost_;                                // why the data file is no longer ours; under lost_mutex_
  std::function<void(sqlite::database&)> before_batch_;  // for tests
  std::thread checkpoint_worker_;
};

}  // namespace shithead::server
