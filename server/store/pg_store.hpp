#pragma once
// The store in a PostgreSQL database, for hosts who outgrow one file (README.md, "More
// than one machine"): the same queue as SQLite's (batch_store: one writer, group commit,
// a savepoint a job, a refused batch kept and tried again), over libpq.
//
// One server at a time writes: the one holding the database's lease (pg_lease.hpp). The
// store takes it before its first write, unless the server took it first (a standby waits
// there), and fences every batch with it. Once it is lost, every write is refused and
// waits, as on a database that cannot write, until the server steps down.
//
// Tables of a cluster (`serve --cluster`): the lease is shared by every node
// (pg_lease.hpp), and each table in play belongs to one node by a claim (live_rooms'
// owner and epoch, migration 4). A step made under a claim first locks its table's row
// FOR SHARE at that owner and epoch (fence_table): a claim by another node (an UPDATE of
// the row) waits for the steps in flight, and every later step of the node that lost it
// is refused as moved, never written.
//
// A node also listens (thread `shithead-listen`, a connection of its own) on the channel
// `shithead_tables`, where another node asks it to hand a table over ("handover NODE
// CODE") or says it published its public tables ("listed NODE"); each is a NOTIFY of its
// own on the reading connection, never in a step.
//
// Reads have a connection and a thread of their own. A connection that breaks (the
// database restarted, the network cut) is dropped and made again on the next use; until
// then writes wait and are tried again with the queue's back-off, tables refuse moves
// with cannot_save, and /healthz answers 503, as on SQLite's full disk.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/batch_store.hpp"
#include "server/store/pg.hpp"
#include "server/store/pg_lease.hpp"
#include "server/store/pg_queries.hpp"
#include "server/store/store_connection.hpp"

namespace shithead::server {

// A connection and its statements, prepared once.
struct pg_connection final : store_connection {
  // Connects; migrates first when `migrate_schema` (the store opening), else only checks that
  // the schema is this server's.
  pg_connection(const std::string& url, bool migrate_schema);
  pg::connection db;  // first: made first, closed after its statements
  pg_queries queries;

  store_rows& rows() override { return queries; }
  void begin() override { db.exec("BEGIN"); }
  void commit() override { db.exec("COMMIT"); }
  void rollback() override { db.exec("ROLLBACK"); }
  void savepoint() override { db.exec("SAVEPOINT job"); }
  void release_savepoint() override { db.exec("RELEASE SAVEPOINT job"); }
  void rollback_to_savepoint() override { db.exec("ROLLBACK TO SAVEPOINT job"); }
  bool in_transaction() const override { return db.in_transaction(); }
  void lock_players(const std::vector<std::string>& sorted_ids) override { queries.lock_players(sorted_ids); }
};

class pg_store final : public batch_store {
 public:
  // Connects and migrates. Throws pg::error with a message for the person running the
  // server (unreachable, refused, a newer schema), the URL's password left out.
  // `cluster`: this server is one of several active nodes (shares_tables()).
  explicit pg_store(std::string url, std::size_t max_waiting_reads = default_max_waiting_reads,
                    std::chrono::milliseconds lease_term = pg_lease::default_term, bool cluster = false);
  ~pg_store() override;  // close()

  std::vector<player_record> load_players() override;
  std::vector<saved_table> load_rooms() override;
  pg_lease* lease() override { return &lease_; }

  bool shares_tables() const override { return lease_.cluster(); }
  void reserve_table(std::string code, std::function<void(std::optional<std::int64_t> epoch)> done) override;
  void claim_table(std::string code, std::function<void(table_claim)> done) override;
  void orphan_tables(int most, std::chrono::milliseconds unowned_for,
                     std::function<void(std::vector<std::string>)> done) override;
  void on_handover_asked(std::function<void(const std::string& code)> asked) override;
  void ask_handover(std::string owner, std::string code) override;
  void release_table(std::string code, std::int64_t epoch, std::function<void(bool released)> done) override;
  void publish_tables(std::vector<listed_table> tables) override;
  void on_tables_published(std::function<void(const std::string& node)> published) override;
  void read_listed(std::string node, std::int64_t after, std::function<void(std::vector<listed_row>)> done) override;

 private:
  store_connection& writer() override;
  bool reads_apart() const override { return true; }
  store_connection& reader() override;
  bool storage_failed(const std::exception& e) const override;
  void after_storage_failure() override;
  std::string refuses_writes() const override;
  std::string failing_writes_text() const override {
    return "the database refuses writes (unreachable, full, or shutting down)";
  }
  void fence(store_connection& c) override;
  void fence_table(store_connection& c, const std::string& code, std::int64_t epoch) override;
  void start_more() override;
  void stop_more() override;
  // The cluster's channel, read until the store closes (a node only).
  void listen_loop();
  // Queues `run` as a read on the reading connection; `done` hears its rows once, or
  // none when the read failed or the queue refused it.
  template <class Rows>
  void read_rows(std::function<Rows(pg_queries&)> run, std::function<void(Rows)> done);

  const std::string url_;
  pg_lease lease_;
  std::unique_ptr<pg_connection> writer_;  // null after a failure, until the next try
  std::unique_ptr<pg_connection> reader_;  // made on the first read
  std::mutex handover_mutex_;              // the listener reads the two callbacks below, set from any thread
  std::function<void(const std::string&)> handover_asked_;
  std::function<void(const std::string&)> tables_published_;
  std::uint64_t publications_ = 0;  // the writer's thread's: every 240th also forgets old rows
  std::atomic<bool> listening_{false};
  std::thread listener_;
};

}  // namespace shithead::server
