#pragma once
// The real `shithead` binary as a child process, its stdout and stderr read through one
// pipe: for tests of what the shipped program does (startup, signals, SIGKILL, restart).
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace shithead::test {

using clock_type = std::chrono::steady_clock;

// What `shithead serve` logs once it serves, before its port.
inline constexpr std::string_view serving_log_prefix = "listening on http://127.0.0.1:";

// The binary as a child process, its stdout and stderr read through one pipe.
class child_process {
 public:
  explicit child_process(std::vector<std::string> args) {
    args.insert(args.begin(), SHITHEAD_BINARY);
    spawn(SHITHEAD_BINARY, std::move(args));
  }
  // Another program with its whole argv (a shell that sets limits, then execs the binary).
  child_process(std::string program, std::vector<std::string> argv) { spawn(program, std::move(argv)); }

 private:
  void spawn(const std::string& program, std::vector<std::string> args) {
    int fds[2];
    if (pipe(fds) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    out_ = fds[0];
  }

 public:
  ~child_process() {
    if (pid_ > 0 && !exit_status_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) close(out_);
  }
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  bool started() const { return pid_ > 0; }
  const std::string& output() const { return output_; }

  // Reads output until `prefix` is followed by a number and whatever ends it (the end of
  // the line, a space): the number, or nothing at the deadline.
  std::optional<std::string> number_after(std::string_view prefix, std::chrono::milliseconds timeout) {
    const auto deadline = clock_type::now() + timeout;
    for (;;) {
      if (const auto at = output_.find(prefix); at != std::string::npos) {
        const auto begin = at + prefix.size();
        const auto end = output_.find_first_not_of("0123456789", begin);
        if (end != std::string::npos && end > begin) return output_.substr(begin, end - begin);
      }
      if (!read_some(deadline)) return std::nullopt;
    }
  }

  // Reads output until it holds `text` after the first `from` characters; the place
  // where it ends, or nothing at the deadline.
  std::optional<std::size_t> wait_for(std::string_view text, std::chrono::milliseconds timeout, std::size_t from = 0) {
    const auto deadline = clock_type::now() + timeout;
    for (;;) {
      if (const auto at = output_.find(text, from); at != std::string::npos) return at + text.size();
      if (!read_some(deadline)) return std::nullopt;
    }
  }

  void signal(int number) { kill(pid_, number); }
  pid_t pid() const { return pid_; }

  // Reads what the child wrote so far without waiting: a test that runs long between
  // waits calls it now and then, or a chatty child blocks once the pipe's buffer is full.
  void drain() {
    pollfd fd{out_, POLLIN, 0};
    char buffer[4096];
    while (out_ >= 0 && poll(&fd, 1, 0) > 0) {
      const auto n = read(out_, buffer, sizeof buffer);
      if (n <= 0) return;
      output_.append(buffer, static_cast<std::size_t>(n));
    }
  }

  // The exit code, or nothing if the child is still running (or died of a signal) at the deadline.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout) {
    const auto deadline = clock_type::now() + timeout;
    while (clock_type::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_status_ = status;
        if (!WIFEXITED(status)) return std::nullopt;
        return WEXITSTATUS(status);
      }
      read_some(clock_type::now() + std::chrono::milliseconds(20));  // keep the pipe drained meanwhile
    }
    return std::nullopt;
  }

 private:
  bool read_some(clock_type::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()).count();
    if (left <= 0) return false;
    pollfd fd{out_, POLLIN, 0};
    if (poll(&fd, 1, static_cast<int>(left)) <= 0) return false;
    char buffer[4096];
    const auto n = read(out_, buffer, sizeof buffer);
    if (n <= 0) return false;
    output_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int out_ = -1;
  std::string output_;
  std::optional<int> exit_status_;
};

}  // namespace shithead::test
