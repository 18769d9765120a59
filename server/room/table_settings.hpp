#pragma once
// What a table is set up with: its code, whether the lobby lists it, the ruleset, the
// number of seats and the clocks. Made from a create_table request (protocol/
// client_message.hpp checks it); the lobby gives the code.
#include <chrono>
#include <string>

#include "protocol/client_message.hpp"
#include "protocol/server_message.hpp"
#include "rules/ruleset.hpp"

namespace shithead::server {

using protocol::max_seats;
using protocol::min_seats;

struct table_settings {
  std::string code;
  bool is_public = false;
  rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  int seats = 4;  // min_seats..max_seats
  // Milliseconds, although players choose whole seconds, so tests can run the clocks
  // fast; the JSON of a room gives them in seconds.
  std::chrono::milliseconds turn_timer{0};         // 0 = off, else 15, 30 or 60 s
  std::chrono::milliseconds swap_timer{30'000};    // max(30 s, turn_timer)
  std::chrono::milliseconds grace{60'000};         // a disconnected player's own turns, in total
  std::chrono::milliseconds empty_close{300'000};  // no human connected for this long closes it
  // No human seated (only bots, or nobody) and none connected: nobody is coming back to
  // this table, so it goes quickly and frees its code and its owner's table count.
  std::chrono::milliseconds deserted_close{10'000};
  // In the play, a bot-played seat moves only this long (times 0.8 to 1.2) after the last
  // move, so that people see each bot move on its own. 0: at once (tests ask for that).
  std::chrono::milliseconds bot_pace{default_bot_pace};
  // A searching bot's answer not back this long after it was asked is not waited for:
  // the seat gets the normal bot's move. It takes a host whose cores are busy with other
  // work, since the bot threads think only on a core nobody else wants. 0: wait for ever.
  std::chrono::milliseconds bot_answer_limit{5'000};

  static constexpr std::chrono::milliseconds default_bot_pace{900};
};

// The swap timer a turn timer implies: never less than 30 s, or the turn timer if longer.
std::chrono::milliseconds swap_timer_for(std::chrono::milliseconds turn_timer);

// The table a create_table request asks for, with the server's turn timer and bots' pace
// when the request names none.
table_settings settings_for(const protocol::create_table_request& request, std::string code,
                            std::chrono::seconds default_turn_timer = {},
                            std::chrono::milliseconds default_bot_pace = table_settings::default_bot_pace);

// The "settings" of a room snapshot: seats and clocks in whole seconds, rounded down.
protocol::table_clocks table_clocks_of(const table_settings& settings);

}  // namespace shithead::server
