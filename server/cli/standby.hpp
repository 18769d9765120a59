#pragma once
// A server on a database that another server writes to (store/store_lease.hpp): until it
// holds the database's lease it listens with /healthz answering 503, so that a proxy's
// health check sends nobody to it, and serves no game (/ws answers 503). Then it lets the
// port go, for the game's server to take at once.
#include <cstdint>
#include <optional>

#include "server/cli/serve_config.hpp"
#include "server/store/store_lease.hpp"

namespace shithead::server {

// Blocks until this process holds `lease`, and returns the port it listened on (the one
// asked for, or the one picked for port 0); nullopt when SIGINT or SIGTERM came first.
// Throws std::runtime_error when it cannot listen.
std::optional<std::uint16_t> stand_by(const serve_config& settings, store_lease& lease);

}  // namespace shithead::server
