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

pg_store::pg_store(std::string url, std::size_t max_waiting_reads)
    : batch_store(max_waiting_reads), url_(std::move(url)), writer_(std::make_unique<pg_connection>(url_, true)) {}

// The queue's threads use the connections: they stop before the members go.
pg_store::~pg_store() { close(); }

std::vector<player_record> pg_store::load_players() { return writer().rows().players(); }

std::vector<saved_table> pg_store::load_rooms() { return writer().rows().rooms(); }

store_connection& pg_store::writer() {
  if (writer_ && !writer_->db.alive()) writer_.reset();
  // Migrated when the store opened: a new connection only checks the schema's version.
  if (!writer_) writer_ = std::make_unique<pg_connection>(url_, false);
  return *writer_;
}

store_connection& pg_store::reader() {
  if (reader_ && !reader_->db.alive()) reader_.reset();
  if (!reader_) reader_ = std::make_unique<pg_connection>(url_, false);
  return *reader_;
}

bool pg_store::storage_failed(const std::exception& e) const {
  const auto* db_error = dynamic_cast<const pg::error*>(&e);
  return db_error && db_error->storage_failed();
}

// Whatever the failure left on the connection (a broken socket, an aborted transaction),
// the next try starts on a new one.
void pg_store::after_storage_failure() { writer_.reset(); }

}  // namespace shithead::server
