#include "server/net/address_table.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <system_error>

#include "server/net/address_block.hpp"

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

address_table::ticket& address_table::ticket::operator=(ticket&& other) noexcept {
  if (this != &other) {
    release();
    table_ = std::move(other.table_);
    slot_ = std::move(other.slot_);
    client_key_ = std::move(other.client_key_);
    took_anothers_place_ = other.took_anothers_place_;
  }
  return *this;
}

address_table::ticket::~ticket() { release(); }

const std::string& address_table::ticket::key() const {
  static const std::string none;
  return slot_ ? slot_->key : none;
}

void address_table::ticket::release() {
  if (!table_) return;
  table_->release(*slot_);
  table_.reset();
  slot_.reset();
}

void address_table::ticket::on_close_for_newcomer(std::function<void()> close) {
  if (!table_) return;
  bool asked_already = false;
  {
    const std::lock_guard lock(table_->mutex_);
    slot_->close = close;
    asked_already = slot_->closing;
  }
  if (asked_already && close) close();
}

void address_table::ticket::keep() {
  if (!table_) return;
  const std::lock_guard lock(table_->mutex_);
  slot_->kept = true;
}

rules::result<address_table::ticket, address_table::refusal> address_table::admit(const std::string& key,
                                                                                  bool per_address) {
  std::function<void()> close_for_this_one;
  std::unique_ptr<slot> place;
  {
    const std::lock_guard lock(mutex_);
    auto [it, added] = entries_.try_emplace(key, entry{0, credit_bucket(limits_.api)});
    if (per_address && it->second.connections >= limits_.connections_per_address) return refusal::address_full;
    std::string block = per_address && limits_.block_factor > 0 ? block_key(key) : std::string();
    if (!block.empty()) {
      const auto held = blocks_.find(block);
      if (held != blocks_.end() &&
          held->second.size() >= static_cast<std::size_t>(limits_.connections_per_address * limits_.block_factor))
        return refusal::network_full;
    }
    if (open_ - closing_ >= limits_.max_connections) {
      slot* victim = closing_ < max_closing() ? closable_for_newcomer() : nullptr;
      if (victim == nullptr) return refusal::server_full;
      victim->closing = true;
      ++closing_;
      ++closed_for_newcomers_;
      close_for_this_one = victim->close;
    }
    place = std::make_unique<slot>();
    place->key = key;
    place->block = std::move(block);
    ++it->second.connections;
    ++open_;
    if (!place->block.empty()) join_block(*place);
  }
  // Outside the lock: the close may be the last owner of its session, whose ticket
  // comes back here to let go of its place.
  ticket admitted(shared_from_this(), std::move(place));
  if (close_for_this_one) {
    admitted.took_anothers_place_ = true;
    close_for_this_one();
  }
  return admitted;
}

address_table::slot* address_table::closable_for_newcomer() {
  // The busiest blocks first, the oldest connection of each; a block whose connections
  // are all kept (seated players) or closing is passed over. A bounded look, under the
  // lock that every accept takes.
  constexpr int most_looked_at = 256;
  int looked_at = 0;
  for (auto busiest = blocks_by_size_.rbegin(); busiest != blocks_by_size_.rend(); ++busiest) {
    for (slot* candidate : blocks_.at(busiest->second)) {
      if (++looked_at > most_looked_at) return nullptr;
      if (!candidate->kept && !candidate->closing && candidate->close) return candidate;
    }
  }
  return nullptr;
}

void address_table::join_block(slot& place) {
  auto& held = blocks_[place.block];
  if (!held.empty()) blocks_by_size_.erase({held.size(), place.block});
  place.in_block = held.insert(held.end(), &place);
  blocks_by_size_.emplace(held.size(), place.block);
}

void address_table::leave_block(slot& place) {
  const auto found = blocks_.find(place.block);
  auto& held = found->second;
  blocks_by_size_.erase({held.size(), place.block});
  held.erase(place.in_block);
  if (held.empty()) {
    blocks_.erase(found);
  } else {
    blocks_by_size_.emplace(held.size(), place.block);
  }
}

void address_table::release(slot& place) {
  const std::lock_guard lock(mutex_);
  --open_;
  if (place.closing) --closing_;
  if (!place.block.empty()) leave_block(place);
  const auto it = entries_.find(place.key);
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

std::uint64_t address_table::closed_for_newcomers() const {
  const std::lock_guard lock(mutex_);
  return closed_for_newcomers_;
}

std::size_t address_table::tracked_addresses() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace shithead::server
