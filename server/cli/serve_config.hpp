#pragma once
// The settings of `shithead serve`, the whole service's: the network core's
// (net/server_settings), the store's file or database, the tables' defaults and the per-address
// limits. Defaults, then environment variables, then flags (flags win). Bad input is an
// error message value; nothing here throws.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "server/net/address_table.hpp"
#include "server/net/origin_check.hpp"
#include "server/net/server_settings.hpp"

namespace shithead::server {

struct serve_config {
  std::uint16_t port = 8080;  // 0: an ephemeral port (tests)
  std::string bind = "0.0.0.0";
  std::string data = "./data/shithead.db";
  std::string database;  // a PostgreSQL URL; empty: the SQLite file `data`
  // The term of the database's lease (store/pg_lease.hpp): how long a server that stopped
  // renewing it keeps it, so about how long a standby waits to take over.
  std::chrono::milliseconds lease{4000};
  // With `database`: this server is one of several active nodes behind a proxy, each
  // serving the tables it claims (README.md, "Several servers at once"); else servers on
  // one database take turns, one writing and the others standing by.
  bool cluster = false;
  std::string static_dir = SHITHEAD_DEFAULT_STATIC_DIR;
  int threads = 1;  // config_defaults() sets the core count
  std::string log_level = "info";
  origin_policy allowed_origins;            // pages of other origins that may open /ws; none by default
  std::optional<web_origin> public_url;     // the address players use, when the server is told it
  std::chrono::seconds turn_timer{0};       // of tables whose creator does not choose: 0, 15, 30 or 60
  std::chrono::milliseconds bot_pace{900};  // of tables whose creator does not choose: 0 to 3000
  int api_rate = 10;                        // HTTP API requests a second per address; 0: no limit
  int connections_per_address = 64;         // TCP connections per address (an IPv6 /64)
  std::string trusted_proxies;              // addresses and blocks of reverse proxies in front
  int new_players_per_address = 60;         // new identities an address may make at once, and per hour; 0: no limit
  int tables_per_address = 20;              // open tables opened from one address; 0: no limit
  int forget_idle_days = 14;                // players who never finished a game, unseen this long; 0: never
  int max_players = 100'000;                // players the registry holds; near it, unplayed ones are forgotten
  int max_tables = 10'000;                  // open tables on this server
  int max_connections = 0;                  // TCP connections at once; 0: what the descriptor limit allows
};

// What the network core takes of these settings.
server_settings server_settings_of(const serve_config& settings);

// The per-address limits these settings ask for (net/address_table.hpp).
address_limits address_limits_of(const serve_config& settings);

// The defaults, with threads set to the number of cores (at least 1).
serve_config config_defaults();

// Looks up an environment variable; tests pass a fake.
using environment = std::function<std::optional<std::string>(std::string_view name)>;
environment process_environment();

struct config_result {
  serve_config settings;
  std::optional<std::string> error;  // set: the input was bad and `settings` is partial
  bool help = false;                 // --help was asked for
};

// Reads SHITHEAD_PORT, SHITHEAD_BIND, SHITHEAD_DATA, SHITHEAD_DATABASE, SHITHEAD_LEASE_MS,
// SHITHEAD_STATIC, SHITHEAD_THREADS, SHITHEAD_LOG_LEVEL, SHITHEAD_ALLOWED_ORIGINS,
// SHITHEAD_PUBLIC_URL, SHITHEAD_TURN_TIMER, SHITHEAD_API_RATE, SHITHEAD_CONNECTIONS_PER_ADDRESS,
// SHITHEAD_TRUSTED_PROXIES, SHITHEAD_NEW_PLAYERS_PER_ADDRESS, SHITHEAD_TABLES_PER_ADDRESS and
// SHITHEAD_FORGET_IDLE_DAYS, then the flags of the same names (--port ...
// --forget-idle-days, as `--flag value` or `--flag=value`).
config_result parse_config(std::span<const std::string_view> args, const environment& env);

// The flags and variables, for `shithead serve --help`.
extern const std::string_view config_usage;

}  // namespace shithead::server
