// The greedy bot: sheds its lowest plain rank, keeps its powers (2s, 10s, invisible
// cards, jokers) until nothing else goes, and picks up only when it must.
#include <algorithm>

#include "rules/bot_policy.hpp"
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
  return swap_action{greedy_face_up(view.rules, std::move(pool), own.face_up.size()), false};
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
long play_score(const ruleset& rules, int own_cards_left, const play_action& play) {
  const rank r = rank_of(play.cards[0]);
  // Where the last card may not be a 2 or 10 (isf), hoarding them ends in a hand that
  // cannot go out: shed them first once few cards are left.
  if (has_rank(rules.cannot_finish_on, r) && own_cards_left <= 4) return -1000L + r;
  if (!is_power(rules, r)) return r * 100L - play.cards.size();
  return 10'000L + r * 100L + play.cards.size();
}

}  // namespace

std::vector<card> greedy_face_up(const ruleset& rules, std::vector<card> pool, std::size_t count) {
  std::stable_sort(pool.begin(), pool.end(), [&](card a, card b) { return strength(rules, a) > strength(rules, b); });
  pool.resize(std::min(count, pool.size()));
  return pool;
}

std::size_t greedy_pick(const ruleset& rules, int own_cards_left, std::span<const action> legal) {
  std::size_t best_play = legal.size();
  long best_score = 0;
  std::size_t other = legal.size();  // face-down turn, then wait, then pick-up: first listed wins
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (const auto* play = std::get_if<play_action>(&legal[i])) {
      const long score = play_score(rules, own_cards_left, *play);
      if (best_play == legal.size() || score < best_score) {
        best_play = i;
        best_score = score;
      }
    } else if (other == legal.size()) {
      other = i;
    }
  }
  return best_play < legal.size() ? best_play : other;
}

// Greedy's worst flaw: it leads its lowest card, and when that is a 9 ("nine or lower")
// or an isf 7 the next seat, holding nothing that low, picks it up and leads it straight
// back, for ever. A normal player leads a plain rank onto an empty pile while one goes.
std::size_t normal_pick(const ruleset& rules, int own_cards_left, bool pile_empty, std::span<const action> legal) {
  const std::size_t pick = greedy_pick(rules, own_cards_left, legal);
  if (!pile_empty || pick >= legal.size()) return pick;
  const auto special = [&](const action& a) {
    const rank r = rank_of(std::get<play_action>(a).cards[0]);
    return r == rank_joker || rules.powers[r] != power::none || rules.reverses_on(r) || rules.skips_on(r);
  };
  if (!std::holds_alternative<play_action>(legal[pick]) || !special(legal[pick])) return pick;
  std::size_t best = pick;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (!std::holds_alternative<play_action>(legal[i]) || special(legal[i])) continue;
    if (best == pick || play_score(rules, own_cards_left, std::get<play_action>(legal[i])) <
                            play_score(rules, own_cards_left, std::get<play_action>(legal[best])))
      best = i;
  }
  return best;
}

namespace {

std::optional<action> choose_by(const seat_view& view, std::size_t pick) {
  if (pick >= view.legal.size()) return std::nullopt;
  if (const auto* play = std::get_if<play_action>(&view.legal[pick])) {
    play_action chosen = *play;
    if (chosen.target >= 0) chosen.target = best_target(view);
    return chosen;
  }
  if (view.current != view.viewer) return std::nullopt;
  return view.legal[pick];
}

}  // namespace

std::optional<action> choose_normal(const seat_view& view, rng&) {
  if (view.current_phase == phase::swap) return choose_swap(view);
  const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
  return choose_by(view, normal_pick(view.rules, cards_left(own), view.pile.empty(), view.legal));
}

std::optional<action> choose_greedy(const seat_view& view, rng&) {
  if (view.current_phase == phase::swap) return choose_swap(view);
  const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
  return choose_by(view, greedy_pick(view.rules, cards_left(own), view.legal));
}

}  // namespace shithead::rules
