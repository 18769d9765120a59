#include "protocol/action_json.hpp"
#include "protocol/action_text.hpp"

#include <array>
#include <limits>
#include <string>

#include "protocol/card_json.hpp"

namespace shithead::protocol {
namespace {

// Seats and slots are small, but their range is the engine's to judge (bad_seat,
// bad_slot, bad_target), so the JSON layer only asks for an int.
parsed<int> read_number(const json& object, std::string_view path, std::string_view key) {
  auto field = require_field(object, path, key);
  if (!field) return field.error();
  return read_int(*field.value(), field_path(path, key), std::numeric_limits<int>::min(),
                  std::numeric_limits<int>::max());
}

parsed<rules::action> read_swap(const json& object, std::string_view path) {
  rules::swap_action swap;
  auto field = require_field(object, path, "face_up");
  if (!field) return field.error();
  auto cards = cards_from_json(*field.value(), field_path(path, "face_up"));
  if (!cards) return cards.error();
  swap.face_up = std::move(cards).value();
  if (const json* more = find_field(object, "more")) {
    auto flag = read_bool(*more, field_path(path, "more"));
    if (!flag) return flag.error();
    swap.more = flag.value();
  }
  return rules::action{std::move(swap)};
}

parsed<rules::action> read_play(const json& object, std::string_view path) {
  rules::play_action play;
  auto field = require_field(object, path, "cards");
  if (!field) return field.error();
  auto cards = card_set_from_json(*field.value(), field_path(path, "cards"));
  if (!cards) return cards.error();
  play.cards = cards.value();
  if (find_field(object, "target")) {
    auto target = read_number(object, path, "target");
    if (!target) return target.error();
    play.target = target.value();
  }
  return rules::action{play};
}

parsed<rules::action> read_face_down(const json& object, std::string_view path) {
  auto slot = read_number(object, path, "slot");
  if (!slot) return slot.error();
  return rules::action{rules::face_down_action{slot.value()}};
}

constexpr std::array<std::string_view, 3> swap_keys = {"type", "face_up", "more"};
constexpr std::array<std::string_view, 3> play_keys = {"type", "cards", "target"};
constexpr std::array<std::string_view, 2> face_down_keys = {"type", "slot"};
constexpr std::array<std::string_view, 1> bare_keys = {"type"};

}  // namespace

json action_to_json(const rules::action& a) {
  json out = json::object();
  out["type"] = rules::action_name(a);
  if (const auto* swap = std::get_if<rules::swap_action>(&a)) {
    out["face_up"] = cards_to_json(swap->face_up);
    if (swap->more) out["more"] = true;
  } else if (const auto* play = std::get_if<rules::play_action>(&a)) {
    out["cards"] = cards_to_json(play->cards);
    if (play->target >= 0) out["target"] = play->target;
  } else if (const auto* down = std::get_if<rules::face_down_action>(&a)) {
    out["slot"] = down->slot;
  }
  return out;
}

void write_action(json_writer& out, const rules::action& a) {
  out.begin_object();
  write_action_members(out, a);
  out.end_object();
}

void write_action_members(json_writer& out, const rules::action& a) {
  out.key("type").string(rules::action_name(a));
  if (const auto* swap = std::get_if<rules::swap_action>(&a)) {
    write_cards(out.key("face_up"), swap->face_up);
    if (swap->more) out.key("more").boolean(true);
  } else if (const auto* play = std::get_if<rules::play_action>(&a)) {
    write_cards(out.key("cards"), play->cards);
    if (play->target >= 0) out.key("target").number(play->target);
  } else if (const auto* down = std::get_if<rules::face_down_action>(&a)) {
    out.key("slot").number(down->slot);
  }
}

parsed<rules::action> action_from_json(const json& value, std::string_view path,
                                       std::span<const std::string_view> also_known) {
  if (!value.is_object()) return error_at(path, "expected an action object, got " + quote(value));
  auto type_field = require_field(value, path, "type");
  if (!type_field) return type_field.error();
  auto type = read_string(*type_field.value(), field_path(path, "type"));
  if (!type) return type.error();
  const std::string& name = type.value();

  std::span<const std::string_view> keys;
  if (name == "swap")
    keys = swap_keys;
  else if (name == "play")
    keys = play_keys;
  else if (name == "play_face_down")
    keys = face_down_keys;
  else if (name == "pickup" || name == "wait")
    keys = bare_keys;
  else
    return error_at(field_path(path, "type"),
                    quote(*type_field.value()) +
                        " is not an action (\"swap\", \"play\", \"play_face_down\", \"pickup\" or \"wait\")");
  if (auto bad = check_object(value, path, keys, also_known)) return std::move(*bad);

  if (name == "swap") return read_swap(value, path);
  if (name == "play") return read_play(value, path);
  if (name == "play_face_down") return read_face_down(value, path);
  if (name == "pickup") return rules::action{rules::pickup_action{}};
  return rules::action{rules::wait_action{}};
}

std::string action_to_text(const rules::action& a) {
  std::string text;
  json_writer out(text);
  write_action(out, a);
  return text;
}

parsed<rules::action> parse_action_text(std::string_view text, std::string_view path) {
  auto value = parse_json_text(text);
  if (!value) return parse_error{std::string(path) + ": " + value.error().message};
  return action_from_json(value.value(), path);
}

}  // namespace shithead::protocol
