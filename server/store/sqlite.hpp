#pragma once
// A thin RAII layer over the SQLite C API: a connection, prepared statements with bound
// values (never text pasted into SQL), and transactions that roll back unless
// committed. Errors are exceptions carrying SQLite's message: the store's one thread
// catches them at the edge of each job. Not thread-safe: one thread owns a database.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace shithead::server::sqlite {

class error : public std::runtime_error {
 public:
  explicit error(const std::string& what, int code = 1) : std::runtime_error(what), code_(code) {}
  // SQLite's extended result code (1, SQLITE_ERROR, when none is known).
  int code() const { return code_; }
  // The disk or the file failed (full, I/O error, read-only, locked out), not the SQL:
  // the same write may well succeed later, so it is kept and tried again.
  bool storage_failed() const;
  // Another connection (the checkpointer, another process) held a lock we needed.
  bool busy() const;

 private:
  int code_;
};

class statement;

class database {
 public:
  // Opens (creating when `create`) the file, or ":memory:".
  explicit database(const std::string& path, bool create = true);
  ~database();
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  // Runs SQL without parameters (schema, pragmas); may hold several statements.
  void exec(std::string_view sql);
  // BEGIN IMMEDIATE, COMMIT and ROLLBACK, each prepared once and kept (transaction's):
  // exec() would parse the SQL again on every commit, a tenth of a step's mallocs.
  void begin_immediate();
  void commit();
  void rollback();
  statement prepare(std::string_view sql);
  // How many statements this connection has prepared: the store prepares its own once,
  // after migrating, so a test can see that answering requests prepares nothing more.
  std::size_t statements_prepared() const { return prepared_; }
  std::int64_t last_insert_id() const;
  int changes() const;
  // True between BEGIN and COMMIT or ROLLBACK.
  bool in_transaction() const;
  // True when SQLite could open the file for reading only (the OS refused writing).
  bool read_only() const;
  sqlite3* handle() const { return db_; }
  // How long a statement waits for a lock another connection holds before it fails as
  // busy (5 s from opening). waits_for_locks(false) fails at once instead, until
  // waits_for_locks(true) brings the wait back.
  void lock_wait(std::chrono::milliseconds wait);
  void waits_for_locks(bool wait);

 private:
  void run_kept(sqlite3_stmt*& kept, const char* sql);

  sqlite3* db_ = nullptr;
  // The transaction's statements, prepared at first use and not counted in prepared_
  // (they belong to the connection, not to the store's queries).
  sqlite3_stmt* begin_ = nullptr;
  sqlite3_stmt* commit_ = nullptr;
  sqlite3_stmt* rollback_ = nullptr;
  std::size_t prepared_ = 0;
  std::chrono::milliseconds lock_wait_{5000};
};

class statement {
 public:
  ~statement();
  statement(statement&& other) noexcept;
  statement& operator=(statement&&) = delete;
  statement(const statement&) = delete;

  // Parameters count from 1, as in SQLite.
  statement& bind(int index, std::int64_t value);
  statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  statement& bind(int index, double value);
  statement& bind(int index, std::string_view value);
  statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
  statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
  statement& bind_null(int index);
  // Text SQLite reads in place rather than copies: it must stay unchanged until the
  // statement is reset (run() and the store's in_use do that before they return). For
  // the rows a step writes, whose texts are the caller's for the whole call.
  statement& bind_borrowed(int index, std::string_view value);
  template <class T>
  statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // True while a row is ready; false when done.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  // Ready for another round of binds and steps.
  void reset();

  // How many columns a row has, and whether one holds a float: for callers that read
  // rows of any shape (the tests' own SQL).
  int columns() const;
  bool is_real(int column) const;
  bool is_null(int column) const;
  std::int64_t int64(int column) const;
  int integer(int column) const { return static_cast<int>(int64(column)); }
  double real(int column) const;
  std::string text(int column) const;
  std::optional<std::string> optional_text(int column) const;
  std::optional<std::int64_t> optional_int64(int column) const;

 private:
  friend class database;  // the only maker, so that it counts every prepare
  statement(sqlite3* db, std::string_view sql);
  void check(int code, const char* what) const;
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE now; ROLLBACK on destruction unless commit() was called.
class transaction {
 public:
  explicit transaction(database& db);
  ~transaction();
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  void commit();

 private:
  database& db_;
  bool done_ = false;
};

}  // namespace shithead::server::sqlite
