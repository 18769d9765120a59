#include "server/net/shards.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/strand.hpp>
#include <optional>

namespace shithead::server {

namespace net = boost::asio;
namespace beast = boost::beast;

net::execution_context::id shard_load::id;

shard_count::shard_count(net::io_context& ioc) : load_(&net::use_service<shard_load>(ioc)) {
  load_->connections.fetch_add(1, std::memory_order_relaxed);
}

shard_count::~shard_count() { load_->connections.fetch_sub(1, std::memory_order_relaxed); }

namespace {

std::chrono::nanoseconds cpu_time(clockid_t clock) {
  timespec t{};
  if (clock_gettime(clock, &t) != 0) return {};
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

}  // namespace

shards::shards(int count, shard_placement placement) : placement_(placement) {
  const auto n = static_cast<std::size_t>(std::max(1, count));
  contexts_.reserve(n);
  // A concurrency hint of 1: one thread runs each, so Asio keeps the handlers one posts
  // to itself in a queue of that thread's, unlocked (other threads may still post).
  for (std::size_t i = 0; i < n; ++i) {
    contexts_.push_back(std::make_unique<net::io_context>(1));
    loads_.push_back(&net::use_service<shard_load>(*contexts_.back()));
  }
  samples_.resize(n);
}

void shards::run_here(std::size_t i) {
  clockid_t clock{};
  if (pthread_getcpuclockid(pthread_self(), &clock) != 0) return;
  const std::lock_guard lock(mutex_);
  samples_[i] = sample{clock, true, cpu_time(clock), 0};
}

void shards::resample(std::chrono::steady_clock::time_point now) {
  const auto elapsed = std::chrono::duration<double>(now - sampled_at_).count();
  for (auto& s : samples_) {
    if (!s.running) continue;
    const auto cpu = cpu_time(s.clock);
    s.busy = std::chrono::duration<double>(cpu - s.cpu).count() / elapsed;
    s.cpu = cpu;
  }
  sampled_at_ = now;
}

std::size_t shards::choose(const std::vector<double>& busy, const std::vector<int>& connections) {
  const auto n = busy.size();
  for (std::size_t i = 0; i < n; ++i)
    if (busy[i] < busy_share && connections[i] < pack_limit) return i;
  std::optional<std::size_t> fewest;
  for (std::size_t i = 0; i < n; ++i)
    if (busy[i] < busy_share && (!fewest || connections[i] < connections[*fewest])) fewest = i;
  if (fewest) return *fewest;
  return static_cast<std::size_t>(std::min_element(busy.begin(), busy.end()) - busy.begin());
}

net::io_context& shards::next() {
  if (size() == 1) return first();
  if (placement_ == shard_placement::spread) {
    const auto start = turn_.fetch_add(1, std::memory_order_relaxed);
    auto best = start % size();
    for (std::size_t k = 1; k < size(); ++k) {
      const auto i = (start + k) % size();
      if (loads_[i]->connections.load(std::memory_order_relaxed) <
          loads_[best]->connections.load(std::memory_order_relaxed))
        best = i;
    }
    return *contexts_[best];
  }
  const auto now = std::chrono::steady_clock::now();
  std::vector<double> busy(size());
  std::vector<int> connections(size());
  {
    const std::lock_guard lock(mutex_);
    if (now - sampled_at_ >= sample_every) resample(now);
    for (std::size_t i = 0; i < size(); ++i) busy[i] = samples_[i].busy;
  }
  for (std::size_t i = 0; i < size(); ++i) connections[i] = loads_[i]->connections.load(std::memory_order_relaxed);
  return *contexts_[choose(busy, connections)];
}

beast::tcp_stream move_to(beast::tcp_stream stream, net::io_context& target) {
  if (&context_of(stream.get_executor()) == &target) return stream;
  beast::error_code ec;
  auto& socket = stream.socket();
  const auto protocol = socket.local_endpoint(ec).protocol();
  beast::tcp_stream moved(net::make_strand(target));
  if (ec) return moved;
  // release() takes the descriptor out of the old reactor (and its non-blocking mode
  // with it, which assign() then sets again at the first operation).
  const auto descriptor = socket.release(ec);
  if (ec) return moved;
  moved.socket().assign(protocol, descriptor, ec);
  if (ec) ::close(descriptor);
  return moved;
}

}  // namespace shithead::server
