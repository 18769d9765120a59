// Building what one seat, or a spectator, may see.
#include "rules/view.hpp"

#include "rules/engine.hpp"

namespace shithead::rules {

void view_for(const game_state& state, int seat, seat_view& out) {
  const bool is_seat = seat >= 0 && seat < state.players;
  out.viewer = is_seat ? seat : spectator;
  out.rules = state.rules;
  out.current_phase = state.current_phase;
  out.players = state.players;
  out.dealer = state.dealer;
  out.current = state.current;
  out.direction = state.direction;
  out.turns = state.turns;
  out.seats.resize(state.seats.size());
  for (std::size_t i = 0; i < state.seats.size(); ++i) {
    const auto& from = state.seats[i];
    auto& to = out.seats[i];
    to.hand_count = static_cast<int>(from.hand.size());
    to.face_up = from.face_up;
    to.face_down.resize(from.face_down.size());
    for (std::size_t slot = 0; slot < from.face_down.size(); ++slot) to.face_down[slot] = !from.face_down[slot].empty();
    to.swapped = from.swapped;
    to.place = from.place;
  }
  if (is_seat) {
    out.hand = state.seats[static_cast<std::size_t>(seat)].hand;
  } else {
    out.hand.clear();
  }
  out.pile = state.pile.cards;
  out.top = state.pile.top;
  out.run_rank = state.pile.run_rank;
  out.run_length = state.pile.run_length;
  out.stock_count = static_cast<int>(state.stock.size());
  out.burned = state.burned;
  out.finish_order = state.finish_order;
  out.shithead = state.shithead;
  out.abandoned = state.abandoned;
  if (is_seat) {
    legal_actions(state, seat, out.legal);
  } else {
    out.legal.clear();
  }
}

seat_view view_for(const game_state& state, int seat) {
  seat_view view;
  view_for(state, seat, view);
  return view;
}

seat_view spectator_view(const game_state& state) { return view_for(state, spectator); }

}  // namespace shithead::rules
