#pragma once
// Terse scenarios for the rules tests: cards from text ("3H 10S BJ"), explicit deals,
// games already through the swap, and refusals checked to leave the game unchanged.
// Card text is parsed here rather than by the engine's parse_card, so that a bug in
// the engine's text functions cannot hide a bug in the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <ostream>
#include <source_location>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/action.hpp"
#include "rules/card.hpp"
#include "rules/card_set.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/error.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/ruleset.hpp"

namespace shithead::rules {

// Printers for readable gtest failures, found by argument-dependent lookup.
inline void PrintTo(card c, std::ostream* os) { *os << to_string(c); }
inline void PrintTo(const top_state& t, std::ostream* os) {
  if (t.top == 0) {
    *os << "empty";
    return;
  }
  *os << (t.used ? "<" : "[") << rank_name(t.top) << (t.used ? ">" : "]");
}
inline void PrintTo(error_code e, std::ostream* os) { *os << to_string(e); }
inline void PrintTo(event_type t, std::ostream* os) { *os << to_string(t); }
inline void PrintTo(card_source s, std::ostream* os) { *os << to_string(s); }
inline void PrintTo(phase p, std::ostream* os) { *os << to_string(p); }
inline void PrintTo(const action& a, std::ostream* os) { *os << describe(a); }
inline void PrintTo(const swap_action& a, std::ostream* os) { *os << describe(action{a}); }
inline void PrintTo(const play_action& a, std::ostream* os) { *os << describe(action{a}); }
inline void PrintTo(const face_down_action& a, std::ostream* os) { *os << describe(action{a}); }
inline void PrintTo(const pickup_action& a, std::ostream* os) { *os << describe(action{a}); }
inline void PrintTo(const wait_action& a, std::ostream* os) { *os << describe(action{a}); }

namespace scenario {

// A setup step that went wrong: the test cannot go on, so it ends with this exception
// (gtest reports it) after the failure has been recorded at the caller's line.
struct setup_failed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail_at(const std::source_location& loc, const std::string& what) {
  ADD_FAILURE_AT(loc.file_name(), static_cast<int>(loc.line())) << what;
  throw setup_failed(what);
}

// "2".."10", "J", "Q", "K", "A"; 0 when the text is no rank.
inline rank rank_from(std::string_view text) {
  static constexpr std::string_view names[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
  for (int i = 0; i < 13; ++i)
    if (names[i] == text) return static_cast<rank>(i + 2);
  return 0;
}

// "3H", "10S", "QC", "BJ" (black joker), "RJ" (red joker).
inline card card_from(std::string_view text, std::source_location loc = std::source_location::current()) {
  if (text == "BJ") return card::joker(joker_black);
  if (text == "RJ") return card::joker(joker_red);
  if (text.size() < 2) fail_at(loc, "bad card text '" + std::string(text) + "'");
  const rank r = rank_from(text.substr(0, text.size() - 1));
  const char s = text.back();
  const std::string_view suits = "CDHS";
  const auto suit_index = suits.find(s);
  if (r == 0 || suit_index == std::string_view::npos) fail_at(loc, "bad card text '" + std::string(text) + "'");
  return card(r, static_cast<suit>(suit_index));
}

// Cards separated by spaces, in the order written.
inline std::vector<card> cards(std::string_view text, std::source_location loc = std::source_location::current()) {
  std::vector<card> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(card_from(text.substr(i, j - i), loc));
    i = j;
  }
  return out;
}

// Cards as a sorted multiset, for comparing zones whose order the rules leave open.
inline std::vector<card> bag(std::vector<card> v) {
  std::sort(v.begin(), v.end());
  return v;
}
inline std::vector<card> bag(std::string_view text, std::source_location loc = std::source_location::current()) {
  return bag(cards(text, loc));
}

inline card_set set_of(std::string_view text, std::source_location loc = std::source_location::current()) {
  card_set out;
  for (card c : cards(text, loc)) out.push_back(c);
  return out;
}

// Actions.
inline action play(std::string_view text, int target = -1, std::source_location loc = std::source_location::current()) {
  return play_action{set_of(text, loc), target};
}
inline action turn_face_down(int slot) { return face_down_action{slot}; }
inline action pick_up() { return pickup_action{}; }
inline action wait_turn() { return wait_action{}; }
inline action swap_up(std::string_view text, bool more = false,
                      std::source_location loc = std::source_location::current()) {
  return swap_action{cards(text, loc), more};
}

// An action with the cards of a play sorted, so that lists compare whatever order the
// engine lists a play's cards in.
inline action normalized(action a) {
  if (auto* p = std::get_if<play_action>(&a)) {
    std::vector<card> v(p->cards.begin(), p->cards.end());
    std::sort(v.begin(), v.end());
    card_set sorted;
    for (card c : v) sorted.push_back(c);
    p->cards = sorted;
  }
  return a;
}
inline std::vector<action> normalized(const std::vector<action>& actions) {
  std::vector<action> out;
  for (const auto& a : actions) out.push_back(normalized(a));
  return out;
}

// One seat's cards as dealt: hand, face-up and face-down (by slot).
struct seat_cards {
  std::string_view hand;
  std::string_view up = "";
  std::string_view down = "";
};

inline deal make_deal(const std::vector<seat_cards>& seats, std::string_view stock = "",
                      std::source_location loc = std::source_location::current()) {
  deal d;
  for (const auto& s : seats) {
    d.hands.push_back(cards(s.hand, loc));
    d.face_up.push_back(cards(s.up, loc));
    d.face_down.push_back(cards(s.down, loc));
  }
  d.stock = cards(stock, loc);
  return d;
}

inline ruleset preset(preset_id p) { return preset_ruleset(p); }
inline ruleset shiphead() { return preset_ruleset(preset_id::shiphead); }

inline ruleset variant(preset_id p, const ruleset_options& options,
                       std::source_location loc = std::source_location::current()) {
  auto made = make_ruleset(p, options);
  if (!made) fail_at(loc, "make_ruleset refused the variant: " + made.error().message);
  return made.value();
}

inline ruleset shiphead_with(const ruleset_options& options,
                             std::source_location loc = std::source_location::current()) {
  return variant(preset_id::shiphead, options, loc);
}

// A rank's powers when the `powers` house rule gives it just this one.
constexpr rank_power_set only(rank_power p) { return bit_of(p); }

inline std::string error_text(const std::optional<rule_error>& e) {
  if (!e) return "accepted";
  return std::string(to_string(e->code)) + " (" + e->message + ")";
}

// Field by field: a refused action must leave every part of the game as it was.
inline void expect_same_game(const game_state& before, const game_state& after,
                             std::source_location loc = std::source_location::current()) {
  auto differs = [&](const char* what) {
    ADD_FAILURE_AT(loc.file_name(), static_cast<int>(loc.line())) << "the game changed: " << what;
  };
  if (before.rules.preset != after.rules.preset || before.rules.playable != after.rules.playable ||
      before.rules.powers != after.rules.powers)
    differs("rules");
  if (before.players != after.players) differs("players");
  if (before.dealer != after.dealer) differs("dealer");
  if (before.decks != after.decks) differs("decks");
  if (before.current_phase != after.current_phase) differs("phase");
  if (before.current != after.current) differs("current");
  if (before.direction != after.direction) differs("direction");
  if (before.seats.size() != after.seats.size()) {
    differs("seat count");
  } else {
    for (std::size_t i = 0; i < before.seats.size(); ++i) {
      const auto& a = before.seats[i];
      const auto& b = after.seats[i];
      if (a.hand != b.hand) differs("a hand");
      if (a.face_up != b.face_up) differs("face-up cards");
      if (a.face_down != b.face_down) differs("face-down cards");
      if (a.swapped != b.swapped) differs("swapped");
      if (a.place != b.place) differs("place");
    }
  }
  if (before.stock != after.stock) differs("stock");
  if (before.pile.cards != after.pile.cards) differs("pile");
  if (before.pile.top != after.pile.top) differs("pile top");
  if (before.pile.run_rank != after.pile.run_rank || before.pile.run_length != after.pile.run_length) differs("run");
  if (before.pile.invisible_run_rank != after.pile.invisible_run_rank ||
      before.pile.invisible_run_length != after.pile.invisible_run_length)
    differs("invisible run");
  if (before.burned != after.burned) differs("burned");
  if (before.turns != after.turns) differs("turns");
  if (before.finish_order != after.finish_order) differs("finish order");
  if (before.shithead != after.shithead) differs("shithead");
  if (before.abandoned != after.abandoned) differs("abandoned");
}

inline constexpr int any_seat = -2;

inline const event* find_event(const std::vector<event>& events, event_type type, int seat = any_seat) {
  for (const auto& e : events)
    if (e.type == type && (seat == any_seat || e.seat == seat)) return &e;
  return nullptr;
}
inline int count_events(const std::vector<event>& events, event_type type) {
  return static_cast<int>(std::count_if(events.begin(), events.end(), [&](const event& e) { return e.type == type; }));
}

inline std::vector<card> cards_of(const card_set& s) { return {s.begin(), s.end()}; }

// A game through its swap: every seat keeps its dealt face-up cards.
class table {
 public:
  game_state state;
  std::vector<event> events;  // from the last action

  table(const ruleset& rules, const std::vector<seat_cards>& seats, std::string_view stock = "", int dealer = -1,
        std::source_location loc = std::source_location::current()) {
    auto made = new_game(rules, static_cast<int>(seats.size()), dealer, make_deal(seats, stock, loc));
    if (!made) fail_at(loc, "new_game refused the deal: " + made.error().message);
    state = std::move(made).value();
    for (int s = 0; s < static_cast<int>(seats.size()); ++s)
      act(s, swap_up(seats[static_cast<std::size_t>(s)].up, false, loc), loc);
    if (state.current_phase != phase::play) fail_at(loc, "the game did not reach its play phase");
  }

  // Applies an action that must be legal.
  void act(int seat, const action& a, std::source_location loc = std::source_location::current()) {
    const auto refused = try_apply(state, seat, a, events);
    if (refused) fail_at(loc, "seat " + std::to_string(seat) + " " + describe(a) + " refused: " + error_text(refused));
  }

  // Expects `a` refused with `code` by validate and try_apply alike, changing nothing.
  void refuse(int seat, const action& a, error_code code, std::source_location loc = std::source_location::current()) {
    const auto checked = validate(state, seat, a);
    if (!checked || checked->code != code)
      ADD_FAILURE_AT(loc.file_name(), static_cast<int>(loc.line()))
          << "validate(seat " << seat << ", " << describe(a) << "): expected " << to_string(code) << ", got "
          << error_text(checked);
    const game_state before = state;
    std::vector<event> out{event{}};
    const auto refused = try_apply(state, seat, a, out);
    if (!refused || refused->code != code)
      ADD_FAILURE_AT(loc.file_name(), static_cast<int>(loc.line()))
          << "try_apply(seat " << seat << ", " << describe(a) << "): expected " << to_string(code) << ", got "
          << error_text(refused);
    expect_same_game(before, state, loc);
  }

  bool accepts(int seat, const action& a) const { return !validate(state, seat, a); }

  const seat_state& seat(int s) const { return state.seats[static_cast<std::size_t>(s)]; }
  std::vector<card> hand(int s) const { return bag(seat(s).hand); }
  std::vector<card> pile() const { return state.pile.cards; }
  top_state top() const { return state.pile.top; }
  int current() const { return state.current; }
  std::vector<action> legal(int s) const { return normalized(legal_actions(state, s)); }

  const event* saw(event_type type, int s = any_seat) const { return find_event(events, type, s); }
};

}  // namespace scenario
}  // namespace shithead::rules
