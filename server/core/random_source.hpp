#pragma once
// The one way server logic gets chance: a function returning 64 random bits.
//
// Every secret (tokens, player ids, table codes, device codes) and every game's seed
// comes from system_random(): the kernel's cryptographic generator through getrandom(2),
// a fresh draw each call, so that no output says anything about another, and a published
// game seed says nothing about any other game. Seeded generators (rules::rng) are for
// what must replay, never for a secret. Tests pass a fixed sequence instead, so that ids
// and codes repeat from run to run.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

namespace shithead::server {

using random_source = std::function<std::uint64_t()>;

// Fills `out` from the kernel's generator (getrandom(2), blocking only until the kernel's
// pool is first seeded at boot). A kernel that cannot give random bytes ends the
// process: nothing may fall back to a guessable source.
void system_random_bytes(std::span<std::byte> out);

// 64 bits from system_random_bytes(); safe from any thread.
std::uint64_t system_random_u64();

// system_random_u64 as a random_source.
random_source system_random();

}  // namespace shithead::server
