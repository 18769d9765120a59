#pragma once
// A random_source with a fixed seed, so that the codes and tokens a lobby test makes are
// the same on every run.
#include <cstdint>

#include "rules/rng.hpp"
#include "server/core/random_source.hpp"

namespace shithead::server {

inline random_source seeded(std::uint64_t seed) {
  return [r = rules::rng(seed)]() mutable { return r.next(); };
}

}  // namespace shithead::server
