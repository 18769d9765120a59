#pragma once
// A store on each backend (tests/postgres/backend.hpp), for tests written once and run
// on both: SQLite in memory or in a file, and PostgreSQL in a database of its own on the
// test run's private cluster (tests/postgres/pg_cluster.hpp), dropped afterwards.
#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/store/batch_store.hpp"
#include "server/store/pg_store.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/postgres/backend.hpp"
#include "tests/postgres/pg_cluster.hpp"
#include "tests/store/sql_probe.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server::store_testing {

using testing::backend;
using testing::backend_name;
using testing::every_backend;

// Where a SQLite database lives: in memory (gone with its one store), or in a file of a
// temporary folder (opened again by a restart, read on a thread of its own).
enum class sqlite_in { memory, file };

// An empty database of one backend, kept while the object lives; open() gives a store on
// it, as often as a test needs (a restart opens it again, but not in memory).
class fresh_database {
 public:
  explicit fresh_database(backend kind, sqlite_in place = sqlite_in::memory) : kind_(kind) {
    if (kind_ == backend::postgresql) {
      url_ = testing::pg_cluster::shared().new_database("store");
    } else if (place == sqlite_in::file) {
      folder_ = std::make_unique<temp_folder>();
      url_ = folder_->file("data/shithead.db");
    } else {
      url_ = ":memory:";
    }
  }
  ~fresh_database() {
    if (kind_ == backend::postgresql) testing::pg_cluster::shared().drop_database(url_);
  }
  fresh_database(const fresh_database&) = delete;
  fresh_database& operator=(const fresh_database&) = delete;

  backend kind() const { return kind_; }
  // The URL, the file's path, or ":memory:".
  const std::string& url() const { return url_; }

  // The first column of the first row that `sql` gives, read on a connection of the
  // test's own, as another process would see the database (not for SQLite in memory).
  std::int64_t count(std::string_view sql, const std::vector<sql_value>& params = {}) const {
    if (kind_ == backend::postgresql) {
      pg::connection other(url_);
      return pg_probe(other).count(sql, params);
    }
    EXPECT_NE(url_, ":memory:") << "another connection to a database in memory sees another database";
    sqlite::database other(url_, false);
    return sqlite_probe(other).count(sql, params);
  }

  std::unique_ptr<batch_store> open(std::size_t max_waiting_reads = batch_store::default_max_waiting_reads) const {
    if (kind_ == backend::postgresql) return std::make_unique<pg_store>(url_, max_waiting_reads);
    return std::make_unique<sqlite_store>(url_, max_waiting_reads);
  }

 private:
  backend kind_;
  std::unique_ptr<temp_folder> folder_;  // a SQLite file's
  std::string url_;
};

}  // namespace shithead::server::store_testing
