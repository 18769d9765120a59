#include "protocol/ruleset_json.hpp"
#include "protocol/ruleset_text.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <vector>

namespace shithead::protocol {
namespace {

constexpr std::array<std::string_view, 20> ruleset_keys = {
    "preset",          "hand_size",       "face_up",          "face_down",         "decks",     "jokers",
    "swap_stacking",   "tens_restricted", "lower_than_seven", "three_eights_burn", "invisible", "voluntary_pickup",
    "pickup_leads",    "burn_in",         "n_of_a_kind",      "turn_limit",        "powers",    "specials_on_anything",
    "play_from_table", "fixed_hand"};

constexpr std::string_view auto_decks = "auto";
constexpr std::string_view no_rank = "none";

// The JSON layer checks only types; ranges are make_ruleset's, so that the limits live
// in one place.
parsed<int> read_any_int(const json& value, std::string_view path) {
  return read_int(value, path, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
}

parsed<int> read_decks(const json& value, std::string_view path) {
  if (value.is_string() && value.get_ref<const std::string&>() == auto_decks) return 0;
  if (!value.is_number_integer()) return error_at(path, "expected 1, 2, 3 or \"auto\", got " + quote(value));
  return read_int(value, path, 1, 3);
}

parsed<rules::joker_rule> read_jokers(const json& value, std::string_view path) {
  if (value.is_string())
    if (const auto j = rules::parse_joker_rule(value.get_ref<const std::string&>())) return *j;
  return error_at(path, "expected \"none\", \"reverse\", \"give_pile\" or \"skip\", got " + quote(value));
}

parsed<rules::rank> read_invisible(const json& value, std::string_view path) {
  if (!value.is_string()) return error_at(path, "expected a rank like \"8\" or \"none\", got " + quote(value));
  const auto& text = value.get_ref<const std::string&>();
  if (text == no_rank) return rules::rank{0};
  if (const auto r = rules::parse_rank(text)) return *r;
  return error_at(path, quote(value) + " is not a rank (\"2\"..\"10\", \"J\", \"Q\", \"K\", \"A\" or \"none\")");
}

// "\"reset\", \"invisible\", ... or \"skip\"", for error messages.
std::string power_names() {
  std::string text;
  for (std::size_t i = 0; i < rules::all_rank_powers.size(); ++i) {
    if (i > 0) text += i + 1 == rules::all_rank_powers.size() ? " or " : ", ";
    text += '"';
    text += rules::to_string(rules::all_rank_powers[i]);
    text += '"';
  }
  return text;
}

// One rank's powers: an array of distinct power names. Which powers may go together is
// make_ruleset's to judge.
parsed<rules::rank_power_set> read_power_list(const json& value, std::string_view path) {
  if (!value.is_array())
    return error_at(path, "expected an array of power names like [\"reverse\"], got " + quote(value));
  rules::rank_power_set set = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const json& name = value[i];
    std::optional<rules::rank_power> p;
    if (name.is_string()) p = rules::parse_rank_power(name.get_ref<const std::string&>());
    if (!p) return error_at(index_path(path, i), quote(name) + " is not a power (" + power_names() + ")");
    if (rules::has_power(set, *p)) return error_at(index_path(path, i), quote(name) + " is listed twice");
    set = static_cast<rules::rank_power_set>(set | rules::bit_of(*p));
  }
  return set;
}

// {"9": ["reverse"], "8": []}: rank names to their powers, read into rank order. JSON
// keys are unique and there are 13 ranks, so the list stays short.
parsed<std::vector<rules::rank_powers>> read_powers(const json& value, std::string_view path) {
  if (!value.is_object())
    return error_at(path, "expected an object of ranks and powers like {\"9\": [\"reverse\"]}, got " + quote(value));
  std::vector<rules::rank_powers> list;
  for (const auto& [key, powers] : value.items()) {
    const auto at = field_path(path, key);
    const auto r = rules::parse_rank(key);
    if (!r) return error_at(at, quote(json(key)) + " is not a rank (\"2\"..\"10\", \"J\", \"Q\", \"K\" or \"A\")");
    auto set = read_power_list(powers, at);
    if (!set) return set.error();
    list.push_back({*r, set.value()});
  }
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.r < b.r; });
  return list;
}

// Ranks in rank order, each rank's powers in all_rank_powers order.
json powers_to_json(std::vector<rules::rank_powers> list) {
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.r < b.r; });
  json out = json::object();
  for (const auto& entry : list) {
    json names = json::array();
    for (auto p : rules::all_rank_powers)
      if (rules::has_power(entry.powers, p)) names.emplace_back(rules::to_string(p));
    out[std::string(rules::rank_name(entry.r))] = std::move(names);
  }
  return out;
}

// Stores a successfully read value in `field`, or returns the error.
template <class T, class U>
std::optional<parse_error> store(parsed<T> read, std::optional<U>& field) {
  if (!read) return read.error();
  field = std::move(read).value();
  return std::nullopt;
}

std::optional<parse_error> read_option(std::string_view key, const json& value, std::string_view path,
                                       rules::ruleset_options& out) {
  if (key == "hand_size") return store(read_any_int(value, path), out.hand_size);
  if (key == "face_up") return store(read_any_int(value, path), out.face_up);
  if (key == "face_down") return store(read_any_int(value, path), out.face_down);
  if (key == "decks") return store(read_decks(value, path), out.decks);
  if (key == "jokers") return store(read_jokers(value, path), out.jokers);
  if (key == "swap_stacking") return store(read_bool(value, path), out.swap_stacking);
  if (key == "tens_restricted") return store(read_bool(value, path), out.tens_restricted);
  if (key == "lower_than_seven") return store(read_bool(value, path), out.lower_than_seven);
  if (key == "three_eights_burn") return store(read_bool(value, path), out.three_eights_burn);
  if (key == "invisible") return store(read_invisible(value, path), out.invisible);
  if (key == "voluntary_pickup") return store(read_bool(value, path), out.voluntary_pickup);
  if (key == "pickup_leads") return store(read_bool(value, path), out.pickup_leads);
  if (key == "burn_in") return store(read_bool(value, path), out.burn_in);
  if (key == "n_of_a_kind") return store(read_any_int(value, path), out.n_of_a_kind);
  if (key == "turn_limit") return store(read_any_int(value, path), out.turn_limit);
  if (key == "powers") return take(read_powers(value, path), out.powers);
  if (key == "specials_on_anything") return store(read_bool(value, path), out.specials_on_anything);
  if (key == "play_from_table") return store(read_bool(value, path), out.play_from_table);
  if (key == "fixed_hand") return store(read_bool(value, path), out.fixed_hand);
  return error_at(path, "unknown key");
}

parsed<rules::preset_id> read_preset(const json& value, std::string_view path) {
  if (value.is_string())
    if (const auto p = rules::parse_preset(value.get_ref<const std::string&>())) return *p;
  return error_at(path,
                  "expected a preset (\"shiphead\", \"isf\", \"limbo\", \"palace\" or "
                  "\"standard\"), got " +
                      quote(value));
}

}  // namespace

json options_to_json(const rules::ruleset_options& o) {
  json out = json::object();
  if (o.hand_size) out["hand_size"] = *o.hand_size;
  if (o.face_up) out["face_up"] = *o.face_up;
  if (o.face_down) out["face_down"] = *o.face_down;
  if (o.decks) out["decks"] = *o.decks == 0 ? json(auto_decks) : json(*o.decks);
  if (o.jokers) out["jokers"] = rules::to_string(*o.jokers);
  if (o.swap_stacking) out["swap_stacking"] = *o.swap_stacking;
  if (o.tens_restricted) out["tens_restricted"] = *o.tens_restricted;
  if (o.lower_than_seven) out["lower_than_seven"] = *o.lower_than_seven;
  if (o.three_eights_burn) out["three_eights_burn"] = *o.three_eights_burn;
  if (o.invisible) out["invisible"] = *o.invisible == 0 ? no_rank : rules::rank_name(*o.invisible);
  if (o.voluntary_pickup) out["voluntary_pickup"] = *o.voluntary_pickup;
  if (o.pickup_leads) out["pickup_leads"] = *o.pickup_leads;
  if (o.burn_in) out["burn_in"] = *o.burn_in;
  if (o.n_of_a_kind) out["n_of_a_kind"] = *o.n_of_a_kind;
  if (o.turn_limit) out["turn_limit"] = *o.turn_limit;
  if (!o.powers.empty()) out["powers"] = powers_to_json(o.powers);
  if (o.specials_on_anything) out["specials_on_anything"] = *o.specials_on_anything;
  if (o.play_from_table) out["play_from_table"] = *o.play_from_table;
  if (o.fixed_hand) out["fixed_hand"] = *o.fixed_hand;
  return out;
}

json ruleset_to_json(const rules::ruleset& rules) {
  json overrides = options_to_json(rules.overrides);
  if (overrides.empty()) return rules::to_string(rules.preset);
  json out = json::object();
  out["preset"] = rules::to_string(rules.preset);
  for (auto& [key, value] : overrides.items()) out[key] = std::move(value);
  return out;
}

void write_ruleset(json_writer& out, const rules::ruleset& rules) {
  if (rules.overrides == rules::ruleset_options{})
    out.string(rules::to_string(rules.preset));
  else {
    const json tree = ruleset_to_json(rules);  // a few options: rare enough for a tree
    out.raw(out.spaced() ? format_json_line(tree) : dump_json(tree));
  }
}

parsed<rules::ruleset_options> options_from_json(const json& object, std::string_view path) {
  if (const auto bad = check_object(object, path, ruleset_keys)) return *bad;
  rules::ruleset_options options;
  for (const auto& [key, value] : object.items()) {
    if (key == "preset") continue;
    if (auto bad = read_option(key, value, field_path(path, key), options)) return std::move(*bad);
  }
  return options;
}

parsed<rules::ruleset> ruleset_from_json(const json& value, std::string_view path) {
  auto preset = rules::preset_id::shiphead;
  rules::ruleset_options options;
  if (value.is_string()) {
    auto p = read_preset(value, path);
    if (!p) return p.error();
    preset = p.value();
  } else if (value.is_object()) {
    // "preset" may be left out: shiphead is the default everywhere.
    if (const json* name = find_field(value, "preset")) {
      auto p = read_preset(*name, field_path(path, "preset"));
      if (!p) return p.error();
      preset = p.value();
    }
    auto o = options_from_json(value, path);
    if (!o) return o.error();
    options = std::move(o).value();
  } else {
    return error_at(path, "expected a preset name or an object, got " + quote(value));
  }
  auto made = rules::make_ruleset(preset, options);
  if (!made) return error_at(path, made.error().message);
  return std::move(made).value();
}

std::string ruleset_to_text(const rules::ruleset& rules) { return dump_json(ruleset_to_json(rules)); }

parsed<rules::ruleset> parse_ruleset_text(std::string_view text, std::string_view path) {
  auto value = parse_json_text(text);
  if (!value) return parse_error{std::string(path) + ": " + value.error().message};
  return ruleset_from_json(value.value(), path);
}

}  // namespace shithead::protocol
