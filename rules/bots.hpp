#pragma once
// Computer players. A bot sees only its seat's view, exactly what a person in that seat
// would see, so a bot can stand in for a disconnected player without cheating.
#include <optional>
#include <string_view>

#include "action.hpp"
#include "rng.hpp"
#include "view.hpp"

namespace shithead::rules {

enum class bot_kind : std::uint8_t {
  random,  // any legal action, uniformly
  greedy,  // lowest playable rank; keeps 2s, 10s and other powers; picks up only when it must
};
std::string_view to_string(bot_kind k);
std::optional<bot_kind> parse_bot_kind(std::string_view name);

// The bot's action for `view.viewer`, or nullopt when it has nothing to do (not its
// turn and no burn-in it wants to make).
std::optional<action> choose_action(bot_kind kind, const seat_view& view, rng& random);

}  // namespace shithead::rules
