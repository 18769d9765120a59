#pragma once
// Errors as values: a rule violation or a bad setting is never an exception.
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace shithead::rules {

// Stable codes: they travel to clients and into replay output, so never renumber or
// rename one; add new ones at the end.
enum class error_code {
  bad_ruleset,       // a setting is out of range or settings contradict each other
  bad_deal,          // an explicit deal is impossible (too many copies, wrong seats)
  bad_seat,          // no such seat
  game_over,         // the game has ended
  wrong_phase,       // a swap during play, or a play during the swap
  not_your_turn,     // another seat is to act
  already_swapped,   // this seat has confirmed its swap
  bad_swap,          // the face-up cards named are not this seat's, or too many/few
  no_cards,          // a play naming no cards
  mixed_ranks,       // a play of more than one rank
  not_held,          // the cards are not in the seat's active source
  not_playable,      // the rank may not be played on the pile
  not_on_face_down,  // a face-down play while the seat has other cards to play
  bad_slot,          // the face-down slot is out of range or already played
  empty_pile,        // a pick-up of an empty pile
  must_play,         // a pick-up while able to play, without voluntary pick-up
  cannot_wait,       // a wait with no fresh wait card, or while on face-down cards
  bad_target,        // a joker's pile handed to nobody, oneself or a player who is out
  not_a_burn_in,     // an out-of-turn play that does not complete a burn
};

std::string_view to_string(error_code code);

struct rule_error {
  error_code code;
  std::string message;
};

// A value or the reason there is none. The protocol layer uses it with its own error.
template <class T, class Error = rule_error>
class result {
 public:
  result(T value) : v_(std::move(value)) {}
  result(Error error) : v_(std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace shithead::rules
