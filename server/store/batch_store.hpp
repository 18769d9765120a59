#pragma once
// The queue every store backend shares (server/store/store.hpp says what must hold). One
// thread owns the writing connection and runs writes in the order they come. Writes that
// arrive together are committed in one transaction (a group commit), each in a savepoint
// of its own: one bad job costs only itself. Callbacks run after the commit, so a caller
// that holds its frames until then never tells anyone of a change the database has not
// got. A batch the database refuses (a full disk, a lost connection) is kept whole and
// tried again with a back-off, answering nobody meanwhile; the store is unhealthy until
// it goes in.
//
// A backend whose commit only hands pages to the kernel (SQLite: WAL, synchronous=NORMAL)
// may let a game step commit on the caller's thread: when no batch is being written and
// none waits, the network thread that made the step writes it itself and hears the answer
// at once, with no hand-off to the store's thread and back (issue 31). Whenever a batch is
// under way, steps queue behind it and go over together, in one wake-up.
//
// Reads (the rankings API) have a thread and a connection of their own when the backend
// gives one, so a slow leaderboard never delays a game step's commit; otherwise they run
// on the writer's thread, after their batch's commit.
//
// The queues: at most `max_waiting_reads` rankings requests wait; one more is answered
// at once, refused as busy with a time to ask again (HTTP answers 503 and Retry-After).
// Writes have no cap and are never dropped (a dropped step is a move the players were
// about to be shown); what bounds them is upstream: a room sends a step's frames only
// after its commit (server/app/step_queue.hpp), so players, who act on what they are
// shown, wait on the database with their table, and each connection's message budget
// caps how fast any client can make steps. shithead_store_queue_depth in /metrics shows
// the depth.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/store/store.hpp"
#include "server/store/store_connection.hpp"
#include "server/store/store_writes.hpp"

namespace shithead::server {

class batch_store : public store {
 public:
  static constexpr std::size_t default_max_waiting_reads = 64;
  // Group commit: a batch that follows another within `busy_gap` first gathers what
  // arrives for `group_window` (a step's frames wait at most that much longer; an idle
  // store commits at once). bench/README.md has the figures that chose them.
  static constexpr std::chrono::microseconds group_window{1000};
  static constexpr std::chrono::microseconds busy_gap{5000};
  // Seconds a client is told to wait when the read queue is full.
  static constexpr int retry_after_seconds = 1;

  ~batch_store() override;  // the backend's destructor calls close() first
  batch_store(const batch_store&) = delete;
  batch_store& operator=(const batch_store&) = delete;

  void start() override;
  void close() override;
  void save_player(player_record player, std::function<void(player_saved)> done) override;
  using store::save_player;
  void forget_idle_players(std::chrono::system_clock::time_point seen_before, int most,
                           std::function<void(std::vector<std::string>)> done) override;
  void save_step(table_step step, std::function<void(step_result)> done) override;
  using store::save_table;
  void answer_rankings(protocol::rankings_question question, std::function<void(rankings_result)> done) override;
  void find_player(std::string token_hash, std::function<void(player_lookup)> done) override;
  bool healthy() const override;
  std::optional<std::string> problem() const override;
  std::size_t queue_depth() const override;

  // For tests. read_with queues `job` as a read (it counts against the cap like a
  // rankings request, and is refused, returning false, when the cap is reached).
  bool read_with(std::function<void(store_connection&)> job);
  // What the steps wrote (also logged at close). Only once the store is closed: the
  // writing thread keeps them without a lock.
  write_totals written_for_tests() const { return written_; }
  // Blocks until every write queued before it has been committed and their batch is
  // done (at once when the store is not running): reads no longer wait behind writes, so
  // a test that reads what it wrote waits here first.
  void wait_for_writes_for_tests();

 protected:
  explicit batch_store(std::size_t max_waiting_reads);

  // What a backend gives the queue.
  // The connection writes go through, on the thread writing a batch (the writer's, or a
  // caller's: commits_on_caller()), one at a time. A backend that lost its
  // connection makes a new one here; failing that, it throws an error that
  // storage_failed() accepts, and the batch waits.
  virtual store_connection& writer() = 0;
  // Whether reads have a thread and a connection of their own; if not, they go through
  // the writer's queue and run after their batch's commit. Fixed once constructed.
  virtual bool reads_apart() const = 0;
  // The reading connection, on the reader's thread (or closing's) only, when reads_apart().
  // A backend that cannot connect throws: the read fails alone.
  virtual store_connection& reader() = 0;
  // Whether `e` means the database could not take the write now (full, unreachable),
  // not that the job was wrong: then the batch is kept and tried again.
  virtual bool storage_failed(const std::exception& e) const = 0;
  // After a batch the database refused, on the writer's thread: give back what the
  // failure held (SQLite: the WAL's space; PostgreSQL: the broken connection).
  virtual void after_storage_failure() {}
  // After the first batch that went in once the database refused some.
  virtual void after_recovery() {}
  // Non-empty while the backend knows, without trying, that no write can go in (SQLite:
  // its data file was deleted). Writes then wait as on a full disk. From any thread.
  virtual std::string refuses_writes() const { return {}; }
  // What problem() says while writes fail.
  virtual std::string failing_writes_text() const = 0;
  // Before each try at a batch, on the writer's thread (a test of a full disk).
  virtual void before_batch() {}
  // First in each batch's transaction, on the writer's thread: a backend that several
  // servers share proves here that this one may still write (PostgreSQL's lease), and
  // throws an error that storage_failed() accepts when it may not.
  virtual void fence(store_connection& c) { (void)c; }
  // Threads of the backend's own, started after the queue's and stopped before them.
  virtual void start_more() {}
  virtual void stop_more() {}
  // In a step's savepoint, before it writes anything, for a step with a claim
  // (table_step::epoch): proves that this server still holds the table at `epoch`, until
  // the transaction ends, or throws table_moved. Only a store that shares_tables() is
  // given such steps.
  virtual void fence_table(store_connection& c, const std::string& code, std::int64_t epoch);
  // Whether a step may be committed on the thread that saves it when the store is idle:
  // only for a commit that never waits on a disk's flush or a network round trip.
  virtual bool commits_on_caller() const { return false; }
  // Around a caller's commit (commits_on_caller()): a network thread must not sleep on
  // a lock another connection holds (a checkpoint, a backup), so it fails at once and
  // the step goes to the writer's thread, which waits.
  virtual void waits_for_locks(bool wait) { (void)wait; }
  virtual bool lock_busy(const std::exception& e) const {
    (void)e;
    return false;
  }

  // Batches committed so far (SQLite's checkpointer looks for new ones).
  std::uint64_t commits() const;
  // Wakes the writer (a backend that found it can no longer write).
  void wake_writer() { wake_.notify_all(); }
  // Blocks up to `wait`, returning early (true) when the store starts closing.
  bool wait_or_closing(std::chrono::milliseconds wait);

 protected:
  struct job {
    // A write runs inside the batch's transaction, in a savepoint of its own; a read
    // runs after the batch's commit, outside any transaction of ours.
    std::function<void(store_connection&)> run;
    // After the commit (or its failure: `written` says which); may be empty.
    std::function<void(bool written)> after_commit;
    bool write = true;
    // The players whose rows the write changes: the batch locks them all first, in one
    // order (store_connection::lock_players).
    std::vector<std::string> players;
    // A read that threw or found no connection: why. May be empty.
    std::function<void(const std::string& why)> failed;
  };
  // `here`: the job may be committed on this thread, now, when nothing else is being
  // written or waits (commits_on_caller()); its after_commit then runs here too.
  void push_write(job j, bool here = false);
  enum class read_queued { yes, full, closed };
  read_queued push_read(job j);
  // Queues `run` as a read whose answer goes to `done`, exactly once: a refusal (busy,
  // closed) at once on the caller's thread; a read that threw, or found no connection,
  // as `failed`. Result is a rules::result<..., store_refusal>.
  template <class Result>
  void ask(std::function<Result(store_connection&)> run, std::function<void(Result)> done);

 private:
  void loop();
  // Commits `j` on the caller's thread, which holds writing_; hands it to the writer's
  // thread if the database refused it.
  void commit_here(job j);
  void read_loop();
  // A database that refuses writes: when it began, how long to wait before the next try,
  // and when the log last said so. Used by whoever holds writing_.
  struct outage {
    std::optional<std::chrono::steady_clock::time_point> since;
    std::chrono::steady_clock::time_point last_said{};
    std::chrono::milliseconds delay{100};
    std::chrono::milliseconds next_wait();
    void failed(const std::string& why, std::size_t waiting);
    void recovered(std::size_t written);
  };
  // Commits the batch and answers its jobs; false, with nothing answered, when the
  // database refused it (full, unreachable): the batch is then kept and tried again.
  // `here`: a caller's commit, which a lock held elsewhere fails quietly (no outage).
  bool run_batch(std::deque<job>& batch, outage& state, bool here = false);
  // Calls each job's after_commit with whether it was written.
  static void answer(std::deque<job>& batch, const std::vector<char>& written);
  static void finish_unwritten(std::deque<job>& batch);
  // Runs a read on the connection `connect` gives; a read that fails, or finds no
  // connection, costs only itself.
  static void run_read(job& j, const std::function<store_connection&()>& connect);

  const std::size_t max_waiting_reads_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable read_wake_;
  std::condition_variable closing_;
  std::deque<job> queue_;
  std::deque<job> caller_batch_;   // commit_here's, used by whoever holds writing_
  std::deque<job> reads_;          // for the reader's thread
  std::size_t waiting_reads_ = 0;  // the reads in queue_ or reads_
  bool stopping_ = false;
  bool started_ = false;
  bool healthy_ = true;
  // A batch is being written (by the writer's thread, or a caller's: commit_here), or
  // one the database refused waits for its next try. Whoever set it alone uses the
  // writing connection, written_ and outage_ until it is cleared.
  bool writing_ = false;
  write_totals written_;
  outage outage_;
  std::thread worker_;
  std::thread read_worker_;
  std::uint64_t commits_ = 0;  // batches committed
};

}  // namespace shithead::server
