#include "server/app/steps_cache.hpp"

#include <utility>

namespace shithead::server {

steps_cache::steps_cache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

std::optional<http_reply> steps_cache::find(std::int64_t game_id, bool accepts_gzip) {
  std::shared_ptr<const bodies> answer;
  {
    std::lock_guard hold(mutex_);
    const auto found = entries_.find(game_id);
    if (found == entries_.end()) return std::nullopt;
    recent_.splice(recent_.begin(), recent_, found->second.in_recent);
    answer = found->second.answer;
  }
  // The one body sent is copied, outside the lock.
  http_reply reply = answer->head;
  reply.gzipped = accepts_gzip && !answer->gzipped.empty();
  reply.body = reply.gzipped ? answer->gzipped : answer->plain;
  return reply;
}

void steps_cache::keep(std::int64_t game_id, const http_reply& plain, std::string gzipped) {
  http_reply head = plain;
  head.body.clear();
  auto answer = std::make_shared<const bodies>(bodies{std::move(head), plain.body, std::move(gzipped)});
  const auto cost = answer->cost();
  if (cost > max_bytes_) return;
  std::lock_guard hold(mutex_);
  if (const auto old = entries_.find(game_id); old != entries_.end()) forget(old);
  while (total_bytes_ + cost > max_bytes_ && !recent_.empty()) forget(entries_.find(recent_.back()));
  recent_.push_front(game_id);
  entries_.emplace(game_id, cached{std::move(answer), recent_.begin()});
  total_bytes_ += cost;
}

void steps_cache::forget(std::unordered_map<std::int64_t, cached>::iterator entry) {
  total_bytes_ -= entry->second.answer->cost();
  recent_.erase(entry->second.in_recent);
  entries_.erase(entry);
}

std::size_t steps_cache::entries() const {
  std::lock_guard hold(mutex_);
  return entries_.size();
}

std::size_t steps_cache::total_bytes() const {
  std::lock_guard hold(mutex_);
  return total_bytes_;
}

}  // namespace shithead::server
