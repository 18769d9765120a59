#include "server/store/pg_lease.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>

#include "server/core/random_source.hpp"

namespace shithead::server {
namespace {

using steady = std::chrono::steady_clock;

// "host:pid:4f1c9a0b": tells the person reading pg's rows or the log which process holds
// the lease, and never repeats for a restarted process with the same pid.
std::string new_holder_name() {
  std::array<char, 256> host{};
  if (gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  return fmt::format("{}:{}:{:08x}", host.data(), getpid(), system_random_u64() & 0xffffffffU);
}

std::string seconds_text(std::chrono::milliseconds d) {
  return fmt::format("{:g} s", static_cast<double>(d.count()) / 1000.0);
}

}  // namespace

struct pg_lease::session {
  session(const std::string& url, std::chrono::milliseconds term)
      : db(url),
        // Locks both rows: a claim waits for the writes in flight (their fence holds the
        // lease's row FOR SHARE) and for a renewal of the holder.
        current(db.prepare("SELECT l.holder, l.epoch, e.expires > clock_timestamp() FROM server_lease l "
                           "JOIN server_lease_expiry e ON e.id = l.id WHERE l.id = 1 FOR UPDATE")),
        claim(db.prepare("UPDATE server_lease SET holder = $1, epoch = epoch + 1 WHERE id = 1 RETURNING epoch")),
        claim_expiry(db.prepare("UPDATE server_lease_expiry SET epoch = $1, "
                                "expires = clock_timestamp() + $2::BIGINT * INTERVAL '1 millisecond' WHERE id = 1")),
        renew(db.prepare("UPDATE server_lease_expiry SET expires = clock_timestamp() + $2::BIGINT * "
                         "INTERVAL '1 millisecond' WHERE id = 1 AND epoch = $1")),
        let_go(db.prepare("UPDATE server_lease_expiry SET expires = '-infinity' WHERE id = 1 AND epoch = $1")),
        // A cluster's node: its own row, renewed with the shared lease (pg_lease.hpp).
        renew_node(db.prepare("INSERT INTO nodes (id, started, lease_until) VALUES ($1, clock_timestamp(), "
                              "clock_timestamp() + $2::BIGINT * INTERVAL '1 millisecond') ON CONFLICT (id) "
                              "DO UPDATE SET lease_until = excluded.lease_until")),
        // Its lease ends now: its tables may be claimed at once by the players who come
        // back to them, and by a sweeper after its wait (store::orphan_tables).
        leave_node(db.prepare("UPDATE nodes SET lease_until = clock_timestamp() WHERE id = $1")),
        // Nodes gone for a day are forgotten when another joins; their tables were claimed
        // long since, or are claimed as orphans whatever their owner's row says.
        forget_nodes(db.prepare("DELETE FROM nodes WHERE lease_until < clock_timestamp() - INTERVAL '1 day'")) {
    // Never wait on a lock or a statement for longer than a term: the loops try again.
    const auto ms = std::to_string(term.count());
    db.exec("SET application_name = 'shithead-lease'; SET lock_timeout = " + ms + "; SET statement_timeout = " + ms);
  }
  pg::connection db;
  pg::statement current;
  pg::statement claim;
  pg::statement claim_expiry;
  pg::statement renew;
  pg::statement let_go;
  pg::statement renew_node;
  pg::statement leave_node;
  pg::statement forget_nodes;
};

pg_lease::pg_lease(std::string url, std::chrono::milliseconds term, bool cluster)
    : url_(std::move(url)),
      term_(std::max(term, shortest_term)),
      holder_(new_holder_name()),
      cluster_(cluster),
      fence_holder_(cluster ? std::string(cluster_holder) : holder_) {}

pg_lease::~pg_lease() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (renewer_.joinable()) renewer_.join();
  if (watchdog_.joinable()) watchdog_.join();
}

pg_lease::session& pg_lease::connected() {
  if (session_ && !session_->db.alive()) session_.reset();
  if (!session_) session_ = std::make_unique<session>(url_, term_);
  return *session_;
}

bool pg_lease::acquire(const std::function<void(const std::string& held_by)>& waiting) {
  std::string last_said;
  const auto say = [&](const std::string& what) {
    if (what == last_said) return;
    last_said = what;
    spdlog::info("lease: standing by: {}", what);
    if (waiting) waiting(what);
  };
  for (;;) {
    {
      const std::lock_guard lock(mutex_);
      if (state_ == state::held) return true;
      if (state_ == state::lost || stopping_) return false;
    }
    // Tries at least once, also after stop_waiting(): a closing store's last batch may
    // still go in when nobody else holds the lease.
    const auto sent = steady::now();
    try {
      auto& s = connected();
      pg::transaction tx(s.db);
      const auto now = s.current.run();
      const auto held_by = now.text(0, 0);
      const auto live = now.text(0, 2) == "t";
      const auto term_ms = static_cast<std::int64_t>(term_.count());
      if (live && held_by != fence_holder_) {
        say("the lease is held by " + held_by + " (epoch " + now.text(0, 1) + ")" +
            (cluster_ ? ", a server that is not a cluster's node" : ""));
      } else {
        std::int64_t epoch = 0;
        if (live) {
          // A cluster's node joins the epoch the cluster holds.
          epoch = now.int64(0, 1);
          s.renew.run(pg::params().add(epoch).add(term_ms));
        } else {
          epoch = s.claim.run(pg::params().add(fence_holder_)).int64(0, 0);
          s.claim_expiry.run(pg::params().add(epoch).add(term_ms));
        }
        if (cluster_) {
          s.forget_nodes.run();
          s.renew_node.run(pg::params().add(holder_).add(term_ms));
        }
        tx.commit();
        {
          const std::lock_guard lock(mutex_);
          if (stopping_) return false;  // never renewed: it lapses by itself
          state_ = state::held;
          epoch_ = epoch;
          valid_until_ = sent + term_;
        }
        spdlog::info("lease: {} holds the lease{}, epoch {} (a term of {}, renewed every {})", holder_,
                     cluster_ ? " as a node of the cluster" : "", epoch, seconds_text(term_), seconds_text(term_ / 4));
        renewer_ = std::thread([this] {
          pthread_setname_np(pthread_self(), "shithead-lease");
          renew_loop();
        });
        watchdog_ = std::thread([this] {
          pthread_setname_np(pthread_self(), "shithead-watch");
          watch_loop();
        });
        return true;
      }
    } catch (const pg::error& e) {
      session_.reset();
      say(std::string("cannot reach the database: ") + e.what());
    }
    std::unique_lock lock(mutex_);
    if (changed_.wait_until(lock, sent + term_ / 8, [this] { return stopping_ || stop_waiting_; })) return false;
  }
}

void pg_lease::stop_waiting() {
  {
    const std::lock_guard lock(mutex_);
    if (state_ != state::waiting) return;
    stop_waiting_ = true;
  }
  changed_.notify_all();
}

void pg_lease::on_lost(std::function<void(const std::string& why)> lost) {
  std::unique_lock lock(mutex_);
  if (state_ == state::lost) {
    const auto why = lost_why_;
    lock.unlock();
    if (lost) lost(why);
    return;
  }
  on_lost_ = std::move(lost);
}

std::optional<std::int64_t> pg_lease::epoch() const {
  const std::lock_guard lock(mutex_);
  if (state_ != state::held) return std::nullopt;
  return epoch_;
}

bool pg_lease::lost() const {
  const std::lock_guard lock(mutex_);
  return state_ == state::lost;
}

void pg_lease::lose(const std::string& why) {
  std::unique_lock lock(mutex_);
  lose_locked(lock, why);
}

void pg_lease::lose_locked(std::unique_lock<std::mutex>& lock, const std::string& why) {
  if (state_ != state::held) return;
  state_ = state::lost;
  lost_why_ = why;
  auto tell = std::move(on_lost_);
  lock.unlock();
  changed_.notify_all();
  spdlog::critical("lease: {} lost the lease (epoch {}): {}; it writes nothing more", holder_, epoch_, why);
  if (tell) tell(why);
  lock.lock();
}

void pg_lease::renew_loop() {
  auto next = steady::now();
  bool failing = false;
  for (;;) {
    std::int64_t epoch = 0;
    {
      std::unique_lock lock(mutex_);
      next += term_ / 4;
      changed_.wait_until(lock, next, [this] { return stopping_ || state_ != state::held; });
      if (stopping_ || state_ != state::held) return;
      // Woken past the lease's end (the process was paused): it counts as lost whatever
      // the database says, as the watchdog would, rather than renewed by whichever of the
      // two threads ran first. Another server may have taken over meanwhile.
      if (steady::now() >= valid_until_) {
        lose_locked(lock, "not renewed for " + seconds_text(term_) + " (this process paused, or the database slow)");
        return;
      }
      epoch = epoch_;
    }
    const auto sent = steady::now();
    try {
      auto& s = connected();
      const auto term_ms = static_cast<std::int64_t>(term_.count());
      const auto renewed = s.renew.run(pg::params().add(epoch).add(term_ms));
      // The node's row, after the shared lease: a node renewed past the cluster's epoch
      // has lost the lease anyway.
      if (cluster_ && renewed.affected() != 0) s.renew_node.run(pg::params().add(holder_).add(term_ms));
      std::unique_lock lock(mutex_);
      if (renewed.affected() == 0) {
        lose_locked(lock, "another server claimed it");
        return;
      }
      valid_until_ = std::max(valid_until_, sent + term_);
      if (failing) spdlog::warn("lease: renewed again");
      failing = false;
    } catch (const pg::error& e) {
      session_.reset();
      if (!failing) spdlog::error("lease: cannot renew ({}); trying again", e.what());
      failing = true;
    }
    // A renewal that took long is not followed by a burst of them.
    next = std::max(next, steady::now());
  }
}

void pg_lease::watch_loop() {
  std::unique_lock lock(mutex_);
  while (!stopping_ && state_ == state::held) {
    const auto until = valid_until_;
    changed_.wait_until(lock, until, [&] { return stopping_ || state_ != state::held || valid_until_ != until; });
    if (!stopping_ && state_ == state::held && steady::now() >= valid_until_)
      lose_locked(lock,
                  "not renewed for " + seconds_text(term_) + " (the database unreachable or this process paused)");
  }
}

void pg_lease::release() {
  std::int64_t epoch = 0;
  {
    const std::lock_guard lock(mutex_);
    if (state_ != state::held) return;
    epoch = epoch_;
    stopping_ = true;
  }
  changed_.notify_all();
  if (renewer_.joinable()) renewer_.join();
  if (watchdog_.joinable()) watchdog_.join();
  try {
    // A node leaves the cluster, whose other nodes renew the shared lease on; the tables
    // it owned (every step written: the store closed first) are anyone's at once.
    if (cluster_)
      connected().leave_node.run(pg::params().add(holder_));
    else
      connected().let_go.run(pg::params().add(epoch));
    spdlog::info("lease: {} let the lease go (epoch {})", holder_, epoch);
  } catch (const pg::error& e) {
    spdlog::warn("lease: could not let the lease go ({}); it lapses in {}", e.what(), seconds_text(term_));
  }
  const std::lock_guard lock(mutex_);
  state_ = state::lost;
  lost_why_ = "let go";
}

}  // namespace shithead::server
