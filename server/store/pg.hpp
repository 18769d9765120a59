#pragma once
// A thin RAII layer over libpq, shaped like store/sqlite.hpp: a connection, statements
// prepared once by name and run with bound values (never text pasted into SQL), results
// read by row and column, and transactions that roll back unless committed. Errors are
// exceptions carrying PostgreSQL's message and SQLSTATE: the store's threads catch them
// at the edge of each job. Not thread-safe: one thread owns a connection.
//
// Values travel as text both ways (libpq's default format): PostgreSQL prints a double
// with the fewest digits that read back to the same value (extra_float_digits, 12 and
// later), so ratings round-trip exactly.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace shithead::server::pg {

class error : public std::runtime_error {
 public:
  explicit error(const std::string& what, std::string sqlstate = {}, std::string constraint = {})
      : std::runtime_error(what), sqlstate_(std::move(sqlstate)), constraint_(std::move(constraint)) {}
  // PostgreSQL's five-character SQLSTATE; empty when the server sent none (the
  // connection itself failed).
  const std::string& sqlstate() const { return sqlstate_; }
  // The constraint (or unique index) a write broke; empty for other errors.
  const std::string& constraint() const { return constraint_; }
  // The database could not take the write now (the connection lost or refused, the disk
  // full, the server shutting down or out of connections), not the SQL: the same write
  // may well succeed later, so it is kept and tried again on a new connection.
  bool storage_failed() const;
  // The database refused a write of a server that no longer holds the lease (SH001), or
  // one made without the lease's fence (SH002): pg_schema.cpp's migration 2.
  bool fenced() const { return sqlstate_.starts_with("SH"); }

 private:
  std::string sqlstate_;
  std::string constraint_;
};

// One row set, freed with the object.
class result {
 public:
  explicit result(pg_result* r) : r_(r) {}
  ~result();
  result(result&& other) noexcept : r_(other.r_) { other.r_ = nullptr; }
  result& operator=(result&&) = delete;
  result(const result&) = delete;

  int rows() const;
  int columns() const;
  // Rows affected by an INSERT, UPDATE or DELETE.
  std::int64_t affected() const;
  bool is_null(int row, int column) const;
  std::string text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  int integer(int row, int column) const { return static_cast<int>(int64(row, column)); }
  double real(int row, int column) const;
  std::optional<std::string> optional_text(int row, int column) const;
  std::optional<int> optional_integer(int row, int column) const;

 private:
  pg_result* r_;
};

// The values of one run of a statement, in order ($1, $2, ...).
class params {
 public:
  params& add(std::string_view value);
  params& add(const char* value) { return add(std::string_view(value)); }
  params& add(const std::string& value) { return add(std::string_view(value)); }
  params& add(std::int64_t value);
  params& add(int value) { return add(static_cast<std::int64_t>(value)); }
  params& add(double value);
  params& add(bool value);
  params& add_null();
  template <class T>
  params& add(const std::optional<T>& value) {
    return value ? add(*value) : add_null();
  }
  std::size_t size() const { return values_.size(); }

 private:
  friend class connection;
  std::vector<std::optional<std::string>> values_;
};

class statement;

class connection {
 public:
  // Connects to a libpq URL or keyword string (postgresql://user@host:port/db). Throws
  // pg::error, the password never in its message.
  explicit connection(const std::string& url);
  ~connection();
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;

  // Runs SQL without parameters (schema, settings); may hold several statements.
  void exec(std::string_view sql);
  // Prepares `sql` on the server once, under a name of this connection's own.
  statement prepare(std::string_view sql);
  // Runs a prepared statement by its name.
  result run(const std::string& name, const params& values);
  // How many statements this connection has prepared (as sqlite::database's).
  std::size_t statements_prepared() const { return prepared_; }
  // True between BEGIN and COMMIT or ROLLBACK (or in a failed transaction).
  bool in_transaction() const;
  // True once the connection to the server is known to be gone.
  bool broken() const;
  // Reads what the server sent meanwhile, without waiting, and says whether the connection
  // still stands: one that the server closed while it sat idle (a restart, an
  // administrator's kill) shows as broken only once something reads from it.
  bool alive();

  // LISTEN/NOTIFY (after `LISTEN channel` through exec): waits up to `wait` for the server
  // to send something, then returns the notifications that arrived, oldest first (none
  // when the wait ran out). Throws pg::error when the connection is lost.
  struct notification {
    std::string channel;
    std::string payload;
  };
  std::vector<notification> wait_for_notifications(std::chrono::milliseconds wait);

 private:
  [[noreturn]] void fail(pg_result* r, const std::string& what) const;
  pg_conn* conn_ = nullptr;
  std::size_t prepared_ = 0;
};

// A statement prepared on one connection, run as often as needed.
class statement {
 public:
  result run(const params& values = {}) { return db_->run(name_, values); }

 private:
  friend class connection;  // the only maker, so that it counts every prepare
  statement(connection& db, std::string name) : db_(&db), name_(std::move(name)) {}
  connection* db_;
  std::string name_;
};

// BEGIN now; ROLLBACK on destruction unless commit() was called.
class transaction {
 public:
  explicit transaction(connection& db);
  ~transaction();
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  void commit();

 private:
  connection& db_;
  bool done_ = false;
};

// The URL with any password replaced by "***", for logs and error messages.
std::string redacted(std::string_view url);

}  // namespace shithead::server::pg
