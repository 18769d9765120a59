#pragma once
// What a seat may do. The acting seat is never part of an action: the engine is told
// who acts (the server takes it from the session, a record from its own field).
#include <string>
#include <variant>
#include <vector>

#include "card.hpp"
#include "card_set.hpp"

namespace shithead::rules {

// Swap phase: choose the face-up cards from hand and face-up cards together. Naming
// the dealt face-up cards keeps them. With swap stacking a seat may name more cards
// (stacks of one rank) and, with `more`, stack again after refilling its hand.
struct swap_action {
  std::vector<card> face_up;
  bool more = false;
  friend bool operator==(const swap_action&, const swap_action&) = default;
};

// One or more cards of one rank from the active source (hand, else face-up cards).
// `target` is the seat that receives the pile when a give-pile joker is played.
struct play_action {
  card_set cards;
  int target = -1;
  friend bool operator==(const play_action&, const play_action&) = default;
};

// Turn the face-down card in `slot` and play it, unseen.
struct face_down_action {
  int slot = 0;
  friend bool operator==(const face_down_action&, const face_down_action&) = default;
};

struct pickup_action {
  friend bool operator==(const pickup_action&, const pickup_action&) = default;
};

// Let a fresh wait card pass instead of matching it.
struct wait_action {
  friend bool operator==(const wait_action&, const wait_action&) = default;
};

using action = std::variant<swap_action, play_action, face_down_action, pickup_action, wait_action>;

// "swap", "play", "play_face_down", "pickup", "wait": the names records use.
std::string_view action_name(const action& a);
// Short readable form for logs and test failures: "play 3H 3S", "pickup".
std::string describe(const action& a);

}  // namespace shithead::rules
