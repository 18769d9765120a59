#pragma once
// What a store writes, written once for every backend against store_rows: a finished
// game with its seats and the players' new ratings, and a table's step (its state, the
// actions it appended, the games that ended in it). Each runs inside the transaction the
// caller holds open, so that a step goes in whole or not at all.
#include <cstdint>
#include <vector>

#include "server/store/store.hpp"
#include "server/store/store_rows.hpp"

namespace shithead::server {

// What the table steps have written, in payload bytes (the text handed to the database,
// not its pages): logged at close, and how bench/README.md measures bytes per move.
struct write_totals {
  std::uint64_t steps = 0;
  std::uint64_t states = 0;  // saved forms of tables written (live_rooms)
  std::uint64_t state_bytes = 0;
  std::uint64_t actions = 0;  // rows appended to the games' logs (live_actions)
  std::uint64_t action_bytes = 0;
  std::uint64_t games = 0;  // finished games recorded (each with its whole record)
};

// Records one game. Throws std::invalid_argument for a game that does not fit together
// (a room's bug must not write a wrong result), and whatever the rows throw.
recorded_game record_game(store_rows& rows, const game_to_record& game);

// Writes one step at `now_ms` (Unix ms) and returns what recording its games gave;
// counts what it wrote into `totals`.
std::vector<recorded_game> write_step(store_rows& rows, const table_step& step, std::int64_t now_ms,
                                      write_totals& totals);

}  // namespace shithead::server
