#include "server/store/open_store.hpp"

#include "server/store/pg.hpp"
#include "server/store/pg_store.hpp"
#include "server/store/sqlite_store.hpp"

namespace shithead::server {

std::shared_ptr<store> open_store(const std::string& database, const std::string& data_file,
                                  std::chrono::milliseconds lease_term, bool cluster) {
  if (!database.empty())
    return std::make_shared<pg_store>(database, batch_store::default_max_waiting_reads, lease_term, cluster);
  return std::make_shared<sqlite_store>(data_file);
}

std::string store_location(const std::string& database, const std::string& data_file) {
  if (!database.empty()) return "the database " + pg::redacted(database);
  return "the data file " + data_file;
}

}  // namespace shithead::server
