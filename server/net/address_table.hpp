#pragma once
// What each client address holds, shared by every network thread: its open TCP
// connections (HTTP and WebSocket alike) and its budget of HTTP API requests, with a cap
// on all connections together so that a flood of idle sockets cannot take the last file
// descriptor (server/README.md, "Limits per address").
//
// An IPv4 address counts whole. An IPv6 address counts by its /64, the block one host or
// one home is usually given: a cap per full IPv6 address would be no cap at all.
//
//   auto admitted = table.admit(address_key(endpoint.address()));
//   if (!admitted) refuse(admitted.error());          // 429 or 503, then close
//   session(std::move(admitted).value());             // the ticket frees the slot
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "rules/error.hpp"
#include "server/net/credit_bucket.hpp"

namespace shithead::server {

// Addresses and CIDR blocks ("10.0.0.0/8", "fd00::/8", "127.0.0.1"): the reverse
// proxies in front of the server, whose connections carry many clients.
class address_set {
 public:
  // Comma-separated; a bad entry is an error message naming it.
  static rules::result<address_set, std::string> parse(std::string_view list);
  bool contains(const boost::asio::ip::address& address) const;
  bool empty() const { return blocks_.empty(); }
  bool operator==(const address_set&) const = default;

 private:
  struct block {
    boost::asio::ip::address_v6 base;  // IPv4 as v4-mapped
    int prefix = 128;
    bool operator==(const block&) const = default;
  };
  std::vector<block> blocks_;
};

struct address_limits {
  int connections_per_address = 64;  // WebSockets are capped lower again, by the lobby (32)
  int max_connections = 0;           // every address together; 0: descriptor_budget()
  // HTTP API requests (/api/...) per address. The web client asks a handful per page.
  credit_limits api{10, 40, 0, {}};  // 10 a second, bursts of 40; 0: never "abuse"
  // Their connections are not capped per address (the total cap still holds), and the
  // client they forward for, the last address of X-Forwarded-For, is the one counted
  // for API requests and WebSockets.
  address_set trusted_proxies;
};

// The key an address is counted under: "203.0.113.9", "2001:db8:1:2::/64".
std::string address_key(const boost::asio::ip::address& address);

// How many connections fit in the process's descriptor limit beside the descriptors
// open now (the store's files, the listening socket) and a margin for those opened
// later (a static file being sent). Raises the soft limit to the hard one first: a
// default soft limit of 1,024 would cap the server far below what the machine allows.
// Call it once the store is open.
int descriptor_budget();

class address_table : public std::enable_shared_from_this<address_table> {
 public:
  using clock = std::chrono::steady_clock;

  enum class refusal {
    address_full,  // this address holds connections_per_address already
    server_full,   // max_connections are open
  };

  // Holds one connection's place; moving it hands the place on (an HTTP connection
  // becoming a WebSocket). Destroyed, it frees the place.
  class ticket {
   public:
    ticket() = default;
    ticket(ticket&& other) noexcept;
    ticket& operator=(ticket&& other) noexcept;
    ticket(const ticket&) = delete;
    ticket& operator=(const ticket&) = delete;
    ~ticket();
    const std::string& key() const { return key_; }
    bool held() const { return table_ != nullptr; }
    // The client behind the connection: its own address's key, or, behind a trusted
    // proxy, the key of the address the proxy forwarded for (set from the request).
    const std::string& client_key() const { return client_key_.empty() ? key_ : client_key_; }
    void set_client_key(std::string key) { client_key_ = std::move(key); }

   private:
    friend class address_table;
    ticket(std::shared_ptr<address_table> table, std::string key) : table_(std::move(table)), key_(std::move(key)) {}
    void release();
    std::shared_ptr<address_table> table_;
    std::string key_;
    std::string client_key_;
  };

  explicit address_table(address_limits limits = {}) : limits_(limits) {}
  const address_limits& limits() const { return limits_; }

  // `per_address`: false for a trusted proxy, counted only in the total.
  rules::result<ticket, refusal> admit(const std::string& key, bool per_address = true);
  // Spends one API request of `key`'s budget; false: answer 429.
  bool take_api_request(const std::string& key, clock::time_point now = clock::now());

  int open_connections() const;
  int connections_of(const std::string& key) const;
  // Addresses with an entry: those with a connection open or an API budget not yet
  // refilled. Bounded by max_connections plus the addresses that asked in the last
  // burst/rate seconds.
  std::size_t tracked_addresses() const;

 private:
  struct entry {
    int connections = 0;
    credit_bucket api;
  };
  void release(const std::string& key);
  // Forgets addresses with no connection and a full budget: they would start afresh
  // anyway. At most once a second, so the cost spreads thin.
  void sweep(clock::time_point now);

  const address_limits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, entry> entries_;
  int open_ = 0;
  clock::time_point last_sweep_{};
};

}  // namespace shithead::server
