#pragma once
// A game record: the ruleset, the table, the deal (or the seed that shuffles it) and
// every action in order. Chance enters a game only through the deal, so a record
// replays to exactly the game that was played; rooms persist one after every action
// and `shithead replay` checks one against the rules.
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "rules/action.hpp"
#include "rules/deal.hpp"
#include "rules/error.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/ruleset.hpp"

namespace shithead::protocol {

struct recorded_action {
  int seat = 0;  // any int: a seat off the table is an illegal action, not a bad record
  rules::action action;

  friend bool operator==(const recorded_action&, const recorded_action&) = default;
};

struct game_record {
  rules::ruleset ruleset;
  int players = 2;
  int dealer = 1;
  std::variant<std::uint64_t, rules::deal> start;  // a seed, or the cards as dealt
  std::vector<recorded_action> actions;

  friend bool operator==(const game_record&, const game_record&) = default;
};

// The game in its swap phase, before any action; fails when the rules reject the deal.
rules::result<rules::game_state> start_game(const game_record& record);

// Where a replay stopped. `state` is the game after the last legal action.
struct replay_outcome {
  rules::game_state state;
  int failed_index = -1;                   // the first illegal action, or -1
  std::optional<rules::rule_error> error;  // why it was illegal
};

// One recorded action applied to `state` (its events in `events`), or why the rules
// refuse it; the state is unchanged then. A seat off the table is refused, not a crash.
std::optional<rules::rule_error> replay_action(rules::game_state& state, const recorded_action& done,
                                               std::vector<rules::event>& events);

// Starts the game and applies the actions in order up to the first illegal one.
// The error is the rules' when the deal itself is impossible.
rules::result<replay_outcome> replay_record(const game_record& record);

}  // namespace shithead::protocol
