#pragma once
// The one way server logic gets chance: a function returning 64 random bits. main seeds
// it from std::random_device; tests pass a fixed sequence, so ids and codes repeat.
#include <cstdint>
#include <functional>

namespace shithead::server {

using random_source = std::function<std::uint64_t()>;

}  // namespace shithead::server
