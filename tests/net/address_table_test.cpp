// The connection budget (net/address_table): caps per address and per network (block),
// and what a full server does for a newcomer (issue 34): it closes the oldest connection
// of the network that holds the most, never a seated player's, and refuses only when
// nothing can be closed.
#include "server/net/address_table.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace shithead::server {
namespace {

address_limits connection_limits(int per_address, int total, int block_factor = 5) {
  address_limits out;
  out.connections_per_address = per_address;
  out.max_connections = total;
  out.block_factor = block_factor;
  return out;
}

// Admitted connections, each closable: a close asked of one is noted by its key.
struct connections {
  std::shared_ptr<address_table> table;
  std::vector<address_table::ticket> held;
  std::vector<std::string> closed;

  explicit connections(address_limits l) : table(std::make_shared<address_table>(l)) {}

  // Admits `key` and makes it closable; false when refused.
  bool open(const std::string& key, address_table::refusal* why = nullptr) {
    auto admitted = table->admit(key);
    if (!admitted) {
      if (why) *why = admitted.error();
      return false;
    }
    held.push_back(std::move(admitted).value());
    held.back().on_close_for_newcomer([this, key] { closed.push_back(key); });
    return true;
  }
  // Lets go of the connection of `key` a close was asked of, as its session would.
  void let_go(const std::string& key) {
    for (auto it = held.begin(); it != held.end(); ++it)
      if (it->key() == key) {
        held.erase(it);
        return;
      }
  }
};

TEST(address_table, a_full_server_closes_the_oldest_connection_of_the_busiest_network_for_a_newcomer) {
  connections c(connection_limits(64, 4));
  ASSERT_TRUE(c.open("10.0.0.1"));  // the busiest network's oldest
  ASSERT_TRUE(c.open("10.0.1.1"));
  ASSERT_TRUE(c.open("10.0.0.2"));
  ASSERT_TRUE(c.open("10.0.0.3"));
  EXPECT_TRUE(c.closed.empty());

  // Full: a newcomer from a third network gets in, and 10.0.0.0/24's oldest is closed.
  ASSERT_TRUE(c.open("10.0.2.1"));
  EXPECT_TRUE(c.held.back().took_anothers_place());
  EXPECT_EQ(c.closed, std::vector<std::string>{"10.0.0.1"});
  c.let_go("10.0.0.1");
  EXPECT_EQ(c.table->open_connections(), 4);
  EXPECT_EQ(c.table->closed_for_newcomers(), 1u);

  // The next newcomer costs that network its next oldest; 10.0.1.1, alone, stays.
  ASSERT_TRUE(c.open("10.0.3.1"));
  EXPECT_EQ(c.closed, (std::vector<std::string>{"10.0.0.1", "10.0.0.2"}));
}

TEST(address_table, a_seated_players_connection_is_never_closed_and_with_nothing_to_close_a_newcomer_is_refused) {
  connections c(connection_limits(64, 2));
  ASSERT_TRUE(c.open("10.0.0.1"));
  ASSERT_TRUE(c.open("10.0.0.2"));
  c.held[0].keep();
  // The busiest network's oldest is kept: its next is closed instead.
  ASSERT_TRUE(c.open("10.0.5.1"));
  EXPECT_EQ(c.closed, std::vector<std::string>{"10.0.0.2"});
  c.let_go("10.0.0.2");
  c.held.back().keep();
  // Everyone left is seated: the next is refused, 503.
  address_table::refusal why{};
  EXPECT_FALSE(c.open("10.0.6.1", &why));
  EXPECT_EQ(why, address_table::refusal::server_full);
  EXPECT_EQ(c.closed.size(), 1u);
}

TEST(address_table, a_connection_not_yet_closable_is_passed_over_and_asked_again_when_it_becomes_so) {
  auto table = std::make_shared<address_table>(connection_limits(64, 1));
  auto first = table->admit("10.0.0.1");
  ASSERT_TRUE(first);
  // Not closable yet (its session has not started): a newcomer is refused.
  EXPECT_FALSE(table->admit("10.0.9.1"));
  int closes = 0;
  first.value().on_close_for_newcomer([&closes] { ++closes; });
  auto second = table->admit("10.0.9.1");
  ASSERT_TRUE(second);
  EXPECT_EQ(closes, 1);
  // The place moves to a WebSocket, whose close is set anew: the close is asked again.
  auto moved = std::move(first).value();
  moved.on_close_for_newcomer([&closes] { closes += 10; });
  EXPECT_EQ(closes, 11);
}

TEST(address_table, closings_in_flight_are_bounded_by_the_descriptor_budgets_margin) {
  connections c(connection_limits(1000, 1000));
  const int most = c.table->max_closing();
  EXPECT_EQ(most, 10);  // a hundredth of the cap, from 1 to 16
  EXPECT_EQ(address_table(connection_limits(64, 46)).max_closing(), 1);
  EXPECT_EQ(address_table(connection_limits(64, 19'921)).max_closing(), 16);
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(c.open("10.0.0.1"));
  // Newcomers whose closings never complete: only `most` get in so.
  int admitted = 0;
  for (int i = 0; i < most + 5; ++i)
    if (c.open("10.1." + std::to_string(i) + ".1")) ++admitted;
  EXPECT_EQ(admitted, most);
  EXPECT_EQ(c.table->open_connections(), 1000 + most);
}

TEST(address_table, a_network_holds_block_factor_addresses_worth_and_another_network_is_untouched) {
  connections c(connection_limits(2, 100, 2));  // an address: 2; a /24: 4
  for (const auto* key : {"10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.2"}) ASSERT_TRUE(c.open(key));
  address_table::refusal why{};
  EXPECT_FALSE(c.open("10.0.0.1", &why));
  EXPECT_EQ(why, address_table::refusal::address_full);
  EXPECT_FALSE(c.open("10.0.0.3", &why));
  EXPECT_EQ(why, address_table::refusal::network_full);
  EXPECT_TRUE(c.open("10.0.1.1"));
  // A place given back in the network is a place to take.
  c.let_go("10.0.0.2");
  EXPECT_TRUE(c.open("10.0.0.3"));
  // IPv6: the /64s of one /48 share it.
  EXPECT_TRUE(c.open("2001:db8:1:1::/64"));
  EXPECT_TRUE(c.open("2001:db8:1:2::/64"));
  EXPECT_TRUE(c.open("2001:db8:1:3::/64"));
  EXPECT_TRUE(c.open("2001:db8:1:4::/64"));
  EXPECT_FALSE(c.open("2001:db8:1:5::/64", &why));
  EXPECT_EQ(why, address_table::refusal::network_full);
  EXPECT_TRUE(c.open("2001:db8:2:1::/64"));
}

TEST(address_table, a_trusted_proxys_connections_count_only_in_the_total) {
  auto table = std::make_shared<address_table>(connection_limits(1, 10, 1));
  std::vector<address_table::ticket> held;
  for (int i = 0; i < 5; ++i) {
    auto admitted = table->admit("10.9.9.9", false);
    ASSERT_TRUE(admitted) << i;
    held.push_back(std::move(admitted).value());
  }
  EXPECT_EQ(table->open_connections(), 5);
}

}  // namespace
}  // namespace shithead::server
