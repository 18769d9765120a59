#pragma once
// The lease term of the PostgreSQL lease and cluster tests: short, so that a lapse is
// quick to wait for, and long enough that a renewal late by a busy machine's (or
// ThreadSanitizer's) stall does not lose it.
#include <chrono>

namespace shithead::server::store_testing {

inline constexpr std::chrono::milliseconds lease_term{1000};

}  // namespace shithead::server::store_testing
