#pragma once
// What a table is set up with: its code, whether the lobby lists it, the ruleset, the
// number of seats and the clocks. Parsed from a create_table request; the lobby gives
// the code.
#include <chrono>
#include <string>
#include <string_view>

#include "protocol/json_reader.hpp"
#include "rules/ruleset.hpp"

namespace shithead::server {

struct table_settings {
  std::string code;
  bool is_public = false;
  rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  int seats = 4;                        // 2..8
  // Milliseconds, although players choose whole seconds, so tests can run the clocks
  // fast; the JSON of a room gives them in seconds.
  std::chrono::milliseconds turn_timer{0};       // 0 = off, else 15, 30 or 60 s
  std::chrono::milliseconds swap_timer{30'000};  // max(30 s, turn_timer)
  std::chrono::milliseconds grace{60'000};       // a disconnected player's own turns, in total
  std::chrono::milliseconds empty_close{300'000};  // no human connected for this long closes it
};

inline constexpr int min_seats = 2;
inline constexpr int max_seats = 8;

// The swap timer a turn timer implies: never less than 30 s, or the turn timer if longer.
std::chrono::milliseconds swap_timer_for(std::chrono::milliseconds turn_timer);

inline bool valid_turn_timer(std::chrono::seconds t) {
  return t.count() == 0 || t.count() == 15 || t.count() == 30 || t.count() == 60;
}

// {"public": bool, "ruleset": <ruleset json>, "seats": 2..8, "turn_timer": 0|15|30|60}.
// Every key is optional (private, shiphead, 4 seats, the server's default turn timer);
// "type" and "id" of the enclosing request are allowed, anything else is an error. The
// ruleset must be able to deal every seat its cards.
protocol::parsed<table_settings> table_settings_from_json(const protocol::json& request, std::string code,
                                                          std::chrono::seconds default_turn_timer = {});

// {"seats": 4, "turn_timer": 30, "swap_timer": 30, "grace": 60, "empty_close": 300}
// (whole seconds, rounded down), the "settings" of a room snapshot.
protocol::json table_settings_to_json(const table_settings& settings);

}  // namespace shithead::server
