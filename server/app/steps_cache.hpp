#pragma once
// The answers of GET /api/games/{id}/steps as they went out, in both forms (plain and
// gzipped). A finished game's steps never change, and a shared link can make one game's
// page popular at once: a hit costs no store read, no replay and no compression, and
// leaves the store's reading thread to the leaderboard and the players' pages.
// Thread-safe: the store's thread fills it, HTTP sessions on every network thread read it.
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/net/http_routes.hpp"

namespace shithead::server {

class steps_cache {
 public:
  // `max_bytes` bounds the bodies kept, both forms counted; the games asked for least
  // recently make room. A game's steps are 50-200 KB plain and 3-7 KB gzipped
  // (bench/README.md), so the default keeps some hundred games.
  explicit steps_cache(std::size_t max_bytes = 16 * 1024 * 1024);

  // The answer for `game_id` in the form the request accepts, or nullopt.
  std::optional<http_reply> find(std::int64_t game_id, bool accepts_gzip);
  // Keeps a game's answer: `plain` as written (a 200), `gzipped` its gzip. An answer
  // larger than max_bytes on its own is not kept.
  void keep(std::int64_t game_id, const http_reply& plain, std::string gzipped);

  std::size_t entries() const;
  std::size_t total_bytes() const;

 private:
  struct bodies {
    http_reply head;  // the answer but its body: what both forms share
    std::string plain;
    std::string gzipped;
    std::size_t cost() const { return plain.size() + gzipped.size(); }
  };
  struct cached {
    std::shared_ptr<const bodies> answer;
    std::list<std::int64_t>::iterator in_recent;
  };
  void forget(std::unordered_map<std::int64_t, cached>::iterator entry);  // under mutex_

  const std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::unordered_map<std::int64_t, cached> entries_;
  std::list<std::int64_t> recent_;  // the game asked for last first
  std::size_t total_bytes_ = 0;
};

}  // namespace shithead::server
