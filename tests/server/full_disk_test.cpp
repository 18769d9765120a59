// A full disk is a clear, safe state (issue 13): a real server with a real SQLite store
// whose writes fail as a full disk's do (SQLITE_FULL, injected before each batch). The
// move the disk refused is not shown; later moves and new tables are refused with
// cannot_save at once; when space returns, the move is shown and play goes on.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <sqlite3.h>
#include <string>

#include "tests/server/store_server.hpp"

namespace shithead::test {
namespace {

// A game server with a store whose disk the test fills and empties.
struct server_with_store : store_server {
  std::shared_ptr<std::atomic<bool>> disk_full = std::make_shared<std::atomic<bool>>(false);

  server_with_store() {
    db->before_each_batch_for_tests([full = disk_full](server::sqlite::database&) {
      if (*full) throw server::sqlite::error("database or disk is full", SQLITE_FULL);
    });
    start(fast_players());
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

}  // namespace
}  // namespace shithead::test
