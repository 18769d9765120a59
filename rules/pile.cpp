// The play pile: what counts on top, and the runs that make N of a kind.
#include "rules/engine_detail.hpp"

namespace shithead::rules::detail {

void pile_add(pile_state& pile, const ruleset& rules, const card_set& cards) {
  const rank played = rank_of(cards[0]);
  const int n = cards.size();
  pile.cards.insert(pile.cards.end(), cards.begin(), cards.end());
  const bool invisible = played == rank_joker || rules.powers[played] == power::invisible;
  if (invisible) {
    // The pile keeps its value, but a fresh lower card is cancelled.
    if (pile.top.top != 0 && rules.powers[pile.top.top] == power::lower) pile.top.used = true;
    if (played == pile.invisible_run_rank) {
      pile.invisible_run_length += n;
    } else {
      pile.invisible_run_rank = played;
      pile.invisible_run_length = n;
    }
    return;
  }
  pile.top = top_state{played, false};
  if (played == pile.run_rank) {
    pile.run_length += n;
  } else {
    pile.run_rank = played;
    pile.run_length = n;
  }
  pile.invisible_run_rank = 0;
  pile.invisible_run_length = 0;
}

bool pile_burns(const pile_state& pile, const ruleset& rules, rank played) {
  if (played != rank_joker && rules.powers[played] == power::burn) return true;
  const auto reaches = [&](rank r, int length) {
    return r != 0 && r != rank_joker && rules.run_burn[r] > 0 && length >= rules.run_burn[r];
  };
  return reaches(pile.run_rank, pile.run_length) || reaches(pile.invisible_run_rank, pile.invisible_run_length);
}

void pile_clear(pile_state& pile) {
  pile.cards.clear();
  pile.top = top_state{};
  pile.run_rank = 0;
  pile.run_length = 0;
  pile.invisible_run_rank = 0;
  pile.invisible_run_length = 0;
}

}  // namespace shithead::rules::detail
