#pragma once
// What every fuzz target checks once a parse has succeeded: a broken invariant stops the
// run on the spot (libFuzzer saves the input), and a game is played on a little way so
// that inputs reach the rules as well as the readers.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/json_text.hpp"
#include "protocol/view_json.hpp"
#include "rules/engine.hpp"
#include "rules/game_state.hpp"
#include "rules/playout.hpp"
#include "rules/rng.hpp"
#include "rules/view.hpp"

namespace shithead::fuzz {

// Not assert(): it must hold in every build the fuzzers run in, NDEBUG or not.
inline void require(bool holds) {
  if (!holds) __builtin_trap();
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A seed from the input itself, so that one input always plays the same game.
inline std::uint64_t seed_of(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// Every seat's view, and the spectator's, is read back exactly by the clients' reader.
inline void check_views(const rules::game_state& state) {
  for (int seat = -1; seat < state.players; ++seat) {
    const auto view = seat < 0 ? rules::spectator_view(state) : rules::view_for(state, seat);
    const auto back = protocol::view_from_json(protocol::view_to_json(view));
    require(back.ok() && back.value() == view);
  }
}

// Plays at most `steps` bot steps: enough to cross the swap and a few turns of any deal
// without a turn limit of a million holding one input for seconds. Whoever must act
// always has something legal to do, and each thing listed is legal.
inline void play_on(rules::game_state& state, std::uint64_t seed, int steps) {
  constexpr std::array bots{rules::bot_kind::greedy, rules::bot_kind::random};
  rules::rng random(seed);
  rules::playout_buffers buffers;
  for (int i = 0; i < steps && !state.over(); ++i) {
    const int seat = rules::seat_to_act(state);
    require(seat >= 0 && seat < state.players);
    const auto legal = rules::legal_actions(state, seat);
    require(!legal.empty());
    // The swap can list thousands of choices; the first ones are enough to compare.
    for (std::size_t k = 0; k < legal.size() && k < 64; ++k) require(!rules::validate(state, seat, legal[k]));
    require(rules::play_step(state, bots, random, buffers) > 0);
  }
}

}  // namespace shithead::fuzz
