// A lobby that strangers cannot exhaust (issue 13): one address makes only so many new
// players and opens only so many tables; tables nobody is coming back to close soon;
// players who never played are forgotten after a while, and players with games never.
// Real servers on 127.0.0.1, so every client here shares one address.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>

#include "tests/server/store_server.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

server::service_limits limits_with(std::size_t new_players, std::size_t tables) {
  auto limits = fast_players();
  limits.new_players.burst = static_cast<double>(new_players);
  limits.new_players.rate_per_second = 0.001;  // nothing comes back within a test
  limits.tables_per_address = tables;
  return limits;
}

// The answer to a create_table: `joined`, or the error that refused it.
json joined_or_error(player& p) { return answer_or_error(p, "joined"); }

TEST(lobby_limits, an_address_makes_only_so_many_new_players_but_known_ones_always_come_back) {
  game_server server(limits_with(3, 0));
  std::vector<std::unique_ptr<player>> made;
  for (int i = 0; i < 3; ++i) {
    made.push_back(std::make_unique<player>(server.port()));
    made.back()->hello("P" + std::to_string(i));
  }
  // The fourth is refused, in words, and nothing is made: the name stays free.
  player fourth(server.port());
  const auto refused = named_hello_reply(fourth, "Dee");
  EXPECT_EQ(refused.value("code", ""), "rate_limited") << refused.dump();
  EXPECT_NE(refused.value("message", "").find("new players"), std::string::npos);
  // With a credit every 1,000 s, the next new player may come in 17 minutes.
  EXPECT_NE(refused.value("message", "").find("try again in 17 minutes"), std::string::npos) << refused.dump();
  // Reconnecting does not refill the budget.
  player again(server.port());
  EXPECT_EQ(named_hello_reply(again, "Dee").value("code", ""), "rate_limited");
  // A player with a token is not new: they always come back, on a new connection too.
  player back(server.port());
  const auto welcome = named_hello_reply(back, "", made[0]->token);
  EXPECT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
  EXPECT_EQ(welcome.value("player_id", ""), made[0]->player_id);
  // The refused connection is still usable: it may come back as a known player.
  EXPECT_EQ(named_hello_reply(fourth, "", made[1]->token).value("type", ""), "welcome");
}

TEST(lobby_limits, an_address_opens_only_so_many_tables_and_a_closed_one_frees_its_place) {
  auto limits = limits_with(10, 2);
  limits.adjust_table = [](server::table_settings& s) { s.deserted_close = 200ms; };
  game_server server(limits);
  player ana(server.port()), ben(server.port()), cy(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  cy.hello("Cy");
  open_table(ana, {{"seats", 2}});
  const auto bens = open_table(ben, {{"seats", 2}});
  // Cy owns no table, but the address holds two.
  cy.send({{"type", "create_table"}, {"id", 5}, {"seats", 2}});
  const auto refused = cy.expect("error");
  EXPECT_EQ(refused.value("code", ""), "too_many_tables") << refused.dump();
  EXPECT_EQ(refused.value("id", 0), 5);
  EXPECT_NE(refused.value("message", "").find("your address"), std::string::npos);
  // Ben leaves; nobody is left at his table, so it closes within the deserted wait.
  ben.send({{"type", "leave"}});
  ben.expect("left");
  bool opened = false;
  for (const auto until = std::chrono::steady_clock::now() + 5s; !opened && std::chrono::steady_clock::now() < until;) {
    cy.send({{"type", "create_table"}, {"seats", 2}});
    const auto before = cy.frames.size();
    for (const auto wait = std::chrono::steady_clock::now() + 300ms; std::chrono::steady_clock::now() < wait;)
      cy.pump(50ms);
    for (auto i = before; i < cy.frames.size(); ++i) opened |= cy.frames[i].value("type", "") == "joined";
  }
  EXPECT_TRUE(opened) << "the closed table's place was not freed";
  ben.send({{"type", "join"}, {"code", bens}});
  EXPECT_EQ(ben.expect("error").value("code", ""), "no_such_table");
}

// The web client's "Play against bots": a table with two bots, then Leave, again and
// again. Tables left never count, so the fourth and fifth are not refused.
TEST(lobby_limits, a_player_who_leaves_tables_of_bots_may_always_open_another) {
  game_server server(limits_with(10, 0));
  player ana(server.port());
  ana.hello("Ana");
  for (int round = 0; round < 5; ++round) {
    ana.send({{"type", "create_table"}, {"id", round}, {"seats", 3}});
    const auto joined = ana.expect("joined");
    EXPECT_EQ(joined.value("id", -1), round) << joined.dump();
    ana.send({{"type", "add_bot"}});
    ana.send({{"type", "add_bot"}});
    ana.send({{"type", "start"}});
    ana.expect("game");
    ana.send({{"type", "leave"}});
    ana.expect("left");
  }
}

TEST(lobby_limits, a_table_with_only_bots_closes_soon_but_one_with_a_seated_human_waits) {
  auto limits = fast_players();
  limits.adjust_table = [](server::table_settings& s) {
    s.deserted_close = 300ms;
    s.empty_close = 60s;
  };
  game_server server(limits);
  player ana(server.port()), ben(server.port()), watcher(server.port());
  ana.hello("Ana");
  ben.hello("Ben");
  watcher.hello("Wat");
  // Ana's table: she adds a bot and leaves; only the bot is left.
  const auto bots_only = open_table(ana, {{"seats", 3}});
  ana.send({{"type", "add_bot"}});
  ana.send({{"type", "leave"}});
  ana.expect("left");
  // Ben's table: he closes his browser, but his seat waits for him.
  const auto bens = open_table(ben, {{"seats", 3}});
  ben.ws.close();
  std::this_thread::sleep_for(1s);
  watcher.send({{"type", "join"}, {"code", bots_only}, {"spectate", true}});
  EXPECT_EQ(watcher.expect("error").value("code", ""), "no_such_table");
  watcher.send({{"type", "join"}, {"code", bens}, {"spectate", true}});
  EXPECT_EQ(watcher.expect("joined").value("code", ""), bens);
}

// On both stores (tests/postgres/backend.hpp): forgetting is a write the store does.
class forgetting : public ::testing::TestWithParam<testing::backend> {};

TEST_P(forgetting, players_who_never_played_are_forgotten_and_players_with_games_are_kept) {
  store_server server(GetParam());
  auto limits = fast_players();
  limits.forget_idle_after = 400ms;
  limits.housekeeping_every = 200ms;
  server.start(limits);

  player idle(server.port()), played(server.port()), here(server.port());
  idle.hello("Idle");
  played.hello("Played");
  here.hello("Here");
  // Played finishes a game against a bot; Here stays connected; Idle goes away.
  ASSERT_TRUE(finish_a_game_against_a_bot(played));
  const auto idle_token = idle.token, played_token = played.token, here_token = here.token;
  idle.ws.close();
  played.ws.close();
  std::this_thread::sleep_for(1500ms);

  // Idle's token is no longer known, and the name is free for someone else.
  player idle_back(server.port());
  EXPECT_EQ(named_hello_reply(idle_back, "", idle_token).value("code", ""), "bad_token");
  player newcomer(server.port());
  EXPECT_EQ(named_hello_reply(newcomer, "Idle").value("type", ""), "welcome");
  // A player with a game is kept for ever, and one who is here is not idle.
  player played_back(server.port());
  EXPECT_EQ(named_hello_reply(played_back, "", played_token).value("player_id", ""), played.player_id);
  here.send({{"type", "ping"}, {"id", 1}});
  here.expect("pong");
  player here_again(server.port());
  EXPECT_EQ(named_hello_reply(here_again, "", here_token).value("player_id", ""), here.player_id);
}

// Issue 34: 3,334 addresses filled a registry of 100,000 in 22 s and every newcomer after
// them was refused registry_full. Now the registry makes room: near full, the store
// forgets the players who never finished a game, those gone longest first, except anyone
// connected or seated here; a newcomer's hello waits for that rather than be refused.
TEST_P(forgetting, a_full_registry_makes_room_for_a_newcomer_and_keeps_whoever_played_or_is_here) {
  store_server server(GetParam());
  auto limits = fast_players();
  limits.max_players = 20;       // room is made from 19 on, 10 a batch
  limits.new_players.burst = 0;  // every client here is 127.0.0.1
  server.start(limits);

  // The first player finishes a game; the second stays connected; 18 strangers come and
  // go, filling the registry to its 20.
  player played(server.port()), here(server.port());
  played.hello("Played");
  here.hello("Here");
  ASSERT_TRUE(finish_a_game_against_a_bot(played));
  const auto played_token = played.token;
  played.ws.close();
  std::vector<std::string> stranger_tokens;
  for (int i = 0; i < 18; ++i) {
    player stranger(server.port());
    const auto reply = named_hello_reply(stranger, "Stranger" + std::to_string(i));
    ASSERT_EQ(reply.value("type", ""), "welcome") << i << ": " << reply.dump();
    stranger_tokens.push_back(reply.value("token", ""));
  }

  // Thirty newcomers after them, every one welcomed.
  for (int i = 0; i < 30; ++i) {
    player newcomer(server.port());
    const auto reply = named_hello_reply(newcomer, "Newcomer" + std::to_string(i));
    EXPECT_EQ(reply.value("type", ""), "welcome") << i << ": " << reply.dump();
  }
  // The strangers went first, the earliest of them before the later ones.
  player first_back(server.port());
  EXPECT_EQ(named_hello_reply(first_back, "", stranger_tokens.front()).value("code", ""), "bad_token");
  // Whoever played, and whoever is here, are still known.
  player played_back(server.port());
  EXPECT_EQ(named_hello_reply(played_back, "", played_token).value("player_id", ""), played.player_id);
  here.send({{"type", "ping"}, {"id", 1}});
  here.expect("pong");
  player here_again(server.port());
  EXPECT_EQ(named_hello_reply(here_again, "", here.token).value("player_id", ""), here.player_id);
}

INSTANTIATE_TEST_SUITE_P(backends, forgetting, testing::every_backend, testing::backend_name);

// Issue 34: a few hundred addresses filled the lobby and the registry, each within its
// own budget. The budgets also count by block (an IPv4 /24, an IPv6 /48), five times an
// address's: the addresses of one network share that, and another network has its own.
TEST(lobby_limits, the_addresses_of_one_network_share_five_addresses_worth_of_players_and_tables) {
  game_server server(limits_with(2, 1));  // an address: 2 new players, 1 table; a /24: 10 and 5
  std::vector<std::unique_ptr<player>> made;
  int refused_players = 0;
  for (int address = 1; address <= 6; ++address) {
    for (int n = 0; n < 2; ++n) {
      auto p = player::from(server.port(), "127.0.7." + std::to_string(address));
      const auto reply = named_hello_reply(*p, "N" + std::to_string(address) + "-" + std::to_string(n));
      if (reply.value("type", "") == "welcome") {
        p->token = reply.value("token", "");
        made.push_back(std::move(p));
        continue;
      }
      EXPECT_EQ(reply.value("code", ""), "rate_limited") << reply.dump();
      EXPECT_NE(reply.value("message", "").find("from your network"), std::string::npos) << reply.dump();
      ++refused_players;
    }
  }
  EXPECT_EQ(made.size(), 10u);  // five addresses' worth
  EXPECT_EQ(refused_players, 2);

  // One table an address, five the network: the sixth address is refused for its network.
  int opened = 0;
  for (std::size_t i = 0; i < made.size(); i += 2) {
    made[i]->send({{"type", "create_table"}, {"id", 9}, {"seats", 2}});
    const auto reply = joined_or_error(*made[i]);
    if (reply.value("type", "") == "joined") {
      ++opened;
      continue;
    }
    EXPECT_EQ(reply.value("code", ""), "too_many_tables") << reply.dump();
    EXPECT_NE(reply.value("message", "").find("your network has 5 open tables"), std::string::npos) << reply.dump();
  }
  EXPECT_EQ(opened, 5);

  // Another network is untouched: a new player, and a table.
  auto other = player::from(server.port(), "127.0.8.1");
  EXPECT_EQ(named_hello_reply(*other, "Outsider").value("type", ""), "welcome");
  other->send({{"type", "create_table"}, {"id", 1}, {"seats", 2}});
  EXPECT_EQ(joined_or_error(*other).value("type", ""), "joined");
}

}  // namespace
}  // namespace shithead::test
