#pragma once
// The game server's network core: N io_contexts, each run by a thread of its own
// (net/shards.hpp), the listener and the HTTP sessions. Shutdown follows Asio's HTTP server example: close the
// acceptor, ask each connection to close, and let run() return when no work is left; only a connection still open at
// the deadline is cut (and io_context::stop() is the last resort after that).
//
//   server s(settings);
//   s.set_websocket_upgrade(hook);        // optional; /ws answers 503 without it
//   s.set_store_health(problem);          // optional; /healthz reports the store
//   s.add_route(path, match, handler);    // optional; more routes (the rankings API)
//   s.metrics()->table_opened();          // the counters behind /metrics, from any thread
//   auto port = s.start();                // binds; port.value() is the real port
//   s.run();                              // blocks until shutdown() or SIGINT/SIGTERM
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "rules/error.hpp"
#include "server/net/http_api.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/http_session.hpp"
#include "server/net/metrics.hpp"
#include "server/net/server_settings.hpp"
#include "server/net/shards.hpp"

namespace shithead::server {

class listener;

struct startup_error {
  std::string message;
};

struct server_options {
  // SIGINT and SIGTERM call shutdown(). In-process tests turn this off, so that the test
  // runner's signals still end the test process.
  bool handle_signals = true;
  // How long connections get to close after shutdown() before they are cut.
  std::chrono::milliseconds shutdown_deadline{7000};
  http_limits limits{};
  // Empty: the server counts into metrics of its own.
  std::shared_ptr<server_metrics> metrics;
  // Where accepted connections go (net/shards.hpp): packed, or spread over every shard
  // (in-process tests, so that their tables and players meet across threads).
  shard_placement placement = shard_placement::pack;
};

class server {
 public:
  using websocket_upgrade = shithead::server::websocket_upgrade;
  using store_health = shithead::server::store_health;

  explicit server(server_settings settings, server_options options = {});
  ~server();
  server(const server&) = delete;
  server& operator=(const server&) = delete;

  // Before start(): where /ws upgrades go. The hook runs on the connection's strand.
  void set_websocket_upgrade(websocket_upgrade hook);
  // Before start(): what is wrong with the store (nullopt while it writes), asked on every
  // /healthz (on a network thread, so it must answer at once). Without it the store
  // counts as healthy.
  void set_store_health(store_health problem);
  // Before start(): one more route of the table (http_routes.hpp), beside the server's
  // own (/healthz, /metrics, /api/rules). The handler runs on the connection's strand and
  // must not block; its reply may come later from any thread (a second is ignored;
  // dropped uncalled, it answers 503). A reply still held keeps run() from returning,
  // until the shutdown deadline; give or drop every one before the server is destroyed.
  void add_route(std::string path, http_routes::match how, http_route_handler handler);
  // Called once when shutdown begins, on the thread calling shutdown() (a network
  // thread for a signal): close WebSocket sessions, cancel timers, flush the store. Post
  // to your own strand from here; do not block. Registered after shutdown began, it
  // runs at once.
  void on_shutdown(std::function<void()> callback);

  // The first shard: the game service, the listener and the signals run there.
  boost::asio::io_context& io_context() { return shards_.first(); }
  // Every network thread's io_context; rooms go on the one their players' connections are on.
  shithead::server::shards& shards() { return shards_; }
  const server_settings& settings() const { return settings_; }
  // What /metrics shows; the game side reports into it from any thread.
  const std::shared_ptr<server_metrics>& metrics() const { return metrics_; }

  // Checks the static folder, binds and starts accepting. Returns the bound port.
  rules::result<std::uint16_t, startup_error> start();
  // Runs each shard on a thread of its own (`threads` of them) until shutdown has
  // finished. Call once, after a successful start().
  void run();
  // Thread-safe and idempotent: stop accepting, close connections, run the shutdown
  // callbacks. run() returns when they are done, or after the deadline.
  void shutdown();

  std::uint16_t port() const { return port_; }

 private:
  void wait_for_signal();
  void run_thread(std::size_t shard);
  // After a shard ran out of work: false when every shard is out of it (the thread
  // ends), true when this one has work again.
  bool wait_for_quiet_shards(std::size_t shard);
  void force_close();

  server_settings settings_;
  server_options options_;
  shithead::server::shards shards_;
  // Each shard runs until shutdown() even while it has nothing to do (one whose
  // connections have all closed waits for the next); shutdown() lets them go.
  std::vector<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> keep_running_;
  std::shared_ptr<server_metrics> metrics_;
  http_hooks hooks_;
  store_health health_;
  std::shared_ptr<http_shared_state> state_;
  std::shared_ptr<listener> listener_;
  std::optional<boost::asio::signal_set> signals_;
  std::uint16_t port_ = 0;

  std::mutex mutex_;  // guards what follows: shutdown() may come from any thread
  std::condition_variable changed_;
  std::vector<std::function<void()>> shutdown_callbacks_;
  bool shutdown_requested_ = false;
  std::chrono::steady_clock::time_point shutdown_started_;
  int running_threads_ = 0;
  // The shards' threads end together (wait_for_quiet_shards): how many are out of work,
  // a generation that changes whenever one runs out or finds work again, and for each
  // shard the generation of its last look that found it empty.
  std::size_t idle_shards_ = 0;
  std::uint64_t idle_generation_ = 0;
  std::vector<std::uint64_t> quiet_since_;
  bool all_shards_quiet_ = false;
  bool stopped_ = false;  // stopped at the deadline: the threads end at once
};

// "127.0.0.1:8080", "[::1]:8080": the host part of a URL.
std::string url_host(const std::string& address, std::uint16_t port);

}  // namespace shithead::server
