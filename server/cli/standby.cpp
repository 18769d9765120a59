#include "server/cli/standby.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/net/server.hpp"

namespace shithead::server {

std::optional<std::uint16_t> stand_by(const serve_config& settings, store_lease& lease) {
  server waiting(server_settings_of(settings));
  std::mutex mutex;
  std::string status = "standby: waiting for the database's lease";
  waiting.set_store_health([&]() -> std::optional<std::string> {
    const std::lock_guard lock(mutex);
    return status;
  });
  // A signal ends the wait, and with it the process. (The claimant shuts this server down
  // too, once it holds the lease.)
  std::atomic<bool> held{false};
  std::atomic<bool> told_to_stop{false};
  waiting.on_shutdown([&lease, &held, &told_to_stop] {
    if (held) return;
    told_to_stop = true;
    lease.stop_waiting();
  });
  const auto port = waiting.start();
  if (!port) throw std::runtime_error(port.error().message);
  spdlog::info("standing by on http://{} as {}: /healthz answers 503 until this server holds the lease",
               url_host(settings.bind, port.value()), lease.holder());
  std::thread claimant([&] {
    held = lease.acquire([&](const std::string& held_by) {
      const std::lock_guard lock(mutex);
      status = "standby: " + held_by;
    });
    waiting.shutdown();
  });
  waiting.run();
  claimant.join();
  if (!held) return std::nullopt;
  if (told_to_stop) {
    // Taken in the moment the signal came: a standby leaves it to the next.
    lease.release();
    return std::nullopt;
  }
  return port.value();
}

}  // namespace shithead::server
