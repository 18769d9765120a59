// The block an address key counts under too: an IPv4 /24, an IPv6 /48.
#include "server/net/address_block.hpp"

#include <gtest/gtest.h>

namespace shithead::server {
namespace {

TEST(address_block, an_ipv4_address_counts_in_its_slash_24) {
  EXPECT_EQ(block_key("203.0.113.9"), "203.0.113.0/24");
  EXPECT_EQ(block_key("203.0.113.255"), "203.0.113.0/24");
  EXPECT_EQ(block_key("127.0.7.1"), block_key("127.0.7.6"));
  EXPECT_NE(block_key("127.0.7.1"), block_key("127.0.8.1"));
}

TEST(address_block, an_ipv6_slash_64_counts_in_its_slash_48) {
  EXPECT_EQ(block_key("2001:db8:1:2::/64"), "2001:db8:1::/48");
  EXPECT_EQ(block_key("2001:db8:1:ffff::/64"), "2001:db8:1::/48");
  EXPECT_NE(block_key("2001:db8:1:2::/64"), block_key("2001:db8:2:2::/64"));
}

TEST(address_block, a_key_that_is_no_address_is_its_own_block) {
  EXPECT_EQ(block_key("unknown"), "unknown");
  EXPECT_EQ(block_key(""), "");
  EXPECT_EQ(block_key("2001:zz::/64"), "2001:zz::/64");
}

}  // namespace
}  // namespace shithead::server
