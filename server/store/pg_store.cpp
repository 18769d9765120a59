#include "server/store/pg_store.hpp"

#include "server/store/pg_schema.hpp"

namespace shithead::server {
namespace {

// Migrates (or checks the version), then prepares every statement once, after the tables
// they name exist.
pg_queries prepared(pg::connection& db, const std::string& url, bool migrate_schema) {
  try {
    // Seen in pg_stat_activity, for the person looking at the database.
    db.exec("SET application_name = 'shithead'");
    if (migrate_schema) {
      migrate(db);
    } else if (const int version = schema_version_of(db); version != pg_schema_version()) {
      throw pg::error("the database has schema version " + std::to_string(version) + ", this server's is " +
                      std::to_string(pg_schema_version()));
    }
    return pg_queries(db);
  } catch (const pg::error& e) {
    throw pg::error("the store " + pg::redacted(url) + ": " + e.what(), e.sqlstate());
  }
}

}  // namespace

pg_connection::pg_connection(const std::string& url, bool migrate_schema)
    : db(url), queries(prepared(db, url, migrate_schema)) {}

// The writer's connection ends a transaction left open for half a lease's term: a server
// paused in the middle of a batch then lets go of the lease's row (its fence's lock)
// before the lease lapses, so a standby's claim never waits on it (pg_lease.hpp).
std::unique_ptr<pg_connection> writer_connection(const std::string& url, bool migrate_schema,
                                                 std::chrono::milliseconds lease_term) {
  auto c = std::make_unique<pg_connection>(url, migrate_schema);
  c->db.exec("SET idle_in_transaction_session_timeout = " + std::to_string((lease_term / 2).count()));
  return c;
}

pg_store::pg_store(std::string url, std::size_t max_waiting_reads, std::chrono::milliseconds lease_term)
    : batch_store(max_waiting_reads),
      url_(std::move(url)),
      lease_(url_, lease_term),
      writer_(writer_connection(url_, true, lease_.term())) {}

// The queue's threads use the connections: they stop before the members go.
pg_store::~pg_store() { close(); }

std::vector<player_record> pg_store::load_players() { return writer().rows().players(); }

std::vector<saved_table> pg_store::load_rooms() { return writer().rows().rooms(); }

store_connection& pg_store::writer() {
  if (writer_ && !writer_->db.alive()) writer_.reset();
  // Migrated when the store opened: a new connection only checks the schema's version.
  if (!writer_) writer_ = writer_connection(url_, false, lease_.term());
  return *writer_;
}

store_connection& pg_store::reader() {
  if (reader_ && !reader_->db.alive()) reader_.reset();
  if (!reader_) reader_ = std::make_unique<pg_connection>(url_, false);
  return *reader_;
}

void pg_store::fence(store_connection& c) {
  auto epoch = lease_.epoch();
  // A store used without a server that took the lease first (a test, a tool): the first
  // batch takes it, waiting as a standby would. One that lost it never takes it again.
  if (!epoch && !lease_.lost() && lease_.acquire({})) epoch = lease_.epoch();
  if (!epoch) throw pg::error("this server does not hold the database's lease", "SH001");
  try {
    static_cast<pg_connection&>(c).queries.fence(lease_.holder(), *epoch);
  } catch (const pg::error& e) {
    if (e.fenced()) lease_.lose(std::string("the database refused a write: ") + e.what());
    throw;
  }
}

std::string pg_store::refuses_writes() const {
  if (lease_.lost()) return "this server lost the database's lease: another server writes now";
  return {};
}

bool pg_store::storage_failed(const std::exception& e) const {
  const auto* db_error = dynamic_cast<const pg::error*>(&e);
  if (!db_error) return false;
  // Refused by the lease's fence: kept, like a write the database could not take, so that
  // no player is shown it; tables refuse moves until the server steps down.
  return db_error->fenced() || db_error->storage_failed();
}

// Whatever the failure left on the connection (a broken socket, an aborted transaction),
// the next try starts on a new one.
void pg_store::after_storage_failure() { writer_.reset(); }

}  // namespace shithead::server
