#pragma once
// A player that needs no person: it opens a private table over one WebSocket, fills it
// with bots, and plays its own seat to the end from nothing but the views the server
// sends it. `shithead play` runs it; the load test uses its choice of move.
#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "protocol/cli_reports.hpp"
#include "rules/action.hpp"
#include "rules/bots.hpp"
#include "rules/error.hpp"
#include "rules/rng.hpp"
#include "rules/ruleset.hpp"
#include "rules/view.hpp"
#include "server/cli/ws_url.hpp"

namespace shithead::server {

// The action the viewer of `view` should send now, or nothing when it has nothing to
// do. It is the rules' greedy bot's choice (rules::choose_action), the bot the server
// seats at a table, made from the view the server sent as protocol::parse_server_message
// reads it. Like the server's bots it takes a burn-in out of turn when the variant
// offers one.
std::optional<rules::action> choose_move(const rules::seat_view& view, rules::rng& random);

struct play_options {
  web_url url;
  std::string name;
  int bots = 2;  // bots beside the player, 1..7
  rules::bot_kind bot_level = rules::bot_kind::greedy;
  std::chrono::milliseconds bot_pace{0};  // the bots' pause before each move: none, for a machine
  rules::ruleset ruleset = rules::preset_ruleset(rules::preset_id::shiphead);
  std::string token;                  // empty: a new identity
  std::chrono::seconds timeout{300};  // for everything, connecting included
  double max_rate = 15;               // messages a second at most (the server allows 20)
  std::uint64_t seed = 1;             // the player's own bot, so that runs repeat
};

struct play_outcome {
  protocol::play_report report;  // what `shithead play` prints last
  int actions = 0;               // actions this player sent
};

struct play_failure {
  std::string message;
};

// Connects, says hello, creates the table, plays one game and leaves. Progress goes to
// `log`, a line per step. Fails on any error the server reports for a request, on a
// lost connection and when `options.timeout` runs out.
rules::result<play_outcome, play_failure> play_one_game(const play_options& options, std::ostream& log);

}  // namespace shithead::server
