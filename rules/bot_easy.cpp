// The easy bot: a beginner. It keeps the face-up cards it was dealt, plays its lowest
// rank with no thought of saving 2s and 10s for later, one time in three plays any card
// that goes (often too high), never completes a burn out of turn, and picks up only when
// it must.
#include "rules/bots.hpp"

namespace shithead::rules {

std::optional<action> choose_easy(const seat_view& view, rng& random) {
  const auto& own = view.seats[static_cast<std::size_t>(view.viewer)];
  if (view.current_phase == phase::swap) return swap_action{own.face_up, false};
  if (view.current != view.viewer) return std::nullopt;
  std::vector<std::size_t> plays;
  for (std::size_t i = 0; i < view.legal.size(); ++i)
    if (std::holds_alternative<play_action>(view.legal[i])) plays.push_back(i);
  if (plays.empty()) return view.legal.front();  // a face-down card, a wait, or the pile
  std::size_t pick = plays.front();              // the lowest rank, one card
  if (random.below(3) == 0) pick = plays[random.below(static_cast<std::uint32_t>(plays.size()))];
  play_action chosen = std::get<play_action>(view.legal[pick]);
  if (chosen.target >= 0) {  // a give-pile joker: to whoever comes next
    for (int k = 1; k < view.players; ++k) {
      const int seat = (view.viewer + k * view.direction + view.players * k) % view.players;
      if (view.seats[static_cast<std::size_t>(seat)].place == 0) {
        chosen.target = seat;
        break;
      }
    }
  }
  return chosen;
}

}  // namespace shithead::rules
