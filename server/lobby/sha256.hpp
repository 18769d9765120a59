#pragma once
// SHA-256 (FIPS 180-4), written for this project: player tokens are stored only as
// their hash, so a leaked store or log reveals no token that reclaims a player.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace shithead::server {

using sha256_digest = std::array<std::uint8_t, 32>;

// Incremental hashing: update() any number of times, then finish() once.
class sha256_hasher {
 public:
  sha256_hasher();

  void update(std::span<const std::uint8_t> bytes);
  void update(std::string_view bytes);
  // Pads, processes the last block and returns the digest. The hasher is spent
  // afterwards; reset() makes it ready for a new message.
  sha256_digest finish();
  void reset();

 private:
  void process_block(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_{};
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

sha256_digest sha256(std::string_view bytes);

// The digest as 64 lowercase hex characters.
std::string sha256_hex(std::string_view bytes);

// Lowercase hex of any bytes, two characters a byte.
std::string to_hex(std::span<const std::uint8_t> bytes);

}  // namespace shithead::server
