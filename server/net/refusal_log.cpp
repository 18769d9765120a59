#include "server/net/refusal_log.hpp"

#include <spdlog/spdlog.h>

#include <utility>

namespace shithead::server {

refusal_log::refusal_log(std::string what, std::chrono::seconds every, std::function<void(const std::string&)> write,
                         std::string done)
    : what_(std::move(what)), done_(std::move(done)), every_(every), write_(std::move(write)) {
  if (!write_) write_ = [](const std::string& line) { spdlog::warn("{}", line); };
}

void refusal_log::refused(std::string_view reason, clock::time_point now) {
  std::string line;
  {
    std::lock_guard hold(mutex_);
    if (counts_.empty()) since_ = now;
    auto found = counts_.find(reason);
    if (found == counts_.end()) found = counts_.emplace(std::string(reason), 0).first;
    ++found->second;
    if (logged_ && now - last_line_ < every_) return;
    std::uint64_t total = 0;
    std::string by_reason;
    for (const auto& [name, count] : counts_) {
      total += count;
      by_reason += (by_reason.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now - since_).count();
    line = done_ + " " + std::to_string(total) + " " + what_ + (total == 1 ? "" : "s") +
           (seconds > 0 ? " in the last " + std::to_string(seconds) + " s" : "") + ": " + by_reason;
    counts_.clear();
    last_line_ = now;
    logged_ = true;
  }
  write_(line);
}

}  // namespace shithead::server
