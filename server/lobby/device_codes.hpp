#pragma once
// Device codes: how a player carries their identity to another phone or computer without
// the token ever appearing in a link. A code is 8 characters of the table code alphabet
// (31^8, about 2^39.6), shown as "K7MP-Q2XD", good for one use within `lifetime`; asking
// again replaces the player's previous code, and signing out other devices cancels it.
// Codes live in memory only: a restart forgets them, and the player asks again.
//
// A code stands for the token of the connection that asked for it, so redeeming it is a
// hello with that token. Guessing is bounded elsewhere: wrong codes spend from the
// address's budget (game_service). Single-threaded: owned by one strand.
#include <chrono>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/core/random_source.hpp"

namespace shithead::server {

inline constexpr std::size_t device_code_length = 8;

// What a person typed, as a code: spaces and dashes dropped, letters uppercased. nullopt
// unless 8 characters of the alphabet remain.
std::optional<std::string> normalize_device_code(std::string_view typed);
// "K7MPQ2XD" as "K7MP-Q2XD".
std::string display_device_code(std::string_view code);

class device_codes {
 public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::seconds default_lifetime{600};

  explicit device_codes(random_source random, std::chrono::seconds lifetime = default_lifetime);

  // A fresh code (normalized form) for `player_id`, standing for `token`; the player's
  // previous code, if any, stops working.
  std::string issue(const std::string& player_id, std::string token, clock::time_point now);
  // The token behind a typed code, once: the code is spent. nullopt when it was never
  // issued, was used or replaced, or expired.
  std::optional<std::string> redeem(std::string_view typed, clock::time_point now);
  // The player's code, if any, stops working.
  void cancel(const std::string& player_id);

  std::chrono::seconds lifetime() const { return lifetime_; }
  // Codes not yet used, replaced or swept after expiring.
  std::size_t size() const { return by_code_.size(); }

 private:
  struct entry {
    std::string player_id;
    std::string token;
    clock::time_point expires;
  };
  void sweep(clock::time_point now);
  std::string draw_code();

  random_source random_;
  std::chrono::seconds lifetime_;
  std::unordered_map<std::string, entry> by_code_;
  std::unordered_map<std::string, std::string> by_player_;
  // Every code issued, oldest first (one lifetime for all, so also by expiry); entries
  // whose code is gone already are skipped as the sweep meets them.
  std::deque<std::pair<clock::time_point, std::string>> expiry_;
};

}  // namespace shithead::server
