#pragma once
// The wider network an address key belongs to, for the limits that count by network
// twice: once per address (an IPv4 address, an IPv6 /64: address_key()) and once per
// block of them, an IPv4 /24 or an IPv6 /48, with a larger budget (server/README.md,
// "Limits per address"). A botnet spreads over many blocks; one cloud account, one
// office or one IPv6 customer (a /48 holds 65,536 /64s) usually does not.
#include <string>
#include <string_view>

namespace shithead::server {

// "203.0.113.9" -> "203.0.113.0/24"; "2001:db8:1:2::/64" -> "2001:db8:1::/48". A key
// that is neither (a test's name, "unknown") is its own block.
std::string block_key(std::string_view address_key);

}  // namespace shithead::server
