// Fuzz target: a saved table as the store keeps it in a `live_rooms` row, read by
// protocol::parse_saved_room and restored after a restart (room::restored, with an empty
// log: the record's own actions, as a table saved in format 1 holds them, are the game).
// A table that restores must save again in a text that reads back to the same value and
// restores to the same table; then its players come back, the clocks run
// out a few times so bots and timeouts play on, and every frame it sends is written.
// At the end the table, saved with the log its steps appended, restores once more.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_checks.hpp"
#include "protocol/saved_room.hpp"
#include "protocol/server_message.hpp"
#include "server/core/participant.hpp"
#include "server/room/room.hpp"

using namespace shithead;
using server::room;

namespace {

class counting_participant : public server::participant {
 public:
  void deliver(server::frame message) override {
    fuzz::require(message && !message->empty());
    ++frames;
  }
  int frames = 0;
};

// The current game's log as the store keeps it from the outboxes (tests/room's
// delivering_room does the same).
struct game_log {
  std::int64_t game = 0;
  std::size_t first = 0;
  std::vector<protocol::recorded_action> actions;
  std::uint64_t last_version = 0;
};

void carry_out(const server::outbox& out, game_log& log) {
  server::deliver(out.letters);  // as the host does: a seat's game frame comes written
  if (out.table_changed && out.game_number != log.game) log = game_log{out.game_number, 0, {}, 0};
  if (!out.appended.empty()) {
    if (log.actions.empty()) log.first = out.first_appended;
    fuzz::require(out.first_appended == log.first + log.actions.size());
    log.actions.insert(log.actions.end(), out.appended.begin(), out.appended.end());
    log.last_version = out.version;
  }
}

protocol::saved_room without_version(protocol::saved_room saved) {
  saved.version = 0;
  return saved;
}

// The table saved now, with its log, reads back from its text as it was written, and
// restores to a table that saves the same. `counted_on`: the room has played since it
// was restored, so a count that came in just under the reader's bound (a billion
// timeouts or games, say) may now be over it, and be refused as out of range; nothing
// else may stop it restoring.
void check_restores(const room& r, const game_log& log, std::uint64_t seed, room::time_point now, bool counted_on) {
  const auto saved = r.saved();
  const auto read = protocol::parse_saved_room(protocol::write_saved_room(saved));
  if (counted_on && !read && read.error().message.find("out of range") != std::string::npos) return;
  fuzz::require(read.ok());
  fuzz::require(read.value() == saved);
  const auto back = room::restored(read.value(), log.actions, log.first, log.last_version, seed, now);
  fuzz::require(back.ok());
  fuzz::require(without_version(back.value().saved()) == without_version(saved));
  // Past anything a client saw (unless the version wrapped: 2^64 steps).
  fuzz::require(back.value().version() > r.version() || r.version() == ~std::uint64_t{0});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto saved = protocol::parse_saved_room(text);
  if (!saved) {
    fuzz::require(!saved.error().message.empty());
    return 0;
  }
  const auto seed = fuzz::seed_of(text);
  auto now = room::time_point{std::chrono::hours(1000)};
  auto restored = room::restored(saved.value(), {}, 0, 0, seed, now);
  if (!restored) {
    fuzz::require(!restored.error().empty());
    return 0;
  }
  room r = std::move(restored).value();
  game_log log;
  log.game = r.game_number();
  if (r.record()) log.actions = r.record()->actions;
  check_restores(r, log, seed, now, false);

  // Everyone seated comes back, and one spectator.
  std::vector<std::shared_ptr<counting_participant>> connections;
  auto players = r.seated_players();
  players.push_back("fuzz-spectator");
  for (const auto& id : players) {
    connections.push_back(std::make_shared<counting_participant>());
    carry_out(r.join(server::player_info{id, "Player " + id}, connections.back(), false, now).out, log);
  }
  // Nobody moves: timeouts, grace and bots play the game on.
  for (int i = 0; i < 30 && !r.closed(); ++i) {
    const auto due = r.next_deadline();
    if (!due) break;
    now = std::max(now, *due);
    carry_out(r.tick(now), log);
  }
  check_restores(r, log, seed, now, true);
  return 0;
}
