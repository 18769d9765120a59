#pragma once
// The lease of a PostgreSQL store (store_lease.hpp), in the rows server_lease and
// server_lease_expiry (pg_schema.cpp, migration 2). The numbers, for a term T (4 s by
// default, `serve --lease-ms`):
// - a claim or a renewal holds the lease until T after the database's clock read it;
// - the holder renews every T/4 (1 s), so it misses three renewals before it lapses;
// - the holder counts the lease lost T after it sent its last renewal that went in, by its
//   own clock, which is before the database counts it lapsed: a holder that cannot reach
//   the database stops taking moves before a standby may take over;
// - a standby tries to claim every T/8 (0.5 s);
// - the writer's connection ends a transaction left open for T/2
//   (idle_in_transaction_session_timeout), so a holder paused in the middle of a batch
//   releases the lease's row before it lapses, and the standby's claim need not wait for it.
// So a standby takes over between T and T + T/8 after the holder's last renewal.
//
// Safety does not rest on these clocks: every write transaction fences first
// (shithead_fence), and the database refuses the writes of any epoch but the last claimed.
//
// Several servers at once (`serve --cluster`): the nodes share the lease under one holder
// name, `cluster`. The first node claims it as a single server would; the others join it
// at its epoch, and each renews it. A single server (no --cluster) waits while the cluster
// holds it, and a node waits while a single server does, so the two never write at once.
// Each node also renews its own row in `nodes` on the same schedule: the tables a node
// owns may be claimed by another once that row lapses (pg_store.hpp), and a node that
// counts its lease lost steps down and comes back under a new name.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/store/pg.hpp"
#include "server/store/store_lease.hpp"

namespace shithead::server {

class pg_lease final : public store_lease {
 public:
  static constexpr std::chrono::milliseconds default_term{4000};
  // The shortest term the server accepts: below it a busy machine's scheduling delays
  // alone would cost the lease.
  static constexpr std::chrono::milliseconds shortest_term{400};

  // The holder name the nodes of a cluster share.
  static constexpr std::string_view cluster_holder = "cluster";

  pg_lease(std::string url, std::chrono::milliseconds term = default_term, bool cluster = false);
  ~pg_lease() override;  // stops renewing; does not release
  pg_lease(const pg_lease&) = delete;
  pg_lease& operator=(const pg_lease&) = delete;

  bool acquire(const std::function<void(const std::string& held_by)>& waiting) override;
  void stop_waiting() override;
  void on_lost(std::function<void(const std::string& why)> lost) override;
  void release() override;
  const std::string& holder() const override { return holder_; }
  // The name the lease's row and the fence know: holder(), or cluster_holder for a node.
  const std::string& fence_holder() const { return fence_holder_; }
  bool cluster() const { return cluster_; }

  std::chrono::milliseconds term() const { return term_; }
  // The epoch this process holds; nullopt before it holds the lease and after it lost it.
  // From any thread.
  std::optional<std::int64_t> epoch() const;
  // Whether the lease was held once and lost: it is never claimed again.
  bool lost() const;
  // The database refused a write as fenced: the lease is lost from now (`why` says so).
  void lose(const std::string& why);

 private:
  enum class state { waiting, held, lost };
  struct session;  // a connection with the lease's statements
  session& connected();
  void renew_loop();
  void watch_loop();
  // Moves to `lost` and tells the listener, once; `lock` is released to call it.
  void lose_locked(std::unique_lock<std::mutex>& lock, const std::string& why);

  const std::string url_;
  const std::chrono::milliseconds term_;
  const std::string holder_;
  const bool cluster_;
  const std::string fence_holder_;
  std::unique_ptr<session> session_;  // the caller's in acquire(), then the renewer's

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  state state_ = state::waiting;
  bool stopping_ = false;      // the destructor or release(): the threads end
  bool stop_waiting_ = false;  // acquire() gives up after its next try
  std::int64_t epoch_ = 0;
  std::chrono::steady_clock::time_point valid_until_{};
  std::function<void(const std::string&)> on_lost_;
  std::string lost_why_;
  std::thread renewer_;
  std::thread watchdog_;
};

}  // namespace shithead::server
