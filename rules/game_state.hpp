#pragma once
// One game as a copyable value. The engine (engine.hpp) is the only code that changes
// it; everything else reads it, and players see it only through views (view.hpp).
#include <cstdint>
#include <vector>

#include "card.hpp"
#include "ruleset.hpp"

namespace shithead::rules {

enum class phase : std::uint8_t { swap, play, over };
std::string_view to_string(phase p);

struct seat_state {
  std::vector<card> hand;
  std::vector<card> face_up;
  std::vector<card> face_down;  // by slot; an empty card marks a played slot
  int face_up_stacks = 0;       // face-up cards dealt: the number of stacks a swap may form
  bool swapped = false;
  int place = 0;  // 0 while in the game; finishing place once out (1 = first)

  int face_down_left() const;
  int cards_left() const { return static_cast<int>(hand.size() + face_up.size()) + face_down_left(); }
  friend bool operator==(const seat_state&, const seat_state&) = default;
};

// The pile and what its top means. The run counters are kept as cards are played so
// that "N of a kind" never rescans the pile.
struct pile_state {
  std::vector<card> cards;  // bottom first
  top_state top;            // the card that counts (invisible cards skipped)
  rank run_rank = 0;        // the counting rank's cards together on top (invisibles skipped)
  int run_length = 0;
  rank invisible_run_rank = 0;  // identical invisible cards at the very top
  int invisible_run_length = 0;
  friend bool operator==(const pile_state&, const pile_state&) = default;
};

struct game_state {
  ruleset rules;
  int players = 0;
  int dealer = 0;
  int decks = 1;
  phase current_phase = phase::swap;
  int current = -1;   // seat to act in the play phase
  int direction = 1;  // +1 clockwise (seat + 1), -1 after a reversing joker
  std::vector<seat_state> seats;
  std::vector<card> stock;  // the next card to draw is at the back
  pile_state pile;
  int burned = 0;                 // cards out of the game
  int set_aside = 0;              // cards a fixed hand left out of the game at the deal
  int turns = 0;                  // play-phase actions applied
  std::vector<int> finish_order;  // seats in the order they went out
  int shithead = -1;              // the last seat holding cards, once the game is finished
  bool abandoned = false;

  bool over() const { return current_phase == phase::over; }
  int seats_in_game() const;
  friend bool operator==(const game_state&, const game_state&) = default;
};

}  // namespace shithead::rules
