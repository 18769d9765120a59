#pragma once
// Moving a server from its SQLite file to PostgreSQL (`shithead migrate-store`): every
// row of every table (players with their hashed tokens and ratings, finished games with
// their seats and rating history, the tables in play with their logs) copied as it is,
// ids kept, in one PostgreSQL transaction, into a database that holds nothing yet.
#include <cstdint>
#include <string>
#include <vector>

namespace shithead::server {

struct copied_table {
  std::string name;
  std::int64_t rows = 0;
};

// Copies the SQLite file at `from` (migrated first, as a starting server would) into the
// PostgreSQL database at `to` (migrated, and empty). Returns the rows copied per table,
// having checked that the target holds as many. Throws, with a message for the person
// running it, having written nothing, when either cannot be opened, the target is not
// empty, or a row does not go in.
std::vector<copied_table> copy_sqlite_to_postgresql(const std::string& from, const std::string& to);

}  // namespace shithead::server
