// A full disk is a clear, safe state (issue 13): a real server with a real SQLite store
// whose writes fail as a full disk's do (SQLITE_FULL, injected before each batch). The
// move the disk refused is not shown; later moves and new tables are refused with
// cannot_save at once; when space returns, the move is shown and play goes on.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <atomic>
#include <memory>
#include <string>

#include "tests/server/store_server.hpp"

namespace shithead::test {
namespace {

// A game server with a store whose disk the test fills and empties.
struct server_with_store : store_server {
  std::shared_ptr<std::atomic<bool>> disk_full = std::make_shared<std::atomic<bool>>(false);

  explicit server_with_store(server::service_limits limits = fast_players()) {
    sqlite()->before_each_batch_for_tests([full = disk_full](server::sqlite::database&) {
      if (*full) throw server::sqlite::error("database or disk is full", SQLITE_FULL);
    });
    start(std::move(limits));
  }
  ~server_with_store() { *disk_full = false; }
};

// The first legal action of the latest view, as the client would send it.
json first_legal(const player& p) { return json{{"type", "action"}, {"action", p.view["legal"][0]}}; }

TEST(full_disk, moves_wait_and_are_refused_with_cannot_save_until_space_returns) {
  server_with_store server;
  player ana(server.http.port()), ben(server.http.port());
  ana.hello("Ana");
  ben.hello("Ben");
  open_table(ana, {{"public", false}, {"seats", 2}});
  ana.send({{"type", "add_bot"}, {"kind", "greedy"}});
  ana.send({{"type", "start"}});
  ana.expect("game");
  while (ana.pump(milliseconds(300))) {
  }
  ASSERT_FALSE(ana.view["legal"].empty()) << ana.view.dump();
  const auto version_before = ana.version;

  // The disk fills. The move is taken, but the step cannot be saved: nobody sees it.
  *server.disk_full = true;
  ana.send(first_legal(ana));
  const auto until = std::chrono::steady_clock::now() + milliseconds(1500);
  while (std::chrono::steady_clock::now() < until) ana.pump(milliseconds(100));
  EXPECT_EQ(ana.version, version_before) << "a move was shown before it was on disk";
  EXPECT_FALSE(server.db->healthy());

  // Meanwhile a move is refused, with words, and nothing else happens.
  ana.send({{"type", "action"}, {"id", 7}, {"action", {{"type", "pickup"}}}});
  const auto refused = ana.expect("error");
  EXPECT_EQ(refused.value("code", ""), "cannot_save");
  EXPECT_EQ(refused["id"], 7);
  EXPECT_NE(refused.value("message", "").find("cannot save"), std::string::npos);
  // No new table either. Chat is taken, but at this table it waits, in order, behind
  // the move that waits for the disk.
  ben.send({{"type", "create_table"}, {"seats", 2}});
  EXPECT_EQ(ben.expect("error").value("code", ""), "cannot_save");
  // No new player, since nobody is told they exist before the disk holds them; one who
  // comes back with their token (a reload, another tab) is welcomed as ever.
  player cy(server.http.port());
  cy.send({{"type", "hello"}, {"v", 1}, {"name", "Cy"}});
  EXPECT_EQ(cy.expect("error").value("code", ""), "cannot_save");
  player ben_again(server.http.port());
  ben_again.hello("", ben.token);
  EXPECT_EQ(ben_again.player_id, ben.player_id);
  ana.send({{"type", "chat"}, {"text", "is it stuck?"}});
  EXPECT_EQ(ana.version, version_before);

  // Space returns: the waiting move is written and shown, and play goes on to the end.
  *server.disk_full = false;
  const auto shown = std::chrono::steady_clock::now() + milliseconds(5000);
  while (ana.version == version_before && std::chrono::steady_clock::now() < shown) ana.pump(milliseconds(100));
  EXPECT_GT(ana.version, version_before);
  EXPECT_TRUE(server.db->healthy());
  EXPECT_EQ(ana.expect("chat").value("text", ""), "is it stuck?");
  ana.greedy = true;
  ASSERT_TRUE(play_to_the_end({&ana}));
  EXPECT_GT(ana.game_over->value("game_id", 0), 0) << ana.game_over->dump();
}

// A turn clock does not run while the player's moves are refused: when space returns,
// the player whose turn it was still has their time, and their move is taken.
TEST(full_disk, a_turn_clock_waits_while_the_disk_refuses_moves) {
  auto limits = fast_players();
  limits.adjust_table = [](server::table_settings& s) { s.turn_timer = milliseconds(3000); };
  server_with_store server(limits);
  player ana(server.http.port()), ben(server.http.port());
  ana.hello("Ana");
  ben.hello("Ben");
  const auto code = open_table(ana, {{"seats", 2}});
  ben.send({{"type", "join"}, {"code", code}});
  ben.expect("joined");
  ana.send({{"type", "start"}});
  // Both swap (nothing), then play until it is Ana's turn in the play.
  const auto to_move = [](player& p) {
    return !p.view.is_null() && p.view.contains("legal") && !p.view["legal"].empty();
  };
  const auto settle = [&] {
    for (int i = 0; i < 20; ++i) {
      ana.pump(milliseconds(20));
      ben.pump(milliseconds(20));
    }
  };
  for (int i = 0; i < 10; ++i) {
    settle();
    if (ana.view.value("phase", "") == "play" && to_move(ana)) break;
    if (to_move(ana) && ana.acted_version != ana.version) {
      ana.acted_version = ana.version;
      ana.send(first_legal(ana));
    }
    if (to_move(ben) && ben.acted_version != ben.version) {
      ben.acted_version = ben.version;
      ben.send(first_legal(ben));
    }
  }
  ASSERT_EQ(ana.view.value("phase", ""), "play");
  ASSERT_TRUE(to_move(ana));

  // The disk fills under Ana's move, which waits; it is Ben's turn, but each of his moves
  // is refused, for longer than his turn timer.
  *server.disk_full = true;
  ana.send(first_legal(ana));
  ana.pump(milliseconds(200));  // the step's batch fails: the store is known to refuse
  const auto outage_ends = std::chrono::steady_clock::now() + milliseconds(3500);
  while (std::chrono::steady_clock::now() < outage_ends) {
    ben.send({{"type", "action"}, {"action", {{"type", "pickup"}}}});
    ben.pump(milliseconds(300));
  }
  // Space returns: Ana's move is shown, and nobody plays for Ben. Before, his clock ran
  // out during the outage and the greedy bot played his turn the moment writes resumed.
  *server.disk_full = false;
  const int ben_seat = ben.view.value("viewer", -1);
  const auto recovered_at = ben.frames.size();
  const auto before = ben.version;
  for (const auto until = std::chrono::steady_clock::now() + milliseconds(3000);
       ben.version == before && std::chrono::steady_clock::now() < until;)
    ben.pump(milliseconds(50));
  ASSERT_GT(ben.version, before);
  for (int i = 0; i < 20; ++i) {
    ana.pump(milliseconds(25));
    ben.pump(milliseconds(25));
  }
  const auto acted_for_ben = [&](std::size_t from) {
    int moves = 0;
    for (auto f = from; f < ben.frames.size(); ++f) {
      const auto& frame = ben.frames[f];
      if (frame.value("type", "") != "game") continue;
      for (const auto& event : frame["events"]) {
        const auto type = event.value("type", "");
        if (event.value("seat", -2) == ben_seat && (type == "played" || type == "picked_up" || type == "waited"))
          ++moves;
      }
    }
    return moves;
  };
  EXPECT_EQ(acted_for_ben(recovered_at), 0) << "a bot played Ben's turn: his clock ran while his moves were refused";
  // Play goes on: whoever is to move moves, and it is taken.
  player& next = to_move(ben) ? ben : ana;
  ASSERT_TRUE(to_move(next)) << next.view.dump();
  const auto turn = next.version;
  next.send(first_legal(next));
  for (const auto until = std::chrono::steady_clock::now() + milliseconds(2000);
       next.version == turn && std::chrono::steady_clock::now() < until;)
    next.pump(milliseconds(50));
  EXPECT_GT(next.version, turn);
  for (const auto& frame : ben.frames) {
    if (frame.value("type", "") == "error") {
      EXPECT_EQ(frame.value("code", ""), "cannot_save") << frame.dump();
    }
  }
}

}  // namespace
}  // namespace shithead::test
