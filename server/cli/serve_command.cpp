#include "server/cli/serve_command.hpp"

#include <spdlog/spdlog.h>

#include <atomic>

#include "server/app/attach_game.hpp"
#include "server/cli/serve_config.hpp"
#include "server/cli/standby.hpp"
#include "server/net/server.hpp"
#include "server/store/open_store.hpp"

namespace shithead::server {
namespace {

// How one turn of serving ended.
enum class served { stopped, failed, lost_lease };

served serve(serve_config settings, std::ostream& err) {
  std::shared_ptr<store> db;
  try {
    db = open_store(settings.database, settings.data, settings.lease, settings.cluster);
  } catch (const std::exception& e) {
    err << "serve: cannot use " << store_location(settings.database, settings.data) << ": " << e.what() << '\n';
    return served::failed;
  }
  // A database other servers share: wait for the right to write before loading anything,
  // so that what is loaded is everything the last holder wrote.
  auto* lease = db->lease();
  if (lease) {
    const auto port = stand_by(settings, *lease);
    if (!port) {
      db->close();
      spdlog::info("stopped while standing by");
      return served::stopped;
    }
    settings.port = *port;  // the port the proxy checks, also when it was picked (port 0)
  }
  server_options options;
  options.limits.per_address = address_limits_of(settings);
  server game_server(server_settings_of(settings), options);
  service_limits limits;
  limits.default_turn_timer = settings.turn_timer;
  limits.default_bot_pace = settings.bot_pace;
  limits.new_players.burst = settings.new_players_per_address;
  limits.new_players.rate_per_second = settings.new_players_per_address / 3600.0;
  limits.tables_per_address = static_cast<std::size_t>(settings.tables_per_address);
  limits.forget_idle_after = std::chrono::hours(24) * settings.forget_idle_days;
  limits.max_players = static_cast<std::size_t>(settings.max_players);
  limits.max_tables = static_cast<std::size_t>(settings.max_tables);
  limits.claim_patience = settings.lease + std::chrono::seconds(2);
  const auto service = attach_game(game_server, limits, {}, db);
  const auto port = game_server.start();
  if (!port) {
    err << "serve: " << port.error().message << '\n';
    db->close();
    return served::failed;
  }
  // Tests and scripts read the real port from this line when --port 0 was given.
  spdlog::info("listening on http://{}", url_host(settings.bind, port.value()));
  spdlog::info("static files from {}, {} thread(s), data in {}", settings.static_dir, settings.threads,
               store_location(settings.database, settings.data));
  // A server that lost the lease steps down at once: its players are told it is going
  // away and reconnect (through the proxy, to the new holder); nothing it still holds can
  // be written, so the store refuses it and nobody is shown it.
  std::atomic<bool> deposed{false};
  if (lease)
    lease->on_lost([&game_server, &deposed](const std::string&) {
      deposed = true;
      game_server.shutdown();
    });
  game_server.run();
  service->release();
  db->close();  // everything the rooms queued is written before the process ends
  if (deposed) return served::lost_lease;
  // Let go after the last write: a standby takes over now rather than when it lapses.
  if (lease) lease->release();
  spdlog::info("stopped");
  return served::stopped;
}

}  // namespace

int run_serve_command(arguments args, std::ostream& out, std::ostream& err) {
  const auto parsed = parse_config(args, process_environment());
  if (parsed.help) {
    out << config_usage;
    return 0;
  }
  if (parsed.error) {
    err << "serve: " << *parsed.error << "\n\n" << config_usage;
    return 2;
  }
  try {
    for (;;) {
      const auto end = serve(parsed.settings, err);
      if (end == served::failed) return 1;
      if (end == served::stopped) return 0;
      // Deposed: what it held is gone, so it starts afresh and stands by for the lease.
      spdlog::warn("stepped down: standing by again");
    }
  } catch (const std::exception& e) {
    // Only startup can throw (no threads, no descriptors); handlers never do.
    err << "serve: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace shithead::server
