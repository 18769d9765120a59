#pragma once
// What the fault tests share (random_kill_test, cluster_faults_test): their scale from the
// environment, a seeded random sequence (the seed printed reruns a failure), ports for
// processes to bind, and percentiles to print.
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace shithead::test {

inline int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::atoi(text) : fallback;
}

// A small LCG: the same seed gives the same moments and choices on every machine.
class seeded_random {
 public:
  explicit seeded_random(std::uint64_t seed, std::uint64_t stream = 1)
      : state_(seed * 0x9e3779b97f4a7c15ull + stream) {}
  // A number from `low` to `high`, both included.
  int between(int low, int high) {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return low + static_cast<int>((state_ >> 33) % static_cast<std::uint64_t>(high - low + 1));
  }

 private:
  std::uint64_t state_;
};

// A port the kernel gave out on 127.0.0.1 and took back, for a process to bind next.
inline std::uint16_t free_port() {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor probe(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
  return probe.local_endpoint().port();
}

// "812 ms": the nearest rank, the smallest value with at least q of them at or below it.
inline std::string percentile_ms(std::vector<double> values, double q) {
  if (values.empty()) return "-";
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return std::to_string(static_cast<int>(values[std::clamp<std::size_t>(rank, 1, values.size()) - 1])) + " ms";
}

}  // namespace shithead::test
