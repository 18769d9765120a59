#pragma once
// Connections refused, told to the log with their counts per reason, at most one line
// every `every`: a flood shows in the log (issue 34: it showed only in /metrics) without
// flooding it. The first refusal after a quiet spell is logged at once; the ones after it
// are counted and go out with the first refusal once `every` has passed.
// Thread-safe: the listener and the game service refuse on threads of their own.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace shithead::server {

class refusal_log {
 public:
  using clock = std::chrono::steady_clock;
  // `what`: what is refused, for the line ("connection"); `write`: where a line goes
  // (spdlog's warn unless a test listens).
  // `done`: what the line says was done to them ("refused", or "closed for newcomers").
  explicit refusal_log(std::string what, std::chrono::seconds every = std::chrono::seconds(10),
                       std::function<void(const std::string&)> write = {}, std::string done = "refused");

  // One refusal for `reason` ("address_full", "server_full", "network_full", ...).
  void refused(std::string_view reason, clock::time_point now = clock::now());

 private:
  const std::string what_;
  const std::string done_;
  const clock::duration every_;
  std::function<void(const std::string&)> write_;
  std::mutex mutex_;
  std::map<std::string, std::uint64_t, std::less<>> counts_;  // since the last line
  clock::time_point since_{};                                 // when the counted ones began
  clock::time_point last_line_{};
  bool logged_ = false;
};

}  // namespace shithead::server
