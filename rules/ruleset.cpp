// Applying variant overrides to a preset, and compiling "what may be played on what".
#include "rules/ruleset.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <utility>

namespace shithead::rules {

ruleset preset_base(preset_id preset);  // presets.cpp

namespace {

constexpr rank seven = 7, eight = 8, ten = 10;
constexpr int deck_size = 52;

rule_error bad(std::string message) { return {error_code::bad_ruleset, std::move(message)}; }

std::optional<rule_error> check_range(const std::optional<int>& value, const char* name, int low, int high) {
  if (value && (*value < low || *value > high))
    return bad(std::string(name) + " must be between " + std::to_string(low) + " and " + std::to_string(high) +
               ", not " + std::to_string(*value));
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
  if (from) {
    r.powers[from] = power::none;
    r.on_anything &= static_cast<rank_mask>(~mask_of(from));
  }
  if (!to) return;
  r.powers[to] = power::invisible;
  r.on_anything |= mask_of(to);
}

constexpr rank_power_set pile_powers = bit_of(rank_power::reset) | bit_of(rank_power::invisible) |
                                       bit_of(rank_power::burn) | bit_of(rank_power::wait) | bit_of(rank_power::lower) |
                                       bit_of(rank_power::lower_than_played);
constexpr rank_power_set turn_powers = bit_of(rank_power::reverse) | bit_of(rank_power::skip);

std::optional<rule_error> check_powers(const std::vector<rank_powers>& list) {
  rank_mask seen = 0;
  for (const auto& entry : list) {
    if (entry.r < rank_two || entry.r > rank_ace) return bad("powers: the ranks are 2 to A");
    const std::string name(rank_name(entry.r));
    if (has_rank(seen, entry.r)) return bad("powers: " + name + " is listed twice");
    seen |= mask_of(entry.r);
    if (entry.powers & ~(pile_powers | turn_powers)) return bad("powers: " + name + " has an unknown power");
    if (std::popcount(static_cast<unsigned>(entry.powers & pile_powers)) > 1)
      return bad("powers: " + name +
                 " may have only one of reset, invisible, burn, wait, lower "
                 "and lower_than_played");
    if (std::popcount(static_cast<unsigned>(entry.powers & turn_powers)) > 1)
      return bad("powers: " + name + " may reverse or skip, not both");
    if (has_power(entry.powers, rank_power::burn) && has_power(entry.powers, rank_power::skip))
      return bad("powers: " + name + " cannot burn and skip: after a burn the same player plays again");
  }
  return std::nullopt;
}

// The pile power in `set`, and whether it is strict (lower_than_played).
std::pair<power, bool> pile_power_in(rank_power_set set) {
  if (has_power(set, rank_power::reset)) return {power::reset, false};
  if (has_power(set, rank_power::invisible)) return {power::invisible, false};
  if (has_power(set, rank_power::burn)) return {power::burn, false};
  if (has_power(set, rank_power::wait)) return {power::wait, false};
  if (has_power(set, rank_power::lower)) return {power::lower, false};
  if (has_power(set, rank_power::lower_than_played)) return {power::lower, true};
  return {power::none, false};
}

// Gives a rank exactly `entry`'s powers. A rank that keeps its pile power keeps where it
// may be played (limbo's 9 stays "on anything"); a rank given a new one loses what the
// preset allowed it, and goes on anything if it resets, is invisible or burns (as the
// presets' 2, 7 and 10 do), else obeys the normal rule.
void give_powers(ruleset& r, const rank_powers& entry) {
  const rank k = entry.r;
  const auto bit = mask_of(k);
  const auto without_k = static_cast<rank_mask>(~bit);
  const auto [pile, strict] = pile_power_in(entry.powers);
  if (pile != r.powers[k] || strict != has_rank(r.strict_lower, k)) {
    r.powers[k] = pile;
    r.on_anything &= without_k;
    r.strict_lower &= without_k;
    r.beats_lower[k] = 0;
    for (auto& m : r.beats_lower) m &= without_k;
    if (pile == power::reset || pile == power::invisible || pile == power::burn) r.on_anything |= bit;
    if (strict) r.strict_lower |= bit;
  }
  r.reverses = has_power(entry.powers, rank_power::reverse) ? (r.reverses | bit) : (r.reverses & without_k);
  r.skips = has_power(entry.powers, rank_power::skip) ? (r.skips | bit) : (r.skips & without_k);
}

// 002: "The special cards (except Two) can lose their ability to be played over higher
// ranked cards": only reset ranks keep it.
void only_resets_on_anything(ruleset& r) {
  rank_mask resets = 0;
  for (rank k = rank_two; k <= rank_ace; ++k)
    if (r.powers[k] == power::reset) resets |= mask_of(k);
  r.on_anything &= resets;
  for (auto& m : r.beats_lower) m &= resets;
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
  // A reset leaves the pile as good as empty (000: "every card can play on it"; 002:
  // "anything beats a two"), whatever its rank, and over any restriction of the ruleset
  // (a 10 goes on a J that resets, with tens_restricted). Revision 1 read a reset of
  // another rank than the 2 by rank order, as below.
  if (p == power::reset && !r.reset_by_rank_order) return static_cast<rank_mask>(all_ranks | joker);
  if (p == power::wait && !used) return mask_of(top);
  rank_mask m = 0;
  if (p == power::lower && !used) {
    const bool strict = has_rank(r.strict_lower, top);
    for (rank k = rank_two; k <= rank_ace; ++k)
      if (k < top || (k == top && !strict)) m |= mask_of(k);
    m |= r.beats_lower[top];
    if (r.specials_beat_lower) m |= r.on_anything;
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
    return bad("n_of_a_kind must be 0 (off) or between 3 and 8, not " + std::to_string(*o.n_of_a_kind));
  if (o.invisible && *o.invisible != 0 && (*o.invisible < rank_two || *o.invisible > rank_ace))
    return bad("invisible must be a rank from 2 to A, or none");
  if (o.invisible && *o.invisible == seven && o.lower_than_seven.value_or(false))
    return bad("the 7 cannot be both invisible and lower-than");
  if (auto e = check_powers(o.powers)) return *e;
  if (o.lower_than_seven.value_or(false))
    for (const auto& entry : o.powers)
      if (entry.r == seven) return bad("powers cannot change the 7 when lower_than_seven is on");
  if (o.play_from_table.value_or(false) && o.swap_stacking.value_or(false))
    return bad(
        "play_from_table and swap_stacking do not combine: with stacks it is not clear "
        "which face-down card a face-up card covers");

  ruleset r = preset_base(preset);
  r.overrides = o;
  // One order for the same settings, so that equal rulesets compare and write equal.
  std::sort(r.overrides.powers.begin(), r.overrides.powers.end(),
            [](const rank_powers& a, const rank_powers& b) { return a.r < b.r; });
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
    for (rank k = rank_two; k <= rank_ace; ++k) r.run_burn[k] = static_cast<std::uint8_t>(*o.n_of_a_kind);
  if (o.play_from_table) r.play_from_table = *o.play_from_table;
  if (o.fixed_hand) r.fixed_hand = *o.fixed_hand;
  if (o.invisible) move_invisible(r, *o.invisible);
  for (const auto& entry : o.powers) give_powers(r, entry);
  if (!o.specials_on_anything.value_or(true)) only_resets_on_anything(r);
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

bool revisions_differ(const ruleset& r) {
  for (rank k = rank_two + 1; k <= rank_ace; ++k)
    if (r.powers[k] == power::reset) return true;
  return false;
}

int revision_of(const ruleset& r) { return r.reset_by_rank_order ? 1 : current_rules_revision; }

ruleset at_revision(ruleset r, int revision) {
  r.reset_by_rank_order = revision < 2 && revisions_differ(r);
  compile(r);
  return r;
}

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
        powers[k] == power::wait || (powers[k] == power::lower && (playable[k][0] & invisibles) != 0);
    if (used_reachable) states.push_back({k, true});
  }
  return states;
}

rank_power_set ruleset::powers_of(rank r) const {
  rank_power_set set = 0;
  switch (powers[r]) {
    case power::none: break;
    case power::reset: set |= bit_of(rank_power::reset); break;
    case power::invisible: set |= bit_of(rank_power::invisible); break;
    case power::burn: set |= bit_of(rank_power::burn); break;
    case power::wait: set |= bit_of(rank_power::wait); break;
    case power::lower:
      set |= bit_of(has_rank(strict_lower, r) ? rank_power::lower_than_played : rank_power::lower);
      break;
  }
  if (has_rank(reverses, r)) set |= bit_of(rank_power::reverse);
  if (has_rank(skips, r)) set |= bit_of(rank_power::skip);
  return set;
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
