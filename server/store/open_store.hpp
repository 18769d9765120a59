#pragma once
// The store a server runs on, from its settings: a PostgreSQL database when given its URL,
// else the SQLite file. Throws, with a message for the person running the server, when
// it cannot be opened (unreachable, unreadable, a newer schema).
#include <chrono>
#include <memory>
#include <string>

#include "server/store/store.hpp"

namespace shithead::server {

// `database`: a postgresql:// URL, or empty for the SQLite file at `data_file`.
// `lease_term`: the PostgreSQL lease's term (store/pg_lease.hpp); `cluster`: this server
// is one node of several active ones (PostgreSQL only; pg_store.hpp).
std::shared_ptr<store> open_store(const std::string& database, const std::string& data_file,
                                  std::chrono::milliseconds lease_term = std::chrono::milliseconds(4000),
                                  bool cluster = false);

// Where the store is, for the log and error messages (the URL without its password).
std::string store_location(const std::string& database, const std::string& data_file);

}  // namespace shithead::server
