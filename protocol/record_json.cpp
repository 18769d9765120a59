#include "protocol/record_json.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <string>

#include "protocol/action_json.hpp"
#include "protocol/card_json.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/ruleset_json.hpp"

namespace shithead::protocol {
namespace {

constexpr std::array<std::string_view, 7> record_keys = {"ruleset", "players", "dealer",        "deal",
                                                         "seed",    "actions", "rules_revision"};
constexpr std::array<std::string_view, 4> deal_keys = {"hands", "face_up", "face_down", "stock"};
constexpr std::array<std::string_view, 1> action_extra_keys = {"seat"};

// One zone of every seat: an array of `players` arrays of cards.
parsed<std::vector<std::vector<rules::card>>> read_zone(const json& deal, std::string_view path, std::string_view key,
                                                        int players) {
  auto field = require_field(deal, path, key);
  if (!field) return field.error();
  const json& zone = *field.value();
  const auto zone_path = field_path(path, key);
  if (!zone.is_array()) return error_at(zone_path, "expected an array of one card array a seat, got " + quote(zone));
  if (zone.size() != static_cast<std::size_t>(players))
    return error_at(zone_path,
                    std::to_string(zone.size()) + " seats, but the record has " + std::to_string(players) + " players");
  std::vector<std::vector<rules::card>> seats;
  for (std::size_t i = 0; i < zone.size(); ++i) {
    auto cards = cards_from_json(zone[i], index_path(zone_path, i));
    if (!cards) return cards.error();
    seats.push_back(std::move(cards).value());
  }
  return seats;
}

parsed<recorded_action> read_recorded_action(const json& value, std::string_view path) {
  auto action = action_from_json(value, path, action_extra_keys);
  if (!action) return action.error();
  auto seat_field = require_field(value, path, "seat");
  if (!seat_field) return seat_field.error();
  auto seat = read_int(*seat_field.value(), field_path(path, "seat"), std::numeric_limits<int>::min(),
                       std::numeric_limits<int>::max());
  if (!seat) return seat.error();
  return recorded_action{seat.value(), std::move(action).value()};
}

parsed<std::vector<recorded_action>> read_actions(const json& value, std::string_view path) {
  if (!value.is_array()) return error_at(path, "expected an array of actions, got " + quote(value));
  std::vector<recorded_action> actions;
  actions.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto action = read_recorded_action(value[i], index_path(path, i));
    if (!action) return action.error();
    actions.push_back(std::move(action).value());
  }
  return actions;
}

// A seed is written as a string of decimal digits: seeds use all 64 bits, and a
// JavaScript client that fetched a record as a number would round it above 2^53 and
// get a record that no longer replays. Records written before read as numbers still.
parsed<std::uint64_t> read_seed(const json& value, std::string_view path) {
  if (value.is_number()) return read_uint64(value, path);
  const std::string* digits = value.is_string() ? &value.get_ref<const std::string&>() : nullptr;
  if (!digits || digits->empty() || digits->find_first_not_of("0123456789") != std::string::npos)
    return error_at(path, "expected a string of decimal digits, got " + quote(value));
  std::uint64_t seed = 0;
  const char* end = digits->data() + digits->size();
  if (std::from_chars(digits->data(), end, seed).ec != std::errc{})
    return error_at(path, quote(value) + " does not fit in 64 bits");
  return seed;
}

json zone_to_json(const std::vector<std::vector<rules::card>>& seats) {
  json zone = json::array();
  for (const auto& cards : seats) zone.push_back(cards_to_json(cards));
  return zone;
}

// One zone of the deal on its own line of a written record: "  \"hands\": [[...], ...]".
void zone_line(std::string& text, std::string_view key, const std::vector<std::vector<rules::card>>& seats) {
  text += "  \"";
  text += key;
  text += "\": ";
  json_writer out(text, json_layout::spaced);
  out.begin_array();
  for (const auto& cards : seats) write_cards(out, cards);
  out.end_array();
}

}  // namespace

json deal_to_json(const rules::deal& cards) {
  json out = json::object();
  out["hands"] = zone_to_json(cards.hands);
  out["face_up"] = zone_to_json(cards.face_up);
  out["face_down"] = zone_to_json(cards.face_down);
  out["stock"] = cards_to_json(cards.stock);
  return out;
}

json record_to_json(const game_record& record) {
  json out = json::object();
  out["ruleset"] = ruleset_to_json(record.ruleset);
  // Said only where it matters, so that every other record reads as it always has.
  if (rules::revisions_differ(record.ruleset)) out["rules_revision"] = rules::revision_of(record.ruleset);
  out["players"] = record.players;
  out["dealer"] = record.dealer;
  if (const auto* seed = std::get_if<std::uint64_t>(&record.start))
    out["seed"] = std::to_string(*seed);
  else
    out["deal"] = deal_to_json(std::get<rules::deal>(record.start));
  json actions = json::array();
  for (const auto& [seat, action] : record.actions) {
    json a = json::object();
    a["seat"] = seat;
    json fields = action_to_json(action);  // named: items() would outlive a temporary
    for (auto& [key, value] : fields.items()) a[key] = std::move(value);
    actions.push_back(std::move(a));
  }
  out["actions"] = std::move(actions);
  return out;
}

std::string record_start_text(const game_record& record) {
  json start = json::object();
  if (const auto* seed = std::get_if<std::uint64_t>(&record.start))
    start["seed"] = std::to_string(*seed);
  else
    start["deal"] = deal_to_json(std::get<rules::deal>(record.start));
  return dump_json(start);
}

std::string write_record(const game_record& record) {
  // Written straight into the text, as frames are, not built as a tree first: the tree
  // of a finished game's record, stored once a game, cost a fifth of the mallocs of all
  // its actions (issue 31). The text is byte for byte format_json_line's of
  // record_to_json's tree, which the tests hold it to.
  std::string text;
  text.reserve(512 + record.actions.size() * 48);
  text += "{\"ruleset\": ";
  json_writer ruleset(text, json_layout::spaced);
  write_ruleset(ruleset, record.ruleset);
  if (rules::revisions_differ(record.ruleset)) {
    text += ", \"rules_revision\": " + std::to_string(rules::revision_of(record.ruleset));
  }
  text += ", \"players\": " + std::to_string(record.players) + ", \"dealer\": " + std::to_string(record.dealer) + ",\n";
  if (const auto* seed = std::get_if<std::uint64_t>(&record.start)) {
    text += " \"seed\": \"" + std::to_string(*seed) + "\",\n";
  } else {
    const auto& cards = std::get<rules::deal>(record.start);
    text += " \"deal\": {\n";
    zone_line(text, "hands", cards.hands);
    text += ",\n";
    zone_line(text, "face_up", cards.face_up);
    text += ",\n";
    zone_line(text, "face_down", cards.face_down);
    text += ",\n  \"stock\": ";
    json_writer stock(text, json_layout::spaced);
    write_cards(stock, cards.stock);
    text += "},\n";
  }
  if (record.actions.empty()) return text + " \"actions\": []}\n";
  text += " \"actions\": [\n";
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const auto& [seat, action] = record.actions[i];
    text += "  ";
    json_writer line(text, json_layout::spaced);
    line.begin_object().key("seat").number(seat);
    write_action_members(line, action);
    line.end_object();
    text += i + 1 < record.actions.size() ? ",\n" : "\n";
  }
  return text + " ]}\n";
}

parsed<rules::deal> deal_from_json(const json& value, std::string_view path, int players) {
  if (auto bad = check_object(value, path, deal_keys)) return std::move(*bad);
  rules::deal cards;
  auto hands = read_zone(value, path, "hands", players);
  if (!hands) return hands.error();
  cards.hands = std::move(hands).value();
  auto face_up = read_zone(value, path, "face_up", players);
  if (!face_up) return face_up.error();
  cards.face_up = std::move(face_up).value();
  auto face_down = read_zone(value, path, "face_down", players);
  if (!face_down) return face_down.error();
  cards.face_down = std::move(face_down).value();
  // A deal that gives every card out has no stock; the key may then be left out.
  if (const json* stock = find_field(value, "stock")) {
    auto drawn = cards_from_json(*stock, field_path(path, "stock"));
    if (!drawn) return drawn.error();
    cards.stock = std::move(drawn).value();
  }
  return cards;
}

parsed<game_record> record_from_json(const json& value) {
  if (auto bad = check_object(value, "", record_keys)) return std::move(*bad);
  game_record record;

  auto ruleset_field = require_field(value, "", "ruleset");
  if (!ruleset_field) return ruleset_field.error();
  auto ruleset = ruleset_from_json(*ruleset_field.value(), "ruleset");
  if (!ruleset) return ruleset.error();
  record.ruleset = std::move(ruleset).value();
  // Absent: the current revision. The stores marked every record stored before revision 2
  // that it changes (SQLite schema 7, PostgreSQL 6).
  if (const json* revision_field = find_field(value, "rules_revision")) {
    auto revision = read_int(*revision_field, "rules_revision", 1, rules::current_rules_revision);
    if (!revision) return revision.error();
    record.ruleset = rules::at_revision(std::move(record.ruleset), revision.value());
  }

  auto players_field = require_field(value, "", "players");
  if (!players_field) return players_field.error();
  auto players = read_int(*players_field.value(), "players", rules::min_players, rules::max_players);
  if (!players) return players.error();
  record.players = players.value();

  record.dealer = record.players - 1;
  if (const json* dealer_field = find_field(value, "dealer")) {
    auto dealer = read_int(*dealer_field, "dealer", 0, record.players - 1);
    if (!dealer) return dealer.error();
    record.dealer = dealer.value();
  }

  const json* deal_field = find_field(value, "deal");
  const json* seed_field = find_field(value, "seed");
  if (deal_field && seed_field) return parse_error{"give either \"deal\" or \"seed\", not both"};
  if (seed_field) {
    auto seed = read_seed(*seed_field, "seed");
    if (!seed) return seed.error();
    record.start = seed.value();
  } else if (deal_field) {
    auto cards = deal_from_json(*deal_field, "deal", record.players);
    if (!cards) return cards.error();
    record.start = std::move(cards).value();
  } else {
    return parse_error{"deal: missing (give \"deal\" or \"seed\")"};
  }

  // A record written before the first action may leave the list out.
  if (const json* actions_field = find_field(value, "actions")) {
    auto actions = read_actions(*actions_field, "actions");
    if (!actions) return actions.error();
    record.actions = std::move(actions).value();
  }
  return record;
}

parsed<game_record> parse_record(std::string_view text) {
  auto value = parse_json_text(text);
  if (!value) return value.error();
  return record_from_json(value.value());
}

}  // namespace shithead::protocol
