#pragma once
// SQL of a test's own, run on either backend's connection: a test looks into the rows a
// store wrote (or changes them behind its back) with one text for both. Parameters are
// written `?` and numbered for PostgreSQL; every value travels as text, floats in the
// fewest digits that read back the same, so a rating read here is the rating stored.
#include <charconv>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/pg.hpp"
#include "server/store/sqlite.hpp"

namespace shithead::server::store_testing {

using sql_value = std::optional<std::string>;
using sql_row = std::vector<sql_value>;

class sql_probe {
 public:
  virtual ~sql_probe() = default;
  virtual std::vector<sql_row> query(std::string_view sql, const std::vector<sql_value>& params = {}) = 0;

  // The first column of the first row as a number (-1 when there is no row).
  std::int64_t count(std::string_view sql, const std::vector<sql_value>& params = {}) {
    const auto rows = query(sql, params);
    if (rows.empty() || !rows[0][0]) return -1;
    return std::stoll(*rows[0][0]);
  }
  void run(std::string_view sql, const std::vector<sql_value>& params = {}) { query(sql, params); }
};

inline sql_value value_of(std::int64_t n) { return std::to_string(n); }
inline sql_value value_of(std::string text) { return text; }
inline sql_value value_of(double d) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, d);
  return std::string(buffer, end);
}

inline double real_of(const sql_value& v) { return std::stod(v.value()); }
inline std::int64_t integer_of(const sql_value& v) { return std::stoll(v.value()); }
inline std::optional<std::int64_t> optional_integer_of(const sql_value& v) {
  if (!v) return std::nullopt;
  return std::stoll(*v);
}

class sqlite_probe final : public sql_probe {
 public:
  explicit sqlite_probe(sqlite::database& db) : db_(db) {}
  std::vector<sql_row> query(std::string_view sql, const std::vector<sql_value>& params = {}) override {
    auto q = db_.prepare(sql);
    for (std::size_t i = 0; i < params.size(); ++i) q.bind(static_cast<int>(i) + 1, params[i]);
    std::vector<sql_row> rows;
    while (q.step()) {
      sql_row row;
      for (int c = 0; c < q.columns(); ++c) {
        if (q.is_null(c)) {
          row.emplace_back(std::nullopt);
        } else if (q.is_real(c)) {
          row.push_back(value_of(q.real(c)));
        } else {
          row.emplace_back(q.text(c));
        }
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  sqlite::database& db_;
};

class pg_probe final : public sql_probe {
 public:
  explicit pg_probe(pg::connection& db) : db_(db) {}
  std::vector<sql_row> query(std::string_view sql, const std::vector<sql_value>& params = {}) override {
    // `?` outside quotes becomes $1, $2, ...
    std::string numbered;
    int next = 0;
    bool quoted = false;
    for (char ch : sql) {
      if (ch == '\'') quoted = !quoted;
      if (ch == '?' && !quoted) {
        numbered += "$" + std::to_string(++next);
      } else {
        numbered += ch;
      }
    }
    pg::params values;
    for (const auto& p : params) p ? values.add(*p) : values.add_null();
    // A change behind the store's back passes the tables' fence (pg_lease.hpp) as the
    // lease's holder would: at its epoch, in a transaction of its own.
    const bool change = sql.starts_with("INSERT") || sql.starts_with("UPDATE") || sql.starts_with("DELETE");
    std::optional<pg::transaction> tx;
    if (change && !db_.in_transaction()) {
      tx.emplace(db_);
      db_.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
    }
    const auto r = db_.prepare(numbered).run(values);
    if (tx) tx->commit();
    std::vector<sql_row> rows;
    for (int i = 0; i < r.rows(); ++i) {
      sql_row row;
      for (int c = 0; c < r.columns(); ++c) row.push_back(r.optional_text(i, c));
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  pg::connection& db_;
};

// The SQLSTATE of the pg::error that `f` throws; "none" when it throws none.
inline std::string sqlstate_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const pg::error& e) {
    return e.sqlstate();
  }
  return "none";
}

}  // namespace shithead::server::store_testing
