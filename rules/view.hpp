#pragma once
// What one seat, or a spectator, may know of a game: the only thing ever sent to a
// player and the only thing a bot decides from. Opponents' hands, every face-down card
// (the owner's too) and the stock order appear only as counts.
#include <vector>

#include "action.hpp"
#include "card.hpp"
#include "game_state.hpp"
#include "ruleset.hpp"

namespace shithead::rules {

inline constexpr int spectator = -1;

struct public_seat {
  int hand_count = 0;
  std::vector<card> face_up;
  std::vector<bool> face_down;  // by slot: true while a card lies there
  bool swapped = false;
  int place = 0;
  friend bool operator==(const public_seat&, const public_seat&) = default;
};

struct seat_view {
  int viewer = spectator;
  ruleset rules;
  phase current_phase = phase::swap;
  int players = 0;
  int dealer = 0;
  int current = -1;
  int direction = 1;
  int turns = 0;
  std::vector<public_seat> seats;
  std::vector<card> hand;  // the viewer's own hand; empty for a spectator
  std::vector<card> pile;  // bottom first; every card on it was played face up
  top_state top;
  rank run_rank = 0;
  int run_length = 0;
  int stock_count = 0;
  int burned = 0;
  std::vector<int> finish_order;
  int shithead = -1;
  bool abandoned = false;
  std::vector<action> legal;  // what the viewer may do now (empty for a spectator)
  friend bool operator==(const seat_view&, const seat_view&) = default;
};

// Fills `out`, reusing its buffers.
void view_for(const game_state& state, int seat, seat_view& out);
seat_view view_for(const game_state& state, int seat);
seat_view spectator_view(const game_state& state);

}  // namespace shithead::rules
