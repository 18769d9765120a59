// Applying variant overrides to a preset, and compiling "what may be played on what".
#include "rules/ruleset.hpp"

#include <string>

namespace shithead::rules {

ruleset preset_base(preset_id preset);  // presets.cpp

namespace {

constexpr rank seven = 7, eight = 8, ten = 10;
constexpr int deck_size = 52;

rule_error bad(std::string message) { return {error_code::bad_ruleset, std::move(message)}; }

std::optional<rule_error> check_range(const std::optional<int>& value, const char* name,
                                      int low, int high) {
  if (value && (*value < low || *value > high))
    return bad(std::string(name) + " must be between " + std::to_string(low) + " and " +
               std::to_string(high) + ", not " + std::to_string(*value));
  return std::nullopt;
}

rank invisible_rank(const ruleset& r) {
  for (rank k = rank_two; k <= rank_ace; ++k)
    if (r.powers[k] == power::invisible) return k;
  return 0;
}

// Moves transparency from the preset's invisible rank (if any) to `to` (0: none). The
// new rank takes over the old one's freedom to be played on anything.
void move_invisible(ruleset& r, rank to) {
  const rank from = invisible_rank(r);
  if (from == to) return;
  bool beat_lower = false;
  if (from) {
    r.powers[from] = power::none;
    r.on_anything &= static_cast<rank_mask>(~mask_of(from));
    for (auto& m : r.beats_lower) {
      beat_lower = beat_lower || has_rank(m, from);
      m &= static_cast<rank_mask>(~mask_of(from));
    }
  }
  if (!to) return;
  for (auto& m : r.beats_lower) m &= static_cast<rank_mask>(~mask_of(to));
  r.on_anything &= static_cast<rank_mask>(~mask_of(to));
  r.powers[to] = power::invisible;
  r.on_anything |= mask_of(to);
  if (beat_lower)
    for (rank k = rank_two; k <= rank_ace; ++k)
      if (r.powers[k] == power::lower) r.beats_lower[k] |= mask_of(to);
}

void apply_lower_than_seven(ruleset& r) {
  r.powers[seven] = power::lower;
  r.strict_lower |= mask_of(seven);
  r.on_anything &= static_cast<rank_mask>(~mask_of(seven));
  for (auto& m : r.beats_lower) m &= static_cast<rank_mask>(~mask_of(seven));
  r.beats_lower[seven] = mask_of(ten);  // "except that a 10 may still be played"
  r.not_on[seven] &= static_cast<rank_mask>(~mask_of(ten));
}

rank_mask compile_cell(const ruleset& r, rank top, bool used) {
  const rank_mask joker = r.jokers == joker_rule::none ? 0 : mask_of(rank_joker);
  if (top == 0) return static_cast<rank_mask>(all_ranks | joker);
  const power p = r.powers[top];
  if (p == power::wait && !used) return mask_of(top);
  rank_mask m = 0;
  if (p == power::lower && !used) {
    const bool strict = has_rank(r.strict_lower, top);
    for (rank k = rank_two; k <= rank_ace; ++k)
      if (k < top || (k == top && !strict)) m |= mask_of(k);
    m |= r.beats_lower[top];
  } else {
    for (rank k = top; k <= rank_ace; ++k) m |= mask_of(k);
    m |= r.on_anything;
  }
  m |= joker;
  return static_cast<rank_mask>(m & ~r.not_on[top]);
}

void compile(ruleset& r) {
  for (rank top = 0; top <= rank_ace; ++top) {
    if (top == 1) continue;
    r.playable[top][0] = compile_cell(r, top, false);
    r.playable[top][1] = compile_cell(r, top, true);
  }
}

}  // namespace

result<ruleset> make_ruleset(preset_id preset, const ruleset_options& o) {
  if (auto e = check_range(o.hand_size, "hand_size", 1, 10)) return *e;
  if (auto e = check_range(o.face_up, "face_up", 0, 6)) return *e;
  if (auto e = check_range(o.face_down, "face_down", 0, 6)) return *e;
  if (auto e = check_range(o.decks, "decks", 0, 3)) return *e;
  if (auto e = check_range(o.turn_limit, "turn_limit", 1, 1'000'000)) return *e;
  if (o.n_of_a_kind && *o.n_of_a_kind != 0 && (*o.n_of_a_kind < 3 || *o.n_of_a_kind > 8))
    return bad("n_of_a_kind must be 0 (off) or between 3 and 8, not " +
               std::to_string(*o.n_of_a_kind));
  if (o.invisible && *o.invisible != 0 && (*o.invisible < rank_two || *o.invisible > rank_ace))
    return bad("invisible must be a rank from 2 to A, or none");
  if (o.invisible && *o.invisible == seven && o.lower_than_seven.value_or(false))
    return bad("the 7 cannot be both invisible and lower-than");

  ruleset r = preset_base(preset);
  r.overrides = o;
  if (o.hand_size) r.hand_size = *o.hand_size;
  if (o.face_up) r.face_up = *o.face_up;
  if (o.face_down) r.face_down = *o.face_down;
  if (o.decks) r.decks = *o.decks;
  if (o.jokers) r.jokers = *o.jokers;
  if (o.swap_stacking) r.swap_stacking = *o.swap_stacking;
  if (o.voluntary_pickup) r.voluntary_pickup = *o.voluntary_pickup;
  if (o.pickup_leads) r.pickup_leads = *o.pickup_leads;
  if (o.burn_in) r.burn_in = *o.burn_in;
  if (o.turn_limit) r.turn_limit = *o.turn_limit;
  if (o.n_of_a_kind)
    for (rank k = rank_two; k <= rank_ace; ++k)
      r.run_burn[k] = static_cast<std::uint8_t>(*o.n_of_a_kind);
  if (o.invisible) move_invisible(r, *o.invisible);
  if (o.lower_than_seven.value_or(false)) apply_lower_than_seven(r);
  if (o.tens_restricted.value_or(false))
    for (rank k : {rank_jack, rank_queen, rank_king}) r.not_on[k] |= mask_of(ten);
  if (o.three_eights_burn.value_or(false)) r.run_burn[eight] = 3;

  if (r.burn_in) {
    bool any_run = false;
    for (auto n : r.run_burn) any_run = any_run || n > 0;
    if (!any_run) return bad("burn_in needs n_of_a_kind: there is no run to complete");
  }
  compile(r);
  return r;
}

ruleset preset_ruleset(preset_id preset) { return make_ruleset(preset).value(); }

std::vector<top_state> ruleset::reachable_top_states() const {
  std::vector<top_state> states{top_state{}};
  const rank_mask invisibles = [&] {
    rank_mask m = jokers == joker_rule::none ? 0 : mask_of(rank_joker);
    for (rank k = rank_two; k <= rank_ace; ++k)
      if (powers[k] == power::invisible) m |= mask_of(k);
    return m;
  }();
  for (rank k = rank_two; k <= rank_ace; ++k) {
    if (powers[k] == power::invisible || powers[k] == power::burn) continue;
    states.push_back({k, false});
    const bool used_reachable =
        powers[k] == power::wait ||
        (powers[k] == power::lower && (playable[k][0] & invisibles) != 0);
    if (used_reachable) states.push_back({k, true});
  }
  return states;
}

int ruleset::decks_for(int players) const {
  const int per_deck = deck_size + (jokers == joker_rule::none ? 0 : 2);
  const int needed = players * cards_per_player();
  if (decks > 0) return needed <= decks * per_deck ? decks : 0;
  for (int d = 1; d <= 3; ++d)
    if (needed <= d * per_deck) return d;
  return 0;
}

}  // namespace shithead::rules
