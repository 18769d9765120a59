#include "server/store/sqlite.hpp"

#include <sqlite3.h>

namespace shithead::server::sqlite {

bool error::busy() const { return (code_ & 0xff) == SQLITE_BUSY; }

bool error::storage_failed() const {
  switch (code_ & 0xff) {
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_READONLY:
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_NOMEM:
    case SQLITE_PROTOCOL: return true;
    default: return false;
  }
}

database::database(const std::string& path, bool create) {
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  const int code = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throw error("cannot open " + path + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  // A second process (a backup, the sqlite3 shell) may hold a lock for a moment.
  waits_for_locks(true);
}

void database::lock_wait(std::chrono::milliseconds wait) {
  lock_wait_ = wait;
  waits_for_locks(true);
}

void database::waits_for_locks(bool wait) {
  sqlite3_busy_timeout(db_, wait ? static_cast<int>(lock_wait_.count()) : 0);
}

database::~database() {
  for (auto* kept : {begin_, commit_, rollback_}) sqlite3_finalize(kept);
  sqlite3_close_v2(db_);
}

void database::run_kept(sqlite3_stmt*& kept, const char* sql) {
  if (!kept) {
    if (sqlite3_prepare_v2(db_, sql, -1, &kept, nullptr) != SQLITE_OK) {
      sqlite3_finalize(kept);
      kept = nullptr;
      throw error(sqlite3_errmsg(db_), sqlite3_extended_errcode(db_));
    }
  }
  const int code = sqlite3_step(kept);
  if (code == SQLITE_DONE || code == SQLITE_ROW) {
    sqlite3_reset(kept);
    return;
  }
  // As exec() would say it: SQLite's message and extended code, taken before the reset.
  error failed(sqlite3_errmsg(db_), sqlite3_extended_errcode(db_));
  sqlite3_reset(kept);
  throw failed;
}

void database::begin_immediate() { run_kept(begin_, "BEGIN IMMEDIATE"); }
void database::commit() { run_kept(commit_, "COMMIT"); }
void database::rollback() { run_kept(rollback_, "ROLLBACK"); }

void database::exec(std::string_view sql) {
  char* message = nullptr;
  const std::string text(sql);
  if (const int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message); code != SQLITE_OK) {
    std::string what = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw error(what, sqlite3_extended_errcode(db_));
  }
}

statement database::prepare(std::string_view sql) {
  ++prepared_;
  return statement(db_, sql);
}
std::int64_t database::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }
int database::changes() const { return sqlite3_changes(db_); }
bool database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
bool database::read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }

statement::statement(sqlite3* db, std::string_view sql) : db_(db) {
  check(sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr), "prepare");
}

statement::~statement() { sqlite3_finalize(stmt_); }

statement::statement(statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) { other.stmt_ = nullptr; }

void statement::check(int code, const char* what) const {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  throw error(std::string(what) + ": " + sqlite3_errmsg(db_), sqlite3_extended_errcode(db_));
}

statement& statement::bind(int index, std::int64_t value) {
  check(sqlite3_bind_int64(stmt_, index, value), "bind");
  return *this;
}

statement& statement::bind(int index, double value) {
  check(sqlite3_bind_double(stmt_, index, value), "bind");
  return *this;
}

statement& statement::bind(int index, std::string_view value) {
  check(sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT), "bind");
  return *this;
}

statement& statement::bind_borrowed(int index, std::string_view value) {
  check(sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_STATIC), "bind");
  return *this;
}

statement& statement::bind_null(int index) {
  check(sqlite3_bind_null(stmt_, index), "bind");
  return *this;
}

bool statement::step() {
  const int code = sqlite3_step(stmt_);
  check(code, "step");
  return code == SQLITE_ROW;
}

void statement::run() {
  // Reset on failure too, so a statement kept for reuse is never left mid-step
  // holding its bindings and a read lock.
  try {
    while (step()) {
    }
  } catch (...) {
    reset();
    throw;
  }
  reset();
}

void statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
std::int64_t statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }
double statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

int statement::columns() const { return sqlite3_column_count(stmt_); }
bool statement::is_real(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_FLOAT; }

std::string statement::text(int column) const {
  const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return data ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))) : std::string();
}

std::optional<std::string> statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

std::optional<std::int64_t> statement::optional_int64(int column) const {
  if (is_null(column)) return std::nullopt;
  return int64(column);
}

transaction::transaction(database& db) : db_(db) { db_.begin_immediate(); }

transaction::~transaction() {
  if (done_) return;
  try {
    db_.rollback();
  } catch (const error&) {
    // Nothing to roll back (SQLite may already have ended it after an I/O error).
  }
}

void transaction::commit() {
  db_.commit();
  done_ = true;
}

}  // namespace shithead::server::sqlite
