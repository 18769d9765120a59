#include "protocol/rules_api.hpp"

#include <nlohmann/json.hpp>

#include "protocol/ruleset_json.hpp"
#include "rules/words.hpp"

namespace shithead::protocol {
namespace {

json play_table_json(const rules::ruleset& rs) {
  json play_on = json::object();
  for (auto state : rs.reachable_top_states()) play_on[top_state_name(state)] = rank_names(rs.playable_on(state));
  json doc;
  doc["preset"] = std::string(rules::to_string(rs.preset));
  doc["play_on"] = std::move(play_on);
  return doc;
}

}  // namespace

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

std::string play_table_text(const rules::ruleset& rs) { return dump_json(play_table_json(rs)); }

std::string presets_body() {
  json presets = json::array();
  for (auto p : rules::all_presets)
    presets.push_back({{"name", std::string(rules::to_string(p))}, {"summary", std::string(rules::preset_summary(p))}});
  json doc;
  doc["presets"] = std::move(presets);
  return dump_json(doc);
}

std::string preset_body(const rules::ruleset& rs) {
  auto doc = play_table_json(rs);
  doc["summary"] = rules::summary_in_words(rs);
  if (rs.overrides != rules::ruleset_options{}) doc["ruleset"] = ruleset_to_json(rs);
  json powers = json::object();
  for (rules::rank r = rules::rank_two; r <= rules::rank_ace; ++r) {
    const auto set = rs.powers_of(r);
    if (!set) continue;
    json names = json::array();
    for (auto p : rules::all_rank_powers)
      if (rules::has_power(set, p)) names.push_back(std::string(rules::to_string(p)));
    powers[std::string(rules::rank_name(r))] = std::move(names);
  }
  doc["powers"] = std::move(powers);
  json words = json::array();
  for (auto& sentence : rules::rules_in_words(rs)) words.push_back(std::move(sentence));
  doc["rules_in_words"] = std::move(words);
  json pile = json::object();
  for (auto& [state, sentence] : rules::pile_words(rs)) pile[top_state_name(state)] = std::move(sentence);
  doc["pile_words"] = std::move(pile);
  json runs = json::object();
  for (rules::rank r = rules::rank_two; r <= rules::rank_ace; ++r)
    if (rs.run_burn[r] > 0) runs[std::string(rules::rank_name(r))] = rs.run_burn[r];
  doc["run_burn"] = std::move(runs);
  return dump_json(doc);
}

parsed<rules::ruleset> parse_house_rules_query(rules::preset_id preset, std::string_view json_text) {
  // Read into a tree that sorts its keys, as this query always has been: of several
  // mistakes, the one named is the first in key order, whatever order they came in.
  auto object = nlohmann::json::parse(json_text, nullptr, false);
  if (object.is_discarded() || !object.is_object())
    return parse_error{"ruleset: expected a JSON object of house rules"};
  const auto preset_name = std::string(rules::to_string(preset));
  if (object.contains("preset") && object["preset"] != preset_name)
    return parse_error{"ruleset: its preset differs from the path's"};
  object["preset"] = preset_name;
  return ruleset_from_json(json(object), "ruleset");
}

}  // namespace shithead::protocol
