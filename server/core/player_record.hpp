#pragma once
// One player as the server knows them and a store keeps them, and the shape of the
// player ids and tokens that identify them (the rules of who may say hello with what
// live in lobby/identity).
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace shithead::server {

// One player as a store saves and loads it. Wall-clock times, because they outlive a
// restart.
struct player_record {
  std::string id;          // 12 lowercase hex characters
  std::string name;        // as shown: cleaned, 1-20 code points
  std::string token_hash;  // SHA-256 of the token, 64 lowercase hex characters
  std::chrono::system_clock::time_point created;
  std::chrono::system_clock::time_point last_seen;
  // Issued by a server before tokens came from the kernel's generator, and so guessable:
  // the next hello with it gets a fresh token (player_registry::hello).
  bool token_exposed = false;

  friend bool operator==(const player_record&, const player_record&) = default;
};

inline constexpr std::size_t token_hex_length = 32;
inline constexpr std::size_t player_id_hex_length = 12;

// `length` lowercase hexadecimal characters: the shape of every token and player id.
bool is_lower_hex(std::string_view text, std::size_t length);

}  // namespace shithead::server
