#pragma once
// Test helper: a game with the cards one seat cannot see dealt again at random, for
// checking that views and bots do not depend on them.
#include <vector>

#include "rules/game_state.hpp"
#include "rules/rng.hpp"

namespace shithead::rules {

// The state with every card `viewer` may not see dealt again at random into the same
// places: opponents' hands, all face-down cards and the stock.
inline game_state scramble_hidden(const game_state& s, int viewer, rng& random) {
  game_state copy = s;
  std::vector<card> hidden;
  for (int seat = 0; seat < s.players; ++seat) {
    auto& st = copy.seats[static_cast<std::size_t>(seat)];
    if (seat != viewer) hidden.insert(hidden.end(), st.hand.begin(), st.hand.end());
    for (card c : st.face_down)
      if (!c.empty()) hidden.push_back(c);
  }
  hidden.insert(hidden.end(), copy.stock.begin(), copy.stock.end());
  random.shuffle(hidden);
  std::size_t next = 0;
  for (int seat = 0; seat < s.players; ++seat) {
    auto& st = copy.seats[static_cast<std::size_t>(seat)];
    if (seat != viewer)
      for (card& c : st.hand) c = hidden[next++];
    for (card& c : st.face_down)
      if (!c.empty()) c = hidden[next++];
  }
  for (card& c : copy.stock) c = hidden[next++];
  return copy;
}

}  // namespace shithead::rules
