// The rules in words (rules/words.hpp): every preset and house rule says what it does.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "rules/words.hpp"

namespace shithead::rules {
namespace {

bool mentions(const std::vector<std::string>& words, std::string_view text) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

TEST(rules_in_words, shiphead_in_words_covers_the_deal_every_power_and_who_starts) {
  const auto words = rules_in_words(preset_ruleset(preset_id::shiphead));
  EXPECT_TRUE(mentions(words, "three cards face down, three face up and a hand of five"));
  EXPECT_TRUE(mentions(words, "A 2 resets the pile"));
  EXPECT_TRUE(mentions(words, "A 7 is invisible"));
  EXPECT_TRUE(mentions(words, "An 8 must be answered with an 8, or the next player waits a turn"));
  EXPECT_TRUE(mentions(words, "After a 9 the next card must be a 9 or lower"));
  EXPECT_TRUE(mentions(words, "A 10 burns the pile"));
  EXPECT_TRUE(mentions(words, "2 and 7 may be played on anything but a fresh 8."));
  EXPECT_TRUE(mentions(words, "10 may be played on anything but a fresh 8 or a fresh 9."));
  EXPECT_TRUE(mentions(words, "Four of a kind"));
  EXPECT_TRUE(mentions(words, "You may pick up the pile instead of playing"));
  EXPECT_TRUE(mentions(words, "After a pick-up the turn passes to the next player."));
  EXPECT_TRUE(mentions(words, "lowest card in hand starts"));
}

TEST(rules_in_words, isf_in_words_says_you_must_play_and_cannot_go_out_on_2_or_10) {
  const auto words = rules_in_words(preset_ruleset(preset_id::isf));
  EXPECT_TRUE(mentions(words, "After a 7 the next card must be a 7 or lower"));
  EXPECT_TRUE(mentions(words, "10 may be played on anything but a 7"));
  EXPECT_TRUE(mentions(words, "Nobody may go out on a 2 or a 10"));
  EXPECT_TRUE(mentions(words, "You must play if you can"));
  EXPECT_TRUE(mentions(
      words, "Whoever picks up the pile (or turns up a face-down card they cannot play) starts the next round"));
  EXPECT_TRUE(mentions(words, "3 of hearts"));
  EXPECT_FALSE(mentions(words, "of a kind"));
}

TEST(rules_in_words, palace_in_words_has_six_blind_cards_and_two_decks) {
  const auto words = rules_in_words(preset_ruleset(preset_id::palace));
  EXPECT_TRUE(mentions(words, "six cards face down, none face up and a hand of three"));
  EXPECT_TRUE(mentions(words, "Two decks are used"));
  EXPECT_FALSE(mentions(words, "swap"));
  EXPECT_FALSE(mentions(words, "face-up cards"));
  EXPECT_TRUE(mentions(words, "play the face-down cards blind"));
}

TEST(rules_in_words, variants_show_in_the_words) {
  ruleset_options options;
  options.jokers = joker_rule::reverse;
  options.three_eights_burn = true;
  options.lower_than_seven = true;
  const auto rs = make_ruleset(preset_id::shiphead, options);
  ASSERT_TRUE(rs);
  const auto words = rules_in_words(rs.value());
  EXPECT_TRUE(mentions(words, "two jokers in each deck"));
  EXPECT_TRUE(mentions(words, "reverses the direction of play"));
  EXPECT_TRUE(mentions(words, "Three 8s in a row burn the pile"));
  EXPECT_TRUE(mentions(words, "After a 7 the next card must be lower than 7"));
}

ruleset made(preset_id preset, const ruleset_options& options) {
  auto rs = make_ruleset(preset, options);
  EXPECT_TRUE(rs) << rs.error().message;
  return rs ? std::move(rs).value() : preset_ruleset(preset);
}

TEST(rules_in_words, skip_jokers_say_who_misses_a_turn) {
  ruleset_options options;
  options.jokers = joker_rule::skip;
  const auto words = rules_in_words(made(preset_id::standard, options));
  EXPECT_TRUE(mentions(words, "two jokers in each deck"));
  EXPECT_TRUE(mentions(words, "A joker is invisible and makes the next player miss a turn"));
  EXPECT_TRUE(mentions(words, "two jokers played together skip the next two players"));
}

TEST(rules_in_words, a_table_that_changes_powers_says_what_each_rank_now_does) {
  ruleset_options options;
  options.powers = {{3, bit_of(rank_power::lower_than_played)},
                    {5, bit_of(rank_power::skip)},
                    {8, 0},
                    {9, bit_of(rank_power::reverse)},
                    {rank_jack, static_cast<rank_power_set>(bit_of(rank_power::burn) | bit_of(rank_power::reverse))}};
  const auto words = rules_in_words(made(preset_id::shiphead, options));
  EXPECT_TRUE(mentions(words, "After a 3 the next card must be lower than 3."));
  EXPECT_TRUE(
      mentions(words, "A 5 makes the next player miss a turn; two 5s played together skip the next two players"));
  EXPECT_TRUE(mentions(words, "An 8 is an ordinary card at this table."));
  EXPECT_FALSE(mentions(words, "must be answered with an 8"));
  EXPECT_TRUE(mentions(words, "A 9 reverses the direction of play"));
  EXPECT_FALSE(mentions(words, "After a 9"));
  EXPECT_TRUE(mentions(words, "A jack burns the pile"));
  EXPECT_TRUE(mentions(words, "A jack reverses the direction of play"));
}

TEST(rules_in_words, specials_that_lose_on_anything_follow_the_usual_rule_in_words) {
  ruleset_options options;
  options.specials_on_anything = false;
  const auto words = rules_in_words(made(preset_id::shiphead, options));
  EXPECT_TRUE(
      mentions(words, "Apart from the 2, special cards follow the usual rule: equal to or higher than the top"));
  EXPECT_FALSE(mentions(words, "10 may be played on anything"));
  EXPECT_TRUE(mentions(words, "2 may be played on anything"));
  // The preset as documented says nothing of it.
  EXPECT_FALSE(mentions(rules_in_words(preset_ruleset(preset_id::shiphead)), "usual rule"));
}

// Issue 32: jokers have no rank to be higher than, so they keep going on anything when
// the other special cards lose it, and the words say so and where they go.
TEST(rules_in_words, jokers_keep_going_on_anything_when_specials_lose_it_and_the_words_say_so) {
  ruleset_options options;
  options.specials_on_anything = false;
  options.jokers = joker_rule::reverse;
  const auto rs = made(preset_id::shiphead, options);
  const auto words = rules_in_words(rs);
  EXPECT_TRUE(mentions(words, "Apart from the 2 and the jokers, special cards follow the usual rule"));
  EXPECT_TRUE(mentions(words, "2 and jokers may be played on anything but a fresh 8."));
  EXPECT_TRUE(has_rank(rs.playable_on(top_state{rank_jack, false}), rank_joker));
  EXPECT_FALSE(has_rank(rs.playable_on(top_state{rank_jack, false}), 10));
}

TEST(rules_in_words, an_ace_that_resets_is_said_to_let_anything_follow_it_and_does) {
  ruleset_options options;
  options.powers = {{rank_ace, bit_of(rank_power::reset)}};
  const auto rs = made(preset_id::shiphead, options);
  EXPECT_TRUE(mentions(rules_in_words(rs), "An ace resets the pile: anything may follow it."));
  EXPECT_EQ(rs.playable_on(top_state{rank_ace, false}), all_ranks);
}

TEST(rules_in_words, play_from_table_and_a_fixed_hand_show_in_the_words) {
  ruleset_options options;
  options.play_from_table = true;
  options.fixed_hand = true;
  const auto words = rules_in_words(made(preset_id::standard, options));
  EXPECT_TRUE(mentions(words, "Face-up cards may be played together with the hand"));
  EXPECT_TRUE(mentions(words, "A face-down card not covered by a face-up card may be turned up on any turn."));
  EXPECT_TRUE(mentions(words, "There is no stock: the cards left over after the deal are set aside"));
  EXPECT_FALSE(mentions(words, "draw back up"));
  const auto plain = rules_in_words(preset_ruleset(preset_id::standard));
  EXPECT_TRUE(mentions(plain, "draw back up to three while the stock lasts"));
  EXPECT_FALSE(mentions(plain, "Face-up cards may be played together"));
  EXPECT_FALSE(mentions(plain, "There is no stock"));
}

// Issue 35: the words under the pile say the rule of the card that counts, from the
// compiled table: every extra rank named, nothing in the phrase that may not follow.
TEST(pile_words, say_the_rule_of_the_top_for_every_preset) {
  const auto shiphead = preset_ruleset(preset_id::shiphead);
  EXPECT_EQ(pile_words(shiphead, top_state{0, false}), "The pile is empty: play anything.");
  EXPECT_EQ(pile_words(shiphead, top_state{9, false}), "Play a 9 or lower.");
  EXPECT_EQ(pile_words(shiphead, top_state{8, false}), "Play an 8 or miss a turn.");
  EXPECT_EQ(pile_words(shiphead, top_state{8, true}), "An 8, used up: play an 8 or higher, or a 2 or 7.");
  EXPECT_EQ(pile_words(shiphead, top_state{5, false}), "Play a 5 or higher, or a 2.");
  EXPECT_EQ(pile_words(shiphead, top_state{rank_king, false}), "Play a king or higher, or a 2, 7 or 10.");
  EXPECT_EQ(pile_words(shiphead, top_state{rank_ace, false}), "Play an ace, or a 2, 7 or 10.");
  EXPECT_EQ(pile_words(shiphead, top_state{2, false}), "A 2 resets the pile: play anything.");
  EXPECT_EQ(pile_words(preset_ruleset(preset_id::isf), top_state{7, false}), "Play a 7 or lower.");
  EXPECT_EQ(pile_words(preset_ruleset(preset_id::limbo), top_state{9, false}), "Play a 9 or lower, or a 10.");
}

TEST(pile_words, follow_a_tables_powers_and_variants) {
  ruleset_options options;
  options.powers = {{rank_king, bit_of(rank_power::wait)}, {rank_ace, bit_of(rank_power::reset)}};
  const auto rs = made(preset_id::shiphead, options);
  EXPECT_EQ(pile_words(rs, top_state{rank_king, false}), "Play a king or miss a turn.");
  EXPECT_EQ(pile_words(rs, top_state{rank_ace, false}), "An ace resets the pile: play anything.");

  ruleset_options strict;
  strict.lower_than_seven = true;
  EXPECT_EQ(pile_words(made(preset_id::shiphead, strict), top_state{7, false}), "Play lower than a 7, or a 10.");

  // specials_on_anything off: the 10 follows rank order, so a king admits only K, A and 2.
  ruleset_options usual;
  usual.specials_on_anything = false;
  EXPECT_EQ(pile_words(made(preset_id::shiphead, usual), top_state{rank_king, false}),
            "Play a king or higher, or a 2.");

  ruleset_options jokers;
  jokers.jokers = joker_rule::reverse;
  EXPECT_EQ(pile_words(made(preset_id::standard, jokers), top_state{rank_queen, false}),
            "Play a queen or higher, or a 2, 10 or joker.");
}

TEST(pile_words, name_a_sentence_for_every_reachable_top_of_every_preset) {
  for (auto preset : all_presets) {
    const auto rs = preset_ruleset(preset);
    const auto words = pile_words(rs);
    ASSERT_EQ(words.size(), rs.reachable_top_states().size()) << to_string(preset);
    for (const auto& [state, sentence] : words) {
      EXPECT_FALSE(sentence.empty());
      EXPECT_TRUE(sentence.ends_with(".")) << sentence;
    }
  }
}

TEST(summary_in_words, is_the_presets_own_line_without_house_rules) {
  for (auto preset : all_presets) EXPECT_EQ(summary_in_words(preset_ruleset(preset)), preset_summary(preset));
}

TEST(summary_in_words, says_a_tables_own_rules_not_its_presets) {
  ruleset_options options;
  options.powers = {{4, bit_of(rank_power::reset)},
                    {5, bit_of(rank_power::reverse)},
                    {rank_jack, bit_of(rank_power::skip)},
                    {rank_king, bit_of(rank_power::wait)}};
  options.fixed_hand = true;
  const auto summary = summary_in_words(made(preset_id::shiphead, options));
  EXPECT_EQ(summary,
            "Hand of 5, no drawing: 2 resets, 4 resets, 5 reverses, 7 is invisible, 8 must be matched or the next "
            "player misses a turn, after a 9 play a 9 or lower, 10 burns, jack skips a player, king must be matched or "
            "the next player misses a turn and four of a kind burns; pick up whenever you like.");
}

}  // namespace
}  // namespace shithead::rules
