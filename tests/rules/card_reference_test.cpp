// The two card reference tables of ../shared/seeds/000_083722bd298f523d.txt, cell by
// cell, as acceptance tests of the `shiphead` preset: `[R]` is a fresh card, `<8>` an 8
// that has been waited, `<9>` a 9 cancelled by a 7.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "scenario.hpp"

namespace shithead::rules {
namespace {

using namespace scenario;

// Copied from the seed, rows [7] and [10] left out: they describe no top state ("look at
// the number before the 7", "should never be on the pile"), tested separately below.
constexpr std::string_view what_can_be_played_on = R"(
    [2]   => 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
    [3]   => 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
    [4]   => 2, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A
    [5]   => 2, 5, 6, 7, 8, 9, 10, J, Q, K, A
    [6]   => 2, 6, 7, 8, 9, 10, J, Q, K, A
    [8]   => 8
    <8>   => 2, 7, 8, 9, 10, J, Q, K, A
    [9]   => 2, 3, 4, 5, 6, 7, 8, 9
    <9>   => 2, 7, 9, 10, J, Q, K, A
    [J]   => 2, 7, 10, J, Q, K, A
    [Q]   => 2, 7, 10, Q, K, A
    [K]   => 2, 7, 10, K, A
    [A]   => 2, 7, 10, A
)";

// Copied from the seed: on which top states each rank may be played ("8" is a fresh 8,
// "<8>" a waited one).
constexpr std::string_view what_can_it_play_on = R"(
    2   => 2, 3, 4, 5, 6, <8>, 9, <9>, J, Q, K, A
    3   => 2, 3, 9
    4   => 2, 3, 4, 9
    5   => 2, 3, 4, 5, 9
    6   => 2, 3, 4, 5, 6, 9
    7   => 2, 3, 4, 5, 6, <8>, 9, <9>, J, Q, K, A
    8   => 2, 3, 4, 5, 6, 8, <8>, 9
    9   => 2, 3, 4, 5, 6, <8>, 9, <9>
    10  => 2, 3, 4, 5, 6, <8>, <9>, J, Q, K, A
    J   => 2, 3, 4, 5, 6, <8>, <9>, J
    Q   => 2, 3, 4, 5, 6, <8>, <9>, J, Q
    K   => 2, 3, 4, 5, 6, <8>, <9>, J, Q, K
    A   => 2, 3, 4, 5, 6, <8>, <9>, J, Q, K, A
)";

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" []");
  const auto last = s.find_last_not_of(" []");
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, last - first + 1));
}

std::vector<std::string> split(std::string_view s, char by) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= s.size()) {
    const auto j = std::min(s.find(by, i), s.size());
    out.push_back(std::string(s.substr(i, j - i)));
    i = j + 1;
  }
  return out;
}

// "[9]" or "9" is a fresh 9, "<9>" a used one.
top_state top_from(std::string_view text) {
  std::string t = trim(text);
  bool used = false;
  if (!t.empty() && t.front() == '<') {
    used = true;
    t = t.substr(1, t.size() - 2);
  }
  const rank r = rank_from(t);
  EXPECT_NE(r, 0) << "bad table entry '" << text << "'";
  return top_state{r, used};
}

struct row {
  std::string head;
  std::vector<std::string> cells;
};

std::vector<row> rows_of(std::string_view table) {
  std::vector<row> out;
  for (const auto& line : split(table, '\n')) {
    const auto arrow = line.find("=>");
    if (arrow == std::string::npos) continue;
    row r{std::string(line.substr(0, arrow)), {}};
    for (const auto& cell : split(std::string_view(line).substr(arrow + 2), ',')) r.cells.push_back(cell);
    out.push_back(r);
  }
  return out;
}

std::string describe_top(top_state t) {
  if (t.top == 0) return "the empty pile";
  return std::string(t.used ? "<" : "[") + std::string(rank_name(t.top)) + (t.used ? ">" : "]");
}

const std::vector<top_state> shiphead_tops = {{0, false},  {2, false},  {3, false},  {4, false}, {5, false},
                                              {6, false},  {8, false},  {8, true},   {9, false}, {9, true},
                                              {11, false}, {12, false}, {13, false}, {14, false}};

TEST(card_reference, shiphead_can_reach_exactly_the_top_states_of_the_tables) {
  EXPECT_EQ(shiphead().reachable_top_states(), shiphead_tops);
}

TEST(card_reference, no_seven_and_no_ten_is_ever_the_card_that_counts) {
  for (const auto& t : shiphead().reachable_top_states()) {
    EXPECT_NE(t.top, 7) << "a 7 is invisible";
    EXPECT_NE(t.top, 10) << "a 10 burns the pile";
  }
}

TEST(card_reference, what_can_be_played_on_each_top_state_is_exactly_table_one) {
  const ruleset rules = shiphead();
  const auto rows = rows_of(what_can_be_played_on);
  ASSERT_EQ(rows.size(), 13u);
  for (const auto& r : rows) {
    const top_state top = top_from(r.head);
    rank_mask expected = 0;
    for (const auto& cell : r.cells) {
      const rank x = rank_from(trim(cell));
      ASSERT_NE(x, 0) << "bad cell '" << cell << "'";
      expected = static_cast<rank_mask>(expected | mask_of(x));
    }
    const rank_mask actual = static_cast<rank_mask>(rules.playable_on(top) & all_ranks);
    for (int x = 2; x <= rank_ace; ++x) {
      const auto rx = static_cast<rank>(x);
      EXPECT_EQ(has_rank(actual, rx), has_rank(expected, rx))
          << rank_name(rx) << " on " << describe_top(top) << ": the table says "
          << (has_rank(expected, rx) ? "playable" : "not playable");
    }
  }
}

TEST(card_reference, on_what_each_rank_can_be_played_is_exactly_table_two) {
  const ruleset rules = shiphead();
  const auto rows = rows_of(what_can_it_play_on);
  ASSERT_EQ(rows.size(), 13u);
  for (const auto& r : rows) {
    const rank x = rank_from(trim(r.head));
    ASSERT_NE(x, 0) << "bad row '" << r.head << "'";
    std::vector<top_state> listed;
    for (const auto& cell : r.cells) listed.push_back(top_from(cell));
    // Every non-empty top state of the tables: listed means playable, unlisted means not.
    for (const auto& top : shiphead_tops) {
      if (top.top == 0) continue;
      const bool expected = std::find(listed.begin(), listed.end(), top) != listed.end();
      EXPECT_EQ(has_rank(rules.playable_on(top), x), expected)
          << rank_name(x) << " on " << describe_top(top) << ": the table says "
          << (expected ? "playable" : "not playable");
    }
  }
}

TEST(card_reference, anything_may_be_played_on_the_empty_pile) {
  const rank_mask on_empty = shiphead().playable_on(top_state{0, false});
  for (int x = 2; x <= rank_ace; ++x)
    EXPECT_TRUE(has_rank(on_empty, static_cast<rank>(x))) << rank_name(static_cast<rank>(x));
}

// Cells checked through real play rather than the compiled table.

TEST(card_reference, in_play_a_10_on_a_fresh_8_is_refused) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 10H 7H"}});
  t.act(0, play("8C"));
  EXPECT_FALSE(rank_playable(t.state, 10));
  t.refuse(1, play("10H"), error_code::not_playable);
  t.refuse(1, play("7H"), error_code::not_playable);
}

TEST(card_reference, in_play_a_7_on_a_waited_8_is_playable) {
  table t(shiphead(), {{.hand = "3C 8C KC"}, {.hand = "4H 10H 7H"}});
  t.act(0, play("8C"));
  t.act(1, wait_turn());
  EXPECT_EQ(t.top(), (top_state{8, true}));
  // Seat 0 is on the waited 8: table one says 2, 7, 8, 9, 10, J, Q, K, A.
  EXPECT_FALSE(rank_playable(t.state, 3));
  EXPECT_TRUE(rank_playable(t.state, 7));
  t.act(0, play("KC"));
  t.act(1, play("7H"));
  EXPECT_EQ(t.top(), (top_state{13, false}));
}

TEST(card_reference, in_play_a_3_may_go_on_a_fresh_9_but_not_on_a_cancelled_one) {
  table t(shiphead(), {{.hand = "3C 9C 3D KC"}, {.hand = "4H 7H 5H QH"}});
  t.act(0, play("9C"));
  EXPECT_TRUE(rank_playable(t.state, 3));
  t.act(1, play("7H"));
  EXPECT_EQ(t.top(), (top_state{9, true}));
  t.refuse(0, play("3C"), error_code::not_playable);
  t.act(0, play("KC"));
}

}  // namespace
}  // namespace shithead::rules
