#pragma once
// The web client's files as they go out: read once, gzipped once, and sent with the
// validators (ETag, Last-Modified) that let a returning browser revalidate with a 304
// instead of downloading again. Every request compares the file's size and modification
// time with the cached copy's, so an edited file goes out fresh without a restart.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace shithead::server {

// One file as it is served, in both its forms.
struct static_entity {
  std::string body;                                // as on disk
  std::string gzipped;                             // gzip of body; empty when that would not pay (images, tiny files)
  std::string etag;                                // of body, quoted
  std::string gzipped_etag;                        // of the gzipped form: two forms, two tags
  std::string last_modified;                       // the file's time as an HTTP date
  std::chrono::system_clock::time_point modified;  // the same, whole seconds
  std::filesystem::file_time_type file_time;       // what a later request compares
  std::uintmax_t file_size = 0;

  std::size_t cost() const { return body.size() + gzipped.size(); }
};

// The bounds of the cache. The client is a few hundred KB; these leave room for much more
// and keep a static folder someone fills with large files from filling the memory.
struct static_cache_limits {
  std::size_t max_total_bytes = 32 * 1024 * 1024;  // bodies and their gzipped forms
  std::size_t max_file_bytes = 4 * 1024 * 1024;    // larger files are streamed, uncached
};

// Thread-safe: HTTP sessions on every network thread share one.
class static_cache {
 public:
  explicit static_cache(static_cache_limits limits = {});

  // The file (a canonical path, from resolve_static_file) as served; null when it cannot
  // be read whole or is over max_file_bytes, and the caller streams it from disk instead.
  // When the cache is full, the entries asked for least recently make room; a file that
  // changes while it is being read is served but not kept.
  std::shared_ptr<const static_entity> get(const std::filesystem::path& file, std::string_view content_type);

  std::size_t entries() const;
  std::size_t total_bytes() const;

 private:
  const static_cache_limits limits_;
  struct cached {
    std::shared_ptr<const static_entity> entity;
    std::list<std::string>::iterator in_recent;
  };
  void forget(std::unordered_map<std::string, cached>::iterator entry);  // under mutex_

  mutable std::mutex mutex_;
  std::unordered_map<std::string, cached> entries_;
  std::list<std::string> recent_;  // the keys, the one asked for last first
  std::size_t total_bytes_ = 0;
};

// Text, scripts, styles, JSON, manifests and SVG: what gzip shrinks. PNG, ICO (PNGs
// inside) and fonts are compressed already.
bool worth_gzipping(std::string_view content_type);
// The gzip format (RFC 1952) at the best compression: it is done once per file.
std::string gzip_compress(std::string_view data);
// Whether an Accept-Encoding header allows gzip: "gzip" or "*" with a q above 0.
bool accepts_gzip(std::string_view accept_encoding);
// If-None-Match against our tag, by the weak comparison RFC 9110 asks of GET: "*" or
// any listed tag equal to ours once a W/ is set aside.
bool etag_matches(std::string_view if_none_match, std::string_view etag);
// "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110's IMF-fixdate).
std::string http_date(std::chrono::system_clock::time_point time);
// An IMF-fixdate back to a time; nothing for anything else.
std::optional<std::chrono::system_clock::time_point> parse_http_date(std::string_view text);

}  // namespace shithead::server
