// A player's identity over the wire (issue 27): one live connection per player, device
// codes that carry the identity to another device once, signing out the other devices,
// and tokens from before the upgrade renewed at their next hello. And (issue 29) the
// store's word on names and tokens over the registry's.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "server/lobby/sha256.hpp"
#include "server/store/sqlite.hpp"
#include "server/store/sqlite_queries.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/store_server.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

// The first frame that answers a hello: welcome or error.
json hello_reply(player& p, const json& hello) {
  json message = hello;
  message["type"] = "hello";
  message["v"] = 1;
  if (!message.contains("name")) message["name"] = "";
  p.send(message);
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    const auto before = p.frames.size();
    if (!p.pump(200ms)) continue;
    for (auto i = before; i < p.frames.size(); ++i) {
      const auto type = p.frames[i].value("type", "");
      if (type == "welcome") {
        p.token = p.frames[i].value("token", "");
        p.player_id = p.frames[i].value("player_id", "");
      }
      if (type == "welcome" || type == "error") return p.frames[i];
    }
  }
  ADD_FAILURE() << "no answer to the hello";
  return json();
}

// Reads until the server closes the connection; the frames read meanwhile are kept.
bool closed_by_server(player& p, milliseconds wait = 5000ms) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (std::chrono::steady_clock::now() < deadline) {
    p.pump(100ms);
    if (p.ws.closed()) return true;
  }
  return false;
}

bool saw_error(const player& p, const std::string& code) {
  for (const auto& frame : p.frames)
    if (frame.value("type", "") == "error" && frame.value("code", "") == code) return true;
  return false;
}

// The first frame of `type` read so far, or the next one.
json seen_or_expect(player& p, const std::string& type) {
  for (const auto& frame : p.frames)
    if (frame.value("type", "") == type) return frame;
  return p.expect(type);
}

json ask_device_code(player& p, int id = 1) {
  p.send({{"type", "device_code"}, {"id", id}});
  return p.expect("device_code");
}

TEST(one_connection, a_second_tab_moves_the_player_and_the_first_is_told_and_closed) {
  game_server server;
  player first(server.port());
  first.hello("Ana");
  const auto code = open_table(first, {{"seats", 2}});

  player second(server.port());
  const auto welcome = hello_reply(second, {{"token", first.token}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), first.player_id);

  // The first tab hears why, then its connection ends with the code the client shows.
  ASSERT_TRUE(closed_by_server(first));
  EXPECT_TRUE(saw_error(first, "session_moved"));
  EXPECT_EQ(first.ws.close_reason().code, 4409);

  // The seat follows the newest connection: it gets the table (its snapshot may have come
  // with the welcome), and the table answers it.
  const auto room = seen_or_expect(second, "room");
  EXPECT_EQ(room.value("code", ""), code);
  second.send({{"type", "chat"}, {"text", "still here"}});
  EXPECT_EQ(second.expect("chat").value("text", ""), "still here");
}

TEST(one_connection, the_older_tab_may_take_the_player_back) {
  game_server server;
  player a(server.port());
  a.hello("Ana");
  player b(server.port());
  ASSERT_EQ(hello_reply(b, {{"token", a.token}}).value("type", ""), "welcome");
  ASSERT_TRUE(closed_by_server(a));
  // "Play here" on the first tab: a new connection with the same token.
  player a_again(server.port());
  ASSERT_EQ(hello_reply(a_again, {{"token", a.token}}).value("type", ""), "welcome");
  ASSERT_TRUE(closed_by_server(b));
  EXPECT_TRUE(saw_error(b, "session_moved"));
  a_again.send({{"type", "ping"}, {"id", 3}});
  EXPECT_EQ(a_again.expect("pong")["id"], 3);
}

TEST(one_connection, other_players_are_not_touched) {
  game_server server;
  player ana(server.port()), ben(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  player ana_again(server.port());
  ASSERT_EQ(hello_reply(ana_again, {{"token", ana.token}}).value("type", ""), "welcome");
  ASSERT_TRUE(closed_by_server(ana));
  ben.send({{"type", "ping"}, {"id", 1}});
  EXPECT_EQ(ben.expect("pong")["id"], 1);
  EXPECT_FALSE(ben.ws.closed());
}

TEST(device_codes_over_the_wire, a_code_makes_another_device_the_player_once) {
  game_server server;
  player phone(server.port());
  phone.hello("Ana");
  const auto offered = ask_device_code(phone, 9);
  EXPECT_EQ(offered["id"], 9);
  const auto code = offered.value("code", "");
  ASSERT_EQ(code.size(), 9u) << offered.dump();
  EXPECT_EQ(code[4], '-');
  EXPECT_EQ(offered.value("expires_in", 0), 600);
  EXPECT_EQ(code.find(phone.token), std::string::npos);

  // The laptop types it in lower case, without the dash.
  player laptop(server.port());
  std::string typed = code.substr(0, 4) + code.substr(5);
  for (auto& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto welcome = hello_reply(laptop, {{"device_code", typed}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), phone.player_id);
  EXPECT_EQ(welcome.value("name", ""), "Ana");
  EXPECT_EQ(welcome.value("token", ""), phone.token);

  // Used once: a third device is refused in words, and nothing changes.
  player stranger(server.port());
  const auto refused = hello_reply(stranger, {{"device_code", code}});
  EXPECT_EQ(refused.value("code", ""), "bad_device_code") << refused.dump();
  EXPECT_NE(refused.value("message", "").find("used"), std::string::npos);
  // The refused connection may still say hello as someone.
  EXPECT_EQ(hello_reply(stranger, {{"name", "Zed"}}).value("type", ""), "welcome");
}

TEST(device_codes_over_the_wire, an_expired_code_is_refused) {
  auto limits = fast_players();
  limits.device_code_lifetime = 1s;
  game_server server(limits);
  player phone(server.port());
  phone.hello("Ana");
  const auto code = ask_device_code(phone).value("code", "");
  std::this_thread::sleep_for(1100ms);
  player laptop(server.port());
  EXPECT_EQ(hello_reply(laptop, {{"device_code", code}}).value("code", ""), "bad_device_code");
}

TEST(device_codes_over_the_wire, asking_again_ends_the_code_before) {
  game_server server;
  player phone(server.port());
  phone.hello("Ana");
  const auto first = ask_device_code(phone, 1).value("code", "");
  const auto second = ask_device_code(phone, 2).value("code", "");
  EXPECT_NE(first, second);
  player laptop(server.port());
  EXPECT_EQ(hello_reply(laptop, {{"device_code", first}}).value("code", ""), "bad_device_code");
  EXPECT_EQ(hello_reply(laptop, {{"device_code", second}}).value("type", ""), "welcome");
}

TEST(device_codes_over_the_wire, guessing_is_cut_off_after_ten_wrong_codes_from_an_address) {
  game_server server;
  player phone(server.port());
  phone.hello("Ana");
  const auto code = ask_device_code(phone).value("code", "");
  player guesser(server.port());
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(hello_reply(guesser, {{"device_code", "2222-222" + std::string(1, "23456789ABCD"[i])}}).value("code", ""),
              "bad_device_code");
  // Even the right code is refused now: the address has no wrong guesses left to spend.
  const auto cut_off = hello_reply(guesser, {{"device_code", code}});
  EXPECT_EQ(cut_off.value("code", ""), "rate_limited") << cut_off.dump();
  EXPECT_NE(cut_off.value("message", "").find("device codes"), std::string::npos);
}

TEST(device_codes_over_the_wire, a_hello_with_a_token_and_a_code_is_refused) {
  game_server server;
  player p(server.port());
  EXPECT_EQ(hello_reply(p, {{"token", std::string(32, 'a')}, {"device_code", "ABCD-EFGH"}}).value("code", ""),
            "bad_message");
}

TEST(sign_out_others, the_old_token_stops_working_and_the_asker_gets_a_new_one) {
  game_server server;
  player phone(server.port());
  phone.hello("Ana");
  const auto old_token = phone.token;
  const auto code = ask_device_code(phone).value("code", "");

  phone.send({{"type", "sign_out_others"}, {"id", 4}});
  const auto renewed = phone.expect("token");
  EXPECT_EQ(renewed["id"], 4);
  const auto new_token = renewed.value("token", "");
  ASSERT_EQ(new_token.size(), 32u);
  EXPECT_NE(new_token, old_token);

  // The laptop that held the old token is signed out; the code asked for before is void.
  player laptop(server.port());
  EXPECT_EQ(hello_reply(laptop, {{"token", old_token}}).value("code", ""), "bad_token");
  EXPECT_EQ(hello_reply(laptop, {{"device_code", code}}).value("code", ""), "bad_device_code");
  // The new token is the player.
  player back(server.port());
  const auto welcome = hello_reply(back, {{"token", new_token}});
  EXPECT_EQ(welcome.value("player_id", ""), phone.player_id);
}

TEST(sign_out_others, signing_out_from_the_new_device_ends_the_old_ones_token) {
  game_server server;
  player phone(server.port());
  phone.hello("Ana");
  // The laptop comes in with a code (which moves the phone's connection away), then
  // signs out the other devices: the phone's stored token is worthless from then on.
  player laptop(server.port());
  const auto code = ask_device_code(phone).value("code", "");
  ASSERT_EQ(hello_reply(laptop, {{"device_code", code}}).value("type", ""), "welcome");
  ASSERT_TRUE(closed_by_server(phone));
  laptop.send({{"type", "sign_out_others"}});
  const auto renewed = laptop.expect("token").value("token", "");
  player phone_again(server.port());
  EXPECT_EQ(hello_reply(phone_again, {{"token", phone.token}}).value("code", ""), "bad_token");
  EXPECT_EQ(hello_reply(phone_again, {{"token", renewed}}).value("type", ""), "welcome");
  ASSERT_TRUE(closed_by_server(laptop));
  EXPECT_TRUE(saw_error(laptop, "session_moved"));
}

// On both stores (tests/postgres/backend.hpp): the token is looked up, replaced and
// written there.
class exposed_tokens : public ::testing::TestWithParam<testing::backend> {};

TEST_P(exposed_tokens, a_token_from_before_the_upgrade_works_once_and_is_replaced) {
  // A store as an older server left it: a player whose token came from the old
  // generator (the migration marks every such row exposed).
  store_server server(GetParam());
  const std::string old_token = "0123456789abcdef0123456789abcdef";
  server::player_record ana{"a1b2c3d4e5f6",
                            "Ana",
                            server::sha256_hex(old_token),
                            std::chrono::system_clock::now() - 24h,
                            std::chrono::system_clock::now() - 1h,
                            true};
  server.seed_player(ana);
  server.start(fast_players());  // loads the players, as `shithead serve` does

  player browser(server.port());
  const auto welcome = hello_reply(browser, {{"token", old_token}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), ana.id);
  const auto fresh = welcome.value("token", "");
  EXPECT_NE(fresh, old_token);
  EXPECT_EQ(fresh.size(), 32u);

  player thief(server.port());
  EXPECT_EQ(hello_reply(thief, {{"token", old_token}}).value("code", ""), "bad_token");
  // The new token is on disk, and the row says it is no longer exposed.
  server.db->wait_for_writes_for_tests();
  bool found = false;
  for (const auto& record : server.db->load_players()) {
    if (record.id != ana.id) continue;
    found = true;
    EXPECT_EQ(record.token_hash, server::sha256_hex(fresh));
    EXPECT_FALSE(record.token_exposed);
  }
  EXPECT_TRUE(found);
}

INSTANTIATE_TEST_SUITE_P(backends, exposed_tokens, testing::every_backend, testing::backend_name);

// Players another server wrote to the store both share (PostgreSQL), or that this
// server's registry no longer holds: written here behind the running server's back, as
// that server would write them.
class players_in_the_store : public ::testing::TestWithParam<testing::backend> {};

void write_behind(store_server& s, const server::player_record& record) {
  if (s.sqlite()) {
    server::sqlite::database other(s.database.url(), false);
    server::sqlite_queries rows(other);
    rows.save_player(record);
    return;
  }
  s.seed_player(record);  // a connection of its own, fenced at the lease's epoch
}

server::player_record zed_with(const std::string& token) {
  const auto now = std::chrono::system_clock::now();
  return server::player_record{"0a0b0c0d0e0f", "Zed", server::sha256_hex(token), now - 1h, now - 1h, false};
}

TEST_P(players_in_the_store, a_token_this_server_never_issued_is_found_in_the_store) {
  store_server s(GetParam());
  s.start(fast_players());
  const std::string token = "00112233445566778899aabbccddeeff";
  write_behind(s, zed_with(token));

  player phone(s.port());
  const auto welcome = hello_reply(phone, {{"token", token}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), "0a0b0c0d0e0f");
  EXPECT_EQ(welcome.value("name", ""), "Zed");
  EXPECT_EQ(welcome.value("token", ""), token);
  // A token nobody issued is still refused, after the store said it has none.
  player stranger(s.port());
  EXPECT_EQ(hello_reply(stranger, {{"token", "ffeeddccbbaa99887766554433221100"}}).value("code", ""), "bad_token");
}

// SQL run behind the server's back, as another server sharing the store would write.
void exec_behind(store_server& s, const std::string& sql) {
  if (s.sqlite()) {
    server::sqlite::database other(s.database.url(), false);
    other.exec(sql);
    return;
  }
  server::pg::connection c(s.database.url());
  server::pg::transaction tx(c);
  c.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");
  c.exec(sql);
  tx.commit();
}

TEST_P(players_in_the_store, a_token_another_server_renewed_works_here_and_the_old_one_no_longer) {
  store_server s(GetParam());
  s.start(fast_players());
  player ana(s.port());
  ASSERT_EQ(hello_reply(ana, {{"name", "Ana"}}).value("type", ""), "welcome");
  const std::string old_token = ana.token;
  // Ana signs out her other devices on another server: her row holds a new token's hash.
  const std::string new_token = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
  exec_behind(
      s, "UPDATE players SET token_hash = '" + server::sha256_hex(new_token) + "' WHERE id = '" + ana.player_id + "'");
  player laptop(s.port());
  EXPECT_EQ(hello_reply(laptop, {{"token", old_token}}).value("code", ""), "bad_token");
  player phone(s.port());
  const auto welcome = hello_reply(phone, {{"token", new_token}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), ana.player_id);
  EXPECT_EQ(welcome.value("name", ""), "Ana");
}

TEST_P(players_in_the_store, a_name_the_store_holds_is_taken_whatever_this_server_knew) {
  store_server s(GetParam());
  s.start(fast_players());
  write_behind(s, zed_with("00112233445566778899aabbccddeeff"));

  player newcomer(s.port());
  const auto refused = hello_reply(newcomer, {{"name", "ZED"}});
  EXPECT_EQ(refused.value("code", ""), "name_taken") << refused.dump();
  // The connection may try another name, and nothing of the refused one stays behind.
  const auto welcome = hello_reply(newcomer, {{"name", "Zoe"}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(s.database.count("SELECT count(*) FROM players"), 2);
  // A renamed player cannot take it either.
  player other(s.port());
  ASSERT_EQ(hello_reply(other, {{"name", "Ulla"}}).value("type", ""), "welcome");
  player again(s.port());
  EXPECT_EQ(hello_reply(again, {{"name", "zed"}, {"token", other.token}}).value("code", ""), "name_taken");
  EXPECT_EQ(s.database.count("SELECT count(*) FROM players WHERE name = 'Ulla'"), 1);
}

TEST_P(players_in_the_store, a_new_player_is_welcomed_only_once_the_store_holds_them) {
  store_server s(GetParam());
  s.start(fast_players());
  player ana(s.port());
  const auto welcome = hello_reply(ana, {{"name", "Ana"}});
  ASSERT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  // Read at once, on a connection of the test's own: no waiting for the writer.
  EXPECT_EQ(s.database.count("SELECT count(*) FROM players WHERE id = '" + ana.player_id + "' AND name = 'Ana'"), 1);
}

INSTANTIATE_TEST_SUITE_P(backends, players_in_the_store, testing::every_backend, testing::backend_name);

}  // namespace
}  // namespace shithead::test
