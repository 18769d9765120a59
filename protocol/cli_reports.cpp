#include "protocol/cli_reports.hpp"

#include "protocol/json_text.hpp"
#include "protocol/ruleset_json.hpp"

namespace shithead::protocol {
namespace {

template <class T>
json or_null(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json spread_json(const time_spread& spread) {
  json out;
  out["count"] = spread.count;
  if (spread.count == 0) return out;
  out["mean"] = spread.mean;
  out["p50"] = spread.p50;
  out["p99"] = spread.p99;
  out["max"] = spread.max;
  return out;
}

json replay_json(const replay_legal& legal) {
  json out = json::object();
  out["ok"] = true;
  out["over"] = legal.over;
  out["abandoned"] = legal.abandoned;
  out["places"] = legal.places;
  out["shithead"] = or_null(legal.shithead);
  out["next"] = or_null(legal.next);
  return out;
}

json replay_json(const replay_illegal& illegal) {
  json out = json::object();
  out["ok"] = false;
  out["index"] = illegal.index;
  out["error"] = rules::to_string(illegal.error);
  out["message"] = illegal.message;
  return out;
}

json replay_json(const replay_malformed& malformed) {
  json out = json::object();
  out["ok"] = false;
  out["error"] = "malformed";
  out["message"] = malformed.message;
  return out;
}

}  // namespace

std::string simulate_report_text(const simulate_report& report) {
  json out;
  out["games"] = report.games;
  out["first_game"] = report.first_game;
  out["finished"] = report.finished;
  out["abandoned"] = report.abandoned;
  out["actions"] = report.actions;
  out["seconds"] = report.seconds;
  out["games_per_second"] = report.games_per_second;
  out["actions_per_second"] = report.actions_per_second;
  out["turns"] = {{"mean", report.turns_mean}, {"max", report.turns_max}};
  out["shithead_by_seat"] = report.shithead_by_seat;
  json rates = json::array();
  for (const auto& seat : report.shithead_rate_by_seat)
    rates.push_back({{"rate", seat.rate}, {"low", seat.low}, {"high", seat.high}});
  out["shithead_rate_by_seat"] = std::move(rates);
  if (report.search_move_ms) out["search_move_ms"] = spread_json(*report.search_move_ms);
  out["preset"] = std::string(rules::to_string(report.ruleset.preset));
  out["ruleset"] = ruleset_to_json(report.ruleset);
  out["players"] = report.players;
  json bots = json::array();
  for (auto b : report.bots) bots.push_back(std::string(rules::to_string(b)));
  out["bots"] = std::move(bots);
  return dump_json(out);
}

std::string replay_result_line(const replay_result& result) {
  return format_json_line(std::visit([](const auto& r) { return replay_json(r); }, result));
}

std::string play_report_line(const play_report& report) {
  json out;
  out["player_id"] = report.player_id;
  out["token"] = report.token;
  out["table"] = report.table;
  out["game_id"] = or_null(report.game_id);
  out["abandoned"] = report.abandoned;
  out["place"] = or_null(report.place);
  out["shithead"] = report.shithead;
  return format_json_line(out);
}

}  // namespace shithead::protocol
