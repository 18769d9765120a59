#pragma once
// The PostgreSQL store's schema as a ladder of migrations of its own (the tables and
// columns are SQLite's, in PostgreSQL's types). The table shithead_schema holds how many
// have run; opening runs the rest in one transaction, under an advisory lock so that two
// servers starting together migrate once, and refuses a database migrated by a newer
// server.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "server/store/pg.hpp"

namespace shithead::server {

std::span<const std::string_view> pg_migrations();
int pg_schema_version();

// Migrates up to `target` (the latest by default). Throws pg::error with a message a
// person can act on, e.g. for a newer database.
void migrate(pg::connection& db, int target = -1);

// 0 for a database never migrated.
int schema_version_of(pg::connection& db);

// Inside a transaction, at schema version 2 or later: the server that holds the lease
// and has not let it lapse, if any. Its row stays locked (FOR UPDATE) until the
// transaction ends, so that no server claims the lease meanwhile (a migration, a copy).
std::optional<std::string> live_lease_holder(pg::connection& db);

}  // namespace shithead::server
