#pragma once
// A PostgreSQL cluster of the test process's own, on a free loopback port under a fresh folder
// in /tmp: the store's tests run against a real server, not a mock, and leave nothing behind.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace shithead::testing {

class pg_cluster {
 public:
  // The one cluster of this test process, started on first use (initdb + pg_ctl start), stopped
  // (pg_ctl stop -m immediate, then the folder removed) at process exit (std::atexit; a watchdog shell does
  // the same when the process dies without exiting).
  // Throws std::runtime_error with a message a person can act on (e.g. "PostgreSQL is not installed:
  // run ./scripts/install-deps.sh --with-postgresql") when it cannot start.
  static pg_cluster& shared();
  // A cluster of this process alone, even where shared() gives the run's: for a test that
  // stops and starts the server (the others' databases would go with it). Made on first
  // use, stopped at exit, as shared()'s own.
  static pg_cluster& of_this_process();
  // A new empty database with a unique name (prefix + counter + pid), created through libpq on the
  // maintenance database "postgres"; returns its connection URL, e.g.
  // "postgresql://shithead@127.0.0.1:PORT/NAME".
  std::string new_database(const std::string& prefix = "test");
  void drop_database(const std::string& url);  // FORCE-drop (PostgreSQL 13+: DROP DATABASE ... WITH (FORCE))
  int port() const;
  std::string url(const std::string& database) const;
  // Runs one SQL statement (no parameters) on a database URL and returns the first column of the
  // first row as text ("" when no rows): for tests that check what the database holds.
  static std::string query_one(const std::string& url, const std::string& sql);
  // Stops the server at once (pg_ctl stop -m immediate) and starts it again on the same port and
  // folder: for tests of a store that loses its connection. Blocks until it accepts connections again.
  void restart();
  void stop_for_a_while();  // pg_ctl stop -m fast; start() again with start_again()
  void start_again();

  // For ctest's fixture `postgresql` (tests/postgres/pg_test_cluster_main.cpp), so that the
  // tests of a run share one cluster rather than each process (gtest_discover_tests runs a
  // test a process) paying for initdb: start_detached makes a cluster, writes where it is
  // into `state_folder`/cluster, and leaves it running when the process exits;
  // stop_detached stops it and removes its folder. shared() in a process whose environment
  // names that state folder (SHITHEAD_TEST_POSTGRESQL) uses the cluster written there, and
  // then refuses restart() and stop_for_a_while(), which would break the other tests'.
  static void start_detached(const std::string& state_folder);
  static void stop_detached(const std::string& state_folder);

  pg_cluster(const pg_cluster&) = delete;
  pg_cluster& operator=(const pg_cluster&) = delete;

 private:
  pg_cluster();  // initdb and the first start; throws, having removed its folder, when either fails
  // The cluster another process started and described in `state_folder` (start_detached).
  explicit pg_cluster(const std::string& state_folder);
  void refuse_if_shared(const char* what) const;
  ~pg_cluster() = delete;  // never destroyed: shared() leaks it, so no thread can outlive it at exit

  // Runs a PostgreSQL program (through runuser as `postgres` when we are root), its output appended
  // to the log file; its wait status, or throws when it cannot be run or outlasts `timeout_seconds`.
  int run(const std::string& program, std::vector<std::string> args, int timeout_seconds) const;
  // pg_ctl start on `port_`; false when the server did not start because the port was taken.
  bool try_start();
  void start_or_throw();  // try_start() on port_, or throws: for restarts, which cannot move
  void stop(const char* mode);
  void wait_until_accepting() const;
  // A shell in a session of its own that waits on a pipe only we hold, and stops the server and removes
  // the folder when the pipe closes without a word: when this process dies without exiting (SIGKILL from
  // a test runner's timeout, a sanitizer's abort, Ctrl-C), which no atexit handler sees.
  void start_watchdog();
  void dismiss_watchdog() noexcept;  // tells it that we cleaned up ourselves, and reaps it
  void clean_up() noexcept;          // stops the server if it runs and removes the folder
  void shut_down() noexcept;         // at exit, in the process that started the server only
  std::string log_tail(std::size_t lines) const;

  mutable std::mutex mutex_;  // the counter, and starting and stopping the server
  std::string bin_dir_;
  std::string root_;  // /tmp/shithead-pg-XXXXXX: data/, socket/ and log
  std::string data_dir_;
  std::string socket_dir_;
  std::string log_file_;
  std::string runuser_;       // when we are root
  bool as_postgres_ = false;  // we are root: initdb refuses to run as root, so run as `postgres`
  uid_t postgres_uid_ = 0;
  gid_t postgres_gid_ = 0;
  pid_t owner_pid_ = 0;  // a forked child (a death test) inherits the object and must not stop our server
  pid_t watchdog_pid_ = -1;
  int watchdog_fd_ = -1;  // the pipe's writing end, close-on-exec so that no other child holds it
  int port_ = 0;
  bool running_ = false;
  bool attached_ = false;  // another process's cluster: never restarted nor stopped from here
  std::uint64_t counter_ = 0;
};

}  // namespace shithead::testing
