// The test cluster's programs (initdb, pg_ctl) run as child processes with their output in the
// cluster's log, and its databases made and dropped through libpq.
#include "tests/postgres/pg_cluster.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>

extern char** environ;

namespace shithead::testing {

namespace {

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

constexpr const char* install_hint = "run ./scripts/install-deps.sh --with-postgresql";
constexpr int connect_timeout_seconds = 10;
// pg_ctl's own wait (-t) is 30 s; the child gets a little longer to report that it gave up.
constexpr int pg_ctl_wait_seconds = 30;
constexpr int pg_ctl_timeout_seconds = pg_ctl_wait_seconds + 15;
constexpr int initdb_timeout_seconds = 120;  // a loaded 2-core CI machine; it takes about a second alone

std::string errno_text(int error) { return std::strerror(error); }

bool has_programs(const fs::path& dir) {
  return access((dir / "initdb").c_str(), X_OK) == 0 && access((dir / "pg_ctl").c_str(), X_OK) == 0;
}

// "15" or "9.6" as a number that orders versions: 15000, 9006.
int version_number(std::string_view name) {
  int major = 0, minor = 0;
  const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), major);
  if (error != std::errc() || major <= 0) return -1;
  if (end != name.data() + name.size()) {
    if (*end != '.') return -1;
    std::from_chars(end + 1, name.data() + name.size(), minor);
  }
  return major * 1000 + minor;
}

// $SHITHEAD_PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin, else the folder of
// initdb on PATH (Fedora, Homebrew).
std::string find_bin_dir() {
  if (const char* env = std::getenv("SHITHEAD_PG_BIN"); env != nullptr && *env != '\0') {
    if (!has_programs(env)) {
      throw std::runtime_error(std::string("SHITHEAD_PG_BIN=") + env + " holds no initdb and pg_ctl");
    }
    return env;
  }
  std::string best;
  int best_version = -1;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", error)) {
    const int version = version_number(entry.path().filename().string());
    if (version > best_version && has_programs(entry.path() / "bin")) {
      best_version = version;
      best = (entry.path() / "bin").string();
    }
  }
  if (!best.empty()) return best;
  if (const char* path = std::getenv("PATH"); path != nullptr) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');) {
      if (!dir.empty() && has_programs(dir)) return dir;
    }
  }
  throw std::runtime_error(
      std::string("PostgreSQL is not installed (no initdb and pg_ctl in /usr/lib/postgresql/*/bin, on PATH or in "
                  "$SHITHEAD_PG_BIN): ") +
      install_hint);
}

std::string find_runuser() {
  for (const char* candidate : {"/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"}) {
    if (access(candidate, X_OK) == 0) return candidate;
  }
  throw std::runtime_error(
      "running as root, which initdb refuses: runuser (util-linux) is needed to run it as the `postgres` user");
}

// A port the kernel just gave out on 127.0.0.1 and took back: free unless someone takes it before the
// server binds it, which start-up notices and retries.
int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("cannot open a socket to find a free port: " + errno_text(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  const bool ok = bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  const int error = errno;
  close(fd);
  if (!ok) throw std::runtime_error("cannot bind a socket on 127.0.0.1 to find a free port: " + errno_text(error));
  return ntohs(address.sin_port);
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

// Waits for a child at most until `deadline`, polling: a SIGCHLD handler would be the test process's to own.
// The status, or nothing at the deadline.
std::optional<int> wait_child(pid_t pid, clock_type::time_point deadline) {
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) {
      throw std::runtime_error("lost the exit status of a child process: " + errno_text(errno));
    }
    if (clock_type::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

// posix_spawn's argv: pointers into `args`, which must outlive it, and a null.
std::vector<char*> exec_argv(std::vector<std::string>& args) {
  std::vector<char*> pointers;
  pointers.reserve(args.size() + 1);
  for (auto& arg : args) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  return pointers;
}

bool is_uri(std::string_view url) { return url.starts_with("postgresql://") || url.starts_with("postgres://"); }

// Every connection we make gives up after connect_timeout_seconds rather than hang a test.
std::string with_timeout(const std::string& url) {
  if (url.find("connect_timeout=") != std::string::npos) return url;
  const std::string setting = "connect_timeout=" + std::to_string(connect_timeout_seconds);
  if (!is_uri(url)) return url + " " + setting;
  return url + (url.find('?') == std::string::npos ? "?" : "&") + setting;
}

// The database a URL names: what follows the host, up to its parameters, percent-decoded.
std::string database_of(const std::string& url) {
  const auto scheme = url.find("://");
  if (!is_uri(url) || scheme == std::string::npos) throw std::runtime_error("not a postgresql:// URL: " + url);
  const auto slash = url.find('/', scheme + 3);
  if (slash == std::string::npos) throw std::runtime_error("the URL names no database: " + url);
  const auto end = url.find('?', slash);
  const std::string encoded = url.substr(slash + 1, end == std::string::npos ? std::string::npos : end - slash - 1);
  std::string name;
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    int byte = 0;
    if (encoded[i] == '%' && i + 2 < encoded.size() &&
        std::from_chars(encoded.data() + i + 1, encoded.data() + i + 3, byte, 16).ptr == encoded.data() + i + 3) {
      name += static_cast<char>(byte);
      i += 2;
    } else {
      name += encoded[i];
    }
  }
  if (name.empty()) throw std::runtime_error("the URL names no database: " + url);
  return name;
}

struct connection_closer {
  void operator()(PGconn* connection) const { PQfinish(connection); }
};
struct result_clearer {
  void operator()(PGresult* result) const { PQclear(result); }
};
using connection = std::unique_ptr<PGconn, connection_closer>;
using result = std::unique_ptr<PGresult, result_clearer>;

std::string trimmed(const char* text) {
  std::string out = text != nullptr ? text : "";
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back()))) out.pop_back();
  return out;
}

void ignore_notice(void*, const char*) {}

connection connect(const std::string& url) {
  connection c(PQconnectdb(with_timeout(url).c_str()));
  if (c == nullptr) throw std::runtime_error("libpq could not allocate a connection to " + url);
  if (PQstatus(c.get()) != CONNECTION_OK) {
    throw std::runtime_error("cannot connect to " + url + ": " + trimmed(PQerrorMessage(c.get())));
  }
  // NOTICEs ("database ... does not exist, skipping") would land on the tests' stderr.
  PQsetNoticeProcessor(c.get(), ignore_notice, nullptr);
  return c;
}

result execute(PGconn* c, const std::string& sql) {
  result r(PQexec(c, sql.c_str()));
  const auto status = r != nullptr ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
    throw std::runtime_error("PostgreSQL refused \"" + sql +
                             "\": " + trimmed(r != nullptr ? PQresultErrorMessage(r.get()) : PQerrorMessage(c)));
  }
  return r;
}

std::string quoted_identifier(PGconn* c, const std::string& name) {
  std::unique_ptr<char, decltype(&PQfreemem)> quoted(PQescapeIdentifier(c, name.data(), name.size()), &PQfreemem);
  if (quoted == nullptr) throw std::runtime_error("cannot quote \"" + name + "\": " + trimmed(PQerrorMessage(c)));
  return quoted.get();
}

// A prefix a database name can take as it is, and a URL too: lower-case letters, digits and '_'.
std::string name_part(const std::string& prefix) {
  std::string out;
  for (const char ch : prefix.substr(0, 40)) {  // 63 bytes at most, with room for "_counter_pid"
    const auto byte = static_cast<unsigned char>(ch);
    out += std::isalnum(byte) != 0 && byte < 0x80 ? static_cast<char>(std::tolower(byte)) : '_';
  }
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out.front())) != 0) out.insert(0, "db");
  return out;
}

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

}  // namespace

pg_cluster& pg_cluster::shared() {
  // Leaked on purpose, and stopped by an atexit handler rather than destroyed: a test thread still running
  // at exit never meets a destroyed object, and the leak checker sees a pointer it can reach.
  static std::mutex mutex;
  static pg_cluster* instance = nullptr;
  static std::string failure;  // the first start's error, given again rather than tried again by every test
  std::lock_guard lock(mutex);
  if (instance != nullptr) return *instance;
  if (!failure.empty()) throw std::runtime_error(failure);
  const char* state = std::getenv("SHITHEAD_TEST_POSTGRESQL");
  try {
    instance = state != nullptr && *state != '\0' ? new pg_cluster(std::string(state)) : new pg_cluster();
  } catch (const std::exception& error) {
    failure = error.what();
    throw;
  }
  if (!instance->attached_) std::atexit([] { instance->shut_down(); });
  return *instance;
}

pg_cluster& pg_cluster::of_this_process() {
  static std::mutex mutex;
  static pg_cluster* instance = nullptr;  // leaked and stopped at exit, as shared()'s
  std::lock_guard lock(mutex);
  if (instance != nullptr) return *instance;
  instance = new pg_cluster();
  std::atexit([] { instance->shut_down(); });
  return *instance;
}

void pg_cluster::start_detached(const std::string& state_folder) {
  fs::create_directories(state_folder);
  // Never shut down: the cluster outlives this process, until stop_detached. Kept where
  // the leak checker sees it.
  static pg_cluster* volatile cluster = nullptr;
  cluster = new pg_cluster();
  std::ofstream state(state_folder + "/cluster", std::ios::trunc);
  state << cluster->root_ << '\n' << cluster->port_ << '\n';
  state.close();
  if (!state) {
    cluster->clean_up();
    cluster->dismiss_watchdog();
    throw std::runtime_error("cannot write " + state_folder + "/cluster");
  }
  cluster->dismiss_watchdog();  // "done": the watchdog leaves the server running
}

void pg_cluster::stop_detached(const std::string& state_folder) {
  static pg_cluster* volatile cluster = nullptr;  // never destroyed, as every pg_cluster
  cluster = new pg_cluster(state_folder);
  cluster->clean_up();
  std::error_code ignored;
  fs::remove(state_folder + "/cluster", ignored);
}

pg_cluster::pg_cluster(const std::string& state_folder) : bin_dir_(find_bin_dir()), attached_(true) {
  std::ifstream state(state_folder + "/cluster");
  std::string port;
  if (!std::getline(state, root_) || !std::getline(state, port) || root_.empty())
    throw std::runtime_error("SHITHEAD_TEST_POSTGRESQL names " + state_folder +
                             ", which holds no cluster (ctest starts one with the test postgresql.start)");
  port_ = std::stoi(port);
  data_dir_ = root_ + "/data";
  socket_dir_ = root_ + "/socket";
  log_file_ = root_ + "/log";
  running_ = true;
  if (geteuid() == 0) {
    as_postgres_ = true;
    runuser_ = find_runuser();
  }
}

void pg_cluster::refuse_if_shared(const char* what) const {
  if (attached_)
    throw std::logic_error(std::string(what) +
                           " on the cluster every test of the run shares would break the others' databases");
}

pg_cluster::pg_cluster() : bin_dir_(find_bin_dir()), owner_pid_(getpid()) {
  if (geteuid() == 0) {
    std::vector<char> buffer(16384);
    passwd entry{};
    passwd* user = nullptr;
    if (getpwnam_r("postgres", &entry, buffer.data(), buffer.size(), &user) != 0 || user == nullptr) {
      throw std::runtime_error(
          std::string("running as root, which initdb refuses, and there is no `postgres` user to run it as (Debian's "
                      "postgresql-common makes one): ") +
          install_hint);
    }
    as_postgres_ = true;
    postgres_uid_ = user->pw_uid;
    postgres_gid_ = user->pw_gid;
    runuser_ = find_runuser();
  }
  char pattern[] = "/tmp/shithead-pg-XXXXXX";
  if (mkdtemp(pattern) == nullptr) throw std::runtime_error("cannot make a folder in /tmp: " + errno_text(errno));
  root_ = pattern;
  data_dir_ = root_ + "/data";
  socket_dir_ = root_ + "/socket";
  log_file_ = root_ + "/log";
  try {
    start_watchdog();
    // mkdtemp's 0700 would keep `postgres` out of a folder that root owns.
    if (chmod(root_.c_str(), 0755) != 0) throw std::runtime_error("cannot chmod " + root_ + ": " + errno_text(errno));
    for (const std::string& dir : {data_dir_, socket_dir_}) {
      if (mkdir(dir.c_str(), 0700) != 0) throw std::runtime_error("cannot make " + dir + ": " + errno_text(errno));
    }
    const int log = open(log_file_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (log < 0) throw std::runtime_error("cannot make " + log_file_ + ": " + errno_text(errno));
    close(log);
    if (as_postgres_) {
      for (const std::string& path : {data_dir_, socket_dir_, log_file_}) {
        if (chown(path.c_str(), postgres_uid_, postgres_gid_) != 0) {
          throw std::runtime_error("cannot give " + path + " to the postgres user: " + errno_text(errno));
        }
      }
    }
    const int status =
        run("initdb", {"-D", data_dir_, "-U", "shithead", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"},
            initdb_timeout_seconds);
    if (status != 0) {
      throw std::runtime_error("initdb (" + bin_dir_ + ") failed with " + describe_status(status) + "; the end of " +
                               log_file_ + ":\n" + log_tail(20));
    }
    // DROP DATABASE ... WITH (FORCE) is 13's; an older server would fail every drop_database() later, obscurely.
    std::ifstream version_file(data_dir_ + "/PG_VERSION");
    std::string version;
    std::getline(version_file, version);
    if (version_number(version) < 13000) {
      throw std::runtime_error("PostgreSQL " + version + " in " + bin_dir_ + " is too old, 13 or newer is needed: " +
                               install_hint + ", or point SHITHEAD_PG_BIN at a newer bin folder");
    }
    constexpr int tries = 3;
    for (int attempt = 1;; ++attempt) {
      port_ = free_port();
      if (try_start()) break;
      if (attempt == tries) {
        throw std::runtime_error("PostgreSQL found each of " + std::to_string(tries) +
                                 " free ports taken by the time it started; the end of " + log_file_ + ":\n" +
                                 log_tail(20));
      }
    }
    wait_until_accepting();
  } catch (...) {
    clean_up();
    dismiss_watchdog();
    throw;
  }
}

int pg_cluster::run(const std::string& program, std::vector<std::string> args, int timeout_seconds) const {
  std::vector<std::string> argv;
  if (as_postgres_) argv = {runuser_, "-u", "postgres", "--"};
  argv.push_back(bin_dir_ + "/" + program);
  for (auto& arg : args) argv.push_back(std::move(arg));
  std::vector<char*> pointers = exec_argv(argv);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_file_.c_str(), O_WRONLY | O_APPEND, 0);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  // Any descriptor of the test's that is not close-on-exec (Asio's sockets are not) would otherwise live on
  // in the postmaster, and keep a connection the test closed open.
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
  // A folder `postgres` may enter: the test's own may be root's 0700 home.
  posix_spawn_file_actions_addchdir_np(&actions, root_.c_str());
  pid_t pid = -1;
  const int error = posix_spawn(&pid, pointers[0], &actions, nullptr, pointers.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) throw std::runtime_error("cannot run " + argv[0] + ": " + errno_text(error));

  const auto deadline = clock_type::now() + std::chrono::seconds(timeout_seconds);
  if (const auto status = wait_child(pid, deadline)) return *status;
  // runuser passes SIGTERM on to the program; SIGKILL it could not.
  kill(pid, SIGTERM);
  if (!wait_child(pid, clock_type::now() + std::chrono::seconds(5))) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  throw std::runtime_error(program + " did not finish in " + std::to_string(timeout_seconds) + " s; the end of " +
                           log_file_ + ":\n" + log_tail(20));
}

bool pg_cluster::try_start() {
  std::error_code error;
  const auto log_size = fs::file_size(log_file_, error);
  const std::string options = "-p " + std::to_string(port_) + " -c listen_addresses=127.0.0.1 -k " + socket_dir_ +
                              " -c fsync=off -c synchronous_commit=on -c full_page_writes=off"
                              " -c max_connections=200 -c shared_buffers=32MB";
  const int status =
      run("pg_ctl",
          {"-D", data_dir_, "-l", log_file_, "-w", "-t", std::to_string(pg_ctl_wait_seconds), "-o", options, "start"},
          pg_ctl_timeout_seconds);
  if (status == 0) {
    running_ = true;
    return true;
  }
  // Only this start's lines: an earlier start on another port may have met a taken port too.
  std::ifstream log(log_file_);
  log.seekg(error ? 0 : static_cast<std::streamoff>(log_size));
  const std::string lines{std::istreambuf_iterator<char>(log), std::istreambuf_iterator<char>()};
  if (lines.find("Address already in use") != std::string::npos ||
      lines.find("could not create any TCP/IP sockets") != std::string::npos) {
    return false;
  }
  throw std::runtime_error("pg_ctl start on port " + std::to_string(port_) + " failed with " + describe_status(status) +
                           "; the end of " + log_file_ + ":\n" + log_tail(20));
}

void pg_cluster::start_or_throw() {
  if (!try_start()) {
    throw std::runtime_error("port " + std::to_string(port_) +
                             " was taken while PostgreSQL was stopped, and its URLs cannot move; the end of " +
                             log_file_ + ":\n" + log_tail(20));
  }
  wait_until_accepting();
}

void pg_cluster::stop(const char* mode) {
  const int status =
      run("pg_ctl", {"-D", data_dir_, "-m", mode, "-w", "-t", std::to_string(pg_ctl_wait_seconds), "stop"},
          pg_ctl_timeout_seconds);
  if (status != 0) {
    throw std::runtime_error(std::string("pg_ctl stop -m ") + mode + " failed with " + describe_status(status) +
                             "; the end of " + log_file_ + ":\n" + log_tail(20));
  }
  running_ = false;
}

// pg_ctl -w already waited for the postmaster to say it is ready; this is the word of a client.
void pg_cluster::wait_until_accepting() const {
  const std::string maintenance = with_timeout(url("postgres"));
  const auto deadline = clock_type::now() + std::chrono::seconds(pg_ctl_wait_seconds);
  while (PQping(maintenance.c_str()) != PQPING_OK) {
    if (clock_type::now() >= deadline) {
      throw std::runtime_error("PostgreSQL on port " + std::to_string(port_) + " accepts no connections after " +
                               std::to_string(pg_ctl_wait_seconds) + " s; the end of " + log_file_ + ":\n" +
                               log_tail(20));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void pg_cluster::start_watchdog() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("cannot make a pipe: " + errno_text(errno));
  const std::string pg_ctl =
      (as_postgres_ ? shell_quoted(runuser_) + " -u postgres -- " : std::string()) + shell_quoted(bin_dir_ + "/pg_ctl");
  // `read` ends on our "done" or on end of file, which the kernel gives when this process is gone.
  const std::string script = "read word; [ \"$word\" = done ] && exit 0; " + pg_ctl + " -D " + shell_quoted(data_dir_) +
                             " -m immediate -w -t 30 stop; rm -rf " + shell_quoted(root_);
  std::vector<std::string> argv = {"/bin/sh", "-c", script};
  std::vector<char*> pointers = exec_argv(argv);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  // Not the test's stdout: a test runner waits for every holder of its pipe to close it.
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
  posix_spawn_file_actions_addchdir_np(&actions, "/");
  // A session of its own, as pg_ctl gives the postmaster: Ctrl-C at the terminal must not kill it with us.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
  const int error = posix_spawn(&watchdog_pid_, "/bin/sh", &actions, &attributes, pointers.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[0]);
  if (error != 0) {
    close(fds[1]);
    watchdog_pid_ = -1;
    throw std::runtime_error("cannot run /bin/sh: " + errno_text(error));
  }
  watchdog_fd_ = fds[1];
}

void pg_cluster::dismiss_watchdog() noexcept {
  if (watchdog_fd_ >= 0) {
    [[maybe_unused]] const auto written = write(watchdog_fd_, "done\n", 5);
    close(watchdog_fd_);
    watchdog_fd_ = -1;
  }
  if (watchdog_pid_ > 0) {
    try {
      if (!wait_child(watchdog_pid_, clock_type::now() + std::chrono::seconds(5))) kill(watchdog_pid_, SIGKILL);
    } catch (...) {
    }
    watchdog_pid_ = -1;
  }
}

void pg_cluster::clean_up() noexcept {
  std::error_code error;
  // Whatever we think of running_: a start that timed out may have left a postmaster behind.
  if (fs::exists(data_dir_ + "/postmaster.pid", error)) {
    try {
      stop("immediate");
    } catch (...) {
    }
  }
  fs::remove_all(root_, error);
}

void pg_cluster::shut_down() noexcept {
  if (getpid() != owner_pid_) return;  // a forked child's exit: the server is its parent's
  // A thread left inside restart() at exit must not hang the exit: go on without the lock then.
  std::unique_lock lock(mutex_, std::try_to_lock);
  clean_up();
  dismiss_watchdog();
}

std::string pg_cluster::log_tail(std::size_t lines) const {
  std::ifstream log(log_file_);
  std::deque<std::string> tail;
  for (std::string line; std::getline(log, line);) {
    tail.push_back(std::move(line));
    if (tail.size() > lines) tail.pop_front();
  }
  std::string out;
  for (const auto& line : tail) out += "  " + line + "\n";
  return out.empty() ? "  (empty)\n" : out;
}

std::string pg_cluster::new_database(const std::string& prefix) {
  // Under the lock: a restart() in another thread waits for the database rather than breaks it.
  std::lock_guard lock(mutex_);
  const std::string name = name_part(prefix) + "_" + std::to_string(++counter_) + "_" + std::to_string(getpid());
  const auto c = connect(url("postgres"));
  // template0: empty whatever a test put in template1. (STRATEGY FILE_COPY, 15's other way, was no faster here.)
  execute(c.get(), "CREATE DATABASE " + quoted_identifier(c.get(), name) + " TEMPLATE template0");
  return url(name);
}

void pg_cluster::drop_database(const std::string& database_url) {
  const std::string name = database_of(database_url);
  std::lock_guard lock(mutex_);
  const auto c = connect(url("postgres"));
  execute(c.get(), "DROP DATABASE IF EXISTS " + quoted_identifier(c.get(), name) + " WITH (FORCE)");
}

int pg_cluster::port() const { return port_; }

std::string pg_cluster::url(const std::string& database) const {
  return "postgresql://shithead@127.0.0.1:" + std::to_string(port_) + "/" + database;
}

std::string pg_cluster::query_one(const std::string& database_url, const std::string& sql) {
  const auto c = connect(database_url);
  const auto r = execute(c.get(), sql);
  if (PQntuples(r.get()) == 0 || PQnfields(r.get()) == 0 || PQgetisnull(r.get(), 0, 0) != 0) return "";
  return PQgetvalue(r.get(), 0, 0);
}

void pg_cluster::restart() {
  refuse_if_shared("restart()");
  std::lock_guard lock(mutex_);
  if (running_) stop("immediate");
  start_or_throw();
}

void pg_cluster::stop_for_a_while() {
  refuse_if_shared("stop_for_a_while()");
  std::lock_guard lock(mutex_);
  if (running_) stop("fast");
}

void pg_cluster::start_again() {
  std::lock_guard lock(mutex_);
  if (!running_) start_or_throw();
}

}  // namespace shithead::testing
