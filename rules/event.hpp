#pragma once
// What happened, for rooms to broadcast and clients to animate. Every field of an event
// is public knowledge except where noted: `drew` carries only a count.
#include <cstdint>
#include <string_view>
#include <vector>

#include "card.hpp"
#include "card_set.hpp"

namespace shithead::rules {

enum class event_type : std::uint8_t {
  swapped,        // seat chose its face-up cards (count of them; the view shows which)
  play_started,   // every seat has swapped; seat leads
  played,         // seat played cards from `source`
  revealed,       // seat turned face-down `slot`: cards = that card (played or picked up next)
  burned,         // the pile (count cards) left the game; reason: burn card or n of a kind
  picked_up,      // seat took the pile (count cards) into the hand
  cannot_finish,  // seat's last cards were 2s or 10s (isf): they and the pile go to the hand
  pile_given,     // seat's joker handed the pile (count cards) to `other`
  reversed,       // direction of play is now `other` (+1 or -1)
  skipped,        // seat's skip card made `other` lose its turn (one event a seat skipped)
  waited,         // seat let a fresh wait card pass
  drew,           // seat drew count cards from the stock
  out,            // seat has no cards left and finished in `place`
  turn,           // seat is to act
  game_over,      // the game ended: seat is the shithead, or -1 when abandoned
};
std::string_view to_string(event_type t);

enum class card_source : std::uint8_t { hand, face_up, face_down };
std::string_view to_string(card_source s);

enum class burn_reason : std::uint8_t { burn_card, n_of_a_kind };

struct event {
  event_type type;
  int seat = -1;
  int other = -1;  // pile_given: receiver; reversed: new direction; skipped: the seat skipped
  int count = 0;   // burned, picked_up, pile_given, drew: number of cards
  int place = 0;   // out: finishing place (1 = first out)
  int slot = -1;   // revealed: the face-down slot
  card_source source = card_source::hand;
  burn_reason reason = burn_reason::burn_card;
  bool abandoned = false;  // game_over: ended by the turn limit
  card_set cards;
  friend bool operator==(const event&, const event&) = default;
};

}  // namespace shithead::rules
