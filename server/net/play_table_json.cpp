#include "server/net/play_table_json.hpp"

namespace shithead::server {

std::string top_state_name(rules::top_state state) {
  if (state.top == 0) return "empty";
  const std::string name(rules::rank_name(state.top));
  return state.used ? "<" + name + ">" : "[" + name + "]";
}

std::vector<std::string> rank_names(rules::rank_mask mask) {
  std::vector<std::string> names;
  for (rules::rank r = rules::rank_two; r <= rules::rank_joker; ++r)
    if (rules::has_rank(mask, r)) names.emplace_back(rules::rank_name(r));
  return names;
}

nlohmann::ordered_json play_table_json(const rules::ruleset& rs) {
  nlohmann::ordered_json play_on = nlohmann::ordered_json::object();
  for (auto state : rs.reachable_top_states()) play_on[top_state_name(state)] = rank_names(rs.playable_on(state));
  nlohmann::ordered_json doc;
  doc["preset"] = std::string(rules::to_string(rs.preset));
  doc["play_on"] = std::move(play_on);
  return doc;
}

}  // namespace shithead::server
