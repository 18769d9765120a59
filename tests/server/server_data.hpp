#pragma once
// Where a server under test keeps its data, on either backend (tests/postgres/backend.hpp):
// the flags that point `shithead serve` at it, and a look at whether what a killed server
// left is whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "server/store/sqlite.hpp"
#include "tests/postgres/backend.hpp"
#include "tests/postgres/pg_cluster.hpp"

namespace shithead::test {

// Where a server keeps its data: a SQLite file in `folder`, or a database of its own on
// the run's PostgreSQL cluster, dropped with this.
class server_data {
 public:
  server_data(testing::backend kind, const std::filesystem::path& folder) : kind_(kind), file_(folder / "shithead.db") {
    if (kind_ == testing::backend::postgresql) url_ = testing::pg_cluster::shared().new_database("server");
  }
  ~server_data() {
    if (!url_.empty()) testing::pg_cluster::shared().drop_database(url_);
  }
  server_data(const server_data&) = delete;
  server_data& operator=(const server_data&) = delete;

  // The PostgreSQL database's URL (empty for SQLite).
  const std::string& url() const { return url_; }

  std::vector<std::string> flags() const {
    if (kind_ == testing::backend::postgresql) return {"--database", url_};
    return {"--data", file_.string()};
  }

  // "ok", or the damage found in what a killed server left. Opening a SQLite file also
  // replays the WAL, as the next server's start would; PostgreSQL keeps its own
  // constraints, so what is asked of it is what no constraint says: a step is one
  // transaction, so no logged action without its table and no game without its seats.
  std::string integrity() const {
    if (kind_ == testing::backend::postgresql) {
      std::string verdict;
      if (testing::pg_cluster::query_one(url_,
                                         "SELECT count(*) FROM live_actions a WHERE NOT EXISTS "
                                         "(SELECT 1 FROM live_rooms r WHERE r.code = a.code)") != "0")
        verdict += "logged actions of a table that is not saved; ";
      if (testing::pg_cluster::query_one(url_,
                                         "SELECT count(*) FROM games g WHERE NOT EXISTS "
                                         "(SELECT 1 FROM game_players p WHERE p.game_id = g.id)") != "0")
        verdict += "games without their seats; ";
      return verdict.empty() ? "ok" : verdict;
    }
    server::sqlite::database db(file_.string(), false);
    auto check = db.prepare("PRAGMA integrity_check");
    std::string verdict;
    while (check.step()) verdict += (verdict.empty() ? "" : "; ") + check.text(0);
    auto keys = db.prepare("PRAGMA foreign_key_check");
    while (keys.step()) verdict += "; foreign key broken in " + keys.text(0);
    return verdict;
  }

 private:
  testing::backend kind_;
  std::filesystem::path file_;
  std::string url_;
};

}  // namespace shithead::test
