// Following the public events of a game from one seat.
#include "rules/seat_memory.hpp"

#include <algorithm>

namespace shithead::rules {
namespace {

// Removes one copy of each of `cards` from `zone` where there is one.
template <class Cards>
void forget(std::vector<card>& zone, const Cards& cards) {
  for (card c : cards) {
    auto it = std::find(zone.begin(), zone.end(), c);
    if (it != zone.end()) zone.erase(it);
  }
}

// `a` minus `b`, as multisets.
std::vector<card> minus(std::vector<card> a, const std::vector<card>& b) {
  forget(a, b);
  return a;
}

}  // namespace

seat_memory::seat_memory(int viewer, int players) : viewer_(viewer), known_(static_cast<std::size_t>(players)) {}

void seat_memory::observe(const seat_view& before, std::span<const event> events, const seat_view& after) {
  if (known_.size() != before.seats.size()) known_.resize(before.seats.size());
  std::vector<card> pile = before.pile;  // as the events change it
  card revealed{};                       // a face-down card turned and not yet played
  const auto take = [&](int seat, std::vector<card> cards) {
    if (seat < 0 || seat >= static_cast<int>(known_.size()) || seat == viewer_) return;
    auto& known = known_[static_cast<std::size_t>(seat)];
    known.insert(known.end(), cards.begin(), cards.end());
  };
  for (const event& e : events) {
    switch (e.type) {
      case event_type::swapped: {
        // Cards that left the face-up row went into the hand; those that came to it
        // left the hand.
        const auto& was = before.seats[static_cast<std::size_t>(e.seat)].face_up;
        const auto& now = after.seats[static_cast<std::size_t>(e.seat)].face_up;
        if (e.seat != viewer_) forget(known_[static_cast<std::size_t>(e.seat)], minus(now, was));
        take(e.seat, minus(was, now));
        break;
      }
      case event_type::revealed: revealed = e.cards.empty() ? card{} : e.cards[0]; break;
      case event_type::played:
        pile.insert(pile.end(), e.cards.begin(), e.cards.end());
        if (e.source == card_source::hand && e.seat != viewer_)
          forget(known_[static_cast<std::size_t>(e.seat)], e.cards);
        revealed = card{};
        break;
      case event_type::burned:
        burned_.insert(burned_.end(), pile.begin(), pile.end());
        pile.clear();
        break;
      case event_type::picked_up:
        if (!revealed.empty()) pile.push_back(revealed);
        take(e.seat, pile);
        pile.clear();
        revealed = card{};
        break;
      case event_type::cannot_finish:  // the played cards are on `pile` already
        take(e.seat, pile);
        pile.clear();
        break;
      case event_type::pile_given:
        take(e.other, pile);
        pile.clear();
        break;
      default: break;
    }
  }
  // A hand never holds more known cards than it has cards (a seat out of the game holds none).
  for (std::size_t s = 0; s < known_.size() && s < after.seats.size(); ++s) {
    auto& known = known_[s];
    const auto most = static_cast<std::size_t>(std::max(0, after.seats[s].hand_count));
    if (known.size() > most)
      known.erase(known.begin(), known.begin() + static_cast<std::ptrdiff_t>(known.size() - most));
  }
}

}  // namespace shithead::rules
