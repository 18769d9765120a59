#pragma once
// What a call into a room hands its host (the outbox: letters to members, games to record,
// the actions to append, the next deadline), and the one way letters are delivered:
// each distinct message written as text once, however many members receive it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "protocol/game_record.hpp"
#include "protocol/server_message.hpp"
#include "server/bots/bot_question.hpp"
#include "server/core/participant.hpp"
#include "server/core/seat_player.hpp"

namespace shithead::server {

// A game that ended, for the store: the record replays it; `players` by game seat.
struct finished_room_game {
  protocol::game_record record;
  std::vector<seat_player> players;
  std::vector<int> finish_order;  // seats in the order they went out
  int shithead = -1;              // -1 when abandoned
  bool abandoned = false;
  // The game_over message in the outbox's letters (one message shared by every
  // receiver). Its game_id and ratings are null and empty: a host with a store fills them
  // in once the game is recorded, before the letters are written and delivered.
  std::shared_ptr<protocol::server_message> game_over;
};

// One message to one member. A broadcast's letters share one message, so the host writes
// its text once. A seat's own game frame is written at once instead (`text`, and no
// message): it is sent to nobody else, and writing it from the room's reused view saves
// copying that view, with its seats' cards, into a message per seat per step.
struct letter {
  std::shared_ptr<participant> to;
  std::shared_ptr<protocol::server_message> message;
  frame text;
};

// What one call into the room asks of its host.
//
// Persistence is append-only: a move adds its actions to the game's log (`appended`),
// and the table's saved form (room::saved: settings, seats, scoreboard, the game's deal
// but not its actions) is written again only when it changed. A restart replays the
// deal and the log (room::restored).
struct outbox {
  std::vector<letter> letters;               // in the order they must arrive
  std::vector<finished_room_game> finished;  // games that ended: to record
  bool table_changed = false;  // room::saved() changed (seats, scoreboard, a game begun or ended), or closed
  // Actions the current game recorded during this call, in order; the first is the
  // record's action number `first_appended` of the table's game number `game_number`.
  std::vector<protocol::recorded_action> appended;
  std::size_t first_appended = 0;
  std::int64_t game_number = 0;
  std::uint64_t version = 0;  // the table's version after this call: a restart resumes past it
  std::optional<std::chrono::steady_clock::time_point> next_deadline;  // when to call tick()
  // A searching bot's move to think about off the strand; answer with room::answer().
  std::optional<bot_question> question;
  // Searching bots' questions given up on during this call (settings.bot_answer_limit):
  // their seats were played at `normal`.
  int late_bot_answers = 0;
};

// Writes each distinct message of `letters` once and delivers the text to its members
// (a letter written already goes as it is).
void deliver(const std::vector<letter>& letters);

}  // namespace shithead::server
