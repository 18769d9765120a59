#pragma once
// The project's one source of chance: xoshiro256** seeded through splitmix64. Ours
// rather than <random>'s because std::shuffle and the distributions differ between
// standard libraries, and the same seed must deal the same game everywhere.
#include <cstdint>

namespace shithead::rules {

class rng {
 public:
  explicit rng(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound) by Lemire's multiply-and-reject; bound > 0.
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  template <class Container>
  void shuffle(Container& items) {
    for (auto i = items.size(); i > 1; --i) {
      const auto j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  std::uint64_t s_[4];
};

}  // namespace shithead::rules
