#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "protocol/ruleset_json.hpp"
#include "tests/protocol/text_checks.hpp"

namespace shithead::protocol {
namespace {

parsed<rules::ruleset> read_ruleset(std::string_view text) { return ruleset_from_json(json::parse(text), "ruleset"); }

TEST(ruleset_json, every_preset_writes_as_its_bare_name_and_reads_back) {
  for (auto preset : rules::all_presets) {
    const json written = ruleset_to_json(rules::preset_ruleset(preset));
    EXPECT_EQ(written, json(rules::to_string(preset)));
    auto back = ruleset_from_json(written, "ruleset");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back.value().preset, preset);
    EXPECT_TRUE(options_to_json(back.value().overrides).empty());
  }
}

TEST(ruleset_json, an_object_without_overrides_is_the_preset) {
  auto r = read_ruleset(R"({"preset": "isf"})");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r.value().preset, rules::preset_id::isf);
  EXPECT_EQ(ruleset_to_json(r.value()), json("isf"));
}

TEST(ruleset_json, a_missing_preset_means_shiphead) {
  auto r = read_ruleset(R"({"hand_size": 3})");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r.value().preset, rules::preset_id::shiphead);
  EXPECT_EQ(r.value().hand_size, 3);
}

// Each override, written as JSON, reads into the ruleset and writes back unchanged.
struct override_case {
  std::string text;
  void (*check)(const rules::ruleset&);
};

TEST(ruleset_json, every_override_round_trips) {
  const std::vector<override_case> cases = {
      {R"({"preset": "shiphead", "hand_size": 7})", [](const rules::ruleset& r) { EXPECT_EQ(r.hand_size, 7); }},
      {R"({"preset": "isf", "face_up": 2})", [](const rules::ruleset& r) { EXPECT_EQ(r.face_up, 2); }},
      {R"({"preset": "limbo", "face_down": 0})", [](const rules::ruleset& r) { EXPECT_EQ(r.face_down, 0); }},
      {R"({"preset": "palace", "decks": 3})", [](const rules::ruleset& r) { EXPECT_EQ(r.decks, 3); }},
      {R"({"preset": "palace", "decks": "auto"})", [](const rules::ruleset& r) { EXPECT_EQ(r.decks, 0); }},
      {R"({"preset": "standard", "jokers": "reverse"})",
       [](const rules::ruleset& r) { EXPECT_EQ(r.jokers, rules::joker_rule::reverse); }},
      {R"({"preset": "standard", "jokers": "give_pile"})",
       [](const rules::ruleset& r) { EXPECT_EQ(r.jokers, rules::joker_rule::give_pile); }},
      {R"({"preset": "shiphead", "jokers": "none"})",
       [](const rules::ruleset& r) { EXPECT_EQ(r.jokers, rules::joker_rule::none); }},
      {R"({"preset": "shiphead", "swap_stacking": true})",
       [](const rules::ruleset& r) { EXPECT_TRUE(r.swap_stacking); }},
      {R"({"preset": "shiphead", "tens_restricted": true})",
       [](const rules::ruleset& r) {
         EXPECT_FALSE(rules::has_rank(r.playable_on({rules::rank_king, false}), 10));
       }},
      {R"({"preset": "shiphead", "lower_than_seven": true})",
       [](const rules::ruleset& r) { EXPECT_EQ(r.power_of(7), rules::power::lower); }},
      {R"({"preset": "shiphead", "three_eights_burn": true})",
       [](const rules::ruleset& r) { EXPECT_EQ(r.run_burn[8], 3); }},
      {R"({"preset": "shiphead", "invisible": "3"})",
       [](const rules::ruleset& r) {
         EXPECT_EQ(r.power_of(3), rules::power::invisible);
         EXPECT_NE(r.power_of(7), rules::power::invisible);
       }},
      {R"({"preset": "shiphead", "invisible": "none"})",
       [](const rules::ruleset& r) { EXPECT_NE(r.power_of(7), rules::power::invisible); }},
      {R"({"preset": "isf", "voluntary_pickup": true})",
       [](const rules::ruleset& r) { EXPECT_TRUE(r.voluntary_pickup); }},
      {R"({"preset": "shiphead", "voluntary_pickup": false})",
       [](const rules::ruleset& r) { EXPECT_FALSE(r.voluntary_pickup); }},
      {R"({"preset": "isf", "pickup_leads": false})", [](const rules::ruleset& r) { EXPECT_FALSE(r.pickup_leads); }},
      {R"({"preset": "shiphead", "pickup_leads": true})", [](const rules::ruleset& r) { EXPECT_TRUE(r.pickup_leads); }},
      {R"({"preset": "shiphead", "burn_in": true})", [](const rules::ruleset& r) { EXPECT_TRUE(r.burn_in); }},
      {R"({"preset": "shiphead", "n_of_a_kind": 3})", [](const rules::ruleset& r) { EXPECT_EQ(r.run_burn[5], 3); }},
      {R"({"preset": "shiphead", "n_of_a_kind": 0})", [](const rules::ruleset& r) { EXPECT_EQ(r.run_burn[5], 0); }},
      {R"({"preset": "shiphead", "turn_limit": 500})", [](const rules::ruleset& r) { EXPECT_EQ(r.turn_limit, 500); }},
      {R"({"preset": "standard", "jokers": "skip"})",
       [](const rules::ruleset& r) {
         EXPECT_EQ(r.jokers, rules::joker_rule::skip);
         EXPECT_TRUE(r.skips_on(rules::rank_joker));
       }},
      {R"({"preset": "shiphead", "powers": {"3": ["lower_than_played"], "8": [], "9": ["reverse"]}})",
       [](const rules::ruleset& r) {
         EXPECT_EQ(r.power_of(3), rules::power::lower);
         EXPECT_TRUE(rules::has_rank(r.strict_lower, 3));
         EXPECT_EQ(r.power_of(8), rules::power::none);
         EXPECT_EQ(r.power_of(9), rules::power::none);
         EXPECT_TRUE(r.reverses_on(9));
       }},
      {R"({"preset": "isf", "powers": {"5": ["burn", "reverse"], "J": ["wait", "skip"]}})",
       [](const rules::ruleset& r) {
         EXPECT_EQ(r.power_of(5), rules::power::burn);
         EXPECT_TRUE(r.reverses_on(5));
         EXPECT_EQ(r.power_of(rules::rank_jack), rules::power::wait);
         EXPECT_TRUE(r.skips_on(rules::rank_jack));
       }},
      {R"({"preset": "shiphead", "specials_on_anything": false})",
       [](const rules::ruleset& r) {
         EXPECT_TRUE(rules::has_rank(r.on_anything, 2));
         EXPECT_FALSE(rules::has_rank(r.on_anything, 10));
       }},
      {R"({"preset": "shiphead", "specials_on_anything": true})",
       [](const rules::ruleset& r) { EXPECT_TRUE(rules::has_rank(r.on_anything, 10)); }},
      {R"({"preset": "standard", "play_from_table": true})",
       [](const rules::ruleset& r) { EXPECT_TRUE(r.play_from_table); }},
      {R"({"preset": "standard", "play_from_table": false})",
       [](const rules::ruleset& r) { EXPECT_FALSE(r.play_from_table); }},
      {R"({"preset": "isf", "fixed_hand": true})", [](const rules::ruleset& r) { EXPECT_TRUE(r.fixed_hand); }},
      {R"({"preset": "isf", "fixed_hand": false})", [](const rules::ruleset& r) { EXPECT_FALSE(r.fixed_hand); }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    auto r = read_ruleset(c.text);
    ASSERT_TRUE(r) << r.error().message;
    c.check(r.value());
    EXPECT_EQ(ruleset_to_json(r.value()), json::parse(c.text));
  }
}

TEST(ruleset_json, all_overrides_together_round_trip_in_a_fixed_order) {
  const std::string text =
      R"({"preset": "limbo", "hand_size": 5, "face_up": 4, "face_down": 2, "decks": 2, "jokers": "reverse",)"
      R"( "swap_stacking": true, "tens_restricted": true, "lower_than_seven": false, "three_eights_burn": true,)"
      R"( "invisible": "8", "voluntary_pickup": true, "pickup_leads": true, "burn_in": true, "n_of_a_kind": 4, "turn_limit": 900,)"
      R"( "powers": {"3": ["lower_than_played"], "9": ["reverse"], "J": ["skip"]}, "specials_on_anything": false,)"
      R"( "play_from_table": false, "fixed_hand": false})";
  auto r = read_ruleset(text);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(format_json_line(ruleset_to_json(r.value())), text);
}

TEST(ruleset_json, powers_read_into_rank_order_and_write_back_in_it) {
  auto r = read_ruleset(R"({"powers": {"K": ["skip"], "9": ["reverse", "burn"], "4": []}})");
  ASSERT_TRUE(r) << r.error().message;
  const std::vector<rules::rank_powers> expected = {
      {4, 0},
      {9, static_cast<rules::rank_power_set>(rules::bit_of(rules::rank_power::burn) |
                                             rules::bit_of(rules::rank_power::reverse))},
      {rules::rank_king, rules::bit_of(rules::rank_power::skip)}};
  EXPECT_EQ(r.value().overrides.powers, expected);
  EXPECT_EQ(format_json_line(ruleset_to_json(r.value())),
            R"({"preset": "shiphead", "powers": {"4": [], "9": ["burn", "reverse"], "K": ["skip"]}})");
}

TEST(ruleset_json, options_with_every_new_setting_write_and_read_back_equal) {
  rules::ruleset_options o;
  o.jokers = rules::joker_rule::skip;
  // Built out of rank order: the writer puts them in order, as the reader keeps them.
  o.powers = {{rules::rank_queen, rules::bit_of(rules::rank_power::reverse)},
              {3, rules::bit_of(rules::rank_power::lower_than_played)},
              {8, 0},
              {5, static_cast<rules::rank_power_set>(rules::bit_of(rules::rank_power::reset) |
                                                     rules::bit_of(rules::rank_power::skip))}};
  o.specials_on_anything = false;
  o.play_from_table = true;
  o.fixed_hand = true;
  const json written = options_to_json(o);
  EXPECT_EQ(format_json_line(written),
            R"({"jokers": "skip", "powers": {"3": ["lower_than_played"], "5": ["reset", "skip"], "8": [],)"
            R"( "Q": ["reverse"]}, "specials_on_anything": false, "play_from_table": true, "fixed_hand": true})");
  auto back = options_from_json(written, "ruleset");
  ASSERT_TRUE(back) << back.error().message;
  auto sorted = o;
  std::sort(sorted.powers.begin(), sorted.powers.end(), [](const auto& a, const auto& b) { return a.r < b.r; });
  EXPECT_EQ(back.value(), sorted);
  EXPECT_EQ(options_to_json(back.value()), written);

  // And through a ruleset, as a table stores it.
  auto made = rules::make_ruleset(rules::preset_id::shiphead, sorted);
  ASSERT_TRUE(made) << made.error().message;
  auto again = ruleset_from_json(ruleset_to_json(made.value()), "ruleset");
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again.value(), made.value());
}

TEST(ruleset_json, no_powers_writes_no_powers_key) {
  auto r = read_ruleset(R"({"preset": "isf", "powers": {}})");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(r.value().overrides.powers.empty());
  EXPECT_EQ(ruleset_to_json(r.value()), json("isf"));
}

TEST(ruleset_json, keys_given_in_another_order_read_the_same) {
  auto a = read_ruleset(R"({"turn_limit": 100, "preset": "isf", "hand_size": 4})");
  auto b = read_ruleset(R"({"preset": "isf", "hand_size": 4, "turn_limit": 100})");
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(ruleset_to_json(a.value()), ruleset_to_json(b.value()));
}

TEST(ruleset_json, mistakes_are_errors_that_name_the_problem) {
  const std::vector<error_case> cases = {
      {R"("poker")", R"(ruleset: expected a preset ("shiphead")"},
      {R"(3)", "ruleset: expected a preset name or an object, got 3"},
      {R"({"preset": 1})", "ruleset.preset: expected a preset"},
      {R"({"preset": "isf", "hand_sise": 5})", "ruleset.hand_sise: unknown key"},
      {R"({"hand_size": "5"})", R"(ruleset.hand_size: expected an integer, got "5")"},
      {R"({"hand_size": 5.5})", "ruleset.hand_size: expected an integer, got 5.5"},
      {R"({"face_up": true})", "ruleset.face_up: expected an integer"},
      {R"({"face_down": null})", "ruleset.face_down: expected an integer"},
      {R"({"decks": 4})", "ruleset.decks: 4 is out of range 1..3"},
      {R"({"decks": 0})", "ruleset.decks: 0 is out of range 1..3"},
      {R"({"decks": "many"})", R"(ruleset.decks: expected 1, 2, 3 or "auto", got "many")"},
      {R"({"jokers": "maybe"})", R"(ruleset.jokers: expected "none", "reverse", "give_pile" or "skip", got "maybe")"},
      {R"({"jokers": true})", "ruleset.jokers: expected"},
      {R"({"swap_stacking": "yes"})", R"(ruleset.swap_stacking: expected true or false, got "yes")"},
      {R"({"tens_restricted": 1})", "ruleset.tens_restricted: expected true or false"},
      {R"({"lower_than_seven": null})", "ruleset.lower_than_seven: expected true or false"},
      {R"({"three_eights_burn": "true"})", "ruleset.three_eights_burn: expected true or false"},
      {R"({"voluntary_pickup": 0})", "ruleset.voluntary_pickup: expected true or false"},
      {R"({"pickup_leads": "yes"})", "ruleset.pickup_leads: expected true or false"},
      {R"({"burn_in": []})", "ruleset.burn_in: expected true or false"},
      {R"({"invisible": 8})", R"(ruleset.invisible: expected a rank like "8" or "none", got 8)"},
      {R"({"invisible": "Z"})", R"(ruleset.invisible: "Z" is not a rank)"},
      {R"({"n_of_a_kind": "4"})", "ruleset.n_of_a_kind: expected an integer"},
      {R"({"turn_limit": 1e9})", "ruleset.turn_limit: expected an integer"},
      {R"({"powers": ["9"]})",
       R"(ruleset.powers: expected an object of ranks and powers like {"9": ["reverse"]}, got ["9"])"},
      {R"({"powers": {"Z": ["reverse"]}})", R"(ruleset.powers.Z: "Z" is not a rank ("2".."10", "J", "Q", "K" or "A"))"},
      {R"({"powers": {"1": []}})", R"(ruleset.powers.1: "1" is not a rank)"},
      {R"({"powers": {"Joker": ["skip"]}})", R"(ruleset.powers.Joker: "Joker" is not a rank)"},
      {R"({"powers": {"9": "reverse"}})",
       R"(ruleset.powers.9: expected an array of power names like ["reverse"], got "reverse")"},
      {R"({"powers": {"9": null}})", "ruleset.powers.9: expected an array of power names"},
      {R"({"powers": {"9": ["fly"]}})",
       R"(ruleset.powers.9[0]: "fly" is not a power ("reset", "invisible", "burn", "wait", "lower", )"
       R"("lower_than_played", "reverse" or "skip"))"},
      {R"({"powers": {"9": ["burn", 3]}})", "ruleset.powers.9[1]: 3 is not a power"},
      {R"({"powers": {"9": ["Reverse"]}})", R"(ruleset.powers.9[0]: "Reverse" is not a power)"},
      {R"({"powers": {"9": ["reverse", "reverse"]}})", R"(ruleset.powers.9[1]: "reverse" is listed twice)"},
      {R"({"specials_on_anything": "no"})", R"(ruleset.specials_on_anything: expected true or false, got "no")"},
      {R"({"play_from_table": 1})", "ruleset.play_from_table: expected true or false, got 1"},
      {R"({"fixed_hand": null})", "ruleset.fixed_hand: expected true or false, got null"},
      // Ranges and contradictions are the rules' to judge; their message comes through.
      {R"({"hand_size": 11})", "ruleset: hand_size must be between 1 and 10, not 11"},
      {R"({"face_up": 7})", "ruleset: face_up must be between 0 and 6"},
      {R"({"n_of_a_kind": 2})", "ruleset: n_of_a_kind must be 0 (off) or between 3 and 8"},
      {R"({"turn_limit": 0})", "ruleset: turn_limit must be between"},
      {R"({"invisible": "7", "lower_than_seven": true})", "ruleset: the 7 cannot be both"},
      {R"({"preset": "isf", "burn_in": true})", "ruleset: burn_in needs n_of_a_kind"},
      {R"({"powers": {"9": ["reset", "burn"]}})", "ruleset: powers: 9 may have only one of"},
      {R"({"powers": {"9": ["reverse", "skip"]}})", "ruleset: powers: 9 may reverse or skip, not both"},
      {R"({"powers": {"9": ["burn", "skip"]}})", "ruleset: powers: 9 cannot burn and skip"},
      {R"({"lower_than_seven": true, "powers": {"7": ["burn"]}})", "ruleset: powers cannot change the 7"},
      {R"({"play_from_table": true, "swap_stacking": true})", "ruleset: play_from_table and swap_stacking"},
  };
  for (const auto& c : cases) {
    auto r = read_ruleset(c.text);
    ASSERT_FALSE(r) << c.text;
    EXPECT_TRUE(contains(r.error().message, c.expected))
        << c.text << "\n  message: " << r.error().message << "\n  expected: " << c.expected;
  }
}

}  // namespace
}  // namespace shithead::protocol
