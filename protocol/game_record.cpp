#include "protocol/game_record.hpp"

#include <string>

#include "rules/engine.hpp"
#include "rules/event.hpp"

namespace shithead::protocol {

rules::result<rules::game_state> start_game(const game_record& record) {
  if (const auto* seed = std::get_if<std::uint64_t>(&record.start))
    return rules::new_game(record.ruleset, record.players, record.dealer, *seed);
  return rules::new_game(record.ruleset, record.players, record.dealer, std::get<rules::deal>(record.start));
}

std::optional<rules::rule_error> replay_action(rules::game_state& state, const recorded_action& done,
                                               std::vector<rules::event>& events) {
  // Checked here as well as by the engine: a record is untrusted input, and the seat
  // indexes the state before anything else is looked at.
  if (done.seat < 0 || done.seat >= state.players)
    return rules::rule_error{rules::error_code::bad_seat, "seat " + std::to_string(done.seat) +
                                                              " is not at a table of " + std::to_string(state.players)};
  return rules::try_apply(state, done.seat, done.action, events);
}

rules::result<replay_outcome> replay_record(const game_record& record) {
  auto started = start_game(record);
  if (!started) return started.error();
  replay_outcome outcome{std::move(started).value(), -1, std::nullopt};
  std::vector<rules::event> events;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    outcome.error = replay_action(outcome.state, record.actions[i], events);
    if (outcome.error) {
      outcome.failed_index = static_cast<int>(i);
      break;
    }
  }
  return outcome;
}

}  // namespace shithead::protocol
