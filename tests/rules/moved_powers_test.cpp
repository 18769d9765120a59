// Every power given to another rank than its preset's (the `powers` house rule; 004:
// "Other card values can be given special attributes"; 002: "The ranks of the special
// cards are sometimes changed"), under two presets that differ in what they give the
// ranks around it: what may follow the card, and what the card does. Issue 32: a reset on
// another rank than the 2 used to admit only what rank order allowed after it.
#include <gtest/gtest.h>

#include <array>

#include "scenario.hpp"

// Popped at the end of the file: in a unity build other test files follow in the same unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace shithead::rules {
namespace {

using namespace scenario;

// shiphead: 2 reset, 7 invisible, 8 wait, 9 lower, 10 burn, voluntary pick-up.
// palace: only the 2 resets, and a player picks up only when unable.
constexpr std::array<preset_id, 2> presets = {preset_id::shiphead, preset_id::palace};

ruleset with_power(preset_id p, rank r, rank_power_set powers,
                   std::source_location loc = std::source_location::current()) {
  return variant(p, {.powers = {{r, powers}}}, loc);
}

TEST(moved_powers, anything_may_follow_an_ace_that_resets_even_a_card_lower_than_it) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, rank_ace, only(rank_power::reset)), {{.hand = "3C KC 4C 5C"}, {.hand = "6H AH QD JD"}});
    t.act(0, play("3C"));
    t.act(1, play("6H"));
    t.act(0, play("KC"));
    t.act(1, play("AH"));
    EXPECT_EQ(t.top(), (top_state{rank_ace, false}));
    EXPECT_TRUE(t.accepts(0, play("4C")));
    EXPECT_TRUE(t.accepts(0, play("5C")));
    EXPECT_EQ(t.state.rules.playable_on(top_state{rank_ace, false}), all_ranks);
  }
}

TEST(moved_powers, a_jack_that_resets_is_followed_even_by_a_card_the_ruleset_keeps_off_jacks) {
  // tens_restricted: "a 10 may not go on a J, Q or K"; a reset leaves nothing to be on.
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    const auto rules = variant(p, {.tens_restricted = true, .powers = {{rank_jack, only(rank_power::reset)}}});
    table t(rules, {{.hand = "3C JC QC 4C"}, {.hand = "5H 10H 6H 6D"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    t.act(0, play("JC"));
    EXPECT_TRUE(t.accepts(1, play("10H")));
    EXPECT_FALSE(has_rank(rules.playable_on(top_state{rank_queen, false}), 10));  // a queen still keeps it off
  }
}

TEST(moved_powers, a_five_that_burns_goes_on_anything_clears_the_pile_and_its_player_plays_again) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, 5, only(rank_power::burn)), {{.hand = "3C 5C 6C 4C"}, {.hand = "4H KH QH JH"}});
    t.act(0, play("3C"));
    t.act(1, play("KH"));
    t.act(0, play("5C"));
    EXPECT_NE(t.saw(event_type::burned), nullptr);
    EXPECT_TRUE(t.pile().empty());
    EXPECT_EQ(t.current(), 0);
    EXPECT_TRUE(t.accepts(0, play("4C")));  // on the empty pile
  }
}

TEST(moved_powers, a_jack_that_is_invisible_leaves_the_card_below_it_to_be_followed) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, rank_jack, only(rank_power::invisible)), {{.hand = "3C JC 6C 4C"}, {.hand = "5H 4H KH 6H"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    t.act(0, play("JC"));
    EXPECT_EQ(t.top(), (top_state{5, false}));
    t.refuse(1, play("4H"), error_code::not_playable);
    EXPECT_TRUE(t.accepts(1, play("6H")));  // lower than the jack, not than the 5
    EXPECT_TRUE(t.accepts(1, play("KH")));
  }
}

TEST(moved_powers, a_queen_that_waits_must_be_answered_with_a_queen_or_a_missed_turn) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, rank_queen, only(rank_power::wait)), {{.hand = "3C QC 4C"}, {.hand = "5H KH QH AH"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    t.act(0, play("QC"));
    t.refuse(1, play("KH"), error_code::not_playable);
    t.refuse(1, play("AH"), error_code::not_playable);
    EXPECT_TRUE(t.accepts(1, play("QH")));
    t.act(1, wait_turn());
    EXPECT_EQ(t.current(), 0);
    EXPECT_EQ(t.top(), (top_state{rank_queen, true}));  // waited: a plain queen now
  }
}

TEST(moved_powers, after_a_king_that_lowers_the_next_card_is_a_king_or_lower) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, rank_king, only(rank_power::lower)), {{.hand = "3C KC 4C"}, {.hand = "5H AH KH 6H"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    t.act(0, play("KC"));
    t.refuse(1, play("AH"), error_code::not_playable);
    EXPECT_TRUE(t.accepts(1, play("KH")));
    EXPECT_TRUE(t.accepts(1, play("6H")));
  }
}

TEST(moved_powers, after_a_jack_lower_than_played_the_next_card_is_strictly_lower) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, rank_jack, only(rank_power::lower_than_played)),
            {{.hand = "3C JC 4C"}, {.hand = "5H JH QH 6H"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    t.act(0, play("JC"));
    t.refuse(1, play("JH"), error_code::not_playable);
    t.refuse(1, play("QH"), error_code::not_playable);
    EXPECT_TRUE(t.accepts(1, play("6H")));
  }
}

TEST(moved_powers, a_six_that_reverses_turns_the_play_back_and_keeps_its_value) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, 6, only(rank_power::reverse)),
            {{.hand = "3C 6C 4C"}, {.hand = "4H 5H KH"}, {.hand = "4S 5S QS"}});
    t.act(0, play("3C"));
    t.act(1, play("4H"));
    t.act(2, play("5S"));
    t.act(0, play("6C"));
    EXPECT_NE(t.saw(event_type::reversed, 0), nullptr);
    EXPECT_EQ(t.current(), 2);
    EXPECT_EQ(t.top(), (top_state{6, false}));
    t.refuse(2, play("4S"), error_code::not_playable);
  }
}

TEST(moved_powers, a_five_that_skips_passes_over_the_next_seat) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(with_power(p, 5, only(rank_power::skip)),
            {{.hand = "3C 6C 4C"}, {.hand = "5H 4H KH"}, {.hand = "4S QS JS"}});
    t.act(0, play("3C"));
    t.act(1, play("5H"));
    const event* skipped = t.saw(event_type::skipped, 1);
    ASSERT_NE(skipped, nullptr);
    EXPECT_EQ(skipped->other, 2);
    EXPECT_EQ(t.current(), 0);
    EXPECT_TRUE(t.accepts(0, play("6C")));
  }
}

TEST(moved_powers, a_give_pile_joker_hands_the_pile_to_the_seat_named_under_either_preset) {
  for (const auto p : presets) {
    SCOPED_TRACE(to_string(p));
    table t(variant(p, {.jokers = joker_rule::give_pile}),
            {{.hand = "3C 4C 6C"}, {.hand = "4H BJ 5H"}, {.hand = "4S 5S 6S"}});
    t.act(0, play("3C"));
    t.act(1, play("BJ", 2));
    EXPECT_TRUE(t.pile().empty());
    EXPECT_EQ(t.hand(2), bag("3C BJ 4S 5S 6S"));
    EXPECT_EQ(t.current(), 2);  // the turn passes on as usual, to an empty pile
  }
}

}  // namespace
}  // namespace shithead::rules

#pragma GCC diagnostic pop
