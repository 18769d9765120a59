#pragma once
// What each client address holds, shared by every network thread: its open TCP
// connections (HTTP and WebSocket alike) and its budget of HTTP API requests, with a cap
// on all connections together so that a flood of idle sockets cannot take the last file
// descriptor (server/README.md, "Limits per address").
//
// An IPv4 address counts whole. An IPv6 address counts by its /64, the block one host or
// one home is usually given: a cap per full IPv6 address would be no cap at all. Each
// address's block (an IPv4 /24, an IPv6 /48: address_block.hpp) is capped too, at
// block_factor addresses' worth.
//
// When every connection the server can hold is open, a newcomer is not refused while a
// flood holds the places: the oldest connection of the network (block) that holds the
// most is closed for it, never a seated player's (ticket::keep), so that a flood from
// many networks makes room at its own expense first. Only when nothing can be closed is
// the newcomer told 503.
//
//   auto admitted = table.admit(address_key(endpoint.address()));
//   if (!admitted) refuse(admitted.error());          // 429 or 503, then close
//   session(std::move(admitted).value());             // the ticket frees the slot
#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <set>
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
  int block_factor = 5;              // a block holds this many addresses' connections (0: blocks uncounted)
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
    network_full,  // its block holds block_factor addresses' worth
    server_full,   // max_connections are open, and none could be closed for this one
  };

  // One connection's place, as the table tracks it (under the table's mutex).
  struct slot {
    std::string key;
    std::string block;                    // empty: not counted by block (a trusted proxy's)
    std::function<void()> close;          // how to close it for a newcomer; empty: not yet closable
    bool kept = false;                    // a seated player's: never closed for a newcomer
    bool closing = false;                 // closed for a newcomer, not yet gone
    std::list<slot*>::iterator in_block;  // its place in its block's list, oldest first
  };

  // Holds one connection's place; moving it hands the place on (an HTTP connection
  // becoming a WebSocket). Destroyed, it frees the place.
  class ticket {
   public:
    ticket() = default;
    ticket(ticket&& other) noexcept = default;
    ticket& operator=(ticket&& other) noexcept;
    ticket(const ticket&) = delete;
    ticket& operator=(const ticket&) = delete;
    ~ticket();
    const std::string& key() const;
    bool held() const { return table_ != nullptr; }
    // The client behind the connection: its own address's key, or, behind a trusted
    // proxy, the key of the address the proxy forwarded for (set from the request).
    const std::string& client_key() const { return client_key_.empty() ? key() : client_key_; }
    void set_client_key(std::string key) { client_key_ = std::move(key); }
    // How the connection is closed when a newcomer needs its place: called on whatever
    // thread admits the newcomer, with no lock held, so it must only post the close to
    // the connection's strand. The owner of the connection sets it (again, when the
    // place moves to a WebSocket: a close asked of the old owner meanwhile is asked again).
    void on_close_for_newcomer(std::function<void()> close);
    // A seated player's connection: never closed for a newcomer. Thread-safe.
    void keep();
    // Admitted in the place of another connection, closed for it (the server was full).
    bool took_anothers_place() const { return took_anothers_place_; }

   private:
    friend class address_table;
    ticket(std::shared_ptr<address_table> table, std::unique_ptr<slot> place)
        : table_(std::move(table)), slot_(std::move(place)) {}
    void release();
    std::shared_ptr<address_table> table_;
    std::unique_ptr<slot> slot_;
    std::string client_key_;
    bool took_anothers_place_ = false;
  };

  explicit address_table(address_limits limits = {}) : limits_(limits) {}
  const address_limits& limits() const { return limits_; }
  // Closings for newcomers in flight at most, 1 to 16: the descriptors they hold until
  // their sessions close come out of descriptor_budget()'s margin (8 to 64).
  int max_closing() const { return std::clamp(limits_.max_connections / 100, 1, 16); }

  // `per_address`: false for a trusted proxy, counted only in the total.
  rules::result<ticket, refusal> admit(const std::string& key, bool per_address = true);
  // Spends one API request of `key`'s budget; false: answer 429.
  bool take_api_request(const std::string& key, clock::time_point now = clock::now());

  int open_connections() const;
  int connections_of(const std::string& key) const;
  // Connections closed so far to make room for newcomers.
  std::uint64_t closed_for_newcomers() const;
  // Addresses with an entry: those with a connection open or an API budget not yet
  // refilled. Bounded by max_connections plus the addresses that asked in the last
  // burst/rate seconds.
  std::size_t tracked_addresses() const;

 private:
  struct entry {
    int connections = 0;
    credit_bucket api;
  };
  void release(slot& place);
  // The oldest closable connection of the busiest blocks, or null (under mutex_).
  slot* closable_for_newcomer();
  // `place` joins or leaves its block's list, and the block's rank moves (under mutex_).
  void join_block(slot& place);
  void leave_block(slot& place);
  // Forgets addresses with no connection and a full budget: they would start afresh
  // anyway. At most once a second, so the cost spreads thin.
  void sweep(clock::time_point now);

  const address_limits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, entry> entries_;
  // Each block's connections, oldest first; blocks by how many they hold, the busiest last.
  std::unordered_map<std::string, std::list<slot*>> blocks_;
  std::set<std::pair<std::size_t, std::string>> blocks_by_size_;
  int open_ = 0;
  int closing_ = 0;  // closed for newcomers, not yet released
  std::uint64_t closed_for_newcomers_ = 0;
  clock::time_point last_sweep_{};
};

}  // namespace shithead::server
