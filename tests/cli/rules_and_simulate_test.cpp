// `shithead rules` and `shithead simulate`, called as functions and, for exit codes and
// the exact reference output, as the real binary.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "server/cli/command_line.hpp"
#include "tests/cli/run_binary.hpp"

namespace shithead::server {
namespace {

// A command line run in-process: its exit code and what it wrote to each stream.
struct command_output {
  int exit_code;
  std::string out;
  std::string err;
};

command_output call(std::vector<std::string_view> args) {
  std::ostringstream out, err;
  const int code = run_command_line(args, out, err);
  return {code, out.str(), err.str()};
}

// `shithead rules shiphead --json`, one line: both card reference tables of
// 000_083722bd298f523d.txt folded into one (for each top state, what may be played on
// it), kept in tests/data beside the protocol test of the same table.
std::string shiphead_reference() {
  std::ifstream in(std::string(SHITHEAD_TEST_DATA) + "/shiphead_play_table.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(rules_command, shiphead_json_reproduces_the_card_reference_tables) {
  const auto r = run_binary("rules shiphead --json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, shiphead_reference());
}

TEST(rules_command, every_preset_lists_only_states_that_can_occur) {
  for (const char* preset : {"shiphead", "isf", "limbo", "palace", "standard"}) {
    SCOPED_TRACE(preset);
    const auto r = call({"rules", preset, "--json"});
    ASSERT_EQ(r.exit_code, 0);
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["preset"], preset);
    const auto& play_on = doc["play_on"];
    EXPECT_TRUE(play_on.contains("empty"));
    // A 10 burns in every preset but palace, so it never lies on their piles.
    EXPECT_EQ(play_on.contains("[10]"), std::string(preset) == "palace");
  }
  // limbo: 4 is invisible (never a key) and, played on a fresh 9, cancels it: <9>.
  const auto limbo = nlohmann::json::parse(call({"rules", "limbo", "--json"}).out)["play_on"];
  EXPECT_FALSE(limbo.contains("[4]"));
  EXPECT_EQ(limbo["[9]"], nlohmann::json::parse(R"(["2","3","4","5","6","7","8","9","10"])"));
  EXPECT_EQ(limbo["<9>"], nlohmann::json::parse(R"(["2","4","9","10","J","Q","K","A"])"));
  EXPECT_EQ(limbo["[K]"], nlohmann::json::parse(R"(["2","4","9","10","K","A"])"));
  // isf: a 7 is a fresh "seven or lower"; a 10 never goes on it.
  const auto isf = nlohmann::json::parse(call({"rules", "isf", "--json"}).out)["play_on"];
  EXPECT_EQ(isf["[7]"], nlohmann::json::parse(R"(["2","3","4","5","6","7"])"));
  EXPECT_FALSE(isf.contains("<7>"));
  // palace: only the 2 is special.
  const auto palace = nlohmann::json::parse(call({"rules", "palace", "--json"}).out)["play_on"];
  EXPECT_EQ(palace["[A]"], nlohmann::json::parse(R"(["2","A"])"));
}

TEST(rules_command, the_readable_table_names_every_state) {
  const auto r = call({"rules", "shiphead"});
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("<8>   => 2, 7, 8, 9, 10, J, Q, K, A"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("What can it play on?"), std::string::npos);
}

TEST(rules_command, explains_a_tables_house_rules_in_words_and_in_its_table) {
  const auto r =
      call({"rules", R"({"preset":"shiphead","powers":{"9":["reverse"]},"fixed_hand":true,"play_from_table":true})"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("With this table's house rules"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("There is no stock"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Face-up cards may be played together with the hand"), std::string::npos) << r.out;
  // The 9 lost "nine or lower": a fresh 9 is just a 9.
  const auto doc = nlohmann::json::parse(call({"rules", R"({"powers":{"9":["reverse"]}})", "--json"}).out);
  EXPECT_EQ(doc["play_on"]["[9]"], nlohmann::json::parse(R"(["2","7","9","10","J","Q","K","A"])"));
  const auto bad = call({"rules", R"({"powers":{"9":["reverse","skip"]}})"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("reverse or skip"), std::string::npos) << bad.err;
}

TEST(rules_command, an_unknown_preset_is_a_usage_error) {
  const auto r = call({"rules", "poker"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown preset 'poker'"), std::string::npos);
  EXPECT_EQ(run_binary("rules poker").exit_code, 2);
}

TEST(simulate_command, reports_every_figure_and_finishes_games_under_every_preset) {
  for (const char* preset : {"shiphead", "isf", "limbo", "palace", "standard"}) {
    for (const char* players : {"2", "5", "8"}) {
      SCOPED_TRACE(std::string(preset) + " x" + players);
      const auto r = call({"simulate", "--preset", preset, "--players", players, "--games", "30", "--seed", "9",
                           "--bots", "greedy,random"});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const auto doc = nlohmann::json::parse(r.out);
      EXPECT_EQ(doc["games"], 30);
      EXPECT_EQ(doc["finished"].get<int>() + doc["abandoned"].get<int>(), 30);
      EXPECT_GT(doc["finished"].get<int>(), 0);
      EXPECT_GT(doc["actions"].get<long>(), 0);
      for (const char* key : {"seconds", "games_per_second", "actions_per_second"})
        EXPECT_TRUE(doc[key].is_number()) << key;
      EXPECT_GT(doc["turns"]["mean"].get<double>(), 0);
      EXPECT_GE(doc["turns"]["max"].get<double>(), doc["turns"]["mean"].get<double>());
      long shitheads = 0;
      for (const auto& n : doc["shithead_by_seat"]) shitheads += n.get<long>();
      EXPECT_EQ(shitheads, doc["finished"].get<long>());
      EXPECT_EQ(doc["shithead_by_seat"].size(), static_cast<std::size_t>(std::stoi(players)));
    }
  }
}

// Any house rule, as a ruleset object: the report names it, and it changes the games.
TEST(simulate_command, takes_a_ruleset_object_with_house_rules) {
  const auto run = [](std::string_view preset) {
    return call(
        {"simulate", "--preset", preset, "--players", "6", "--games", "200", "--seed", "5", "--bots", "random"});
  };
  const auto isf = run("isf");
  const auto passing_on = run(R"({"preset":"isf","pickup_leads":false})");
  ASSERT_EQ(isf.exit_code, 0) << isf.err;
  ASSERT_EQ(passing_on.exit_code, 0) << passing_on.err;
  const auto a = nlohmann::json::parse(isf.out);
  const auto b = nlohmann::json::parse(passing_on.out);
  EXPECT_EQ(a["ruleset"], "isf");
  EXPECT_EQ(b["ruleset"], nlohmann::json::parse(R"({"preset":"isf","pickup_leads":false})"));
  EXPECT_EQ(b["preset"], "isf");
  EXPECT_NE(a["actions"], b["actions"]);
  const auto bad = run(R"({"preset":"isf","pickup_leads":1})");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("pickup_leads"), std::string::npos) << bad.err;
}

// The house rules of rank powers, skip jokers, play from the table and a fixed hand
// simulate like any other ruleset, and the report names them as given.
TEST(simulate_command, takes_powers_and_the_table_house_rules) {
  const std::string ruleset = R"({"preset":"shiphead","jokers":"skip","powers":{"5":["skip"],"8":[],"9":["reverse"]},)"
                              R"("specials_on_anything":false,"play_from_table":true,"fixed_hand":true})";
  const auto result = call(
      {"simulate", "--preset", ruleset, "--players", "5", "--games", "100", "--seed", "3", "--bots", "greedy,random"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto doc = nlohmann::json::parse(result.out);
  EXPECT_EQ(doc["ruleset"], nlohmann::json::parse(ruleset));
  EXPECT_EQ(doc["games"], 100);
  EXPECT_GT(doc["actions"].get<long>(), 0);

  const auto bad = call({"simulate", "--preset", R"({"powers":{"9":["fly"]}})", "--games", "1"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("powers.9[0]"), std::string::npos) << bad.err;
}

TEST(simulate_command, the_same_seed_plays_the_same_games) {
  const auto strip_timing = [](std::string text) {
    auto doc = nlohmann::json::parse(text);
    for (const char* key : {"seconds", "games_per_second", "actions_per_second"}) doc.erase(key);
    return doc;
  };
  const std::vector<std::string_view> args = {"simulate", "--preset", "shiphead", "--players", "4",     "--games",
                                              "50",       "--seed",   "42",       "--bots",    "random"};
  EXPECT_EQ(strip_timing(call(args).out), strip_timing(call(args).out));
  auto other = args;
  other[8] = "43";
  EXPECT_NE(strip_timing(call(args).out), strip_timing(call(other).out));
}

// A measurement split into pieces adds up to the whole: the pieces play the same games.
TEST(simulate_command, games_split_with_first_game_add_up_to_the_whole_run) {
  const auto run = [](std::string_view first, std::string_view games) {
    return nlohmann::json::parse(call({"simulate", "--preset", "shiphead", "--players", "3", "--games", games,
                                       "--first-game", first, "--seed", "9", "--bots", "greedy,easy"})
                                     .out);
  };
  const auto whole = run("0", "60");
  const auto head = run("0", "25");
  const auto tail = run("25", "35");
  EXPECT_EQ(tail["first_game"], 25);
  for (const char* key : {"finished", "abandoned", "actions"})
    EXPECT_EQ(whole[key].get<long>(), head[key].get<long>() + tail[key].get<long>()) << key;
  for (std::size_t seat = 0; seat < 3; ++seat)
    EXPECT_EQ(whole["shithead_by_seat"][seat].get<long>(),
              head["shithead_by_seat"][seat].get<long>() + tail["shithead_by_seat"][seat].get<long>());
  EXPECT_NE(run("0", "35")["shithead_by_seat"], tail["shithead_by_seat"]);
}

TEST(simulate_command, bad_options_are_usage_errors) {
  for (const auto& args : std::vector<std::vector<std::string_view>>{{"simulate", "--players", "9"},
                                                                     {"simulate", "--players"},
                                                                     {"simulate", "--preset", "poker"},
                                                                     {"simulate", "--bots", "clever"},
                                                                     {"simulate", "--games", "0"},
                                                                     {"simulate", "--seed", "-1"},
                                                                     {"simulate", "--first-game", "-3"},
                                                                     {"simulate", "--colour", "red"}}) {
    const auto r = call(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_FALSE(r.err.empty());
  }
  EXPECT_EQ(run_binary("simulate --players 1").exit_code, 2);
}

TEST(command_line, an_unknown_command_is_a_usage_error) {
  EXPECT_EQ(call({"deal"}).exit_code, 2);
  EXPECT_EQ(call({"help"}).exit_code, 0);
}

}  // namespace
}  // namespace shithead::server
