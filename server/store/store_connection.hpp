#pragma once
// One connection of a store as the shared queue (batch_store) uses it: the rows it reads
// and writes, the leaderboard boards read through it, and the transaction verbs the queue
// wraps each batch and each job in. A backend's connection (sqlite_connection,
// pg_connection) adds its own database handle. Owned and used by one thread at a time.
#include <string>
#include <vector>

#include "server/store/leaderboard_cache.hpp"
#include "server/store/player_history.hpp"
#include "server/store/store_rows.hpp"

namespace shithead::server {

class store_connection {
 public:
  virtual ~store_connection() = default;
  virtual store_rows& rows() = 0;

  // A batch's transaction.
  virtual void begin() = 0;
  virtual void commit() = 0;
  virtual void rollback() = 0;
  // One job's savepoint inside it: a job that fails costs only itself.
  virtual void savepoint() = 0;
  virtual void release_savepoint() = 0;
  virtual void rollback_to_savepoint() = 0;
  // True while a transaction is open (a read that left one open is rolled back).
  virtual bool in_transaction() const = 0;
  // At the start of a batch's transaction: locks the rows of the players its writes
  // change, in the order given (sorted), until the transaction ends. Where several
  // servers share the database, two batches that share players then wait for each other
  // in turn, never in a circle; a backend with one writer has nothing to lock.
  virtual void lock_players(const std::vector<std::string>& sorted_ids) { (void)sorted_ids; }

  leaderboard_cache leaderboard;  // the boards read through this connection
  history_cache histories;        // and the players' histories
};

}  // namespace shithead::server
