// A connection's messages are handled in the order sent, although a seated player's
// table messages go straight to the table from the connection's strand while joins,
// leaves and everything else go through the game service (app/session_route.hpp). The
// client here never waits between messages: each burst mixes both ways. Replies from the
// service (joined, errors) and from the table (snapshots, left) travel apart, so what is
// checked is how each message was handled, and the table's replies in the order sent.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/server/game_client.hpp"

namespace shithead::test {
namespace {

json snapshot(const std::string& id) { return json{{"type", "snapshot"}, {"id", id}}; }

std::vector<std::string> sorted(std::vector<std::string> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

// The answered snapshots ("s..", "a..", "c.."), in the order their answers came.
std::vector<std::string> only_snapshots(const std::vector<std::string>& seen) {
  std::vector<std::string> out;
  for (const auto& id : seen)
    if (id.front() == 's' || id.front() == 'a' || id.front() == 'c') out.push_back(id);
  return out;
}

// The ids of the replies to `ids` as they came, until each has come; an error frame for
// one of them is recorded as "error:<id>".
std::vector<std::string> replies_to(player& p, const std::vector<std::string>& ids) {
  std::vector<std::string> seen;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (seen.size() < ids.size() && std::chrono::steady_clock::now() < deadline) {
    const auto before = p.frames.size();
    if (!p.pump(milliseconds(200))) continue;
    for (auto i = before; i < p.frames.size(); ++i) {
      const auto& frame = p.frames[i];
      if (!frame.contains("id") || !frame["id"].is_string()) continue;
      const auto id = frame["id"].get<std::string>();
      if (std::find(ids.begin(), ids.end(), id) == ids.end()) continue;
      const auto type = frame.value("type", "");
      seen.push_back(type == "error" ? "error:" + id : id);
    }
  }
  return seen;
}

TEST(message_order, a_join_and_the_table_messages_sent_behind_it_arrive_in_order) {
  game_server server;
  player host(server.port());
  host.hello("Ana");
  const auto code = open_table(host, json{{"seats", 4}});
  ASSERT_FALSE(code.empty());

  player guest(server.port());
  guest.hello("Bo");
  // The join goes through the service; the snapshots after it must not overtake it (a
  // snapshot before the join would be refused: not in a room).
  guest.send(json{{"type", "join"}, {"id", "j"}, {"code", code}});
  std::vector<std::string> ids{"j"};
  for (int i = 0; i < 20; ++i) {
    ids.push_back("s" + std::to_string(i));
    guest.send(snapshot(ids.back()));
  }
  const auto seen = replies_to(guest, ids);
  // The join was handled first: no snapshot was refused, and the table answered them in
  // the order sent.
  EXPECT_EQ(sorted(seen), sorted(ids));
  EXPECT_EQ(only_snapshots(seen), std::vector<std::string>(ids.begin() + 1, ids.end()));
}

TEST(message_order, leaving_and_coming_back_in_one_burst_keeps_every_message_in_place) {
  game_server server;
  player host(server.port());
  host.hello("Ana");
  const auto code = open_table(host, json{{"seats", 4}});
  player guest(server.port());
  guest.hello("Bo");
  guest.send(json{{"type", "join"}, {"id", "j0"}, {"code", code}});
  ASSERT_EQ(replies_to(guest, {"j0"}), std::vector<std::string>{"j0"});

  // Seated now: snapshots go straight to the table. A leave goes through the service, and
  // whatever follows it waits for it there: the snapshot behind the leave is refused (the
  // player is in the lobby by then), and the ones behind the next join are answered.
  std::vector<std::string> ids;
  for (int round = 0; round < 3; ++round) {
    const auto r = std::to_string(round);
    guest.send(snapshot("a" + r));
    guest.send(json{{"type", "leave"}, {"id", "l" + r}});
    guest.send(snapshot("b" + r));
    guest.send(json{{"type", "join"}, {"id", "j" + std::to_string(round + 1)}, {"code", code}});
    guest.send(snapshot("c" + r));
    ids.insert(ids.end(), {"a" + r, "l" + r, "b" + r, "j" + std::to_string(round + 1), "c" + r});
  }
  std::vector<std::string> expected;
  for (const auto& id : ids) expected.push_back(id.front() == 'b' ? "error:" + id : id);
  const auto seen = replies_to(guest, ids);
  EXPECT_EQ(sorted(seen), sorted(expected));
  EXPECT_EQ(only_snapshots(seen), (std::vector<std::string>{"a0", "c0", "a1", "c1", "a2", "c2"}));
}

}  // namespace
}  // namespace shithead::test
