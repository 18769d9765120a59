// Listing what a seat may do, in the fixed order documented in engine.hpp.
#include <algorithm>

#include "rules/engine.hpp"
#include "rules/engine_detail.hpp"

namespace shithead::rules {
namespace {

using detail::seat_of;

// Every distinct multiset of `size` cards from `pool` (sorted), in lexicographic order.
void list_swaps(const std::vector<card>& pool, std::size_t size, std::vector<card>& chosen, std::size_t start,
                std::vector<action>& out) {
  if (chosen.size() == size) {
    out.emplace_back(swap_action{chosen, false});
    return;
  }
  for (std::size_t i = start; i + (size - chosen.size()) <= pool.size(); ++i) {
    if (i > start && pool[i] == pool[i - 1]) continue;  // same card from another deck
    chosen.push_back(pool[i]);
    list_swaps(pool, size, chosen, i + 1, out);
    chosen.pop_back();
  }
}

void swap_actions(const game_state& state, int seat, std::vector<action>& out) {
  const auto& s = seat_of(state, seat);
  if (s.swapped) return;
  std::vector<card> pool = s.hand;
  pool.insert(pool.end(), s.face_up.begin(), s.face_up.end());
  std::sort(pool.begin(), pool.end());
  std::vector<card> chosen;
  list_swaps(pool, static_cast<std::size_t>(s.face_up_stacks), chosen, 0, out);
}

// The source's cards sorted, so each rank's cards come together with the lowest suit first.
struct sorted_cards {
  std::array<card, std::size_t{3} * 54> cards;  // every card of three decks
  int size = 0;
};

void insert_sorted(sorted_cards& sorted, const std::vector<card>& source) {
  for (card c : source) {
    int i = sorted.size++;
    while (i > 0 && sorted.cards[static_cast<std::size_t>(i - 1)] > c) {
      sorted.cards[static_cast<std::size_t>(i)] = sorted.cards[static_cast<std::size_t>(i - 1)];
      --i;
    }
    sorted.cards[static_cast<std::size_t>(i)] = c;
  }
}

// The cards a seat may play from now, sorted: its active source, and with
// play_from_table its face-up cards beside its hand.
sorted_cards sort_playable(const game_state& state, int seat, card_source source) {
  sorted_cards sorted;
  insert_sorted(sorted, detail::source_cards(state, seat, source));
  if (detail::plays_from_table(state, seat)) insert_sorted(sorted, seat_of(state, seat).face_up);
  return sorted;
}

// Plays of `r` from `from` cards: every count from `min_count` up, and for a give-pile
// joker every receiving seat.
void add_plays(const game_state& state, int seat, const card* from, int available, int min_count,
               std::vector<action>& out) {
  const bool give_pile = rank_of(from[0]) == rank_joker && state.rules.jokers == joker_rule::give_pile;
  play_action play;
  for (int k = 0; k < available && k < card_set::capacity; ++k) {
    play.cards.push_back(from[k]);
    if (k + 1 < min_count) continue;
    if (!give_pile) {
      out.emplace_back(play);
      continue;
    }
    for (int target = 0; target < state.players; ++target) {
      if (target == seat || !detail::in_game(state, target)) continue;
      play.target = target;
      out.emplace_back(play);
    }
    play.target = -1;
  }
}

// Calls fn(first card, count) for each rank group of the sorted source.
template <class Fn>
void for_each_rank(const sorted_cards& sorted, Fn fn) {
  for (int i = 0; i < sorted.size;) {
    int j = i;
    const rank r = rank_of(sorted.cards[static_cast<std::size_t>(i)]);
    while (j < sorted.size && rank_of(sorted.cards[static_cast<std::size_t>(j)]) == r) ++j;
    fn(&sorted.cards[static_cast<std::size_t>(i)], j - i);
    i = j;
  }
}

void burn_in_actions(const game_state& state, int seat, std::vector<action>& out) {
  const card_source source = active_source(state, seat);
  if (source == card_source::face_down) return;
  const auto runs = detail::open_runs(state);
  const auto sorted = sort_playable(state, seat, source);
  for_each_rank(sorted, [&](const card* first, int count) {
    const rank r = rank_of(*first);
    if (!rank_playable(state, r)) return;
    for (const auto& run : runs)
      if (run.run_rank == r && run.missing > 0 && count >= run.missing)
        add_plays(state, seat, first, count, run.missing, out);
  });
}

void face_down_actions(const game_state& state, int seat, std::vector<action>& out) {
  const auto& slots = seat_of(state, seat).face_down;
  for (std::size_t slot = 0; slot < slots.size(); ++slot)
    if (!slots[slot].empty()) out.emplace_back(face_down_action{static_cast<int>(slot)});
}

void play_actions(const game_state& state, int seat, std::vector<action>& out) {
  const card_source source = active_source(state, seat);
  if (source == card_source::face_down) {
    face_down_actions(state, seat, out);
  } else {
    const rank_mask playable = state.rules.playable_on(state.pile.top);
    const auto sorted = sort_playable(state, seat, source);
    for_each_rank(sorted, [&](const card* first, int count) {
      if (has_rank(playable, rank_of(*first))) add_plays(state, seat, first, count, 1, out);
    });
    if (detail::may_turn_face_down(state, seat)) face_down_actions(state, seat, out);
    if (detail::fresh_wait_on_top(state)) out.emplace_back(wait_action{});
  }
  if (!state.pile.cards.empty() && (state.rules.voluntary_pickup || !detail::has_alternative_to_pickup(state, seat)))
    out.emplace_back(pickup_action{});
}

}  // namespace

void legal_actions(const game_state& state, int seat, std::vector<action>& out) {
  out.clear();
  if (seat < 0 || seat >= state.players) return;
  switch (state.current_phase) {
    case phase::swap: swap_actions(state, seat, out); break;
    case phase::play:
      if (seat == state.current) {
        play_actions(state, seat, out);
      } else if (state.rules.burn_in && detail::in_game(state, seat)) {
        burn_in_actions(state, seat, out);
      }
      break;
    case phase::over: break;
  }
}

std::vector<action> legal_actions(const game_state& state, int seat) {
  std::vector<action> out;
  legal_actions(state, seat, out);
  return out;
}

}  // namespace shithead::rules
