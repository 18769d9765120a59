#pragma once
// What one seat has seen of a game that its current view no longer shows: the cards each
// other seat took into its hand in public (a pile picked up or handed over, the pile and
// the cards of an isf return, a revealed face-down card that could not be played, the
// face-up cards swapped back into a hand), and the cards that burned. A searching bot
// samples the hidden cards consistently with it. Everything here was public when it
// happened: a person at the table could remember the same.
#include <span>
#include <vector>

#include "card.hpp"
#include "event.hpp"
#include "view.hpp"

namespace shithead::rules {

class seat_memory {
 public:
  seat_memory() = default;
  seat_memory(int viewer, int players);

  // Takes in one action's events, given the viewer's view just before and just after it.
  void observe(const seat_view& before, std::span<const event> events, const seat_view& after);

  int viewer() const { return viewer_; }
  int seats() const { return static_cast<int>(known_.size()); }
  // Cards `seat` is known to hold in its hand (never more than it holds).
  const std::vector<card>& known_hand(int seat) const { return known_[static_cast<std::size_t>(seat)]; }
  // Every card that has left the game by burning.
  const std::vector<card>& burned() const { return burned_; }

  friend bool operator==(const seat_memory&, const seat_memory&) = default;

 private:
  int viewer_ = spectator;
  std::vector<std::vector<card>> known_;  // by seat
  std::vector<card> burned_;
};

}  // namespace shithead::rules
