#include "server/cli/serve_config.hpp"

#include "protocol/client_message.hpp"
#include "server/net/address_table.hpp"

#include <algorithm>
#include <array>
#include <boost/asio/ip/address.hpp>
#include <charconv>
#include <cstdlib>
#include <thread>

namespace shithead::server {
namespace {

struct setting {
  std::string_view flag;
  std::string_view variable;
  // An error message, or nothing when the value was taken.
  std::optional<std::string> (*apply)(serve_config&, std::string_view);
};

std::optional<long> parse_integer(std::string_view text) {
  long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::string> set_port(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 0 || *value > 65535)
    return "port must be a number from 0 to 65535, not '" + std::string(text) + "'";
  c.port = static_cast<std::uint16_t>(*value);
  return std::nullopt;
}

std::optional<std::string> set_bind(serve_config& c, std::string_view text) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return "bind must be an IP address such as 0.0.0.0 or ::1, not '" + std::string(text) + "'";
  c.bind = text;
  return std::nullopt;
}

std::optional<std::string> set_data(serve_config& c, std::string_view text) {
  if (text.empty()) return std::string("data must name a file");
  c.data = text;
  return std::nullopt;
}

std::optional<std::string> set_database(serve_config& c, std::string_view text) {
  if (!text.starts_with("postgresql://") && !text.starts_with("postgres://"))
    return "database must be a PostgreSQL URL such as postgresql://shithead@db.example.org/shithead, not '" +
           std::string(text) + "'";
  c.database = text;
  return std::nullopt;
}

std::optional<std::string> set_static(serve_config& c, std::string_view text) {
  if (text.empty()) return std::string("static must name a folder");
  c.static_dir = text;
  return std::nullopt;
}

std::optional<std::string> set_threads(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 1 || *value > 256)
    return "threads must be a number from 1 to 256, not '" + std::string(text) + "'";
  c.threads = static_cast<int>(*value);
  return std::nullopt;
}

std::optional<std::string> set_log_level(serve_config& c, std::string_view text) {
  constexpr std::array<std::string_view, 7> levels = {"trace", "debug", "info", "warn", "error", "critical", "off"};
  for (auto level : levels) {
    if (level == text) {
      c.log_level = text;
      return std::nullopt;
    }
  }
  return "log-level must be one of trace, debug, info, warn, error, critical, off, not '" + std::string(text) + "'";
}

std::optional<std::string> set_allowed_origins(serve_config& c, std::string_view text) {
  auto policy = parse_origin_policy(text);
  if (!policy) return "allowed-origins: " + policy.error();
  c.allowed_origins = std::move(policy).value();
  return std::nullopt;
}

std::optional<std::string> set_public_url(serve_config& c, std::string_view text) {
  if (text.empty()) {
    c.public_url.reset();
    return std::nullopt;
  }
  auto origin = parse_origin(text);
  if (!origin)
    return "public-url must be the address players open, such as https://cards.example.org, not '" + std::string(text) +
           "'";
  c.public_url = std::move(*origin);
  return std::nullopt;
}

std::optional<std::string> set_turn_timer(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || (*value != 0 && *value != 15 && *value != 30 && *value != 60))
    return "turn-timer must be 0 (no timer), 15, 30 or 60 seconds, not '" + std::string(text) + "'";
  c.turn_timer = std::chrono::seconds{*value};
  return std::nullopt;
}

std::optional<std::string> set_bot_pace(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 0 || *value > protocol::max_bot_pace_ms)
    return "bot-pace must be a pause from 0 (none) to " + std::to_string(protocol::max_bot_pace_ms) +
           " milliseconds, not '" + std::string(text) + "'";
  c.bot_pace = std::chrono::milliseconds{*value};
  return std::nullopt;
}

std::optional<std::string> set_api_rate(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 0 || *value > 100000)
    return "api-rate must be a number of requests a second from 0 (no limit) to 100000, not '" + std::string(text) +
           "'";
  c.api_rate = static_cast<int>(*value);
  return std::nullopt;
}

std::optional<std::string> set_connections_per_address(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 1 || *value > 100000)
    return "connections-per-address must be a number from 1 to 100000, not '" + std::string(text) + "'";
  c.connections_per_address = static_cast<int>(*value);
  return std::nullopt;
}

std::optional<std::string> set_trusted_proxies(serve_config& c, std::string_view text) {
  const auto parsed = address_set::parse(text);
  if (!parsed) return "trusted-proxies: " + parsed.error();
  c.trusted_proxies = text;
  return std::nullopt;
}

// A whole number in [0, most] for `name`; 0 turns the limit off.
std::optional<std::string> set_count(int& field, std::string_view name, std::string_view text, int most) {
  const auto value = parse_integer(text);
  if (!value || *value < 0 || *value > most)
    return std::string(name) + " must be a number from 0 (no limit) to " + std::to_string(most) + ", not '" +
           std::string(text) + "'";
  field = static_cast<int>(*value);
  return std::nullopt;
}

std::optional<std::string> set_new_players_per_address(serve_config& c, std::string_view text) {
  return set_count(c.new_players_per_address, "new-players-per-address", text, 100000);
}

std::optional<std::string> set_tables_per_address(serve_config& c, std::string_view text) {
  return set_count(c.tables_per_address, "tables-per-address", text, 100000);
}

std::optional<std::string> set_forget_idle_days(serve_config& c, std::string_view text) {
  return set_count(c.forget_idle_days, "forget-idle-days", text, 3650);
}

// A whole number in [least, most] for `name`.
std::optional<std::string> set_size(int& field, std::string_view name, std::string_view text, int least, int most) {
  const auto value = parse_integer(text);
  if (!value || *value < least || *value > most)
    return std::string(name) + " must be a number from " + std::to_string(least) + " to " + std::to_string(most) +
           ", not '" + std::string(text) + "'";
  field = static_cast<int>(*value);
  return std::nullopt;
}

std::optional<std::string> set_max_players(serve_config& c, std::string_view text) {
  return set_size(c.max_players, "max-players", text, 20, 10'000'000);
}

std::optional<std::string> set_max_tables(serve_config& c, std::string_view text) {
  return set_size(c.max_tables, "max-tables", text, 1, 1'000'000);
}

std::optional<std::string> set_max_connections(serve_config& c, std::string_view text) {
  return set_size(c.max_connections, "max-connections", text, 0, 1'000'000);
}

std::optional<std::string> set_lease(serve_config& c, std::string_view text) {
  const auto value = parse_integer(text);
  if (!value || *value < 400 || *value > 60000)
    return "lease-ms must be a number of milliseconds from 400 to 60000, not '" + std::string(text) + "'";
  c.lease = std::chrono::milliseconds{*value};
  return std::nullopt;
}

std::optional<std::string> set_cluster(serve_config& c, std::string_view text) {
  if (text != "on" && text != "off") return "cluster must be on or off, not '" + std::string(text) + "'";
  c.cluster = text == "on";
  return std::nullopt;
}

constexpr std::array<setting, 22> settings = {{
    {"--port", "SHITHEAD_PORT", set_port},
    {"--bind", "SHITHEAD_BIND", set_bind},
    {"--data", "SHITHEAD_DATA", set_data},
    {"--database", "SHITHEAD_DATABASE", set_database},
    {"--lease-ms", "SHITHEAD_LEASE_MS", set_lease},
    {"--cluster", "SHITHEAD_CLUSTER", set_cluster},
    {"--static", "SHITHEAD_STATIC", set_static},
    {"--threads", "SHITHEAD_THREADS", set_threads},
    {"--log-level", "SHITHEAD_LOG_LEVEL", set_log_level},
    {"--allowed-origins", "SHITHEAD_ALLOWED_ORIGINS", set_allowed_origins},
    {"--public-url", "SHITHEAD_PUBLIC_URL", set_public_url},
    {"--turn-timer", "SHITHEAD_TURN_TIMER", set_turn_timer},
    {"--bot-pace", "SHITHEAD_BOT_PACE", set_bot_pace},
    {"--api-rate", "SHITHEAD_API_RATE", set_api_rate},
    {"--connections-per-address", "SHITHEAD_CONNECTIONS_PER_ADDRESS", set_connections_per_address},
    {"--trusted-proxies", "SHITHEAD_TRUSTED_PROXIES", set_trusted_proxies},
    {"--new-players-per-address", "SHITHEAD_NEW_PLAYERS_PER_ADDRESS", set_new_players_per_address},
    {"--tables-per-address", "SHITHEAD_TABLES_PER_ADDRESS", set_tables_per_address},
    {"--forget-idle-days", "SHITHEAD_FORGET_IDLE_DAYS", set_forget_idle_days},
    {"--max-players", "SHITHEAD_MAX_PLAYERS", set_max_players},
    {"--max-tables", "SHITHEAD_MAX_TABLES", set_max_tables},
    {"--max-connections", "SHITHEAD_MAX_CONNECTIONS", set_max_connections},
}};

const setting* find_flag(std::string_view flag) {
  for (const auto& s : settings)
    if (s.flag == flag) return &s;
  return nullptr;
}

}  // namespace

const std::string_view config_usage =
    "usage: shithead serve [--port N] [--bind ADDRESS] [--data FILE | --database URL]\n"
    "                      [--lease-ms MS] [--cluster on|off]\n"
    "                      [--static DIR] [--threads N] [--log-level LEVEL]\n"
    "                      [--allowed-origins LIST]\n"
    "                      [--public-url URL] [--turn-timer S] [--bot-pace MS] [--api-rate N]\n"
    "                      [--connections-per-address N] [--trusted-proxies LIST]\n"
    "                      [--new-players-per-address N] [--tables-per-address N]\n"
    "                      [--forget-idle-days D] [--max-players N] [--max-tables N]\n"
    "                      [--max-connections N]\n"
    "\n"
    "  --port N           TCP port (SHITHEAD_PORT, default 8080; 0 picks a free one)\n"
    "  --bind ADDRESS     address to listen on (SHITHEAD_BIND, default 0.0.0.0)\n"
    "  --data FILE        the SQLite database (SHITHEAD_DATA, default ./data/shithead.db)\n"
    "  --database URL     a PostgreSQL database instead of the file, for servers that share\n"
    "                     one: postgresql://USER[:PASSWORD]@HOST[:PORT]/DB\n"
    "                     (SHITHEAD_DATABASE, default empty: the SQLite file). Servers on\n"
    "                     one database take turns: one writes, the others stand by with\n"
    "                     /healthz answering 503 and take over when it stops\n"
    "  --lease-ms MS      with --database: how long a server that stopped renewing the\n"
    "                     database's lease keeps it (renewed every MS/4), so about how long\n"
    "                     a standby waits before it takes over: 400 to 60000\n"
    "                     (SHITHEAD_LEASE_MS, default 4000)\n"
    "  --cluster on|off   with --database: on makes this server one of several active nodes\n"
    "                     behind a proxy that routes /ws?table=CODE by its code; each node\n"
    "                     serves the tables it claims, and takes over those of a node that\n"
    "                     stopped (SHITHEAD_CLUSTER, default off: servers take turns)\n"
    "  --static DIR       the web client's files (SHITHEAD_STATIC)\n"
    "  --threads N        network threads (SHITHEAD_THREADS, default: the core count)\n"
    "  --log-level LEVEL  trace, debug, info, warn, error, critical or off\n"
    "                     (SHITHEAD_LOG_LEVEL, default info)\n"
    "  --allowed-origins LIST\n"
    "                     web pages of other origins that may open the game's WebSocket,\n"
    "                     comma-separated: https://cards.example.org,http://localhost:8080\n"
    "                     (SHITHEAD_ALLOWED_ORIGINS, default empty: only pages this server\n"
    "                     serves itself). * allows every site, so that any page a player\n"
    "                     visits can play in their name: unsafe, for development only\n"
    "  --public-url URL   the address players open, such as https://cards.example.org: pages\n"
    "                     must then come from exactly that origin and name that host\n"
    "                     (SHITHEAD_PUBLIC_URL, default empty: the origin of the request,\n"
    "                     https when a proxy says so in X-Forwarded-Proto)\n"
    "  --turn-timer S     turn timer of tables whose creator does not choose one:\n"
    "                     0 (none), 15, 30 or 60 seconds (SHITHEAD_TURN_TIMER, default 0)\n"
    "  --bot-pace MS      how long bots pause before each move, at tables whose creator\n"
    "                     does not choose: 0 (at once) to 3000 milliseconds\n"
    "                     (SHITHEAD_BOT_PACE, default 900, like a person)\n"
    "  --api-rate N       HTTP API requests (/api/...) a second from one address, in bursts\n"
    "                     of up to 4N (at least 40); more are answered 429 (SHITHEAD_API_RATE,\n"
    "                     default 10; 0: no limit)\n"
    "  --connections-per-address N\n"
    "                     TCP connections one address may hold open, HTTP and WebSocket\n"
    "                     together; an IPv6 address counts by its /64\n"
    "                     (SHITHEAD_CONNECTIONS_PER_ADDRESS, default 64)\n"
    "  --trusted-proxies LIST\n"
    "                     reverse proxies in front of the server, addresses or blocks such as\n"
    "                     172.16.0.0/12: their connections are not capped per address, and\n"
    "                     the last address of X-Forwarded-For is the client counted\n"
    "                     (SHITHEAD_TRUSTED_PROXIES, default empty)\n"
    "  --new-players-per-address N\n"
    "                     new players (a hello without a token) one address may make: N at\n"
    "                     once, then N an hour; more are refused with rate_limited\n"
    "                     (SHITHEAD_NEW_PLAYERS_PER_ADDRESS, default 60; 0: no limit)\n"
    "  --tables-per-address N\n"
    "                     open tables that players from one address may have opened; more\n"
    "                     are refused with too_many_tables (SHITHEAD_TABLES_PER_ADDRESS,\n"
    "                     default 20; 0: no limit)\n"
    "  --forget-idle-days D\n"
    "                     players who never finished a game and were not seen for D days are\n"
    "                     forgotten, freeing their names; players with games are kept for ever\n"
    "                     (SHITHEAD_FORGET_IDLE_DAYS, default 14; 0: never)\n"
    "  --max-players N    players this server keeps in memory; from 95% of it, those who never\n"
    "                     finished a game and are not here are forgotten, gone longest first,\n"
    "                     so that a newcomer is never turned away (SHITHEAD_MAX_PLAYERS,\n"
    "                     default 100000)\n"
    "  --max-tables N     open tables on this server; more are refused with lobby_full\n"
    "                     (SHITHEAD_MAX_TABLES, default 10000)\n"
    "  --max-connections N\n"
    "                     TCP connections at once; when all are open, a newcomer takes the\n"
    "                     place of the oldest connection of the network holding the most,\n"
    "                     never a seated player's (SHITHEAD_MAX_CONNECTIONS, default 0: as\n"
    "                     many as the process's descriptor limit allows)\n";

server_settings server_settings_of(const serve_config& settings) {
  server_settings out;
  out.port = settings.port;
  out.bind = settings.bind;
  out.static_dir = settings.static_dir;
  out.threads = settings.threads;
  out.log_level = settings.log_level;
  out.allowed_origins = settings.allowed_origins;
  out.public_url = settings.public_url;
  return out;
}

address_limits address_limits_of(const serve_config& settings) {
  address_limits limits;
  limits.connections_per_address = settings.connections_per_address;
  limits.max_connections = settings.max_connections;
  limits.api.rate_per_second = settings.api_rate;
  limits.api.burst = std::max(40.0, 4.0 * settings.api_rate);
  // Checked when the setting was read.
  if (auto proxies = address_set::parse(settings.trusted_proxies)) limits.trusted_proxies = std::move(proxies).value();
  return limits;
}

serve_config config_defaults() {
  serve_config c;
  c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return c;
}

environment process_environment() {
  return [](std::string_view name) -> std::optional<std::string> {
    // getenv is safe here: serve reads its settings before starting any thread.
    if (const char* value = std::getenv(std::string(name).c_str())) return std::string(value);
    return std::nullopt;
  };
}

config_result parse_config(std::span<const std::string_view> args, const environment& env) {
  config_result result{config_defaults(), std::nullopt, false};
  for (const auto& s : settings) {
    const auto value = env(s.variable);
    if (!value) continue;
    if (auto error = s.apply(result.settings, *value)) {
      result.error = std::string(s.variable) + ": " + *error;
      return result;
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      result.help = true;
      return result;
    }
    std::optional<std::string_view> value;
    if (const auto equals = arg.find('='); equals != std::string_view::npos && arg.starts_with("--")) {
      value = arg.substr(equals + 1);
      arg = arg.substr(0, equals);
    }
    const setting* s = find_flag(arg);
    if (!s) {
      result.error = "unknown argument '" + std::string(args[i]) + "'";
      return result;
    }
    if (!value) {
      if (i + 1 == args.size()) {
        result.error = std::string(arg) + " needs a value";
        return result;
      }
      value = args[++i];
    }
    if (auto error = s->apply(result.settings, *value)) {
      result.error = *error;
      return result;
    }
  }
  if (result.settings.cluster && result.settings.database.empty())
    result.error = "--cluster on needs --database: the nodes share a PostgreSQL database";
  return result;
}

}  // namespace shithead::server
