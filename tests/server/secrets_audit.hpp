#pragma once
// The checks of the secrets audit (secrets_audit_test.cpp): the attacks that found issue
// 27, written as detectors, so that the audit fails if the server ever again hands out
// outputs from which later ones follow.
//
// - Mersenne Twister (mt19937_64) state recovery: untempered outputs obey a recurrence
//   across 312 draws, so any 312 consecutive draws predict the next. Tokens showed two
//   whole draws each.
// - xoshiro256** seeded through splitmix64 (rules::rng): its first output gives back
//   the seed, so a published game seed gave every later deal at the table.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/rng.hpp"

namespace shithead::test::audit {

// The multiplicative inverse of an odd number modulo 2^64 (Newton's iteration).
constexpr std::uint64_t inverse(std::uint64_t odd) {
  std::uint64_t x = odd;
  for (int i = 0; i < 6; ++i) x *= 2 - odd * x;
  return x;
}

// x from y = x ^ (x >> shift) (& mask), and the same with <<.
constexpr std::uint64_t undo_right(std::uint64_t y, int shift, std::uint64_t mask = ~0ull) {
  std::uint64_t x = y;
  for (int i = 0; i < 64 / shift + 1; ++i) x = y ^ ((x >> shift) & mask);
  return x;
}
constexpr std::uint64_t undo_left(std::uint64_t y, int shift, std::uint64_t mask) {
  std::uint64_t x = y;
  for (int i = 0; i < 64 / shift + 1; ++i) x = y ^ ((x << shift) & mask);
  return x;
}

// ---- mt19937_64 ----

constexpr std::size_t mt_n = 312;
constexpr std::size_t mt_m = 156;

// The state word behind one output (the tempering undone).
constexpr std::uint64_t mt_untemper(std::uint64_t y) {
  y = undo_right(y, 43);
  y = undo_left(y, 37, 0xFFF7EEE000000000ull);
  y = undo_left(y, 17, 0x71D67FFFEDA60000ull);
  y = undo_right(y, 29, 0x5555555555555555ull);
  return y;
}

// The state word 312 draws after `k`, from the words at k, k + 1 and k + 156.
constexpr std::uint64_t mt_next(std::uint64_t at_k, std::uint64_t at_k1, std::uint64_t at_km) {
  const std::uint64_t x = (at_k & 0xFFFFFFFF80000000ull) | (at_k1 & 0x7FFFFFFFull);
  std::uint64_t twisted = x >> 1;
  if (x & 1u) twisted ^= 0xB5026F5AA96619E9ull;
  return at_km ^ twisted;
}

struct recurrence_count {
  int checked = 0;  // places where all four draws were seen
  int held = 0;     // of those, where the Mersenne Twister's recurrence holds
};

// `draws` in the order they were made, nullopt where a draw was not seen.
inline recurrence_count mersenne_recurrence(const std::vector<std::optional<std::uint64_t>>& draws) {
  recurrence_count out;
  for (std::size_t k = 0; k + mt_n < draws.size(); ++k) {
    if (!draws[k] || !draws[k + 1] || !draws[k + mt_m] || !draws[k + mt_n]) continue;
    ++out.checked;
    const auto predicted = mt_next(mt_untemper(*draws[k]), mt_untemper(*draws[k + 1]), mt_untemper(*draws[k + mt_m]));
    if (predicted == mt_untemper(*draws[k + mt_n])) ++out.held;
  }
  return out;
}

// ---- rules::rng (xoshiro256** seeded through splitmix64) ----

constexpr std::uint64_t golden_gamma = 0x9e3779b97f4a7c15ull;

// splitmix64's finaliser, undone.
constexpr std::uint64_t splitmix_unmix(std::uint64_t z) {
  z = undo_right(z, 31);
  z *= inverse(0x94d049bb133111ebull);
  z = undo_right(z, 27);
  z *= inverse(0xbf58476d1ce4e5b9ull);
  z = undo_right(z, 30);
  return z;
}

// The seed of the rules::rng whose first output is `first`: that output shows the
// second state word, which is splitmix64 of seed + 2 gamma.
constexpr std::uint64_t xoshiro_seed_from_first_output(std::uint64_t first) {
  constexpr int rotate = 7;
  const std::uint64_t word = first * inverse(9);
  const std::uint64_t s1 = ((word >> rotate) | (word << (64 - rotate))) * inverse(5);
  return splitmix_unmix(s1) - 2 * golden_gamma;
}

// Whether `later` is one of the next `depth` outputs of a generator that an attacker
// rebuilds from `earlier`: the generator `earlier` came out of first (the reversal), or
// a generator seeded with `earlier` itself.
inline bool seed_follows(std::uint64_t earlier, std::uint64_t later, int depth = 16) {
  rules::rng reversed(xoshiro_seed_from_first_output(earlier));
  if (reversed.next() != earlier) return false;  // never: the reversal is exact
  rules::rng reseeded(earlier);
  for (int i = 0; i < depth; ++i) {
    if (reversed.next() == later || reseeded.next() == later) return true;
  }
  return false;
}

}  // namespace shithead::test::audit
