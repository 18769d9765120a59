#include "server/store/pg.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace shithead::server::pg {
namespace {

// Commands that return no rows end in PGRES_COMMAND_OK, queries in PGRES_TUPLES_OK.
bool succeeded(const PGresult* r) {
  const auto status = PQresultStatus(r);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

bool error::storage_failed() const {
  // No SQLSTATE: libpq lost or never had the connection.
  if (sqlstate_.empty()) return true;
  const std::string_view code = sqlstate_;
  // 08: connection exceptions; 53: insufficient resources (disk full, out of memory, too
  // many connections); 58: system errors (I/O); 57P0x: the server is shutting down or
  // starting; 40001/40P01: a serialization failure or deadlock, which a retry resolves;
  // 25006: a read-only transaction (a standby not yet promoted).
  return code.starts_with("08") || code.starts_with("53") || code.starts_with("58") || code.starts_with("57P") ||
         code == "40001" || code == "40P01" || code == "25006";
}

result::~result() { PQclear(r_); }
int result::rows() const { return PQntuples(r_); }
int result::columns() const { return PQnfields(r_); }

std::int64_t result::affected() const {
  const char* n = PQcmdTuples(r_);
  std::int64_t value = 0;
  if (n && *n) std::from_chars(n, n + std::char_traits<char>::length(n), value);
  return value;
}

bool result::is_null(int row, int column) const { return PQgetisnull(r_, row, column) == 1; }

std::string result::text(int row, int column) const {
  return std::string(PQgetvalue(r_, row, column), static_cast<std::size_t>(PQgetlength(r_, row, column)));
}

std::int64_t result::int64(int row, int column) const {
  const char* begin = PQgetvalue(r_, row, column);
  const char* end = begin + PQgetlength(r_, row, column);
  std::int64_t value = 0;
  if (auto [at, ec] = std::from_chars(begin, end, value); ec != std::errc() || at != end)
    throw error("not an integer in column " + std::to_string(column) + ": " + std::string(begin, end), "22P02");
  return value;
}

double result::real(int row, int column) const {
  // strtod also reads PostgreSQL's spellings of the infinities and NaN.
  const std::string value = text(row, column);
  char* end = nullptr;
  const double d = std::strtod(value.c_str(), &end);
  if (end != value.c_str() + value.size()) throw error("not a number in column " + std::to_string(column), "22P02");
  return d;
}

std::optional<std::string> result::optional_text(int row, int column) const {
  if (is_null(row, column)) return std::nullopt;
  return text(row, column);
}

std::optional<int> result::optional_integer(int row, int column) const {
  if (is_null(row, column)) return std::nullopt;
  return integer(row, column);
}

params& params::add(std::string_view value) {
  values_.emplace_back(std::string(value));
  return *this;
}
params& params::add(std::int64_t value) {
  values_.emplace_back(std::to_string(value));
  return *this;
}
params& params::add(double value) {
  // Shortest text that reads back to the same double (as PostgreSQL prints them).
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  values_.emplace_back(std::string(buffer, ec == std::errc() ? end : buffer));
  return *this;
}
params& params::add(bool value) {
  values_.emplace_back(value ? "true" : "false");
  return *this;
}
params& params::add_null() {
  values_.emplace_back(std::nullopt);
  return *this;
}

namespace {

// Bounds on a network that fails silently (a host gone, a cut cable), so that no thread
// of ours waits on a dead connection for the system's default of many minutes: give up a
// connect after 5 s, and a send no peer acknowledged after 10 s; probe an idle
// connection after 5 s. The URL's own values, when it names these, win.
PGconn* connect_bounded(const std::string& url) {
  const std::array<const char*, 7> keywords = {"connect_timeout",
                                               "keepalives_idle",
                                               "keepalives_interval",
                                               "keepalives_count",
                                               "tcp_user_timeout",
                                               "dbname",
                                               nullptr};
  const std::array<const char*, 7> values = {"5", "5", "2", "3", "10000", url.c_str(), nullptr};
  return PQconnectdbParams(keywords.data(), values.data(), 1);
}

}  // namespace

connection::connection(const std::string& url) : conn_(connect_bounded(url)) {
  if (!conn_) throw error("cannot connect to " + redacted(url) + ": out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string message = trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw error("cannot connect to " + redacted(url) + ": " + message);
  }
  // Notices (e.g. "relation already exists, skipping") are for a person at psql.
  PQsetNoticeProcessor(
      conn_, [](void*, const char*) {}, nullptr);
}

connection::~connection() { PQfinish(conn_); }

void connection::fail(PGresult* r, const std::string& what) const {
  std::string sqlstate;
  std::string constraint;
  std::string message;
  if (r) {
    if (const char* code = PQresultErrorField(r, PG_DIAG_SQLSTATE)) sqlstate = code;
    if (const char* name = PQresultErrorField(r, PG_DIAG_CONSTRAINT_NAME)) constraint = name;
    message = trimmed(PQresultErrorMessage(r));
  }
  if (message.empty()) message = trimmed(PQerrorMessage(conn_));
  PQclear(r);
  throw error(what + ": " + message, sqlstate, constraint);
}

void connection::exec(std::string_view sql) {
  const std::string text(sql);
  PGresult* r = PQexec(conn_, text.c_str());
  if (!r || !succeeded(r)) fail(r, "SQL failed");
  PQclear(r);
}

statement connection::prepare(std::string_view sql) {
  std::string name = "s" + std::to_string(++prepared_);
  const std::string text(sql);
  PGresult* r = PQprepare(conn_, name.c_str(), text.c_str(), 0, nullptr);
  if (!r || !succeeded(r)) fail(r, "cannot prepare \"" + text + "\"");
  PQclear(r);
  return statement(*this, std::move(name));
}

result connection::run(const std::string& name, const params& values) {
  std::vector<const char*> pointers;
  pointers.reserve(values.values_.size());
  for (const auto& v : values.values_) pointers.push_back(v ? v->c_str() : nullptr);
  PGresult* r =
      PQexecPrepared(conn_, name.c_str(), static_cast<int>(pointers.size()), pointers.data(), nullptr, nullptr, 0);
  if (!r || !succeeded(r)) fail(r, "statement " + name + " failed");
  return result(r);
}

bool connection::in_transaction() const {
  const auto status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

bool connection::broken() const { return PQstatus(conn_) != CONNECTION_OK; }

bool connection::alive() {
  if (broken()) return false;
  // A server that ends a connection sends why, then closes it: the first read takes the
  // message, the second meets the end of the file, on which libpq marks it bad.
  for (int read = 0; read < 2 && !broken(); ++read) PQconsumeInput(conn_);
  return !broken();
}

std::vector<connection::notification> connection::wait_for_notifications(std::chrono::milliseconds wait) {
  const auto drain = [this] {
    std::vector<notification> out;
    while (PGnotify* n = PQnotifies(conn_)) {
      out.push_back(notification{n->relname, n->extra});
      PQfreemem(n);
    }
    return out;
  };
  // Some may have come in with an earlier result.
  if (auto already = drain(); !already.empty()) return already;
  pollfd socket{PQsocket(conn_), POLLIN, 0};
  if (socket.fd < 0) throw error("the connection to the database is gone");
  const int ready = poll(&socket, 1, static_cast<int>(wait.count()));
  if (ready < 0 && errno != EINTR) throw error(std::string("waiting on the database: ") + std::strerror(errno));
  if (ready > 0 && (PQconsumeInput(conn_) == 0 || broken()))
    throw error(std::string("the connection to the database is gone: ") + PQerrorMessage(conn_));
  return drain();
}

transaction::transaction(connection& db) : db_(db) { db_.exec("BEGIN"); }

transaction::~transaction() {
  if (done_ || db_.broken()) return;
  try {
    db_.exec("ROLLBACK");
  } catch (...) {
    // Already failing; the connection is dropped by its owner if it is broken.
  }
}

void transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

std::string redacted(std::string_view url) {
  // postgresql://user:password@host/...: the password sits between the first ':' after
  // the scheme and the '@'.
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const auto at = url.find('@', scheme + 3);
  if (at == std::string_view::npos) return std::string(url);
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon + 1)) + "***" + std::string(url.substr(at));
}

}  // namespace shithead::server::pg
