// Questions about a game that legal_actions, validate and apply all ask.
#include "rules/engine_detail.hpp"

#include "rules/engine.hpp"

namespace shithead::rules {

card_source active_source(const game_state& state, int seat) {
  const auto& s = detail::seat_of(state, seat);
  if (!s.hand.empty() || !state.stock.empty()) return card_source::hand;
  if (!s.face_up.empty()) return card_source::face_up;
  return card_source::face_down;
}

bool rank_playable(const game_state& state, rank r) { return has_rank(state.rules.playable_on(state.pile.top), r); }

int seat_to_act(const game_state& state) {
  switch (state.current_phase) {
    case phase::swap:
      for (int s = 0; s < state.players; ++s)
        if (!detail::seat_of(state, s).swapped) return s;
      return -1;
    case phase::play: return state.current;
    case phase::over: return -1;
  }
  return -1;
}

namespace detail {

const std::vector<card>& source_cards(const game_state& s, int seat, card_source source) {
  const auto& st = seat_of(s, seat);
  return source == card_source::hand ? st.hand : st.face_up;
}

std::vector<card>& source_cards(game_state& s, int seat, card_source source) {
  auto& st = seat_of(s, seat);
  return source == card_source::hand ? st.hand : st.face_up;
}

rank_counts count_ranks(const std::vector<card>& cards) {
  rank_counts counts{};
  for (card c : cards) ++counts[rank_of(c)];
  return counts;
}

int next_seat(const game_state& s, int from) {
  int seat = from;
  for (int i = 0; i < s.players; ++i) {
    seat = (seat + s.direction + s.players) % s.players;
    if (seat_of(s, seat).place == 0) return seat;
  }
  return from;
}

bool plays_from_table(const game_state& s, int seat) {
  return s.rules.play_from_table && active_source(s, seat) == card_source::hand;
}

bool may_turn_face_down(const game_state& s, int seat) {
  if (active_source(s, seat) == card_source::face_down) return true;
  const auto& st = seat_of(s, seat);
  return s.rules.play_from_table && st.face_down_left() > static_cast<int>(st.face_up.size());
}

bool fresh_wait_on_top(const game_state& s) {
  const top_state top = s.pile.top;
  return top.top != 0 && !top.used && s.rules.powers[top.top] == power::wait;
}

bool has_alternative_to_pickup(const game_state& s, int seat) {
  if (may_turn_face_down(s, seat)) return true;  // a face-down card can always be turned
  if (fresh_wait_on_top(s)) return true;
  const rank_mask playable = s.rules.playable_on(s.pile.top);
  const card_source source = active_source(s, seat);
  for (card c : source_cards(s, seat, source))
    if (has_rank(playable, rank_of(c))) return true;
  if (plays_from_table(s, seat))
    for (card c : seat_of(s, seat).face_up)
      if (has_rank(playable, rank_of(c))) return true;
  return false;
}

std::array<open_run, 2> open_runs(const game_state& s) {
  const auto& p = s.pile;
  const auto missing = [&](rank r, int length) {
    if (r == 0 || r == rank_joker || s.rules.run_burn[r] == 0 || length == 0) return 0;
    return s.rules.run_burn[r] - length;
  };
  return {open_run{p.run_rank, missing(p.run_rank, p.run_length)},
          open_run{p.invisible_run_rank, missing(p.invisible_run_rank, p.invisible_run_length)}};
}

}  // namespace detail
}  // namespace shithead::rules
