// The greedy bot: sheds its lowest plain rank, keeps its powers (2s, 10s, invisible
// cards, jokers) until nothing else goes, and picks up only when it must.
#include <algorithm>

#include "rules/bots.hpp"

namespace shithead::rules {
namespace {

bool is_power(const ruleset& rules, rank r) {
  if (r == rank_joker) return true;
  const power p = rules.powers[r];
  return p == power::reset || p == power::invisible || p == power::burn;
}

// How much a card is worth keeping face up for the end of the game.
int strength(const ruleset& rules, card c) {
  const rank r = rank_of(c);
  if (r == rank_joker) return 40;
  switch (rules.powers[r]) {
    case power::burn: return 50;
    case power::reset: return 45;
    case power::invisible: return 35;
    default: return r;
  }
}

action choose_swap(const seat_view& view) {
  const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
  std::vector<card> pool = view.hand;
  pool.insert(pool.end(), own.face_up.begin(), own.face_up.end());
  std::stable_sort(pool.begin(), pool.end(), [&](card a, card b) {
    return strength(view.rules, a) > strength(view.rules, b);
  });
  pool.resize(own.face_up.size());
  return swap_action{pool, false};
}

int cards_left(const public_seat& s) {
  return s.hand_count + static_cast<int>(s.face_up.size()) +
         static_cast<int>(std::count(s.face_down.begin(), s.face_down.end(), true));
}

// The receiver of a give-pile joker: the opponent closest to going out.
int best_target(const seat_view& view) {
  int best = -1;
  for (int s = 0; s < view.players; ++s) {
    const auto& seat = view.seats[static_cast<std::size_t>(s)];
    if (s == view.viewer || seat.place != 0) continue;
    if (best < 0 || cards_left(seat) < cards_left(view.seats[static_cast<std::size_t>(best)])) best = s;
  }
  return best;
}

// Scores a play: plain ranks first, lowest rank first, most cards of it first; powers
// after every plain rank, lowest power first, one card at a time.
long play_score(const seat_view& view, const play_action& play) {
  const rank r = rank_of(play.cards[0]);
  // Where the last card may not be a 2 or 10 (isf), hoarding them ends in a hand that
  // cannot go out: shed them first once few cards are left.
  if (has_rank(view.rules.cannot_finish_on, r)) {
    const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
    if (cards_left(own) <= 4) return -1000L + r;
  }
  if (!is_power(view.rules, r)) return r * 100L - play.cards.size();
  return 10'000L + r * 100L + play.cards.size();
}

}  // namespace

std::optional<action> choose_greedy(const seat_view& view, rng&) {
  if (view.current_phase == phase::swap) return choose_swap(view);
  const action* best_play = nullptr;
  long best_score = 0;
  const action* other = nullptr;  // face-down turn, then wait, then pick-up: first listed wins
  for (const auto& a : view.legal) {
    if (const auto* play = std::get_if<play_action>(&a)) {
      const long score = play_score(view, *play);
      if (!best_play || score < best_score) {
        best_play = &a;
        best_score = score;
      }
    } else if (!other) {
      other = &a;
    }
  }
  if (best_play) {
    play_action play = std::get<play_action>(*best_play);
    if (play.target >= 0) play.target = best_target(view);
    return play;
  }
  if (view.current != view.viewer) return std::nullopt;
  return *other;
}

}  // namespace shithead::rules
