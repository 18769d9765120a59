#include "server/net/server.hpp"

#include <pthread.h>

#include <spdlog/spdlog.h>
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
      ioc_(std::max(1, settings_.threads)),
      metrics_(options_.metrics ? options_.metrics : std::make_shared<server_metrics>()) {
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
  auto accepting = std::make_shared<listener>(ioc_, state);
  if (auto error = accepting->open({address, settings_.port})) return startup_error{*error};
  {
    const std::lock_guard lock(mutex_);
    state_ = state;
    listener_ = accepting;
    port_ = accepting->port();
  }
  accepting->run();
  if (options_.handle_signals) {
    signals_.emplace(net::make_strand(ioc_), SIGINT, SIGTERM);
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
  const int count = std::max(1, settings_.threads);
  {
    const std::lock_guard lock(mutex_);
    running_threads_ = count;
  }
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    threads.emplace_back([this] {
      // Named, so that top -H and /proc/PID/task/*/comm tell network work from the store's.
      pthread_setname_np(pthread_self(), "shithead-net");
      run_thread();
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
      ioc_.stop();
    }
  }
  lock.unlock();
  for (auto& thread : threads) thread.join();
}

void server::run_thread() {
  for (;;) {
    try {
      ioc_.run();
      break;
    } catch (const std::exception& e) {
      // Handlers should not throw; if one does, keep the other connections served and
      // shut down cleanly rather than die with them.
      spdlog::critical("exception on a network thread: {}", e.what());
      shutdown();
    }
  }
  {
    const std::lock_guard lock(mutex_);
    --running_threads_;
  }
  changed_.notify_all();
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
