#pragma once
// Computer players. A bot sees only its seat's view, exactly what a person in that seat
// would see, so a bot can stand in for a disconnected player without cheating.
#include <array>
#include <optional>
#include <string_view>

#include "action.hpp"
#include "rng.hpp"
#include "search_bot.hpp"
#include "seat_memory.hpp"
#include "view.hpp"

namespace shithead::rules {

enum class bot_kind : std::uint8_t {
  random,  // any legal action, uniformly
  greedy,  // lowest playable rank; keeps 2s, 10s and other powers; picks up only when it must
  easy,    // a beginner: keeps nothing back, and now and then plays too high
  normal,  // greedy without its worst flaw: never leads a special card onto an empty pile
  hard,    // searches (search_bot.hpp) with a small budget
  expert,  // searches with a large budget
};
inline constexpr std::array<bot_kind, 6> all_bot_kinds = {bot_kind::random, bot_kind::greedy, bot_kind::easy,
                                                          bot_kind::normal, bot_kind::hard,   bot_kind::expert};
std::string_view to_string(bot_kind k);
std::optional<bot_kind> parse_bot_kind(std::string_view name);

// Whether the kind searches, and then its budget.
bool searches(bot_kind kind);
search_budget budget_of(bot_kind kind);

// The bot's action for `view.viewer`, or nullopt when it has nothing to do (not its
// turn and no burn-in it wants to make). A searching bot samples the hidden cards from
// `memory` too (an empty memory: from the view alone).
std::optional<action> choose_action(bot_kind kind, const seat_view& view, rng& random, const seat_memory& memory = {});

}  // namespace shithead::rules
