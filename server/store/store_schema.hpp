#pragma once
// The store's schema as a list of migrations. A file's PRAGMA user_version says how many
// have run; opening runs the rest, each in one transaction, and refuses a file written
// by a newer server (whose schema this one cannot know).
#include <span>
#include <string_view>

#include "server/store/sqlite.hpp"

namespace shithead::server {

// The SQL of migration k is migrations()[k - 1]; the schema's version is their count.
std::span<const std::string_view> store_migrations();
int store_schema_version();

// Sets the connection's pragmas (WAL, foreign keys) and migrates up to `target` (the
// latest by default; tests stop earlier to build old files). Throws sqlite::error with
// a message a person can act on, e.g. for a newer file.
void migrate(sqlite::database& db, int target = -1);

int schema_version_of(sqlite::database& db);

}  // namespace shithead::server
