// Text names of the rules' enums: stable, because records, replay output and clients
// use them.
#include <string>

#include "rules/action.hpp"
#include "rules/bots.hpp"
#include "rules/error.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/ruleset.hpp"

namespace shithead::rules {

std::string_view to_string(error_code code) {
  switch (code) {
    case error_code::bad_ruleset: return "bad_ruleset";
    case error_code::bad_deal: return "bad_deal";
    case error_code::bad_seat: return "bad_seat";
    case error_code::game_over: return "game_over";
    case error_code::wrong_phase: return "wrong_phase";
    case error_code::not_your_turn: return "not_your_turn";
    case error_code::already_swapped: return "already_swapped";
    case error_code::bad_swap: return "bad_swap";
    case error_code::no_cards: return "no_cards";
    case error_code::mixed_ranks: return "mixed_ranks";
    case error_code::not_held: return "not_held";
    case error_code::not_playable: return "not_playable";
    case error_code::not_on_face_down: return "not_on_face_down";
    case error_code::bad_slot: return "bad_slot";
    case error_code::empty_pile: return "empty_pile";
    case error_code::must_play: return "must_play";
    case error_code::cannot_wait: return "cannot_wait";
    case error_code::bad_target: return "bad_target";
    case error_code::not_a_burn_in: return "not_a_burn_in";
  }
  return "unknown";
}

std::string_view to_string(power p) {
  switch (p) {
    case power::none: return "none";
    case power::reset: return "reset";
    case power::invisible: return "invisible";
    case power::burn: return "burn";
    case power::wait: return "wait";
    case power::lower: return "lower";
  }
  return "none";
}

std::string_view to_string(rank_power p) {
  switch (p) {
    case rank_power::reset: return "reset";
    case rank_power::invisible: return "invisible";
    case rank_power::burn: return "burn";
    case rank_power::wait: return "wait";
    case rank_power::lower: return "lower";
    case rank_power::lower_than_played: return "lower_than_played";
    case rank_power::reverse: return "reverse";
    case rank_power::skip: return "skip";
  }
  return "reset";
}

std::optional<rank_power> parse_rank_power(std::string_view name) {
  for (auto p : all_rank_powers)
    if (to_string(p) == name) return p;
  return std::nullopt;
}

std::string_view to_string(joker_rule j) {
  switch (j) {
    case joker_rule::none: return "none";
    case joker_rule::reverse: return "reverse";
    case joker_rule::give_pile: return "give_pile";
    case joker_rule::skip: return "skip";
  }
  return "none";
}

std::optional<joker_rule> parse_joker_rule(std::string_view name) {
  for (auto j : {joker_rule::none, joker_rule::reverse, joker_rule::give_pile, joker_rule::skip})
    if (to_string(j) == name) return j;
  return std::nullopt;
}

std::string_view to_string(start_rule s) {
  switch (s) {
    case start_rule::lowest_card: return "lowest_card";
    case start_rule::three_of_hearts: return "three_of_hearts";
    case start_rule::three_of_spades: return "three_of_spades";
    case start_rule::first_three_face_up: return "first_three_face_up";
  }
  return "lowest_card";
}

std::string_view to_string(phase p) {
  switch (p) {
    case phase::swap: return "swap";
    case phase::play: return "play";
    case phase::over: return "over";
  }
  return "over";
}

std::string_view to_string(event_type t) {
  switch (t) {
    case event_type::swapped: return "swapped";
    case event_type::play_started: return "play_started";
    case event_type::played: return "played";
    case event_type::revealed: return "revealed";
    case event_type::burned: return "burned";
    case event_type::picked_up: return "picked_up";
    case event_type::cannot_finish: return "cannot_finish";
    case event_type::pile_given: return "pile_given";
    case event_type::reversed: return "reversed";
    case event_type::skipped: return "skipped";
    case event_type::waited: return "waited";
    case event_type::drew: return "drew";
    case event_type::out: return "out";
    case event_type::turn: return "turn";
    case event_type::game_over: return "game_over";
  }
  return "turn";
}

std::string_view to_string(card_source s) {
  switch (s) {
    case card_source::hand: return "hand";
    case card_source::face_up: return "face_up";
    case card_source::face_down: return "face_down";
  }
  return "hand";
}

std::string_view to_string(bot_kind k) {
  switch (k) {
    case bot_kind::random: return "random";
    case bot_kind::greedy: return "greedy";
    case bot_kind::easy: return "easy";
    case bot_kind::normal: return "normal";
    case bot_kind::hard: return "hard";
    case bot_kind::expert: return "expert";
  }
  return "greedy";
}

std::optional<bot_kind> parse_bot_kind(std::string_view name) {
  for (auto k : all_bot_kinds)
    if (to_string(k) == name) return k;
  return std::nullopt;
}

std::string_view action_name(const action& a) {
  switch (a.index()) {
    case 0: return "swap";
    case 1: return "play";
    case 2: return "play_face_down";
    case 3: return "pickup";
    default: return "wait";
  }
}

std::string describe(const action& a) {
  std::string text(action_name(a));
  if (const auto* swap = std::get_if<swap_action>(&a)) {
    for (card c : swap->face_up) text += " " + to_string(c);
    if (swap->more) text += " (more)";
  } else if (const auto* play = std::get_if<play_action>(&a)) {
    for (card c : play->cards) text += " " + to_string(c);
    if (play->target >= 0) text += " to seat " + std::to_string(play->target);
  } else if (const auto* down = std::get_if<face_down_action>(&a)) {
    text += " slot " + std::to_string(down->slot);
  }
  return text;
}

}  // namespace shithead::rules
