#include "server/lobby/table_summary.hpp"

namespace shithead::server {

protocol::json to_json(const table_summary& summary) {
  protocol::json out = protocol::json::object();
  out["code"] = summary.code;
  out["is_public"] = summary.is_public;
  out["preset"] = summary.preset;
  out["seats"] = summary.seats;
  out["seated"] = summary.seated;
  out["humans"] = summary.humans;
  out["bots"] = summary.bots;
  out["spectators"] = summary.spectators;
  out["in_game"] = summary.in_game;
  out["turn_timer_s"] = summary.turn_timer_s;
  out["host_name"] = summary.host_name;
  return out;
}

protocol::json tables_message(std::span<const table_summary> tables) {
  protocol::json list = protocol::json::array();
  for (const auto& table : tables) list.push_back(to_json(table));
  protocol::json out = protocol::json::object();
  out["type"] = "tables";
  out["tables"] = std::move(list);
  return out;
}

}  // namespace shithead::server
