#pragma once
// The rule model of ../shared/design/rules.md as data. A ruleset is a preset plus
// variant overrides; `make_ruleset` checks the overrides and compiles the table of what
// may be played on what, so the engine never re-derives it during a game.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "card.hpp"
#include "error.hpp"

namespace shithead::rules {

enum class preset_id : std::uint8_t { shiphead, isf, limbo, palace, standard };
inline constexpr std::array<preset_id, 5> all_presets = {preset_id::shiphead, preset_id::isf, preset_id::limbo,
                                                         preset_id::palace, preset_id::standard};

std::string_view to_string(preset_id p);
std::optional<preset_id> parse_preset(std::string_view name);

// What a rank does when played. A rank has at most one power.
enum class power : std::uint8_t {
  none,
  reset,      // anything may follow it (2)
  invisible,  // the pile keeps the value of the card below (7 in shiphead)
  burn,       // the pile leaves the game; the same player plays again (10)
  wait,       // the next player plays the same rank or waits once (8 in shiphead)
  lower,      // the next play must be this rank or lower (9 in shiphead, 7 in isf)
};
std::string_view to_string(power p);

// The powers a table may give any rank (the `powers` house rule), as the rule documents
// name them. A rank holds at most one pile power (reset, invisible, burn, wait, lower,
// lower_than_played) and at most one turn power (reverse, skip); a burn never skips
// (its player plays again). `lower_than_played` is a strict lower card: `power::lower`
// with the rank in `strict_lower`. How they combine: rules/README.md.
enum class rank_power : std::uint8_t {
  reset,
  invisible,
  burn,
  wait,
  lower,
  lower_than_played,
  reverse,
  skip,
};
inline constexpr std::array<rank_power, 8> all_rank_powers = {
    rank_power::reset, rank_power::invisible,         rank_power::burn,    rank_power::wait,
    rank_power::lower, rank_power::lower_than_played, rank_power::reverse, rank_power::skip};
std::string_view to_string(rank_power p);
std::optional<rank_power> parse_rank_power(std::string_view name);

using rank_power_set = std::uint16_t;  // one bit per rank_power
constexpr rank_power_set bit_of(rank_power p) { return static_cast<rank_power_set>(1u << static_cast<unsigned>(p)); }
constexpr bool has_power(rank_power_set set, rank_power p) { return (set & bit_of(p)) != 0; }

// One rank's powers as a table sets them; they replace whatever the preset gave it
// (an empty set takes every power away).
struct rank_powers {
  rank r = 0;
  rank_power_set powers = 0;
  friend bool operator==(const rank_powers&, const rank_powers&) = default;
};

enum class joker_rule : std::uint8_t {
  none,       // no jokers in the deck
  reverse,    // two jokers a deck; a joker reverses the direction of play
  give_pile,  // two jokers a deck; a joker hands the pile to an opponent of the player's choice
  skip,       // two jokers a deck; each joker played skips the next seat
};
std::string_view to_string(joker_rule j);
std::optional<joker_rule> parse_joker_rule(std::string_view name);

enum class start_rule : std::uint8_t {
  lowest_card,          // lowest card in hand: 3, then 4, ... (2s do not count)
  three_of_hearts,      // whoever holds the 3 of hearts, else the lowest card
  three_of_spades,      // whoever holds the 3 of spades, else the lowest card
  first_three_face_up,  // a 3 face up, else a 3 in hand, else the lowest card
};
std::string_view to_string(start_rule s);

// The state of the card that counts on top of the pile, as the card reference tables
// name it: `[R]` fresh, `<R>` after its rule was used up (an 8 waited, a 9 cancelled).
struct top_state {
  rank top = 0;       // 0: empty pile (or only invisible cards)
  bool used = false;  // the wait/lower rule of `top` no longer applies
  friend constexpr bool operator==(top_state, top_state) = default;
};

// Variant overrides over a preset. An unset field keeps the preset's value.
struct ruleset_options {
  std::optional<int> hand_size;  // 1..10 (the documented ones: 3, 5, 7)
  std::optional<int> face_up;    // 0..6
  std::optional<int> face_down;  // 0..6
  std::optional<int> decks;      // 0 = auto (fewest that deal everyone), 1..3
  std::optional<joker_rule> jokers;
  std::optional<bool> swap_stacking;      // stack equal ranks onto face-up cards in the swap
  std::optional<bool> tens_restricted;    // a 10 may not go on J, Q, K
  std::optional<bool> lower_than_seven;   // after a 7 only lower than 7, or a 10
  std::optional<bool> three_eights_burn;  // three 8s together burn the pile
  std::optional<rank> invisible;          // the transparent rank (7, 8, 3, ...); 0 = none
  std::optional<bool> voluntary_pickup;
  std::optional<bool> pickup_leads;  // who takes the pile into their hand leads next
  std::optional<bool> burn_in;       // complete N of a kind out of turn
  std::optional<int> n_of_a_kind;    // N cards of a rank together burn; 0 = off, 3..8
  std::optional<int> turn_limit;     // play-phase actions before a game is abandoned
  // Ranks given new powers, in rank order, each rank at most once (empty: the preset's).
  std::vector<rank_powers> powers;
  std::optional<bool> specials_on_anything;  // false: only the reset rank goes on anything
  std::optional<bool> play_from_table;       // face-up cards with the hand; uncovered face-down
  std::optional<bool> fixed_hand;            // no stock: what the deal leaves is set aside

  friend bool operator==(const ruleset_options&, const ruleset_options&) = default;
};

struct ruleset {
  preset_id preset = preset_id::shiphead;
  ruleset_options overrides;  // as given, so the ruleset can be written back out

  int hand_size = 5;
  int face_up = 3;
  int face_down = 3;
  int decks = 0;  // 0 = auto
  joker_rule jokers = joker_rule::none;
  bool swap_stacking = false;
  bool voluntary_pickup = true;
  // A seat that takes the pile into its hand (a pick-up, or a face-down card it could
  // not play) opens the next round on the empty pile, instead of the next seat (isf).
  bool pickup_leads = false;
  bool burn_in = false;
  // Face-up cards may be played with the hand (one rank from both), and a face-down
  // card no longer covered by a face-up card may be turned at any turn (002).
  bool play_from_table = false;
  bool fixed_hand = false;  // the cards the deal leaves are set aside, never drawn
  start_rule starter = start_rule::lowest_card;
  int turn_limit = 2000;

  std::array<power, rank_slots> powers{};  // by rank: the pile power
  rank_mask reverses = 0;                  // ranks whose play flips the direction of play (once a play)
  rank_mask skips = 0;                     // ranks of which each card played skips the next seat
  rank_mask on_anything = 0;               // ranks playable on any top but a fresh wait or lower card
  // beats_lower[L]: ranks playable on a fresh lower card L whatever their value.
  std::array<rank_mask, rank_slots> beats_lower{};
  // The on-anything ranks go even on a fresh lower card (limbo: "these may be played on
  // top of any other card").
  bool specials_beat_lower = false;
  rank_mask strict_lower = 0;                       // lower ranks L that admit ranks < L, not <= L
  std::array<rank_mask, rank_slots> not_on{};       // not_on[top]: ranks never playable on top
  std::array<std::uint8_t, rank_slots> run_burn{};  // N of a kind that burns, by rank; 0 never
  rank_mask cannot_finish_on = 0;                   // isf: a player may not go out on these ranks

  // Rules revision 1 (at_revision): a reset rank other than the 2 admitted after it only
  // what rank order and the on-anything ranks allowed, as if it were an ordinary card of
  // its value. Only a game begun under revision 1 and replayed from its record has it.
  bool reset_by_rank_order = false;

  // Compiled by make_ruleset: playable[top][used] is the set of ranks (and the joker
  // bit) that may be played on that top state. Index 0 is the empty pile.
  std::array<std::array<rank_mask, 2>, rank_slots> playable{};

  power power_of(rank r) const { return powers[r]; }
  // The rank's powers in the terms of the `powers` house rule.
  rank_power_set powers_of(rank r) const;
  bool reverses_on(rank r) const { return r == rank_joker ? jokers == joker_rule::reverse : has_rank(reverses, r); }
  bool skips_on(rank r) const { return r == rank_joker ? jokers == joker_rule::skip : has_rank(skips, r); }
  rank_mask playable_on(top_state t) const { return playable[t.top][t.used ? 1 : 0]; }
  // The top states that can occur under this ruleset, in table order: the empty pile,
  // then by rank `[R]` before `<R>`. Invisible ranks and ranks that always burn are absent.
  std::vector<top_state> reachable_top_states() const;
  // How many decks a game of `players` uses (resolving auto); 0 if even 3 decks are short.
  int decks_for(int players) const;
  int cards_per_player() const { return hand_size + face_up + face_down; }

  friend bool operator==(const ruleset&, const ruleset&) = default;
};

// The preset's ruleset with the overrides applied and checked, under the current
// revision of the rules.
result<ruleset> make_ruleset(preset_id preset, const ruleset_options& overrides = {});

// Revisions of how the engine reads a ruleset, for records that must replay as they were
// played (rules/README.md, "Revisions"). Revision 2 lets anything follow a reset of any
// rank; revision 1 did so only for the 2 (issue 32). Games in play use the current one.
inline constexpr int current_rules_revision = 2;
// Whether the revisions play differently under `r`: some rank other than the 2 resets.
bool revisions_differ(const ruleset& r);
int revision_of(const ruleset& r);
// `r` as `revision` reads it (1 or the current one), recompiled.
ruleset at_revision(ruleset r, int revision);
// The preset exactly as documented (cannot fail).
ruleset preset_ruleset(preset_id preset);

// One line for a lobby or a menu, and the whole preset in words.
std::string_view preset_summary(preset_id preset);

}  // namespace shithead::rules
