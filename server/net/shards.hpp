#pragma once
// The server's io_contexts, one per network thread and each run by that thread alone:
// the shard-per-core design (Seastar, ScyllaDB). A table's room and its players'
// connections are placed on one shard, so that a move is read, decided and answered on
// one thread: posting between strands of one shard is a queue push, where posting to
// another thread wakes it (a futex or the reactor's eventfd, and a context switch; the
// most costly part of a move on this 2-core VM, issue 31). Work still crosses shards
// where it must: the lobby (the game service runs on the first shard), the store's and
// the bots' threads, and a player whose connection is on another shard than the table.
//
// Where a new connection goes (next()): packed onto the first shard until its thread is
// busy or it holds pack_limit connections, then onto the next. A thread that wakes for
// every move costs more per move than one kept busy by several tables (a wake-up is a
// context switch, and a sleeping thread must be woken by another's system call), so at
// light load, which is most servers' load, one thread serves every table; past half of a
// core, tables go to the next shard. The connection limit is for a burst: a thread's busy
// share is sampled every 100 ms, and hundreds of players arriving within one sample would
// otherwise all land on the first shard, whose tables then never move. When every shard
// is full or busy: the least busy one not past half a core with the fewest connections,
// else the least busy.
//
// (shard_placement::spread, for tests that want connections on every shard: the one with
// the fewest connections, ties in turn.)
//
//   shards s(2);
//   s.run_here(i);      // from the thread that runs shard i, before it runs it
//   s.next();           // the shard for an accepted connection
//   s.first();          // the game service, the listener, the signals
//   shard_count here{ioc};  // a session's member: counts it on its shard while it lives
#include <time.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace shithead::server {

// The connections that live on one io_context: an Asio service of each shard, counted by
// the sessions themselves (shard_count) and read by shards::next().
class shard_load : public boost::asio::execution_context::service {
 public:
  static boost::asio::execution_context::id id;
  explicit shard_load(boost::asio::execution_context& owner) : service(owner) {}
  std::atomic<int> connections{0};

 private:
  void shutdown() override {}
};

// One connection counted on its shard from construction to destruction: a member of
// each HTTP and WebSocket session (so a WebSocket moved at its upgrade counts where it went).
class shard_count {
 public:
  explicit shard_count(boost::asio::io_context& ioc);
  ~shard_count();
  shard_count(const shard_count&) = delete;
  shard_count& operator=(const shard_count&) = delete;

 private:
  shard_load* load_;
};

enum class shard_placement { pack, spread };

class shards {
 public:
  // A thread counts as busy past this share of its time, over the last sample.
  static constexpr double busy_share = 0.5;
  // Packing fills a shard up to this many connections.
  static constexpr int pack_limit = 256;
  // How often next() looks at the threads' CPU clocks again.
  static constexpr std::chrono::milliseconds sample_every{100};

  explicit shards(int count, shard_placement placement = shard_placement::pack);
  shards(const shards&) = delete;
  shards& operator=(const shards&) = delete;

  std::size_t size() const { return contexts_.size(); }
  boost::asio::io_context& operator[](std::size_t i) { return *contexts_[i]; }
  boost::asio::io_context& first() { return *contexts_.front(); }

  // Called by the thread that will run shard i, so that next() can read its CPU clock.
  void run_here(std::size_t i);
  // Thread-safe: the first shard whose thread is not busy (busy_share) and that holds
  // fewer than pack_limit connections; else the one not busy with the fewest; else the
  // least busy. A shard whose thread has not started counts as idle.
  // (Spreading: the shard with the fewest connections, ties in turn.)
  boost::asio::io_context& next();
  // The same choice, for tests: index of the shard next() would give at these busy
  // shares and connection counts.
  static std::size_t choose(const std::vector<double>& busy, const std::vector<int>& connections);

 private:
  struct sample {
    clockid_t clock{};
    bool running = false;
    std::chrono::nanoseconds cpu{};
    double busy = 0;
  };
  void resample(std::chrono::steady_clock::time_point now);

  std::vector<std::unique_ptr<boost::asio::io_context>> contexts_;
  std::vector<shard_load*> loads_;
  const shard_placement placement_;
  std::atomic<std::size_t> turn_{0};
  std::mutex mutex_;  // guards what follows: next() is asked on the listener's strand, run_here() from each thread
  std::vector<sample> samples_;
  std::chrono::steady_clock::time_point sampled_at_{};
};

// The io_context an executor (a strand of one, or its own) runs on.
template <class Executor>
boost::asio::io_context& context_of(const Executor& executor) {
  return static_cast<boost::asio::io_context&>(boost::asio::query(executor, boost::asio::execution::context));
}

// `stream`'s connection on a strand of `target` instead: the socket leaves its reactor
// and joins target's. Call with no operation pending on the stream (between the upgrade
// request read and the WebSocket handshake); a stream already on `target` comes back as
// it is. On failure (the connection gone meanwhile) the stream comes back closed.
boost::beast::tcp_stream move_to(boost::beast::tcp_stream stream, boost::asio::io_context& target);

}  // namespace shithead::server
