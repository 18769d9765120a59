// What one address may hold and ask of the server (issue 13): HTTP API requests a second,
// TCP connections at once (HTTP and WebSocket together), how long a connection may take
// to send its headers, and what a connection is told when the server as a whole is full.
// Other clients stand at other loopback addresses (127.0.0.2, ...).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "protocol/json_text.hpp"
#include "tests/server/child_process.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
namespace beast = boost::beast;
namespace http = beast::http;

server_options with_limits(address_limits per_address, std::chrono::seconds header_timeout = 10s) {
  server_options options;
  options.limits.per_address = per_address;
  options.limits.header_timeout = header_timeout;
  return options;
}

address_limits limits(int per_address, int total = 0, double api_rate = 10, double api_burst = 40) {
  address_limits out;
  out.connections_per_address = per_address;
  out.max_connections = total;
  out.api.rate_per_second = api_rate;
  out.api.burst = api_burst;
  return out;
}

std::string error_of(const test::http_reply& reply) {
  return protocol::parse_json_text(reply.body).value().at("error").get<std::string>();
}

// Polls: a place is given back when the server has seen the close, a moment later.
template <class Predicate>
bool eventually(Predicate ok, std::chrono::milliseconds within = 3000ms) {
  const auto deadline = std::chrono::steady_clock::now() + within;
  while (!ok()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

TEST(http_limits, api_requests_over_an_addresss_budget_are_429_with_retry_after) {
  test::test_server server({}, with_limits(limits(64, 0, 0.5, 5)));
  test::http_connection mine(server.port());
  for (int i = 0; i < 5; ++i) ASSERT_EQ(mine.get("/api/rules").status, 200u) << i;
  const auto refused = mine.get("/api/rules");
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(error_of(refused), "rate_limited");
  EXPECT_EQ(refused.header("Retry-After"), "1");
  EXPECT_TRUE(refused.keep_alive);  // refused, not cut: the page may ask again later
  // A new connection from the same address starts with no new budget...
  EXPECT_EQ(test::http_get(server.port(), "/api/leaderboard").status, 429u);
  // ...while another address, the pages and the health check are served as ever.
  test::http_connection other(server.port(), test::default_timeout, "127.0.0.2");
  EXPECT_EQ(other.get("/api/rules").status, 200u);
  EXPECT_EQ(mine.get("/").status, 200u);
  EXPECT_EQ(mine.get("/healthz").status, 200u);
}

TEST(http_limits, a_connection_over_the_addresss_cap_is_answered_429_and_closed) {
  test::test_server server({}, with_limits(limits(3)));
  std::vector<std::unique_ptr<test::http_connection>> held;
  for (int i = 0; i < 3; ++i) {
    held.push_back(std::make_unique<test::http_connection>(server.port()));
    ASSERT_EQ(held.back()->get("/healthz").status, 200u) << i;
  }
  test::http_connection fourth(server.port());
  const auto refused = fourth.read_reply();
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(error_of(refused), "too_many_connections");
  EXPECT_EQ(refused.header("Retry-After"), "5");
  EXPECT_TRUE(fourth.wait_closed(2000ms));

  // Another address is not held back by this one.
  test::http_connection other(server.port(), test::default_timeout, "127.0.0.3");
  EXPECT_EQ(other.get("/healthz").status, 200u);
  // A place given back is a place to take.
  held.pop_back();
  EXPECT_TRUE(eventually([&] { return test::http_get(server.port(), "/healthz").status == 200u; }));
}

// Issue 34: 312 addresses of 64 connections each held every place, and every newcomer
// was told 503. Now a newcomer takes the place of the oldest connection of the network
// (IPv4 /24) that holds the most: a flood pays for newcomers with its own connections.
TEST(http_limits, when_every_connection_the_server_can_hold_is_open_a_newcomer_takes_the_busiest_networks_oldest) {
  test::test_server server({}, with_limits(limits(64, 3)));
  test::http_connection a(server.port(), test::default_timeout, "127.0.4.1");
  test::http_connection b(server.port(), test::default_timeout, "127.0.4.2");
  test::http_connection d(server.port(), test::default_timeout, "127.0.5.1");
  ASSERT_EQ(a.get("/healthz").status, 200u);
  ASSERT_EQ(b.get("/healthz").status, 200u);
  ASSERT_EQ(d.get("/healthz").status, 200u);
  test::http_connection c(server.port(), test::default_timeout, "127.0.6.1");
  EXPECT_EQ(c.get("/healthz").status, 200u);
  // 127.0.4.0/24 held two: its oldest went; the others stay.
  EXPECT_TRUE(a.wait_closed(2000ms));
  EXPECT_EQ(b.get("/healthz").status, 200u);
  EXPECT_EQ(d.get("/healthz").status, 200u);
  EXPECT_EQ(c.get("/healthz").status, 200u);
}

TEST(http_limits, a_network_holds_five_addresses_worth_of_connections) {
  test::test_server server({}, with_limits(limits(2)));  // an address: 2; a /24: 10
  std::vector<std::unique_ptr<test::http_connection>> held;
  for (int address = 1; address <= 5; ++address)
    for (int n = 0; n < 2; ++n) {
      held.push_back(std::make_unique<test::http_connection>(server.port(), test::default_timeout,
                                                             "127.0.9." + std::to_string(address)));
      ASSERT_EQ(held.back()->get("/healthz").status, 200u) << address;
    }
  test::http_connection sixth(server.port(), test::default_timeout, "127.0.9.6");
  const auto refused = sixth.read_reply();
  EXPECT_EQ(refused.status, 429u);
  EXPECT_EQ(error_of(refused), "too_many_connections");
  EXPECT_NE(refused.body.find("from your network"), std::string::npos) << refused.body;
  test::http_connection other(server.port(), test::default_timeout, "127.0.10.1");
  EXPECT_EQ(other.get("/healthz").status, 200u);
}

TEST(http_limits, a_connection_that_sends_no_headers_is_closed_after_the_header_timeout) {
  test::test_server server({}, with_limits(limits(64), 1s));
  test::http_connection idle(server.port(), 5000ms);
  const auto opened = std::chrono::steady_clock::now();
  EXPECT_TRUE(idle.wait_closed(4000ms));
  EXPECT_LT(std::chrono::steady_clock::now() - opened, 3500ms);

  // Headers a byte at a time do not buy more time.
  test::http_connection slow(server.port(), 5000ms);
  bool closed = false;
  const std::string request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  const auto started = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < 40 && !closed; ++i) {
    if (!slow.send_raw(request.substr(i % request.size(), 1))) closed = true;
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(closed || slow.wait_closed(3000ms));
  EXPECT_LT(std::chrono::steady_clock::now() - started, 4500ms);

  // Between requests, a kept-alive connection gets the same time.
  test::http_connection kept(server.port(), 5000ms);
  ASSERT_EQ(kept.get("/healthz").status, 200u);
  EXPECT_TRUE(kept.wait_closed(4000ms));
}

TEST(http_limits, a_websocket_keeps_its_connections_place) {
  // An upgrade that holds the stream (and its place) until the test lets go.
  auto held = std::make_shared<std::vector<std::pair<beast::tcp_stream, address_table::ticket>>>();
  auto mutex = std::make_shared<std::mutex>();
  test::test_server server(
      [held, mutex](beast::tcp_stream stream, http::request<http::string_body>, address_table::ticket place) {
        const std::lock_guard lock(*mutex);
        held->emplace_back(std::move(stream), std::move(place));
      },
      with_limits(limits(2)));
  test::websocket_client first(server.port(), "/ws", 500ms);
  test::websocket_client second(server.port(), "/ws", 500ms);
  ASSERT_TRUE(eventually([&] {
    const std::lock_guard lock(*mutex);
    return held->size() == 2;
  }));
  test::http_connection third(server.port());
  EXPECT_EQ(third.read_reply().status, 429u);
  {
    const std::lock_guard lock(*mutex);
    held->clear();
  }
  EXPECT_TRUE(eventually([&] { return test::http_get(server.port(), "/healthz").status == 200u; }));
}

TEST(http_limits, a_trusted_proxy_is_not_capped_and_the_client_it_forwards_for_is_counted) {
  auto per_address = limits(2, 0, 0.5, 3);
  per_address.trusted_proxies = address_set::parse("127.0.0.7, 10.0.0.0/8").value();
  test::test_server server({}, with_limits(per_address));
  // Four connections from the proxy: no cap of 2 for it.
  std::vector<std::unique_ptr<test::http_connection>> proxied;
  for (int i = 0; i < 4; ++i) {
    proxied.push_back(std::make_unique<test::http_connection>(server.port(), test::default_timeout, "127.0.0.7"));
    ASSERT_EQ(proxied.back()->get("/healthz").status, 200u) << i;
  }
  const auto api = [&](test::http_connection& c, const char* forwarded_for) {
    http::fields headers;
    headers.set("X-Forwarded-For", forwarded_for);
    return c.request(http::verb::get, "/api/rules", {}, headers).status;
  };
  // Each client behind it has a budget of its own; what the client wrote before the
  // proxy's own entry does not count.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(api(*proxied[0], "203.0.113.1"), 200u) << i;
  EXPECT_EQ(api(*proxied[1], "203.0.113.1"), 429u);
  EXPECT_EQ(api(*proxied[2], "198.51.100.9, 203.0.113.1"), 429u);
  EXPECT_EQ(api(*proxied[3], "203.0.113.2"), 200u);
  // A proxy that forwards for nobody is counted as itself.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(api(*proxied[3], "not an address"), 200u) << i;
  EXPECT_EQ(api(*proxied[3], ""), 429u);
  // Anyone else sending the header is counted as themselves, and capped.
  test::http_connection direct(server.port());
  for (int i = 0; i < 3; ++i) EXPECT_EQ(api(direct, "203.0.113.3"), 200u) << i;
  EXPECT_EQ(api(direct, "203.0.113.4"), 429u);
}

// Behind a trusted proxy a WebSocket counts under the client the proxy forwards for: the
// game's per-address limits (connections, new players, tables) read the key that its
// place carries into the session, through every move of the place.
TEST(http_limits, a_websocket_behind_a_trusted_proxy_carries_the_client_it_forwards_for) {
  auto per_address = limits(2);
  per_address.trusted_proxies = address_set::parse("127.0.0.7").value();
  auto keys = std::make_shared<std::vector<std::string>>();
  auto held = std::make_shared<std::vector<std::pair<beast::tcp_stream, address_table::ticket>>>();
  auto mutex = std::make_shared<std::mutex>();
  test::test_server server(
      [keys, held, mutex](beast::tcp_stream stream, http::request<http::string_body>, address_table::ticket place) {
        const std::lock_guard lock(*mutex);
        keys->push_back(place.client_key());
        held->emplace_back(std::move(stream), std::move(place));
        keys->push_back(held->back().second.client_key());
      },
      with_limits(per_address));
  std::vector<std::unique_ptr<test::http_connection>> sockets;
  for (const std::string client : {"203.0.113.1", "203.0.113.2", "203.0.113.2"}) {
    sockets.push_back(std::make_unique<test::http_connection>(server.port(), test::default_timeout, "127.0.0.7"));
    ASSERT_TRUE(sockets.back()->send_raw(
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nX-Forwarded-For: " +
        client + "\r\n\r\n"));
  }
  ASSERT_TRUE(eventually([&] {
    const std::lock_guard lock(*mutex);
    return keys->size() == 6;
  }));
  const std::lock_guard lock(*mutex);
  std::sort(keys->begin(), keys->end());
  EXPECT_EQ(*keys, (std::vector<std::string>{"203.0.113.1", "203.0.113.1", "203.0.113.2", "203.0.113.2", "203.0.113.2",
                                             "203.0.113.2"}));
  held->clear();  // the streams go before the server's io_context
}

TEST(http_limits, trusted_proxies_are_addresses_and_blocks) {
  const auto set = address_set::parse(" 10.0.0.0/8, 127.0.0.1 ,fd00::/8");
  ASSERT_TRUE(set) << set.error();
  const auto has = [&](const char* a) { return set.value().contains(boost::asio::ip::make_address(a)); };
  EXPECT_TRUE(has("10.1.2.3"));
  EXPECT_TRUE(has("127.0.0.1"));
  EXPECT_FALSE(has("127.0.0.2"));
  EXPECT_TRUE(has("fd12::1"));
  EXPECT_FALSE(has("fe80::1"));
  EXPECT_TRUE(has("::ffff:10.9.9.9"));  // an IPv4 client on a dual-stack socket
  EXPECT_FALSE(has("11.0.0.1"));
  EXPECT_TRUE(address_set::parse("").value().empty());
  for (const char* bad : {"10.0.0.0/33", "cards.example.org", "10.0.0.0/", "::/129", "1.2.3.4/x"})
    EXPECT_FALSE(address_set::parse(bad)) << bad;
  // The keys per-address limits count under: an IPv6 address by its /64.
  EXPECT_EQ(address_key(boost::asio::ip::make_address("2001:db8:1:2:3:4:5:6")), "2001:db8:1:2::/64");
  EXPECT_EQ(address_key(boost::asio::ip::make_address("::ffff:192.0.2.7")), "192.0.2.7");
  EXPECT_EQ(address_key(boost::asio::ip::make_address("192.0.2.7")), "192.0.2.7");
}

// The real binary under a descriptor limit of 64 (set by the shell that starts it): its
// cap on connections comes from that limit, and accept never fails with "too many open
// files". A flood from one network past the cap pays with its own oldest connections, so
// that a newcomer from another network is served all the while (issue 34), and the log
// says so.
TEST(http_limits, under_a_small_descriptor_limit_a_flood_closes_its_own_oldest_and_a_newcomer_is_served) {
  test::temp_folder data;
  test::child_process child("/bin/sh", {"sh", "-c", "ulimit -n 64 && exec \"$0\" \"$@\"", SHITHEAD_BINARY, "serve",
                                        "--port", "0", "--bind", "127.0.0.1", "--threads", "2", "--data",
                                        (data.path() / "db.sqlite").string(), "--log-level", "info"});
  ASSERT_TRUE(child.started());
  const auto port_text = child.number_after("listening on http://127.0.0.1:", 20s);
  ASSERT_TRUE(port_text) << child.output();
  const auto port = static_cast<std::uint16_t>(std::stoi(*port_text));

  std::vector<std::unique_ptr<test::http_connection>> flood;
  int served = 0;
  for (int i = 0; i < 80; ++i) {
    // Many addresses of one /24, so that only the server's own cap applies.
    const auto source = "127.0.2." + std::to_string(1 + i);
    flood.push_back(std::make_unique<test::http_connection>(port, 2000ms, source));
    ASSERT_TRUE(flood.back()->connected()) << flood.back()->error();
    if (flood.back()->get("/healthz").status == 200u) ++served;
  }
  // Each connection past the cap took the place of the flood's oldest.
  EXPECT_GT(served, 70);
  EXPECT_TRUE(flood.front()->wait_closed(2000ms));
  test::http_connection next(port, 2000ms, "127.0.3.1");
  EXPECT_EQ(next.get("/healthz").status, 200u) << next.error();
  EXPECT_EQ(flood.back()->get("/healthz").status, 200u);  // the flood's newest stays
  EXPECT_EQ(child.output().find("accept failed"), std::string::npos) << child.output();
  EXPECT_TRUE(child.wait_for("closed for newcomers", 15s)) << child.output();
  flood.clear();
  EXPECT_TRUE(eventually([&] { return test::http_get(port, "/healthz").status == 200u; }, 5000ms));
  child.signal(SIGTERM);
  EXPECT_EQ(child.wait_exit(10s), 0) << child.output();
}

}  // namespace
}  // namespace shithead::server
