// `shithead replay FILE`, called as a function and as the real binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/record_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/ruleset.hpp"
#include "rules/view.hpp"
#include "server/cli/command_line.hpp"
#include "tests/cli/run_binary.hpp"

namespace shithead::server {
namespace {

using protocol::json;

std::string record_path(std::string_view name) {
  return std::string(SHITHEAD_TEST_DATA) + "/records/" + std::string(name);
}

struct replay_result {
  int code = -1;
  std::string out;
  std::string err;
  json output;  // `out` parsed; null when it is not one line of JSON
};

replay_result replay(std::vector<std::string_view> args) {
  std::ostringstream out;
  std::ostringstream err;
  replay_result r;
  r.code = run_replay_command(args, out, err);
  r.out = out.str();
  r.err = err.str();
  if (!r.out.empty() && r.out.back() == '\n' && r.out.find('\n') == r.out.size() - 1)
    if (auto parsed = protocol::parse_json_text(r.out)) r.output = parsed.value();
  return r;
}

replay_result replay_file(std::string_view name) { return replay({record_path(name)}); }

// Runs the real binary (its stderr discarded) and reads its stdout as JSON.
replay_result run_binary_reading_json(const std::string& arguments) {
  const auto run = run_binary(arguments);
  replay_result r;
  r.code = run.exit_code;
  r.out = run.out;
  if (auto parsed = protocol::parse_json_text(r.out)) r.output = parsed.value();
  return r;
}

// A scratch file of this process: ctest runs tests in parallel processes, and two
// builds may run the suite at once.
std::string temp_path(const std::string& name) {
  return testing::TempDir() + "shithead_replay_" + std::to_string(getpid()) + "_" + name;
}

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// --- legal records ---------------------------------------------------------------

TEST(replay, a_legal_game_played_to_the_end_reports_places_and_shithead) {
  const auto r = replay_file("legal_finished.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.output, json::parse(R"({"ok": true, "over": true, "abandoned": false, "places": [0],
                                     "shithead": 1, "next": null})"))
      << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(replay, output_is_one_line_of_json) {
  const auto r = replay_file("legal_finished.json");
  EXPECT_EQ(r.out,
            "{\"ok\": true, \"over\": true, \"abandoned\": false, \"places\": [0], "
            "\"shithead\": 1, \"next\": null}\n");
}

TEST(replay, a_wait_a_lower_card_and_a_burn_replay_legally) {
  const auto r = replay_file("legal_powers.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.output["places"], json::parse("[0]"));
  EXPECT_EQ(r.output["shithead"], 1);
}

// Cut the powers game after each action: who must act next follows the rules.
TEST(replay, the_seat_to_act_follows_waits_and_burns) {
  std::ifstream in(record_path("legal_powers.json"));
  std::stringstream text;
  text << in.rdbuf();
  auto record = protocol::parse_record(text.str());
  ASSERT_TRUE(record) << record.error().message;
  // After k actions: swap 0, swap 1, then 0 leads with the lowest card (3C), 1 plays a
  // 9, 0 an 8, 1 waits, 0 burns with a 10 and so plays again, from face down, and is out.
  const std::vector<int> next = {0, 1, 0, 1, 0, 1, 0, 0, -1};
  const auto all = record.value().actions;
  ASSERT_EQ(all.size() + 1, next.size());
  for (std::size_t k = 0; k <= all.size(); ++k) {
    auto cut = record.value();
    cut.actions.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
    const std::string path = temp_path("powers_cut_" + std::to_string(k) + ".json");
    std::ofstream(path) << protocol::write_record(cut);
    const auto r = replay({path});
    ASSERT_EQ(r.code, 0) << k << ": " << r.out;
    if (next[k] < 0) {
      EXPECT_TRUE(r.output["next"].is_null()) << k;
      EXPECT_EQ(r.output["over"], true) << k;
    } else {
      EXPECT_EQ(r.output["next"], next[k]) << k;
      EXPECT_EQ(r.output["over"], false) << k;
    }
  }
}

TEST(replay, an_unfinished_game_names_the_seat_to_act) {
  const auto r = replay_file("legal_unfinished.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.output, json::parse(R"({"ok": true, "over": false, "abandoned": false, "places": [],
                                     "shithead": null, "next": 0})"))
      << r.out;
}

TEST(replay, the_documented_example_record_is_legal_and_unfinished) {
  const auto r = replay_file("example.json");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.output["over"], false) << r.out;
  EXPECT_EQ(r.output["next"], 0) << r.out;
}

// --- illegal actions -----------------------------------------------------------

struct illegal_case {
  std::string file;
  int index;
  std::string error;
};

TEST(replay, the_first_illegal_action_is_reported_by_index_and_code) {
  const std::vector<illegal_case> cases = {
      {"illegal_not_your_turn.json", 2, "not_your_turn"},
      {"illegal_not_playable.json", 5, "not_playable"},
      {"illegal_not_held.json", 2, "not_held"},
      {"illegal_empty_pile.json", 2, "empty_pile"},
      {"illegal_already_swapped.json", 1, "already_swapped"},
      {"illegal_bad_seat.json", 0, "bad_seat"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const auto r = replay_file(c.file);
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_EQ(r.output["ok"], false) << r.out;
    EXPECT_EQ(r.output["index"], c.index) << r.out;
    EXPECT_EQ(r.output["error"], c.error) << r.out;
    EXPECT_TRUE(r.output["message"].is_string()) << r.out;
    EXPECT_FALSE(r.output["message"].get<std::string>().empty()) << r.out;
  }
}

// Issue 32: a reset of any rank lets anything follow it (000: "every card can play on
// it"). A record of revision 1, which read a reset ace by rank order, replays as it was
// played: there the 4 after the ace is refused.
TEST(replay, anything_follows_a_reset_ace_except_in_a_record_of_revision_1) {
  const auto now = replay_file("legal_reset_on_another_rank.json");
  EXPECT_EQ(now.code, 0) << now.out << now.err;
  EXPECT_EQ(now.output["over"], false) << now.out;
  EXPECT_EQ(now.output["next"], 1) << now.out;

  const auto then = replay_file("revision_1_reset_by_rank_order.json");
  EXPECT_EQ(then.code, 1) << then.out << then.err;
  EXPECT_EQ(then.output["index"], 4) << then.out;
  EXPECT_EQ(then.output["error"], "not_playable") << then.out;
}

// isf (001: its rules avoid "the popular If You Pick Up It's The Next Person's Turn
// variation"): the player who picked up plays next. The same record under shiphead, where
// the turn passes on after a pick-up, is refused at that play.
TEST(replay, under_isf_the_player_who_picked_up_plays_next_and_under_shiphead_may_not) {
  const auto isf = replay_file("isf_pickup_leads.json");
  EXPECT_EQ(isf.code, 0) << isf.out << isf.err;
  EXPECT_EQ(isf.output["next"], 0) << isf.out;

  std::ifstream in(record_path("isf_pickup_leads.json"));
  std::stringstream text;
  text << in.rdbuf();
  auto record = protocol::parse_record(text.str());
  ASSERT_TRUE(record) << record.error().message;
  for (const auto& [preset, pickup_leads] :
       {std::pair{rules::preset_id::shiphead, false}, std::pair{rules::preset_id::isf, false}}) {
    auto options = record.value().ruleset.overrides;
    if (preset == rules::preset_id::isf) options.pickup_leads = pickup_leads;
    auto other = record.value();
    auto made = rules::make_ruleset(preset, options);
    ASSERT_TRUE(made) << made.error().message;
    other.ruleset = made.value();
    const std::string path = temp_path(std::string(rules::to_string(preset)) + "_pickup.json");
    std::ofstream(path) << protocol::write_record(other);
    const auto r = replay({path});
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_EQ(r.output["index"], 4) << r.out;
    EXPECT_EQ(r.output["error"], "not_your_turn") << r.out;
  }
}

// --- malformed records and bad arguments ------------------------------------------

struct malformed_case {
  std::string file;
  std::string expected;  // part of the message
};

TEST(replay, a_malformed_record_exits_2_naming_the_problem) {
  const std::vector<malformed_case> cases = {
      {"malformed_not_json.json", "invalid JSON"},
      {"malformed_missing_players.json", "players: missing"},
      {"malformed_bad_card.json", R"(actions[2].cards[0]: "11H" is not a card)"},
      {"malformed_impossible_deal.json", "AS"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const auto r = replay_file(c.file);
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_EQ(r.output["ok"], false) << r.out;
    EXPECT_EQ(r.output["error"], "malformed") << r.out;
    EXPECT_NE(r.output["message"].get<std::string>().find(c.expected), std::string::npos) << r.out;
  }
}

TEST(replay, an_unreadable_path_exits_2) {
  const auto missing = replay_file("no_such_record.json");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("no_such_record.json"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;

  const auto directory = replay({record_path("")});
  EXPECT_EQ(directory.code, 2);
  EXPECT_NE(directory.err.find("not a regular file"), std::string::npos) << directory.err;
}

TEST(replay, an_empty_file_exits_2) {
  const std::string path = temp_path("empty_record.json");
  std::ofstream{path};
  const auto r = replay({path});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("invalid JSON"), std::string::npos) << r.err;
}

TEST(replay, without_a_file_it_prints_usage_and_exits_2) {
  const auto none = replay({});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("usage: shithead replay FILE"), std::string::npos) << none.err;
  EXPECT_EQ(none.out, "");

  const auto two = replay({"a.json", "b.json"});
  EXPECT_EQ(two.code, 2);

  const auto help = replay({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("usage: shithead replay FILE"), std::string::npos);
}

// --- the real binary ------------------------------------------------------------

TEST(replay_binary, exit_codes_are_0_legal_1_illegal_2_malformed) {
  const auto legal = run_binary_reading_json("replay " + quoted(record_path("legal_finished.json")));
  EXPECT_EQ(legal.code, 0) << legal.out;
  EXPECT_EQ(legal.output["ok"], true) << legal.out;

  const auto unfinished = run_binary_reading_json("replay " + quoted(record_path("legal_unfinished.json")));
  EXPECT_EQ(unfinished.code, 0) << unfinished.out;
  EXPECT_EQ(unfinished.output["next"], 0) << unfinished.out;

  const auto illegal = run_binary_reading_json("replay " + quoted(record_path("illegal_not_playable.json")));
  EXPECT_EQ(illegal.code, 1) << illegal.out;
  EXPECT_EQ(illegal.output["error"], "not_playable") << illegal.out;
  EXPECT_EQ(illegal.output["index"], 5) << illegal.out;

  for (const char* name : {"malformed_not_json.json", "malformed_missing_players.json", "malformed_bad_card.json",
                           "malformed_impossible_deal.json"}) {
    const auto bad = run_binary_reading_json("replay " + quoted(record_path(name)));
    EXPECT_EQ(bad.code, 2) << name << ": " << bad.out;
  }
  EXPECT_EQ(run_binary_reading_json("replay " + quoted(record_path("no_such_record.json"))).code, 2);
  EXPECT_EQ(run_binary_reading_json("replay").code, 2);
}

// --- records written by bot games ------------------------------------------------

struct bot_game {
  protocol::game_record record;
  rules::game_state final_state;
};

// Plays a whole game with bots, recording every action as a room would.
bot_game play_bot_game(rules::preset_id preset, int players, std::uint64_t seed, rules::bot_kind kind) {
  bot_game game;
  game.record.ruleset = rules::preset_ruleset(preset);
  game.record.players = players;
  game.record.dealer = static_cast<int>(seed % static_cast<std::uint64_t>(players));
  game.record.start = seed;
  auto started = protocol::start_game(game.record);
  EXPECT_TRUE(started) << started.error().message;
  if (!started) return game;
  auto& state = started.value();
  rules::rng random(seed * 7919 + 1);
  std::vector<rules::event> events;
  while (!state.over()) {
    const int seat = rules::seat_to_act(state);
    const auto action = rules::choose_action(kind, rules::view_for(state, seat), random);
    EXPECT_TRUE(action) << "bot in seat " << seat << " has nothing to do";
    if (!action) break;
    const auto error = rules::try_apply(state, seat, *action, events);
    EXPECT_FALSE(error) << rules::describe(*action) << ": " << error->message;
    if (error) break;
    game.record.actions.push_back({seat, *action});
  }
  game.final_state = std::move(state);
  return game;
}

json expected_outcome(const rules::game_state& state) {
  json places = json::array();
  for (int seat : state.finish_order) places.push_back(seat);
  json out = json::object();
  out["ok"] = true;
  out["over"] = true;
  out["abandoned"] = state.abandoned;
  out["places"] = places;
  out["shithead"] = state.shithead >= 0 ? json(state.shithead) : json(nullptr);
  out["next"] = nullptr;
  return out;
}

TEST(replay, records_of_bot_games_under_every_preset_replay_to_the_same_result) {
  int games = 0;
  for (auto preset : rules::all_presets) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const int players = 2 + static_cast<int>(seed % 4);
      const auto kind = seed % 2 == 0 ? rules::bot_kind::greedy : rules::bot_kind::random;
      SCOPED_TRACE(std::string(rules::to_string(preset)) + " seed " + std::to_string(seed) + ", " +
                   std::to_string(players) + " players");
      auto game = play_bot_game(preset, players, seed, kind);
      ASSERT_TRUE(game.final_state.over());

      const std::string path =
          temp_path("bot_" + std::string(rules::to_string(preset)) + "_" + std::to_string(seed) + ".json");
      std::ofstream(path) << protocol::write_record(game.record);
      const auto r = replay({path});
      ASSERT_EQ(r.code, 0) << r.out << r.err;
      EXPECT_EQ(r.output, expected_outcome(game.final_state)) << r.out;
      ++games;
    }
  }
  EXPECT_EQ(games, 30);
}

TEST(replay, a_record_with_the_deal_written_out_replays_like_its_seed) {
  for (auto preset : rules::all_presets) {
    SCOPED_TRACE(rules::to_string(preset));
    auto game = play_bot_game(preset, 3, 99, rules::bot_kind::greedy);
    auto dealt = game.record;
    auto cards = rules::deal_from_seed(dealt.ruleset, dealt.players, dealt.dealer, 99);
    ASSERT_TRUE(cards) << cards.error().message;
    dealt.start = cards.value();

    const std::string path = temp_path("dealt_" + std::string(rules::to_string(preset)) + ".json");
    std::ofstream(path) << protocol::write_record(dealt);
    const auto r = replay({path});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_EQ(r.output, expected_outcome(game.final_state)) << r.out;
  }
}

TEST(replay_binary, a_bot_game_record_replays_through_the_binary) {
  auto game = play_bot_game(rules::preset_id::shiphead, 4, 2024, rules::bot_kind::greedy);
  const std::string path = temp_path("bot_binary.json");
  std::ofstream(path) << protocol::write_record(game.record);
  const auto r = run_binary_reading_json("replay " + quoted(path));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.output, expected_outcome(game.final_state)) << r.out;
}

TEST(replay, a_record_cut_after_any_action_replays_legally) {
  auto game = play_bot_game(rules::preset_id::standard, 3, 5, rules::bot_kind::random);
  const auto all = game.record.actions;
  for (std::size_t k = 0; k < all.size(); k += std::max<std::size_t>(1, all.size() / 10)) {
    auto cut = game.record;
    cut.actions.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k));
    const std::string path = temp_path("cut.json");
    std::ofstream(path) << protocol::write_record(cut);
    const auto r = replay({path});
    ASSERT_EQ(r.code, 0) << k << ": " << r.out;
    EXPECT_EQ(r.output["over"], false) << k;
    EXPECT_TRUE(r.output["next"].is_number_integer()) << k;
  }
}

}  // namespace
}  // namespace shithead::server
