// The frames of every step (`game` and `room`) are written directly, without a JSON
// tree; clients and the pinned bytes of server_message_test must not see a difference.
// So the direct writer is held to dump_json of the tree form (message_to_json), byte
// for byte, over whole bot games under every preset and table size, and over names
// and ids made of every kind of awkward text.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/ruleset_json.hpp"
#include "protocol/server_message_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {
namespace {

using namespace std::chrono_literals;

std::string tree_text(const server_message& message) { return dump_json(message_to_json(message)); }

// ---- game frames over whole games ---------------------------------------------------

// Every preset as documented, and variants that change what a view or an event holds:
// rulesets written as objects, jokers of every kind, burn-ins, stacked swaps, invisible
// ranks, several decks, ranks given powers (skips, reverses), play from the table with a
// fixed hand.
std::vector<rules::ruleset> frame_rulesets() {
  std::vector<rules::ruleset> out;
  for (auto preset : rules::all_presets) out.push_back(rules::preset_ruleset(preset));
  const auto variant = [&out](rules::preset_id preset, auto set) {
    rules::ruleset_options o;
    set(o);
    auto made = rules::make_ruleset(preset, o);
    ASSERT_TRUE(made) << made.error().message;
    out.push_back(std::move(made).value());
  };
  variant(rules::preset_id::standard, [](auto& o) { o.jokers = rules::joker_rule::give_pile; });
  variant(rules::preset_id::shiphead, [](auto& o) { o.jokers = rules::joker_rule::reverse; });
  variant(rules::preset_id::shiphead, [](auto& o) { o.burn_in = true; });
  variant(rules::preset_id::limbo, [](auto& o) {
    o.swap_stacking = true;
    o.invisible = rules::rank{8};
  });
  variant(rules::preset_id::isf, [](auto& o) {
    o.tens_restricted = true;
    o.lower_than_seven = true;
    o.n_of_a_kind = 3;
    o.decks = 0;
  });
  variant(rules::preset_id::palace, [](auto& o) {
    o.hand_size = 7;
    o.decks = 3;
    o.voluntary_pickup = false;
    o.turn_limit = 400;
  });
  variant(rules::preset_id::shiphead, [](auto& o) {
    o.jokers = rules::joker_rule::skip;
    o.powers = {{5, rules::bit_of(rules::rank_power::skip)}, {8, 0}, {9, rules::bit_of(rules::rank_power::reverse)}};
  });
  variant(rules::preset_id::standard, [](auto& o) {
    o.play_from_table = true;
    o.fixed_hand = true;
    o.specials_on_anything = false;
  });
  return out;
}

// Frames written for every recipient (each seat and a spectator) after every step of
// every game. Under the sanitizers a tree frame costs about 0.3 ms, so every seventh
// step of a game (and its last) is compared for each recipient: some 10,000 frames.
struct frame_counts {
  int games = 0;
  int frames = 0;
};

void compare_games(rules::bot_kind bot, int turn_limit, frame_counts& counts) {
  std::uint64_t seed = 1;
  std::vector<rules::event> events;
  for (const auto& base : frame_rulesets()) {
    auto options = base.overrides;
    if (turn_limit > 0) options.turn_limit = turn_limit;
    const auto rules = rules::make_ruleset(base.preset, options).value();
    for (int players = rules::min_players; players <= rules::max_players; ++players, ++seed) {
      SCOPED_TRACE(dump_json(ruleset_to_json(rules)) + ", " + std::to_string(players) + " players, seed " +
                   std::to_string(seed));
      auto game = rules::new_game(rules, players, -1, seed);
      if (!game) continue;  // too few cards for this many players under this ruleset
      auto& state = game.value();
      rules::rng random(seed);
      events.clear();
      for (int step = 0;; ++step) {
        if (step % 7 == 0 || state.over()) {
          for (int viewer = rules::spectator; viewer < state.players; ++viewer) {
            game_message frame{
                seed * 1000 + static_cast<std::uint64_t>(step), events,
                viewer == rules::spectator ? rules::spectator_view(state) : rules::view_for(state, viewer),
                deadlines{}};
            if (viewer == 0) frame.deadlines = deadlines{29'999ms, std::nullopt, -5ms};
            ASSERT_EQ(to_text(frame), tree_text(frame));
            ++counts.frames;
          }
        }
        if (state.over()) break;
        const int seat = rules::seat_to_act(state);
        const auto action = rules::choose_action(bot, rules::view_for(state, seat), random);
        ASSERT_TRUE(action);
        ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
      }
      ++counts.games;
    }
  }
}

TEST(frame_writer, every_game_frame_of_greedy_games_under_every_ruleset_and_table_size_matches_the_tree) {
  frame_counts counts;
  compare_games(rules::bot_kind::greedy, 0, counts);
  EXPECT_GE(counts.games, 70);
  EXPECT_GE(counts.frames, 5'000);
}

// The random bot waits, picks up early and swaps oddly, and its games reach the short
// turn limit, so "abandoned" and a null shithead cross too.
TEST(frame_writer, every_game_frame_of_random_games_cut_short_by_the_turn_limit_matches_the_tree) {
  frame_counts counts;
  compare_games(rules::bot_kind::random, 120, counts);
  EXPECT_GE(counts.games, 70);
  EXPECT_GE(counts.frames, 5'000);
}

TEST(frame_writer, a_frame_with_no_events_and_the_largest_version_matches_the_tree) {
  auto state = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 4, -1, 3).value();
  const game_message frame{UINT64_MAX, {}, rules::view_for(state, 2), deadlines{0ms, 45'000ms, 0ms}};
  EXPECT_EQ(to_text(frame), tree_text(frame));
  // What a room writes from its parts is the same text.
  EXPECT_EQ(game_text(frame.version, frame.events, frame.view, frame.deadlines), tree_text(frame));
}

// ---- room frames --------------------------------------------------------------------

// Names as people type them, and as a broken client might send them: the writer must
// escape what nlohmann escapes and replace what it replaces.
constexpr std::array<std::string_view, 14> awkward_names = {"Ana",
                                                            "",
                                                            "say \"hi\"",
                                                            "back\\slash",
                                                            "tab\there",
                                                            "line\nbreak",
                                                            "bell\x07 esc\x1b del\x7f",
                                                            "Zoë €5",
                                                            "🔥👩‍👩‍👧",
                                                            "stray \x80 byte",
                                                            "cut \xe2\x82",
                                                            "overlong \xc0\xaf",
                                                            "surrogate \xed\xa0\x80",
                                                            "\xff\xfe"};

room_message sample_room(rules::rng& random, const std::optional<rules::seat_view>& game) {
  room_message room;
  const auto text = [&random] {
    return std::string(awkward_names[random.below(static_cast<std::uint32_t>(awkward_names.size()))]);
  };
  if (random.below(3) == 0)
    room.id = request_id(std::int64_t{static_cast<std::int64_t>(random.below(1000)) - 500});
  else if (random.below(2) == 0)
    room.id = request_id(text());
  room.version = random.below(1'000'000);
  room.code = text();
  room.is_public = random.below(2) == 0;
  room.ruleset = game ? game->rules : rules::preset_ruleset(rules::preset_id::isf);
  room.settings = table_clocks{game ? game->players : 4, 30, 45, 60, 300};
  room.host = random.below(4) == 0 ? std::string() : text();
  const int seats = game ? game->players : 4;
  for (int s = 0; s < seats; ++s) {
    seat_entry seat{s,
                    text(),
                    text(),
                    std::nullopt,
                    random.below(2) == 0,
                    random.below(2) == 0,
                    random.below(2) == 0,
                    random.below(2) == 0,
                    random.below(2) == 0};
    if (random.below(3) == 0) seat.bot = random.below(2) == 0 ? rules::bot_kind::greedy : rules::bot_kind::random;
    room.seats.push_back(std::move(seat));
  }
  room.spectators = static_cast<int>(random.below(5));
  if (random.below(3) != 0) room.your_seat = static_cast<int>(random.below(static_cast<std::uint32_t>(seats)));
  room.scoreboard.games = static_cast<int>(random.below(20));
  room.scoreboard.abandoned = static_cast<int>(random.below(3));
  for (int i = 0; i < static_cast<int>(random.below(4)); ++i) {
    seat_occupant player{text(), text(), std::nullopt};
    if (random.below(2) == 0) player.bot = rules::bot_kind::greedy;
    room.scoreboard.players.push_back(score_line{player, static_cast<int>(random.below(9)),
                                                 static_cast<int>(random.below(9)), static_cast<int>(random.below(9))});
  }
  room.game = game;
  room.deadlines =
      deadlines{random.below(2) == 0 ? std::optional(std::chrono::milliseconds(random.below(60'000))) : std::nullopt,
                std::nullopt, random.below(4) == 0 ? std::optional(-1ms) : std::nullopt};
  return room;
}

TEST(frame_writer, room_frames_with_names_of_quotes_backslashes_controls_emoji_and_invalid_utf8_match_the_tree) {
  rules::rng random(77);
  const auto rulesets = frame_rulesets();
  int frames = 0;
  for (std::size_t r = 0; r < rulesets.size(); ++r) {
    const int players = rules::min_players + static_cast<int>(r) % (rules::max_players - rules::min_players + 1);
    auto state = rules::new_game(rulesets[r], players, -1, r + 1).value();
    std::vector<rules::event> events;
    for (int step = 0; step < 40 && !state.over(); ++step) {
      const int seat = rules::seat_to_act(state);
      const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
      ASSERT_TRUE(action);
      ASSERT_FALSE(rules::try_apply(state, seat, *action, events));
      if (step % 8 != 0) continue;
      for (int viewer = rules::spectator; viewer < state.players; ++viewer) {
        const auto view = viewer == rules::spectator ? rules::spectator_view(state) : rules::view_for(state, viewer);
        const auto room = sample_room(random, view);
        ASSERT_EQ(to_text(room), tree_text(room));
        ++frames;
      }
    }
  }
  for (int i = 0; i < 500; ++i) {
    const auto room = sample_room(random, std::nullopt);  // no game yet
    ASSERT_EQ(to_text(room), tree_text(room));
    ++frames;
  }
  EXPECT_GE(frames, 700);
}

// The other messages still go through the tree; message_to_json is their to_text too.
TEST(frame_writer, every_other_message_is_the_dump_of_its_tree) {
  const std::vector<server_message> others = {
      welcome_message{request_id(std::string("w\"1")), "p\\1", "Ana 🔥", "t"}, pong_message{},
      error_message{request_id(std::int64_t{3}), error_code::not_your_turn, "seat 0\n", std::nullopt},
      chat_message{"c3", "C\xffy", 2, "hi \x01"}, left_message{request_id(std::int64_t{-1})}};
  for (const auto& message : others) EXPECT_EQ(to_text(message), tree_text(message));
}

}  // namespace
}  // namespace shithead::protocol
