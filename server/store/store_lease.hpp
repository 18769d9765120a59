#pragma once
// The right to write to a store that several servers share (PostgreSQL): one server at a
// time holds it, a standby waits for it, and a server that loses it never writes again
// (README.md, "A standby that takes over"). A store only one process uses (the SQLite
// file) has none: store::lease() answers null.
#include <functional>
#include <string>

namespace shithead::server {

class store_lease {
 public:
  virtual ~store_lease() = default;

  // Blocks until this process holds the lease: at once when nobody holds it, else once
  // the holder lets it go or stops renewing it. `waiting` hears who holds it meanwhile
  // (for /healthz), on this thread. Returns false when stop_waiting() came first (after
  // one more try) or the lease was lost.
  virtual bool acquire(const std::function<void(const std::string& held_by)>& waiting) = 0;
  // From any thread: acquire() returns false soon (a standby told to stop).
  virtual void stop_waiting() = 0;
  // Once held, `lost` runs once, on a thread of the lease's, when the lease is lost: it
  // could not be renewed in time, or the database refused a write because another server
  // claimed it. Set after the loss, it runs at once. From then on, nothing is written.
  virtual void on_lost(std::function<void(const std::string& why)> lost) = 0;
  // Lets the lease go at once, so a standby takes over without waiting for it to lapse
  // (a clean shutdown, after the last write). A lease not held is left alone.
  virtual void release() = 0;
  // Who this process is to the database ("host:pid:random"), as the log and the
  // standby's /healthz name the holder.
  virtual const std::string& holder() const = 0;
};

}  // namespace shithead::server
