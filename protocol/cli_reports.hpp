#pragma once
// What the command line prints as JSON: `shithead simulate`'s report, `shithead replay`'s
// result line and `shithead play`'s last line (protocol/README.md). The commands fill in
// these values; only this file knows their text.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rules/bots.hpp"
#include "rules/error.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

// ---- shithead simulate -----------------------------------------------------------------

// Times in milliseconds; `mean`, `p50`, `p99` and `max` are written only when count > 0.
struct time_spread {
  std::size_t count = 0;
  double mean = 0;
  double p50 = 0;
  double p99 = 0;
  double max = 0;
};

// One seat's share of the finished games it lost, with its 95% interval.
struct seat_rate {
  double rate = 0;
  double low = 0;
  double high = 0;
};

struct simulate_report {
  long games = 0;
  long first_game = 0;
  long finished = 0;
  long abandoned = 0;
  long actions = 0;
  double seconds = 0;
  double games_per_second = 0;
  double actions_per_second = 0;
  double turns_mean = 0;
  long turns_max = 0;
  std::vector<long> shithead_by_seat;
  std::vector<seat_rate> shithead_rate_by_seat;
  std::optional<time_spread> search_move_ms;  // only when a bot searches
  rules::ruleset ruleset;                     // written as "preset" and "ruleset"
  int players = 0;
  std::vector<rules::bot_kind> bots;
};

// One line of compact JSON, without the newline, the keys in the order of the struct
// ("turns": {"mean", "max"}).
std::string simulate_report_text(const simulate_report& report);

// ---- shithead replay -------------------------------------------------------------------

// Every action legal. Seats in `places` in the order they went out.
struct replay_legal {
  bool over = false;
  bool abandoned = false;
  std::vector<int> places;
  std::optional<int> shithead;
  std::optional<int> next;  // the seat to act; none once over
};

// The first illegal action, counted from 0, and the rules' reason.
struct replay_illegal {
  int index = 0;
  rules::error_code error{};
  std::string message;
};

// The record could not be read, was not a record, or its game could not start.
struct replay_malformed {
  std::string message;
};

using replay_result = std::variant<replay_legal, replay_illegal, replay_malformed>;

// {"ok": true, "over": ..., "abandoned": ..., "places": [...], "shithead": ..., "next": ...},
// {"ok": false, "index": ..., "error": ..., "message": ...} or
// {"ok": false, "error": "malformed", "message": ...}: one line with spaces after colons
// and commas, without the newline.
std::string replay_result_line(const replay_result& result);

// ---- shithead play ---------------------------------------------------------------------

// How one game went for the command-line player.
struct play_report {
  std::string player_id;
  std::string token;
  std::string table;
  std::optional<std::int64_t> game_id;  // from game_over, when the server stores games
  bool abandoned = false;
  std::optional<int> place;  // 1-based; none when abandoned before going out
  bool shithead = false;
};

// {"player_id": ..., "token": ..., "table": ..., "game_id": ..., "abandoned": ...,
// "place": ..., "shithead": ...}: one line like replay's, without the newline.
std::string play_report_line(const play_report& report);

}  // namespace shithead::protocol
