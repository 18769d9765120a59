#include "server/net/address_table.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <system_error>

namespace shithead::server {

std::string address_key(const boost::asio::ip::address& address) {
  if (address.is_v6()) {
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    std::fill(bytes.begin() + 8, bytes.end(), 0);
    return boost::asio::ip::address_v6(bytes).to_string() + "/64";
  }
  return address.to_string();
}

namespace {

boost::asio::ip::address_v6 as_v6(const boost::asio::ip::address& address) {
  return address.is_v4() ? boost::asio::ip::make_address_v6(boost::asio::ip::v4_mapped, address.to_v4())
                         : address.to_v6();
}

bool same_prefix(const boost::asio::ip::address_v6& a, const boost::asio::ip::address_v6& b, int prefix) {
  const auto x = a.to_bytes(), y = b.to_bytes();
  for (int bit = 0; bit < prefix; ++bit) {
    const auto byte = static_cast<std::size_t>(bit / 8);
    const auto mask = static_cast<unsigned char>(0x80u >> (bit % 8));
    if ((x[byte] & mask) != (y[byte] & mask)) return false;
  }
  return true;
}

}  // namespace

rules::result<address_set, std::string> address_set::parse(std::string_view list) {
  address_set out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    auto entry = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    if (entry.empty()) continue;
    const auto slash = entry.find('/');
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(std::string(entry.substr(0, slash)), ec);
    const auto bad = "'" + std::string(entry) + "' is not an address or block such as 10.0.0.0/8 or 127.0.0.1";
    if (ec) return bad;
    int prefix = address.is_v4() ? 32 : 128;
    if (slash != std::string_view::npos) {
      const auto text = entry.substr(slash + 1);
      int value = -1;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc{} || end != text.data() + text.size() || value < 0 || value > prefix) return bad;
      prefix = value;
    }
    out.blocks_.push_back(block{as_v6(address), address.is_v4() ? prefix + 96 : prefix});
  }
  return out;
}

bool address_set::contains(const boost::asio::ip::address& address) const {
  const auto v6 = as_v6(address);
  return std::any_of(blocks_.begin(), blocks_.end(), [&](const block& b) { return same_prefix(v6, b.base, b.prefix); });
}

int descriptor_budget() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 512;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const auto usable = static_cast<long>(std::min<rlim_t>(limit.rlim_cur, 1'000'000));
  // What is open already (the store's files, the listening socket, the event loop) and
  // a margin for what opens later (a static file while it is sent, SQLite's journals).
  std::error_code ec;
  long open_now = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
    ++open_now;
  if (ec || open_now == 0) open_now = 32;
  const long margin = std::clamp(usable / 8, 8L, 64L);
  return static_cast<int>(std::max(1L, usable - open_now - margin));
}

address_table::ticket::ticket(ticket&& other) noexcept
    : table_(std::move(other.table_)), key_(std::move(other.key_)), client_key_(std::move(other.client_key_)) {
  other.table_.reset();
}

address_table::ticket& address_table::ticket::operator=(ticket&& other) noexcept {
  if (this != &other) {
    release();
    table_ = std::move(other.table_);
    key_ = std::move(other.key_);
    client_key_ = std::move(other.client_key_);
    other.table_.reset();
  }
  return *this;
}

address_table::ticket::~ticket() { release(); }

void address_table::ticket::release() {
  if (!table_) return;
  table_->release(key_);
  table_.reset();
}

rules::result<address_table::ticket, address_table::refusal> address_table::admit(const std::string& key,
                                                                                  bool per_address) {
  const std::lock_guard lock(mutex_);
  if (open_ >= limits_.max_connections) return refusal::server_full;
  auto [it, added] = entries_.try_emplace(key, entry{0, credit_bucket(limits_.api)});
  if (per_address && it->second.connections >= limits_.connections_per_address) return refusal::address_full;
  ++it->second.connections;
  ++open_;
  return ticket(shared_from_this(), key);
}

void address_table::release(const std::string& key) {
  const std::lock_guard lock(mutex_);
  --open_;
  const auto it = entries_.find(key);
  if (it == entries_.end()) return;
  // Kept while its API budget is still refilling, so that reconnecting cannot reset it.
  if (--it->second.connections <= 0 && it->second.api.available(clock::now()) >= limits_.api.burst) entries_.erase(it);
}

bool address_table::take_api_request(const std::string& key, clock::time_point now) {
  if (limits_.api.rate_per_second <= 0) return true;  // no limit asked for
  const std::lock_guard lock(mutex_);
  sweep(now);
  auto [it, added] = entries_.try_emplace(key, entry{0, credit_bucket(limits_.api)});
  return it->second.api.take(now);
}

void address_table::sweep(clock::time_point now) {
  if (now - last_sweep_ < std::chrono::seconds(1)) return;
  last_sweep_ = now;
  std::erase_if(entries_, [&](const auto& item) {
    return item.second.connections <= 0 && item.second.api.available(now) >= limits_.api.burst;
  });
}

int address_table::open_connections() const {
  const std::lock_guard lock(mutex_);
  return open_;
}

int address_table::connections_of(const std::string& key) const {
  const std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  return it == entries_.end() ? 0 : it->second.connections;
}

std::size_t address_table::tracked_addresses() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace shithead::server
