// The network threads' shards (server/net/shards.hpp): where a new connection goes, a
// connection moved from one shard's thread to another's, and a table's guests who follow
// its link landing on the table's shard and playing it through.
#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "server/net/shards.hpp"
#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

TEST(shards, a_new_connection_goes_to_the_first_shard_whose_thread_is_not_busy_nor_full) {
  using server::shards;
  constexpr int full = shards::pack_limit;
  EXPECT_EQ(shards::choose({0.0, 0.0}, {0, 0}), 0u);
  EXPECT_EQ(shards::choose({0.3, 0.0}, {100, 0}), 0u);  // packed: the second thread may sleep
  EXPECT_EQ(shards::choose({0.6, 0.1}, {10, 10}), 1u);  // the first is busy
  EXPECT_EQ(shards::choose({0.6, 0.55, 0.2}, {1, 1, 1}), 2u);
  EXPECT_EQ(shards::choose({0.1, 0.0}, {full, 0}), 1u);          // the first is full
  EXPECT_EQ(shards::choose({0.1, 0.2}, {full + 9, full}), 1u);   // both full: the fewer
  EXPECT_EQ(shards::choose({0.6, 0.2}, {full, full + 50}), 1u);  // ... of those not busy
  EXPECT_EQ(shards::choose({0.9, 0.7}, {1, 1}), 1u);             // every one busy: the least
  EXPECT_EQ(shards::choose({0.7, 0.9}, {full, 0}), 0u);
  EXPECT_EQ(shards::choose({0.0}, {full}), 0u);
}

TEST(shards, a_server_of_one_thread_has_one_shard_and_packs_nothing_elsewhere) {
  server::shards one(1);
  EXPECT_EQ(one.size(), 1u);
  EXPECT_EQ(&one.next(), &one.first());
  server::shards zero(0);  // at least one
  EXPECT_EQ(zero.size(), 1u);
}

TEST(shards, spreading_puts_each_connection_on_the_shard_with_the_fewest) {
  server::shards two(2, server::shard_placement::spread);
  auto& a = two.next();
  const server::shard_count on_a(a);
  auto& b = two.next();
  EXPECT_NE(&a, &b);
  const server::shard_count on_b(b), again_on_b(b);
  EXPECT_EQ(&two.next(), &a);  // a has 1, b has 2
}

TEST(shards, a_connection_moved_to_another_shard_is_served_by_that_shards_thread) {
  server::shards two(2);
  auto keep_first = asio::make_work_guard(two[0]);
  auto keep_second = asio::make_work_guard(two[1]);
  std::thread first([&] { two[0].run(); });
  std::thread second([&] { two[1].run(); });

  tcp::acceptor acceptor(two[0], tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  asio::io_context client_context;
  tcp::socket client(client_context);
  client.connect(acceptor.local_endpoint());
  tcp::socket accepted(asio::make_strand(two[0]));
  acceptor.accept(accepted);

  auto moved = server::move_to(boost::beast::tcp_stream(std::move(accepted)), two[1]);
  EXPECT_EQ(&server::context_of(moved.get_executor()), &two[1]);
  ASSERT_TRUE(moved.socket().is_open());

  // An echo of 5 bytes on the new shard: its handlers run on the second thread.
  std::promise<std::string> echoed;
  std::string got(5, '\0');
  asio::async_read(moved, asio::buffer(got), [&](boost::system::error_code ec, std::size_t) {
    if (ec) return echoed.set_value("read failed: " + ec.message());
    if (!two[1].get_executor().running_in_this_thread()) return echoed.set_value("read on the wrong thread");
    asio::async_write(moved, asio::buffer(got), [&](boost::system::error_code write_ec, std::size_t) {
      echoed.set_value(write_ec ? "write failed: " + write_ec.message() : got);
    });
  });
  asio::write(client, asio::buffer(std::string("hello")));
  auto done = echoed.get_future();
  ASSERT_EQ(done.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_EQ(done.get(), "hello");
  std::string back(5, '\0');
  asio::read(client, asio::buffer(back));
  EXPECT_EQ(back, "hello");

  // The same stream asked to move where it is already stays as it is.
  auto& socket_before = moved.socket();
  const auto handle = socket_before.native_handle();
  auto stayed = server::move_to(std::move(moved), two[1]);
  EXPECT_EQ(stayed.socket().native_handle(), handle);

  keep_first.reset();
  keep_second.reset();
  stayed.close();
  acceptor.close();
  first.join();
  second.join();
}

// The connections on each of the server's shards, once the HTTP sessions of the upgrades
// have gone (within 5 s).
std::vector<int> connections_by_shard(server::server& s, const std::vector<int>& expected) {
  std::vector<int> seen;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  do {
    seen.clear();
    for (std::size_t i = 0; i < s.shards().size(); ++i)
      seen.push_back(asio::use_service<server::shard_load>(s.shards()[i]).connections.load());
    if (seen == expected) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  } while (std::chrono::steady_clock::now() < deadline);
  return seen;
}

TEST(shards, guests_who_follow_a_tables_link_are_moved_to_its_shard_and_play_it_through) {
  game_server server;  // two threads, connections spread over both shards
  auto& shards = server.http.get().shards();
  ASSERT_EQ(shards.size(), 2u);
  player host(server.port());
  host.hello("Host");
  const auto code = open_table(host, {{"seats", 3}});
  ASSERT_EQ(code.size(), 6u);
  auto* home = (*server.service)->home_of(code);
  ASSERT_NE(home, nullptr);
  // Also as typed: the code in lower case finds the same table.
  std::string typed = code;
  for (auto& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ((*server.service)->home_of(typed), home);
  EXPECT_EQ((*server.service)->home_of("NOPE00"), nullptr);
  const std::size_t table_shard = home == &shards[0] ? 0 : 1;
  ASSERT_EQ(home, &shards[table_shard]);

  // The first guest's connection is accepted on the other shard (it has none), then
  // moved; so is the second's.
  player guest(server.port(), "/ws?table=" + code), other(server.port(), "/ws?table=" + code);
  guest.hello("Guest");
  other.hello("Other");
  std::vector<int> expected(2, 0);
  expected[table_shard] = 3;
  EXPECT_EQ(connections_by_shard(server.http.get(), expected), expected);

  guest.send({{"type", "join"}, {"code", code}});
  EXPECT_EQ(guest.expect("joined").value("code", ""), code);
  other.send({{"type", "join"}, {"code", code}});
  EXPECT_EQ(other.expect("joined").value("code", ""), code);
  host.send({{"type", "start"}});
  ASSERT_TRUE(play_to_the_end({&host, &guest, &other}));
  EXPECT_EQ(*guest.game_over, *host.game_over);
  EXPECT_EQ(*other.game_over, *host.game_over);

  // A lobby connection is not moved: it goes where there are fewest.
  player lobby(server.port());
  lobby.hello("Lobby");
  expected[1 - table_shard] = 1;
  EXPECT_EQ(connections_by_shard(server.http.get(), expected), expected);
}

}  // namespace
}  // namespace shithead::test
