#include "server/net/static_cache.hpp"

#include <zlib.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace shithead::server {
namespace {

namespace fs = std::filesystem;
using std::chrono::system_clock;

// Files smaller than this gain less from gzip than its header and a Content-Encoding cost.
constexpr std::size_t min_gzip_bytes = 256;

constexpr std::array<std::string_view, 7> day_names = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::array<std::string_view, 12> month_names = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// FNV-1a, 64 bits: a tag that changes whenever the bytes do (it is not a defence against
// anyone: the files are ours).
std::uint64_t fnv1a(std::string_view data) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::string tag_of(std::string_view data, std::string_view suffix) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%zx-%016llx%.*s\"", data.size(), static_cast<unsigned long long>(fnv1a(data)),
                static_cast<int>(suffix.size()), suffix.data());
  return text;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// Calls `each` with every comma-separated item of a header list, trimmed, empty ones skipped.
template <class F>
void for_each_item(std::string_view list, F each) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto item = trim(list.substr(0, comma));
    if (!item.empty()) each(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// The q of "gzip;q=0.5", 1 without one; a malformed q counts as 0 (not acceptable).
double quality_of(std::string_view parameters) {
  while (!parameters.empty()) {
    const auto semicolon = parameters.find(';');
    const auto parameter = trim(parameters.substr(0, semicolon));
    if (parameter.size() >= 2 && (parameter[0] == 'q' || parameter[0] == 'Q') && parameter[1] == '=') {
      const std::string value(parameter.substr(2));
      char* end = nullptr;
      const double q = std::strtod(value.c_str(), &end);
      return end != value.c_str() && *end == '\0' && q >= 0 && q <= 1 ? q : 0;
    }
    if (semicolon == std::string_view::npos) break;
    parameters.remove_prefix(semicolon + 1);
  }
  return 1;
}

std::optional<int> digits(std::string_view text) {
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::optional<std::string> read_whole(const fs::path& file, std::uintmax_t expected) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string data;
  data.reserve(static_cast<std::size_t>(expected));
  data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return data;
}

}  // namespace

static_cache::static_cache(static_cache_limits limits) : limits_(limits) {}

std::shared_ptr<const static_entity> static_cache::get(const fs::path& file, std::string_view content_type) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec) return nullptr;
  const auto time = fs::last_write_time(file, ec);
  if (ec) return nullptr;
  const std::string key = file.string();
  {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(key);
    if (it != entries_.end() && it->second.entity->file_size == size && it->second.entity->file_time == time) {
      recent_.splice(recent_.begin(), recent_, it->second.in_recent);
      return it->second.entity;
    }
  }
  if (size > limits_.max_file_bytes) return nullptr;

  // Read and compress outside the lock: another thread asking for another file waits for
  // nothing, and two threads missing the same file at once only do the work twice.
  auto body = read_whole(file, size);
  if (!body) return nullptr;
  auto entity = std::make_shared<static_entity>();
  entity->body = std::move(*body);
  entity->etag = tag_of(entity->body, "");
  if (worth_gzipping(content_type) && entity->body.size() >= min_gzip_bytes) {
    auto gzipped = gzip_compress(entity->body);
    if (gzipped.size() < entity->body.size()) {
      entity->gzipped = std::move(gzipped);
      entity->gzipped_etag = tag_of(entity->body, "-gz");
    }
  }
  entity->modified = std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::file_clock::to_sys(time));
  entity->last_modified = http_date(entity->modified);
  entity->file_time = time;
  entity->file_size = entity->body.size();

  // A file written while we read it: serve what we read, keep nothing that could be stale.
  const auto size_after = fs::file_size(file, ec);
  if (ec || size_after != entity->file_size || fs::last_write_time(file, ec) != time || ec) return entity;

  std::lock_guard lock(mutex_);
  const auto cost = entity->cost();
  if (cost > limits_.max_total_bytes) return entity;
  if (const auto old = entries_.find(key); old != entries_.end()) forget(old);
  while (total_bytes_ + cost > limits_.max_total_bytes && !recent_.empty()) forget(entries_.find(recent_.back()));
  recent_.push_front(key);
  entries_.emplace(key, cached{entity, recent_.begin()});
  total_bytes_ += cost;
  return entity;
}

void static_cache::forget(std::unordered_map<std::string, cached>::iterator entry) {
  total_bytes_ -= entry->second.entity->cost();
  recent_.erase(entry->second.in_recent);
  entries_.erase(entry);
}

std::size_t static_cache::entries() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

std::size_t static_cache::total_bytes() const {
  std::lock_guard lock(mutex_);
  return total_bytes_;
}

bool worth_gzipping(std::string_view content_type) {
  const auto type = content_type.substr(0, content_type.find(';'));
  return type.starts_with("text/") || type == "application/json" || type == "application/manifest+json" ||
         type == "image/svg+xml" || type == "application/javascript";
}

std::string gzip_compress(std::string_view data) {
  z_stream stream{};
  // 15 window bits plus 16: the gzip wrapper rather than zlib's own.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int result = deflate(&stream, Z_FINISH);
  const auto written = stream.total_out;
  deflateEnd(&stream);
  // deflateBound is enough for one Z_FINISH call: anything but the end is our bug.
  if (result != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  out.resize(written);
  return out;
}

bool accepts_gzip(std::string_view accept_encoding) {
  std::optional<double> gzip;
  std::optional<double> any;
  for_each_item(accept_encoding, [&](std::string_view item) {
    const auto semicolon = item.find(';');
    const auto coding = trim(item.substr(0, semicolon));
    const double q = semicolon == std::string_view::npos ? 1 : quality_of(item.substr(semicolon + 1));
    if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) gzip = q;
    if (coding == "*") any = q;
  });
  if (gzip) return *gzip > 0;
  return any && *any > 0;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  bool matched = false;
  for_each_item(if_none_match, [&](std::string_view tag) {
    if (tag == "*") matched = true;
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    const auto ours = etag.starts_with("W/") ? etag.substr(2) : etag;
    if (tag == ours) matched = true;
  });
  return matched;
}

std::string http_date(system_clock::time_point time) {
  const std::time_t seconds = system_clock::to_time_t(time);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  // 29 characters for any year of four digits; room for what GCC counts as the most any
  // int field could print, so that no date is ever cut short.
  char text[96];
  std::snprintf(text, sizeof text, "%.3s, %02d %.3s %04d %02d:%02d:%02d GMT", day_names[tm.tm_wday].data(), tm.tm_mday,
                month_names[tm.tm_mon].data(), tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return text;
}

std::optional<system_clock::time_point> parse_http_date(std::string_view text) {
  // "Sun, 06 Nov 1994 08:49:37 GMT": every field at a fixed place.
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' || text[16] != ' ' ||
      text[19] != ':' || text[22] != ':' || text.substr(25) != " GMT")
    return std::nullopt;
  std::tm tm{};
  int month = -1;
  for (std::size_t i = 0; i < month_names.size(); ++i)
    if (text.substr(8, 3) == month_names[i]) month = static_cast<int>(i);
  const auto day = digits(text.substr(5, 2));
  const auto year = digits(text.substr(12, 4));
  const auto hour = digits(text.substr(17, 2));
  const auto minute = digits(text.substr(20, 2));
  const auto second = digits(text.substr(23, 2));
  if (month < 0 || !day || !year || !hour || !minute || !second || *day < 1 || *day > 31 || *hour > 23 ||
      *minute > 59 || *second > 60)
    return std::nullopt;
  tm.tm_year = *year - 1900;
  tm.tm_mon = month;
  tm.tm_mday = *day;
  tm.tm_hour = *hour;
  tm.tm_min = *minute;
  tm.tm_sec = *second;
  const std::time_t seconds = timegm(&tm);
  if (seconds == static_cast<std::time_t>(-1)) return std::nullopt;
  return system_clock::from_time_t(seconds);
}

}  // namespace shithead::server
