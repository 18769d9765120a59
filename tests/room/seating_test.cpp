// A table's seats and spectators alone, without a room: who is found where, which seat
// is free, and who runs the table when its host goes.
#include <gtest/gtest.h>

#include <memory>

#include "server/room/seating.hpp"

namespace shithead::server {
namespace {

struct silent : participant {
  void deliver(frame) override {}
};

seating::seat human(std::string id, std::uint64_t order, bool connected = true) {
  seating::seat s;
  s.player_id = std::move(id);
  s.name = "Player " + s.player_id;
  s.seated_order = order;
  if (connected) s.connection = std::make_shared<silent>();
  return s;
}

seating::seat bot(int number) {
  seating::seat s;
  s.bot = rules::bot_kind::greedy;
  s.bot_id = "bot:" + std::to_string(number);
  s.name = "Greedy bot " + std::to_string(number);
  return s;
}

TEST(seating, finds_members_where_they_are_and_the_lowest_free_seat) {
  seating table(4);
  EXPECT_EQ(table.free_seat(), 0);
  table.seats[1] = human("ana", 1);
  table.seats[2] = bot(1);
  table.watchers.push_back({"eve", "Eve", std::make_shared<silent>(), 3});
  EXPECT_EQ(table.find_seat("ana"), 1);
  EXPECT_EQ(table.find_seat(""), -1);  // a free seat has no player
  EXPECT_EQ(table.find_seat("eve"), -1);
  EXPECT_EQ(table.find_watcher("eve"), 0);
  EXPECT_EQ(table.free_seat(), 0);
  EXPECT_EQ(table.seated_count(), 2);
  EXPECT_EQ(table.name_of("eve"), "Eve");
  EXPECT_EQ(table.name_of("nobody"), "");
  EXPECT_EQ(table.connection_of("ana"), table.seats[1].connection);
  EXPECT_EQ(table.connection_of("nobody"), nullptr);

  // A leaver keeps the seat for the game (a bot plays it) but is no longer found there.
  table.seats[1].left = true;
  EXPECT_EQ(table.find_seat("ana"), -1);
  EXPECT_EQ(table.seated_players(), (std::vector<std::string>{"ana"}));
  table.free(1);
  EXPECT_TRUE(table.seats[1].free());
  EXPECT_TRUE(table.seated_players().empty());
}

TEST(seating, a_bot_is_known_by_its_table_id) {
  seating table(2);
  table.seats[0] = human("ana", 1);
  table.seats[1] = bot(3);
  EXPECT_EQ(table.player_at(0), (seat_player{"ana", "Player ana", std::nullopt}));
  EXPECT_EQ(table.player_at(1), (seat_player{"bot:3", "Greedy bot 3", rules::bot_kind::greedy}));
}

TEST(seating, connected_and_seated_humans) {
  seating table(3);
  table.seats[0] = bot(1);
  EXPECT_FALSE(table.human_connected());
  EXPECT_FALSE(table.human_seated());
  table.seats[1] = human("ana", 1, false);
  EXPECT_FALSE(table.human_connected());
  EXPECT_TRUE(table.human_seated());
  table.watchers.push_back({"eve", "Eve", nullptr, 2});
  EXPECT_TRUE(table.human_connected());  // a spectator keeps the table open
  table.watchers.clear();
  table.seats[1].left = true;
  EXPECT_FALSE(table.human_seated());
}

TEST(seating, the_host_passes_to_the_longest_seated_then_the_longest_watching) {
  seating table(4);
  table.seats[0] = human("host", 1);
  table.seats[1] = human("late", 5);
  table.seats[2] = human("early", 2, false);
  table.seats[3] = bot(1);
  table.watchers.push_back({"w2", "W2", nullptr, 7});
  table.watchers.push_back({"w1", "W1", nullptr, 6});
  EXPECT_EQ(table.next_host("host", false), "early");
  EXPECT_EQ(table.next_host("host", true), "late");  // "early" is away
  table.seats[1].left = true;
  EXPECT_EQ(table.next_host("host", true), "w1");
  table.seats[2] = seating::seat{};
  table.watchers.clear();
  EXPECT_EQ(table.next_host("host", true), std::nullopt);  // keep the host
  EXPECT_EQ(table.next_host("host", false), "");           // nobody: the next to join runs it
}

}  // namespace
}  // namespace shithead::server
