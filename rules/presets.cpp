// The five presets of ../shared/design/rules.md, one per rule document.
#include "rules/ruleset.hpp"

namespace shithead::rules {
namespace {

constexpr rank seven = 7, eight = 8, nine = 9, ten = 10;

void set_power(ruleset& r, rank k, power p, bool on_anything) {
  r.powers[k] = p;
  if (on_anything) r.on_anything |= mask_of(k);
}

void set_n_of_a_kind(ruleset& r, int n) {
  for (rank k = rank_two; k <= rank_ace; ++k) r.run_burn[k] = static_cast<std::uint8_t>(n);
}

ruleset shiphead() {
  ruleset r;
  r.preset = preset_id::shiphead;
  r.hand_size = 5;
  r.voluntary_pickup = true;
  r.starter = start_rule::lowest_card;
  set_power(r, rank_two, power::reset, true);
  set_power(r, seven, power::invisible, true);
  set_power(r, eight, power::wait, false);
  set_power(r, nine, power::lower, false);
  set_power(r, ten, power::burn, true);  // not on a fresh 8 or 9: rules 2 and 3 see to it
  set_n_of_a_kind(r, 4);
  return r;
}

ruleset isf() {
  ruleset r;
  r.preset = preset_id::isf;
  r.hand_size = 3;
  r.voluntary_pickup = false;  // "if a player is able to make a legitimate move they must"
  // The seed's rules "avoid endgame situations in which no player is able to win — as is
  // occasionally the case with the popular If You Pick Up It's The Next Person's Turn
  // variation": so the one who picks up opens the next round.
  r.pickup_leads = true;
  r.starter = start_rule::three_of_hearts;
  set_power(r, rank_two, power::reset, true);
  set_power(r, seven, power::lower, false);  // so a 7 itself goes only on 2..7
  set_power(r, ten, power::burn, true);
  r.not_on[seven] = mask_of(ten);
  r.cannot_finish_on = mask_of(rank_two) | mask_of(ten);
  return r;
}

ruleset limbo() {
  ruleset r;
  r.preset = preset_id::limbo;
  r.hand_size = 3;
  r.voluntary_pickup = false;
  r.starter = start_rule::three_of_spades;
  set_power(r, rank_two, power::reset, true);
  set_power(r, 4, power::invisible, true);
  set_power(r, nine, power::lower, true);
  set_power(r, ten, power::burn, true);
  // "These may be played on top of any other card", a fresh nine included.
  r.specials_beat_lower = true;
  set_n_of_a_kind(r, 4);
  return r;
}

ruleset palace() {
  ruleset r;
  r.preset = preset_id::palace;
  r.hand_size = 3;
  r.face_up = 0;  // the seed's three piles of two, all unseen: six blind cards
  r.face_down = 6;
  r.decks = 2;  // "Two decks make it more interesting"
  r.voluntary_pickup = false;
  r.starter = start_rule::lowest_card;
  set_power(r, rank_two, power::reset, true);
  set_n_of_a_kind(r, 4);
  return r;
}

ruleset standard() {
  ruleset r;
  r.preset = preset_id::standard;
  r.hand_size = 3;
  r.voluntary_pickup = true;  // "if unable or unwilling"
  r.starter = start_rule::first_three_face_up;
  set_power(r, rank_two, power::reset, true);
  set_power(r, ten, power::burn, true);
  set_n_of_a_kind(r, 4);
  return r;
}

}  // namespace

// The uncompiled preset; make_ruleset applies overrides and compiles it.
ruleset preset_base(preset_id preset) {
  switch (preset) {
    case preset_id::shiphead: return shiphead();
    case preset_id::isf: return isf();
    case preset_id::limbo: return limbo();
    case preset_id::palace: return palace();
    case preset_id::standard: return standard();
  }
  return shiphead();
}

std::string_view to_string(preset_id p) {
  switch (p) {
    case preset_id::shiphead: return "shiphead";
    case preset_id::isf: return "isf";
    case preset_id::limbo: return "limbo";
    case preset_id::palace: return "palace";
    case preset_id::standard: return "standard";
  }
  return "shiphead";
}

std::optional<preset_id> parse_preset(std::string_view name) {
  for (auto p : all_presets)
    if (to_string(p) == name) return p;
  return std::nullopt;
}

std::string_view preset_summary(preset_id preset) {
  switch (preset) {
    case preset_id::shiphead:
      return "Hand of 5: 2 resets, 7 is invisible, an 8 must be matched or the next player misses a turn, "
             "after a 9 play a 9 or lower, 10 burns, four of a kind burns; pick up whenever you like.";
    case preset_id::isf:
      return "International Shithead Federation: hand of 3, 2 resets, after a 7 play a 7 or lower, 10 burns "
             "(never on a 7); you must play if you can, who picks up leads next, and nobody may go out on "
             "a 2 or 10.";
    case preset_id::limbo:
      return "Canteen rules: hand of 3, 2 resets, 4 is invisible, after a 9 play a 9 or lower, 10 "
             "burns, all four on anything; four of a kind burns.";
    case preset_id::palace:
      return "Palace/Karma: hand of 3, six blind cards, two decks, 2 is wild, four of a kind "
             "burns.";
    case preset_id::standard:
      return "The encyclopaedia's standard game: hand of 3, 2 resets, 10 burns on anything, "
             "four of a kind burns; pick up if unable or unwilling.";
  }
  return "";
}

}  // namespace shithead::rules
