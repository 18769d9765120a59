// Golden determinism checks: what fixed seeds deal under every preset, and how whole
// bot games from those deals end, pinned as literals.
//
// Restored tables replay their record (seed + actions) through the rules, and finished
// games are stored as records, so a seed must deal the same cards and the bots must play
// the same game forever. If a value here changes, every stored record and every saved
// table may no longer replay: change shuffling, dealing, the rules or the bots only on
// purpose, with a migration for stored records, and then update the literals (a failing
// case prints its new line ready to paste).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/playout.hpp"
#include "rules/view.hpp"

namespace shithead::rules {
namespace {

// 64-bit FNV-1a, defined here rather than std::hash so the pinned values are the same
// with every compiler and standard library.
class fnv1a {
 public:
  void add(std::string_view text) {
    for (const char c : text) {
      hash_ ^= static_cast<unsigned char>(c);
      hash_ *= 0x100000001b3ull;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

std::string cards_text(const std::vector<card>& cards) {
  std::string out;
  for (const card c : cards) out += (out.empty() ? "" : " ") + to_string(c);
  return out;
}

// The textual form the deal hash is taken over: every zone of every seat, then the stock.
std::string deal_text(const deal& d) {
  std::string out;
  for (std::size_t s = 0; s < d.hands.size(); ++s) {
    out += "seat " + std::to_string(s) + " face_down: " + cards_text(d.face_down[s]) + "\n";
    out += "seat " + std::to_string(s) + " face_up: " + cards_text(d.face_up[s]) + "\n";
    out += "seat " + std::to_string(s) + " hand: " + cards_text(d.hands[s]) + "\n";
  }
  return out + "stock: " + cards_text(d.stock) + "\n";
}

// The textual form of one applied action, defined here (not `describe`, which is for
// logs and free to change) so that only a change in play moves the hash.
std::string action_text(int seat, const action& a) {
  std::string out = std::to_string(seat) + " ";
  if (const auto* swap = std::get_if<swap_action>(&a))
    return out + "swap " + cards_text(swap->face_up) + (swap->more ? " more" : "") + "\n";
  if (const auto* play = std::get_if<play_action>(&a)) {
    out += "play";
    for (const card c : play->cards) out += " " + to_string(c);
    return out + (play->target >= 0 ? " to " + std::to_string(play->target) : "") + "\n";
  }
  if (const auto* down = std::get_if<face_down_action>(&a))
    return out + "face_down " + std::to_string(down->slot) + "\n";
  if (std::holds_alternative<wait_action>(a)) return out + "wait\n";
  return out + "pickup\n";
}

struct game_result {
  long actions = 0;
  std::vector<int> finish_order;
  int shithead = -1;
  bool abandoned = false;
  std::uint64_t action_hash = 0;
};

// A whole bot game as play_step plays it (the seat to act, then burn-ins by the other
// seats), with every applied action hashed in order.
game_result play_whole_game(game_state state, bot_kind kind, std::uint64_t bot_seed) {
  rng random(bot_seed);
  fnv1a hash;
  game_result out;
  seat_view view;
  std::vector<event> events;
  std::vector<action> probe;
  const auto offer = [&](int seat) {
    view_for(state, seat, view);
    const auto chosen = choose_action(kind, view, random);
    if (!chosen) return;
    hash.add(action_text(seat, *chosen));
    apply(state, seat, *chosen, events);
    ++out.actions;
  };
  while (!state.over()) {
    const int seat = seat_to_act(state);
    offer(seat);
    if (!state.rules.burn_in || state.current_phase != phase::play) continue;
    for (int k = 1; k < state.players && !state.over(); ++k) {
      const int other = (seat + k) % state.players;
      if (other == state.current) continue;
      legal_actions(state, other, probe);
      if (!probe.empty()) offer(other);
    }
  }
  out.finish_order = state.finish_order;
  out.shithead = state.shithead;
  out.abandoned = state.abandoned;
  out.action_hash = hash.value();
  return out;
}

// The bots' own chance is seeded too: a room's bots draw from an rng, and so do these.
constexpr std::uint64_t bot_seed = 0x5eed;
// The last one is above 2^53, where a JavaScript number would round it.
constexpr std::array<std::uint64_t, 3> seeds = {1, 20240611, 0xdeadbeefcafef00dull};
constexpr std::array<int, 3> table_sizes = {2, 4, 6};

struct golden_game {
  preset_id preset;
  int players;
  std::uint64_t seed;
  bot_kind bots;
  std::uint64_t deal_hash;
  long actions;
  std::vector<int> finish_order;
  int shithead;
  bool abandoned;
  std::uint64_t action_hash;
};

std::string hex(std::uint64_t value) {
  std::ostringstream out;
  out << "0x" << std::hex << value << "ull";
  return out.str();
}

std::string golden_line(const golden_game& g) {
  std::string order;
  for (const int seat : g.finish_order) order += (order.empty() ? "" : ", ") + std::to_string(seat);
  return "{preset_id::" + std::string(to_string(g.preset)) + ", " + std::to_string(g.players) + ", " +
         std::to_string(g.seed) + "ull, bot_kind::" + std::string(to_string(g.bots)) + ", " + hex(g.deal_hash) + ", " +
         std::to_string(g.actions) + ", {" + order + "}, " + std::to_string(g.shithead) + ", " +
         (g.abandoned ? "true" : "false") + ", " + hex(g.action_hash) + "},";
}

// What the fixed seed gives today, computed the way the pinned values were.
golden_game measure(preset_id preset, int players, std::uint64_t seed, bot_kind bots,
                    const ruleset_options& options = {}) {
  golden_game out{preset, players, seed, bots, 0, 0, {}, -1, false, 0};
  const auto made = make_ruleset(preset, options);
  if (!made) {
    ADD_FAILURE() << made.error().message;
    return out;
  }
  const ruleset rules = made.value();
  const auto dealt = deal_from_seed(rules, players, -1, seed);
  const auto started = new_game(rules, players, -1, seed);
  if (!dealt || !started) {
    ADD_FAILURE() << "the seed no longer deals a game";
    return out;
  }
  fnv1a deal_hash;
  deal_hash.add(deal_text(dealt.value()));
  out.deal_hash = deal_hash.value();
  const game_result played = play_whole_game(started.value(), bots, bot_seed);
  out.actions = played.actions;
  out.finish_order = played.finish_order;
  out.shithead = played.shithead;
  out.abandoned = played.abandoned;
  out.action_hash = played.action_hash;
  return out;
}

// Dealer: the last seat, as a room deals a first game. Greedy bots at every seat for
// each seed and table size, and one random-bot game a preset, since rooms use both.
// Columns: preset, players, seed, bots, deal hash, actions applied, finish order,
// shithead, abandoned at the turn limit, action hash.
// One game a line, as golden_line() prints them.
// clang-format off
const std::vector<golden_game> pinned = {
    {preset_id::shiphead, 2, 1ull, bot_kind::greedy, 0xcb533a6e69171d52ull, 82, {0}, 1, false, 0xccffb4509f77010cull},
    {preset_id::shiphead, 4, 1ull, bot_kind::greedy, 0x76089b21240f02a5ull, 98, {3, 2, 0}, 1, false, 0x8ede9e728b400763ull},
    {preset_id::shiphead, 6, 1ull, bot_kind::greedy, 0x61dacfc3a0edc7cull, 149, {4, 3, 1, 2, 5}, 0, false, 0xa10aba7c1432422bull},
    {preset_id::shiphead, 2, 20240611ull, bot_kind::greedy, 0xd010cd1eea9afdcaull, 52, {0}, 1, false, 0xbcb357f9f837ad29ull},
    {preset_id::shiphead, 4, 20240611ull, bot_kind::greedy, 0x11fd49e431674b67ull, 92, {0, 2, 1}, 3, false, 0x964b312853499fa0ull},
    {preset_id::shiphead, 6, 20240611ull, bot_kind::greedy, 0x4b287ea051ae2578ull, 126, {1, 2, 3, 4, 0}, 5, false, 0x3cec9c2418c0c16aull},
    {preset_id::shiphead, 2, 16045690984503111693ull, bot_kind::greedy, 0x878a4eea1d65df60ull, 56, {0}, 1, false, 0x64729e3cdcb0343eull},
    {preset_id::shiphead, 4, 16045690984503111693ull, bot_kind::greedy, 0x742bcc529a8c6791ull, 69, {0, 2, 3}, 1, false, 0xcdd3ee65a4e01426ull},
    {preset_id::shiphead, 6, 16045690984503111693ull, bot_kind::greedy, 0x81a0bc1024567146ull, 159, {1, 3, 2, 0, 4}, 5, false, 0xc836d3ebffaa59bbull},
    {preset_id::shiphead, 4, 1ull, bot_kind::random, 0x76089b21240f02a5ull, 770, {0, 1, 3}, 2, false, 0x16a33ca004f32b6eull},

    {preset_id::isf, 2, 1ull, bot_kind::greedy, 0xa087e884aa0e10c4ull, 58, {1}, 0, false, 0xb58195f93aff9837ull},
    {preset_id::isf, 4, 1ull, bot_kind::greedy, 0x98a2f71bb030efbfull, 94, {2, 0, 3}, 1, false, 0x698513f675c7ebcdull},
    {preset_id::isf, 6, 1ull, bot_kind::greedy, 0xe3fb9b1de851854aull, 215, {4, 0, 2, 3, 5}, 1, false, 0xded7e7b99ae9a5a9ull},
    {preset_id::isf, 2, 20240611ull, bot_kind::greedy, 0xa229efb1e371bd46ull, 70, {1}, 0, false, 0xe1be117e40068557ull},
    {preset_id::isf, 4, 20240611ull, bot_kind::greedy, 0x61557942cfc43685ull, 120, {1, 0, 2}, 3, false, 0xfa9a524470fabad8ull},
    {preset_id::isf, 6, 20240611ull, bot_kind::greedy, 0x86d5818e1e1b5832ull, 224, {2, 3, 5, 4, 0}, 1, false, 0x8fd0689e8e24177bull},
    {preset_id::isf, 2, 16045690984503111693ull, bot_kind::greedy, 0x1a5e7e3b58eb2a1eull, 119, {1}, 0, false, 0x31307e3151ed4e5bull},
    {preset_id::isf, 4, 16045690984503111693ull, bot_kind::greedy, 0x6734b26eeb15aaa3ull, 135, {1, 0, 3}, 2, false, 0x9196f481c8e8998cull},
    {preset_id::isf, 6, 16045690984503111693ull, bot_kind::greedy, 0x8dbf7c1abec04da4ull, 274, {5, 3, 1, 4, 2}, 0, false, 0x1d407b4b42873675ull},
    {preset_id::isf, 4, 1ull, bot_kind::random, 0x98a2f71bb030efbfull, 2004, {3, 0}, -1, true, 0x24a8d2d7552e3bccull},

    {preset_id::limbo, 2, 1ull, bot_kind::greedy, 0xa087e884aa0e10c4ull, 2002, {}, -1, true, 0xae2fa1672ddd5ba3ull},
    {preset_id::limbo, 4, 1ull, bot_kind::greedy, 0x98a2f71bb030efbfull, 87, {3, 2, 1}, 0, false, 0x7bcd2e354cd5a86aull},
    {preset_id::limbo, 6, 1ull, bot_kind::greedy, 0xe3fb9b1de851854aull, 159, {4, 2, 0, 3, 5}, 1, false, 0x9b81a5b44947806dull},
    {preset_id::limbo, 2, 20240611ull, bot_kind::greedy, 0xa229efb1e371bd46ull, 60, {0}, 1, false, 0x55dfb3165347679dull},
    {preset_id::limbo, 4, 20240611ull, bot_kind::greedy, 0x61557942cfc43685ull, 61, {1, 3, 2}, 0, false, 0x55909adf11c995daull},
    {preset_id::limbo, 6, 20240611ull, bot_kind::greedy, 0x86d5818e1e1b5832ull, 159, {0, 5, 1, 3, 2}, 4, false, 0x2c545f53db8ee2f8ull},
    {preset_id::limbo, 2, 16045690984503111693ull, bot_kind::greedy, 0x1a5e7e3b58eb2a1eull, 60, {0}, 1, false, 0x9ed2161330959dcdull},
    {preset_id::limbo, 4, 16045690984503111693ull, bot_kind::greedy, 0x6734b26eeb15aaa3ull, 87, {2, 1, 0}, 3, false, 0x12d46711792b9291ull},
    {preset_id::limbo, 6, 16045690984503111693ull, bot_kind::greedy, 0x8dbf7c1abec04da4ull, 158, {5, 1, 2, 3, 4}, 0, false, 0x20388b4f869dcb6cull},
    {preset_id::limbo, 4, 1ull, bot_kind::random, 0x98a2f71bb030efbfull, 185, {2, 1, 3}, 0, false, 0x8e39b1c9a8f1499cull},

    {preset_id::palace, 2, 1ull, bot_kind::greedy, 0xb0cbc088f4ba0d1cull, 169, {0}, 1, false, 0x5b85e90406ed044full},
    {preset_id::palace, 4, 1ull, bot_kind::greedy, 0x9e2ed4aa42bfa385ull, 198, {3, 2, 1}, 0, false, 0x9d6db4c99559b1c1ull},
    {preset_id::palace, 6, 1ull, bot_kind::greedy, 0x7f16c0c89cc0ad5aull, 250, {2, 4, 0, 3, 1}, 5, false, 0x509c7ea45a26510eull},
    {preset_id::palace, 2, 20240611ull, bot_kind::greedy, 0x3cdba26f2aedf514ull, 141, {1}, 0, false, 0x2acb8928f16ab440ull},
    {preset_id::palace, 4, 20240611ull, bot_kind::greedy, 0xc3601b8d37f0939bull, 219, {3, 2, 1}, 0, false, 0x404789320d4bf50full},
    {preset_id::palace, 6, 20240611ull, bot_kind::greedy, 0xd1a0f4fb626bcf50ull, 218, {5, 3, 1, 4, 0}, 2, false, 0x4cc4dc6af6bf8c25ull},
    {preset_id::palace, 2, 16045690984503111693ull, bot_kind::greedy, 0x8cca433979c966b6ull, 176, {1}, 0, false, 0x6de10c108c47b9c7ull},
    {preset_id::palace, 4, 16045690984503111693ull, bot_kind::greedy, 0x506a24c4048981fdull, 204, {1, 3, 2}, 0, false, 0x73d1820e7f762903ull},
    {preset_id::palace, 6, 16045690984503111693ull, bot_kind::greedy, 0x53d4c683fa86d60eull, 253, {0, 4, 1, 3, 2}, 5, false, 0x202e065bf9ad63beull},
    {preset_id::palace, 4, 1ull, bot_kind::random, 0x9e2ed4aa42bfa385ull, 1056, {3, 0, 1}, 2, false, 0x5931c79a420aae19ull},

    {preset_id::standard, 2, 1ull, bot_kind::greedy, 0xa087e884aa0e10c4ull, 67, {1}, 0, false, 0x8ea64fe2c5ce8891ull},
    {preset_id::standard, 4, 1ull, bot_kind::greedy, 0x98a2f71bb030efbfull, 102, {1, 3, 0}, 2, false, 0xb6382c38217e3b98ull},
    {preset_id::standard, 6, 1ull, bot_kind::greedy, 0xe3fb9b1de851854aull, 175, {2, 4, 1, 3, 5}, 0, false, 0x2ac76246e7fb882full},
    {preset_id::standard, 2, 20240611ull, bot_kind::greedy, 0xa229efb1e371bd46ull, 54, {1}, 0, false, 0x78d7cfd388203cfeull},
    {preset_id::standard, 4, 20240611ull, bot_kind::greedy, 0x61557942cfc43685ull, 101, {3, 1, 2}, 0, false, 0x8d587c3dbdb406eeull},
    {preset_id::standard, 6, 20240611ull, bot_kind::greedy, 0x86d5818e1e1b5832ull, 183, {1, 0, 4, 5, 2}, 3, false, 0xce28c0fdcc1f422eull},
    {preset_id::standard, 2, 16045690984503111693ull, bot_kind::greedy, 0x1a5e7e3b58eb2a1eull, 96, {0}, 1, false, 0xf4484b9f6c488dd6ull},
    {preset_id::standard, 4, 16045690984503111693ull, bot_kind::greedy, 0x6734b26eeb15aaa3ull, 116, {1, 0, 2}, 3, false, 0x12d9a344a37b6752ull},
    {preset_id::standard, 6, 16045690984503111693ull, bot_kind::greedy, 0x8dbf7c1abec04da4ull, 176, {1, 3, 0, 4, 2}, 5, false, 0x624ea19af4085a32ull},
    {preset_id::standard, 4, 1ull, bot_kind::random, 0x98a2f71bb030efbfull, 628, {3, 0, 1}, 2, false, 0xdd97f0c58e8921baull},
};
// clang-format on

TEST(golden_seeds, every_preset_deals_and_plays_the_pinned_games) {
  struct game_key {
    preset_id preset;
    int players;
    std::uint64_t seed;
    bot_kind bots;
  };
  std::vector<game_key> expected_cases;
  for (const preset_id preset : all_presets) {
    for (const std::uint64_t seed : seeds)
      for (const int players : table_sizes) expected_cases.push_back({preset, players, seed, bot_kind::greedy});
    expected_cases.push_back({preset, 4, seeds[0], bot_kind::random});
  }
  ASSERT_EQ(pinned.size(), expected_cases.size()) << "every preset, seed and table size is pinned";

  for (std::size_t i = 0; i < pinned.size(); ++i) {
    const golden_game& want = pinned[i];
    const golden_game got = measure(want.preset, want.players, want.seed, want.bots);
    SCOPED_TRACE("now: " + golden_line(got));
    EXPECT_EQ(want.preset, expected_cases[i].preset);
    EXPECT_EQ(want.players, expected_cases[i].players);
    EXPECT_EQ(want.seed, expected_cases[i].seed);
    EXPECT_EQ(want.bots, expected_cases[i].bots);
    EXPECT_EQ(got.deal_hash, want.deal_hash) << "the seed deals different cards";
    EXPECT_EQ(got.actions, want.actions);
    EXPECT_EQ(got.finish_order, want.finish_order);
    EXPECT_EQ(got.shithead, want.shithead);
    EXPECT_EQ(got.abandoned, want.abandoned);
    EXPECT_EQ(got.action_hash, want.action_hash) << "the bots play a different game";
  }
}

// isf as it was played before its player who picks up led the next round (pickup_leads,
// migration 4 of the store): the games pinned then, played now with the setting off.
// Stored isf games of that time carry `"pickup_leads": false` and must replay like this.
const std::vector<golden_game> pinned_isf_turn_passing_on = {
    {preset_id::isf, 2, 1ull, bot_kind::greedy, 0xa087e884aa0e10c4ull, 87, {1}, 0, false, 0x45c55a75d7f11f4dull},
    {preset_id::isf, 4, 1ull, bot_kind::greedy, 0x98a2f71bb030efbfull, 112, {0, 1, 3}, 2, false, 0x426edec0826d196ull},
    {preset_id::isf,
     6,
     1ull,
     bot_kind::greedy,
     0xe3fb9b1de851854aull,
     188,
     {2, 0, 3, 5, 1},
     4,
     false,
     0x1dca24d71d86c67cull},
    {preset_id::isf, 2, 20240611ull, bot_kind::greedy, 0xa229efb1e371bd46ull, 80, {1}, 0, false, 0x5c6ac8e6478fcbbdull},
    {preset_id::isf,
     4,
     20240611ull,
     bot_kind::greedy,
     0x61557942cfc43685ull,
     115,
     {1, 0, 2},
     3,
     false,
     0x99bd61a510c6985ull},
    {preset_id::isf,
     6,
     20240611ull,
     bot_kind::greedy,
     0x86d5818e1e1b5832ull,
     217,
     {1, 4, 0, 3, 5},
     2,
     false,
     0x65b1f3ddd87876d8ull},
    {preset_id::isf,
     2,
     16045690984503111693ull,
     bot_kind::greedy,
     0x1a5e7e3b58eb2a1eull,
     99,
     {1},
     0,
     false,
     0xbbb42278b25501a8ull},
    {preset_id::isf,
     4,
     16045690984503111693ull,
     bot_kind::greedy,
     0x6734b26eeb15aaa3ull,
     155,
     {1, 2, 3},
     0,
     false,
     0x23d8b990c88cacc8ull},
    {preset_id::isf,
     6,
     16045690984503111693ull,
     bot_kind::greedy,
     0x8dbf7c1abec04da4ull,
     229,
     {1, 5, 4, 2, 0},
     3,
     false,
     0x61032374922f449cull},
    {preset_id::isf, 4, 1ull, bot_kind::random, 0x98a2f71bb030efbfull, 205, {2, 3, 0}, 1, false, 0x13a38b2b27694a94ull},
};

TEST(golden_seeds, isf_with_the_turn_passing_on_after_a_pick_up_plays_the_games_pinned_before) {
  ruleset_options turn_passes_on;
  turn_passes_on.pickup_leads = false;
  for (const golden_game& want : pinned_isf_turn_passing_on) {
    const golden_game got = measure(want.preset, want.players, want.seed, want.bots, turn_passes_on);
    SCOPED_TRACE("now: " + golden_line(got));
    EXPECT_EQ(got.deal_hash, want.deal_hash);
    EXPECT_EQ(got.actions, want.actions);
    EXPECT_EQ(got.finish_order, want.finish_order);
    EXPECT_EQ(got.shithead, want.shithead);
    EXPECT_EQ(got.abandoned, want.abandoned);
    EXPECT_EQ(got.action_hash, want.action_hash);
  }
}

// Prints the table above as it is today (run with --gtest_also_run_disabled_tests).
TEST(golden_seeds, DISABLED_print_the_table) {
  for (const preset_id preset : all_presets) {
    for (const std::uint64_t seed : seeds)
      for (const int players : table_sizes)
        std::cout << golden_line(measure(preset, players, seed, bot_kind::greedy)) << "\n";
    std::cout << golden_line(measure(preset, 4, seeds[0], bot_kind::random)) << "\n";
  }
}

TEST(golden_seeds, seed_1_deals_these_cards_to_two_players_under_shiphead) {
  const auto dealt = deal_from_seed(preset_ruleset(preset_id::shiphead), 2, -1, 1);
  ASSERT_TRUE(dealt.ok());
  const deal& d = dealt.value();
  EXPECT_EQ(cards_text(d.face_down[0]), "4D 10H 7C");
  EXPECT_EQ(cards_text(d.face_up[0]), "9H 5D 8C");
  EXPECT_EQ(cards_text(d.hands[0]), "KH 5C 3C 3S QH");
  EXPECT_EQ(cards_text(d.face_down[1]), "8D AC 9S");
  EXPECT_EQ(cards_text(d.face_up[1]), "AS 6C KS");
  EXPECT_EQ(cards_text(d.hands[1]), "QS KD 8S 4C 2C");
  EXPECT_EQ(d.stock.size(), 30u);
  EXPECT_EQ(cards_text({d.stock.begin(), d.stock.begin() + 5}), "QC 9D 7D AD 3D");
}

// The loop above must be the one rooms and `shithead simulate` use, or it pins nothing.
TEST(golden_seeds, the_hashed_game_is_the_game_play_out_plays) {
  for (const preset_id preset : all_presets) {
    auto started = new_game(preset_ruleset(preset), 4, -1, seeds[1]);
    ASSERT_TRUE(started.ok());
    game_state state = started.value();
    const std::array<bot_kind, 1> greedy = {bot_kind::greedy};
    rng random(bot_seed);
    playout_buffers buffers;
    const long actions = play_out(state, greedy, random, buffers);
    const game_result hashed = play_whole_game(started.value(), bot_kind::greedy, bot_seed);
    EXPECT_EQ(actions, hashed.actions) << to_string(preset);
    EXPECT_EQ(state.finish_order, hashed.finish_order) << to_string(preset);
    EXPECT_EQ(state.shithead, hashed.shithead) << to_string(preset);
  }
}

}  // namespace
}  // namespace shithead::rules
