#include "server/core/random_source.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace shithead::server {

void system_random_bytes(std::span<std::byte> out) {
  std::size_t filled = 0;
  while (filled < out.size()) {
    // No flags: the urandom pool, which blocks only before the kernel first seeds it.
    const ssize_t got = getrandom(out.data() + filled, out.size() - filled, 0);
    if (got > 0) {
      filled += static_cast<std::size_t>(got);
    } else if (got < 0 && errno != EINTR) {
      // ENOSYS (a kernel before 3.17) or a seccomp filter: there is no safe fallback.
      std::fprintf(stderr, "fatal: getrandom(2) failed: %s; refusing to run without a secure random source\n",
                   std::strerror(errno));
      std::abort();
    }
  }
}

std::uint64_t system_random_u64() {
  std::byte bytes[sizeof(std::uint64_t)];
  system_random_bytes(bytes);
  std::uint64_t value = 0;
  std::memcpy(&value, bytes, sizeof value);
  return value;
}

random_source system_random() {
  return [] { return system_random_u64(); };
}

}  // namespace shithead::server
