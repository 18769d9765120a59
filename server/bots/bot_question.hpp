#pragma once
// A searching bot's move, thought about away from the room. The room cannot wait for a
// search on its strand (an expert takes up to a quarter of a second of one core), so it
// hands the question to the bot pool and carries on; the answer comes back as a call
// into the room with the question's ticket (room::answer).
//
// A question carries the game so far, deal and all, and the thinker rebuilds the seat's
// view and memory from it: the bot then decides from those alone, as every bot does.
// The search's seed comes from the deal, the number of actions so far and the seat, so a
// table restored after a restart asks the same question and gets the same answer.
#include <chrono>
#include <cstdint>
#include <optional>

#include "protocol/game_record.hpp"
#include "rules/action.hpp"
#include "rules/bots.hpp"

namespace shithead::server {

struct bot_question {
  std::uint64_t ticket = 0;  // the room's number for it: an answer to an older question is dropped
  rules::bot_kind kind = rules::bot_kind::normal;
  int seat = 0;
  protocol::game_record game;  // never sent to anyone: its deal holds every hidden card
  // When the room stops waiting and plays the seat at `normal` (table_settings::
  // bot_answer_limit): a pool that has not begun to think by then drops the question.
  std::optional<std::chrono::steady_clock::time_point> give_up_at;
};

// The seed the seat's bot searches with at this point of the game.
std::uint64_t question_seed(const protocol::game_record& game, int seat);

// The seat's move: nullopt when it has nothing it wants to do (a burn-in out of turn it
// declines, or no legal move), or when the record does not replay.
std::optional<rules::action> think(const bot_question& question);

}  // namespace shithead::server
