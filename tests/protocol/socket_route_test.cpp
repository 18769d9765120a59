// The URLs a connection opens (protocol/socket_route.hpp): /ws for the lobby and
// /ws?table=CODE for a table, which a proxy in front of several servers routes by code.
#include <gtest/gtest.h>

#include "protocol/socket_route.hpp"

namespace shithead::protocol {
namespace {

TEST(socket_route, a_table_url_names_its_table_and_the_lobbys_names_none) {
  EXPECT_EQ(table_of_socket_target("/ws?table=K7MPQ2"), "K7MPQ2");
  EXPECT_EQ(table_of_socket_target("/ws?v=1&table=k7mpq2"), "k7mpq2");  // normalized by the caller
  EXPECT_EQ(table_of_socket_target("/ws?table=K7%20MPQ2"), "K7 MPQ2");
  EXPECT_EQ(table_of_socket_target("/ws?table=K7MPQ2#top"), "K7MPQ2");
  EXPECT_EQ(table_of_socket_target("/ws"), std::nullopt);
  EXPECT_EQ(table_of_socket_target("/ws?"), std::nullopt);
  EXPECT_EQ(table_of_socket_target("/ws?table="), std::nullopt);
  EXPECT_EQ(table_of_socket_target("/ws?tables=K7MPQ2"), std::nullopt);
  // A malformed query names nothing rather than a guess.
  EXPECT_EQ(table_of_socket_target("/ws?table=%ZZ"), std::nullopt);
  EXPECT_EQ(table_of_socket_target("/ws?table=A&table=B"), std::nullopt);
}

TEST(socket_route, the_url_of_a_table_reads_back_as_that_table) {
  EXPECT_EQ(socket_target_of_table("K7MPQ2"), "/ws?table=K7MPQ2");
  EXPECT_EQ(table_of_socket_target(socket_target_of_table("K7MPQ2")), "K7MPQ2");
}

}  // namespace
}  // namespace shithead::protocol
