// What the command line prints, byte for byte: `shithead replay`'s line in each of its
// three forms, `shithead play`'s last line and `shithead simulate`'s report.
#include <gtest/gtest.h>

#include <string>

#include "protocol/cli_reports.hpp"

namespace shithead::protocol {
namespace {

TEST(cli_reports, a_legal_replay_lists_places_the_shithead_and_who_is_next) {
  replay_legal finished;
  finished.over = true;
  finished.places = {2, 0};
  finished.shithead = 1;
  EXPECT_EQ(replay_result_line(finished),
            R"({"ok": true, "over": true, "abandoned": false, "places": [2, 0], "shithead": 1, "next": null})");
  replay_legal unfinished;
  unfinished.next = 0;
  EXPECT_EQ(replay_result_line(unfinished),
            R"({"ok": true, "over": false, "abandoned": false, "places": [], "shithead": null, "next": 0})");
}

TEST(cli_reports, an_illegal_replay_names_the_action_and_the_rules_code) {
  EXPECT_EQ(replay_result_line(replay_illegal{5, rules::error_code::not_playable, "Q may not be played"}),
            R"({"ok": false, "index": 5, "error": "not_playable", "message": "Q may not be played"})");
}

TEST(cli_reports, a_malformed_record_says_why) {
  EXPECT_EQ(replay_result_line(replay_malformed{"players: missing"}),
            R"({"ok": false, "error": "malformed", "message": "players: missing"})");
}

TEST(cli_reports, the_play_line_has_null_for_what_the_game_did_not_give) {
  play_report report;
  report.player_id = "0123456789ab";
  report.token = "tok";
  report.table = "K7QXM3";
  report.game_id = 41;
  report.place = 2;
  EXPECT_EQ(play_report_line(report),
            R"({"player_id": "0123456789ab", "token": "tok", "table": "K7QXM3", "game_id": 41, )"
            R"("abandoned": false, "place": 2, "shithead": false})");
  report.game_id.reset();
  report.place.reset();
  report.abandoned = true;
  EXPECT_EQ(play_report_line(report),
            R"({"player_id": "0123456789ab", "token": "tok", "table": "K7QXM3", "game_id": null, )"
            R"("abandoned": true, "place": null, "shithead": false})");
}

simulate_report two_seats() {
  simulate_report report;
  report.games = 10;
  report.finished = 9;
  report.abandoned = 1;
  report.actions = 500;
  report.seconds = 0.25;
  report.games_per_second = 40;
  report.actions_per_second = 2000;
  report.turns_mean = 50;
  report.turns_max = 80;
  report.shithead_by_seat = {4, 5};
  report.shithead_rate_by_seat = {{0.5, 0.25, 0.75}, {0.5, 0.25, 0.75}};
  report.ruleset = rules::preset_ruleset(rules::preset_id::isf);
  report.players = 2;
  report.bots = {rules::bot_kind::greedy, rules::bot_kind::random};
  return report;
}

TEST(cli_reports, the_simulate_report_is_one_compact_line_in_a_fixed_order) {
  EXPECT_EQ(simulate_report_text(two_seats()),
            R"({"games":10,"first_game":0,"finished":9,"abandoned":1,"actions":500,"seconds":0.25,)"
            R"("games_per_second":40.0,"actions_per_second":2000.0,"turns":{"mean":50.0,"max":80},)"
            R"("shithead_by_seat":[4,5],"shithead_rate_by_seat":[{"rate":0.5,"low":0.25,"high":0.75},)"
            R"({"rate":0.5,"low":0.25,"high":0.75}],"preset":"isf","ruleset":"isf","players":2,)"
            R"("bots":["greedy","random"]})");
}

TEST(cli_reports, search_times_come_before_the_preset_and_only_with_a_searching_bot) {
  auto report = two_seats();
  report.search_move_ms = time_spread{};
  auto text = simulate_report_text(report);
  EXPECT_NE(text.find(R"("high":0.75}],"search_move_ms":{"count":0},"preset":"isf")"), std::string::npos) << text;
  report.search_move_ms = time_spread{4, 1.5, 1.0, 3.0, 3.0};
  text = simulate_report_text(report);
  EXPECT_NE(text.find(R"("search_move_ms":{"count":4,"mean":1.5,"p50":1.0,"p99":3.0,"max":3.0})"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace shithead::protocol
