#include "server/net/server.hpp"

#include <pthread.h>

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <csignal>
#include <thread>

#include "server/net/listener.hpp"
#include "server/net/static_files.hpp"

namespace shithead::server {

namespace net = boost::asio;
using namespace std::chrono_literals;

server::server(server_settings settings, server_options options)
    : settings_(std::move(settings)),
      options_(std::move(options)),
      shards_(settings_.threads, options_.placement),
      metrics_(options_.metrics ? options_.metrics : std::make_shared<server_metrics>()) {
  for (std::size_t i = 0; i < shards_.size(); ++i) keep_running_.push_back(net::make_work_guard(shards_[i]));
  spdlog::set_level(spdlog::level::from_str(settings_.log_level));
}

server::~server() = default;

void server::set_websocket_upgrade(websocket_upgrade hook) { hooks_.upgrade = std::move(hook); }

void server::set_store_health(store_health problem) { health_ = std::move(problem); }

void server::add_route(std::string path, http_routes::match how, http_route_handler handler) {
  hooks_.routes.add(std::move(path), how, std::move(handler));
}

void server::on_shutdown(std::function<void()> callback) {
  {
    const std::lock_guard lock(mutex_);
    if (!shutdown_requested_) {
      shutdown_callbacks_.push_back(std::move(callback));
      return;
    }
  }
  callback();
}

rules::result<std::uint16_t, startup_error> server::start() {
  std::shared_ptr<http_shared_state> state;
  {
    const std::lock_guard lock(mutex_);
    if (listener_) return startup_error{"the server is already started"};
    if (shutdown_requested_) return startup_error{"the server is shutting down"};
  }
  const auto root = canonical_static_root(settings_.static_dir);
  if (!root.error.empty()) return startup_error{root.error};
  boost::system::error_code ec;
  const auto address = net::ip::make_address(settings_.bind, ec);
  if (ec) return startup_error{"bad bind address '" + settings_.bind + "': " + ec.message()};

  auto origins = settings_.allowed_origins;
  if (settings_.public_url) origins.public_origin = settings_.public_url;
  // The server's own routes go in last, so that a route the game side added wins a tie
  // and the /api/ catch-all stays the shortest prefix.
  auto hooks = hooks_;
  add_server_routes(hooks.routes, health_, metrics_);
  state =
      std::make_shared<http_shared_state>(root.path, std::move(hooks), std::move(origins), metrics_, options_.limits);
  spdlog::info("up to {} connections at once, {} per address", state->addresses().limits().max_connections,
               state->addresses().limits().connections_per_address);
  auto accepting =
      std::make_shared<listener>(shards_.first(), state, [this]() -> net::io_context& { return shards_.next(); });
  if (auto error = accepting->open({address, settings_.port})) return startup_error{*error};
  {
    const std::lock_guard lock(mutex_);
    state_ = state;
    listener_ = accepting;
    port_ = accepting->port();
  }
  accepting->run();
  if (options_.handle_signals) {
    signals_.emplace(net::make_strand(shards_.first()), SIGINT, SIGTERM);
    wait_for_signal();
  }
  return port_;
}

void server::wait_for_signal() {
  signals_->async_wait([this](const boost::system::error_code& ec, int signal) {
    if (ec) return;  // cancelled: shutdown is under way
    spdlog::info("received signal {}", signal);
    shutdown();
  });
}

void server::run() {
  const auto count = shards_.size();
  {
    const std::lock_guard lock(mutex_);
    running_threads_ = static_cast<int>(count);
    quiet_since_.assign(count, 0);
  }
  std::vector<std::thread> threads;
  threads.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
    threads.emplace_back([this, i] {
      // Named, so that top -H and /proc/PID/task/*/comm tell network work from the store's.
      pthread_setname_np(pthread_self(), "shithead-net");
      shards_.run_here(i);
      run_thread(i);
    });

  // This thread only watches the clock: the work runs out by itself after a clean
  // shutdown, and anything still open at the deadline is cut.
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return shutdown_requested_ || running_threads_ == 0; });
  const auto finished = [this] { return running_threads_ == 0; };
  if (!changed_.wait_until(lock, shutdown_started_ + options_.shutdown_deadline, finished)) {
    lock.unlock();
    force_close();
    lock.lock();
    if (!changed_.wait_for(lock, 1s, finished)) {
      spdlog::warn("work still pending after the shutdown deadline: stopping");
      stopped_ = true;
      for (std::size_t i = 0; i < shards_.size(); ++i) shards_[i].stop();
    }
  }
  lock.unlock();
  for (auto& thread : threads) thread.join();
}

void server::run_thread(std::size_t shard) {
  auto& ioc = shards_[shard];
  for (;;) {
    try {
      ioc.run();
    } catch (const std::exception& e) {
      // Handlers should not throw; if one does, keep the other connections served and
      // shut down cleanly rather than die with them.
      spdlog::critical("exception on a network thread: {}", e.what());
      shutdown();
      continue;
    }
    // Out of work (after shutdown() let the shards go) or stopped at the deadline. The
    // other shards may still hand this one work: a connection closing on one tells the
    // game service on the first, which tells its room on another. So the threads end
    // together, once each has found its shard empty since the last one ran out of work.
    if (!wait_for_quiet_shards(shard)) break;
  }
  {
    const std::lock_guard lock(mutex_);
    --running_threads_;
  }
  changed_.notify_all();
}

bool server::wait_for_quiet_shards(std::size_t shard) {
  auto& ioc = shards_[shard];
  std::unique_lock lock(mutex_);
  if (stopped_) return false;
  ++idle_shards_;
  ++idle_generation_;  // an empty look at a shard before this one ran out no longer counts
  for (;;) {
    if (stopped_ || all_shards_quiet_) return false;
    const auto generation = idle_generation_;
    lock.unlock();
    ioc.restart();
    const auto handled = ioc.poll();
    lock.lock();
    if (stopped_) return false;  // restart() may have undone the deadline's stop()
    if (handled > 0) {
      --idle_shards_;
      ++idle_generation_;
      return true;  // it had work again: run it until it runs out
    }
    quiet_since_[shard] = generation;
    if (idle_shards_ == shards_.size() && generation == idle_generation_ &&
        std::all_of(quiet_since_.begin(), quiet_since_.end(), [&](auto g) { return g == generation; })) {
      all_shards_quiet_ = true;
      changed_.notify_all();
      return false;
    }
    changed_.wait_for(lock, 1ms);
  }
}

void server::shutdown() {
  std::vector<std::function<void()>> callbacks;
  std::shared_ptr<http_shared_state> state;
  std::shared_ptr<listener> accepting;
  {
    const std::lock_guard lock(mutex_);
    if (shutdown_requested_) return;
    shutdown_requested_ = true;
    shutdown_started_ = std::chrono::steady_clock::now();
    callbacks.swap(shutdown_callbacks_);
    state = state_;
    accepting = listener_;
  }
  changed_.notify_all();
  spdlog::info("shutting down");
  if (accepting) accepting->stop();
  if (signals_) {
    // Forget the signals too: a second Ctrl-C then ends the process the default way.
    net::post(signals_->get_executor(), [this] {
      boost::system::error_code ec;
      signals_->clear(ec);
      signals_->cancel(ec);
    });
  }
  if (state)
    for (const auto& session : state->begin_shutdown()) session->close_gracefully();
  for (auto& callback : callbacks) {
    try {
      callback();
    } catch (const std::exception& e) {
      spdlog::error("shutdown callback failed: {}", e.what());
    }
  }
  // Now each shard's thread returns when its own work has run out.
  for (auto& guard : keep_running_) guard.reset();
}

void server::force_close() {
  std::shared_ptr<http_shared_state> state;
  {
    const std::lock_guard lock(mutex_);
    state = state_;
  }
  const auto live = state ? state->live_sessions() : std::vector<std::shared_ptr<http_session>>{};
  spdlog::warn("shutdown deadline passed with {} HTTP connection(s) open: cutting them", live.size());
  for (const auto& session : live) session->close_now();
}

std::string url_host(const std::string& address, std::uint16_t port) {
  const bool v6 = address.find(':') != std::string::npos;
  return (v6 ? "[" + address + "]" : address) + ":" + std::to_string(port);
}

}  // namespace shithead::server
