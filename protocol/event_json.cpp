#include "protocol/event_json.hpp"

#include <array>
#include <optional>
#include <span>
#include <string>

#include "protocol/card_json.hpp"
#include "protocol/json_reader.hpp"

namespace shithead::protocol {
namespace {

using rules::event_type;

std::string_view reason_name(rules::burn_reason reason) {
  return reason == rules::burn_reason::burn_card ? "burn_card" : "n_of_a_kind";
}

// ---- reading ----------------------------------------------------------------------------

constexpr int most_seats = 64;  // far above any table; an event does not say its table's size
constexpr int most_cards = static_cast<int>(max_cards_in_list);

constexpr std::array all_types = {event_type::swapped,       event_type::play_started, event_type::played,
                                  event_type::revealed,      event_type::burned,       event_type::picked_up,
                                  event_type::cannot_finish, event_type::pile_given,   event_type::reversed,
                                  event_type::skipped,       event_type::waited,       event_type::drew,
                                  event_type::out,           event_type::turn,         event_type::game_over};

// The keys each type carries besides "type" and "seat" (game_over: besides "type").
std::span<const std::string_view> keys_of(event_type type) {
  static constexpr std::array<std::string_view, 4> played = {"type", "seat", "cards", "source"};
  static constexpr std::array<std::string_view, 4> revealed = {"type", "seat", "slot", "card"};
  static constexpr std::array<std::string_view, 4> burned = {"type", "seat", "count", "reason"};
  static constexpr std::array<std::string_view, 4> pile_given = {"type", "seat", "target", "count"};
  static constexpr std::array<std::string_view, 3> reversed = {"type", "seat", "direction"};
  static constexpr std::array<std::string_view, 3> skipped = {"type", "seat", "target"};
  static constexpr std::array<std::string_view, 3> out = {"type", "seat", "place"};
  static constexpr std::array<std::string_view, 3> counted = {"type", "seat", "count"};
  static constexpr std::array<std::string_view, 2> bare = {"type", "seat"};
  static constexpr std::array<std::string_view, 3> game_over = {"type", "shithead", "abandoned"};
  switch (type) {
    case event_type::played: return played;
    case event_type::revealed: return revealed;
    case event_type::burned: return burned;
    case event_type::pile_given: return pile_given;
    case event_type::reversed: return reversed;
    case event_type::skipped: return skipped;
    case event_type::out: return out;
    case event_type::swapped:
    case event_type::picked_up:
    case event_type::cannot_finish:
    case event_type::drew: return counted;
    case event_type::game_over: return game_over;
    case event_type::play_started:
    case event_type::waited:
    case event_type::turn: return bare;
  }
  return bare;
}

parsed<event_type> read_type(const json& value, std::string_view path) {
  if (value.is_string())
    for (auto type : all_types)
      if (value.get_ref<const std::string&>() == rules::to_string(type)) return type;
  return error_at(path, quote(value) + " is not an event type");
}

parsed<rules::card_source> read_source(const json& value, std::string_view path) {
  if (value.is_string())
    for (auto source : {rules::card_source::hand, rules::card_source::face_up, rules::card_source::face_down})
      if (value.get_ref<const std::string&>() == rules::to_string(source)) return source;
  return error_at(path, "expected \"hand\", \"face_up\" or \"face_down\", got " + quote(value));
}

parsed<rules::burn_reason> read_reason(const json& value, std::string_view path) {
  if (value.is_string())
    for (auto reason : {rules::burn_reason::burn_card, rules::burn_reason::n_of_a_kind})
      if (value.get_ref<const std::string&>() == reason_name(reason)) return reason;
  return error_at(path, "expected \"burn_card\" or \"n_of_a_kind\", got " + quote(value));
}

// A revealed card, or null (the writer's form for a reveal that carries no card).
parsed<rules::card_set> read_revealed_card(const json& value, std::string_view path) {
  if (value.is_null()) return rules::card_set{};
  auto c = card_from_json(value, path);
  if (!c) return c.error();
  return rules::card_set{c.value()};
}

// A seat, or null for nobody (-1).
parsed<int> read_seat_or_none(const json& value, std::string_view path) {
  if (value.is_null()) return -1;
  return read_int(value, path, 0, most_seats - 1);
}

}  // namespace

json event_to_json(const rules::event& e) {
  using rules::event_type;
  json out = json::object();
  out["type"] = rules::to_string(e.type);
  if (e.type == event_type::game_over) {
    out["shithead"] = e.seat >= 0 ? json(e.seat) : json(nullptr);
    out["abandoned"] = e.abandoned;
    return out;
  }
  out["seat"] = e.seat;
  switch (e.type) {
    case event_type::played:
      out["cards"] = cards_to_json(e.cards);
      out["source"] = rules::to_string(e.source);
      break;
    case event_type::revealed:
      out["slot"] = e.slot;
      out["card"] = e.cards.empty() ? json(nullptr) : card_to_json(e.cards[0]);
      break;
    case event_type::burned:
      out["count"] = e.count;
      out["reason"] = reason_name(e.reason);
      break;
    case event_type::pile_given:
      out["target"] = e.other;
      out["count"] = e.count;
      break;
    case event_type::reversed: out["direction"] = e.other; break;
    case event_type::skipped: out["target"] = e.other; break;
    case event_type::out: out["place"] = e.place; break;
    case event_type::swapped:
    case event_type::picked_up:
    case event_type::cannot_finish:
    case event_type::drew: out["count"] = e.count; break;
    case event_type::play_started:
    case event_type::waited:
    case event_type::turn:
    case event_type::game_over: break;
  }
  return out;
}

void write_event(json_writer& out, const rules::event& e) {
  out.begin_object().key("type").string(rules::to_string(e.type));
  if (e.type == event_type::game_over) {
    out.key("shithead");
    if (e.seat >= 0)
      out.number(e.seat);
    else
      out.null();
    out.key("abandoned").boolean(e.abandoned).end_object();
    return;
  }
  out.key("seat").number(e.seat);
  switch (e.type) {
    case event_type::played:
      write_cards(out.key("cards"), e.cards);
      out.key("source").string(rules::to_string(e.source));
      break;
    case event_type::revealed:
      out.key("slot").number(e.slot).key("card");
      if (e.cards.empty())
        out.null();
      else
        write_card(out, e.cards[0]);
      break;
    case event_type::burned: out.key("count").number(e.count).key("reason").string(reason_name(e.reason)); break;
    case event_type::pile_given: out.key("target").number(e.other).key("count").number(e.count); break;
    case event_type::reversed: out.key("direction").number(e.other); break;
    case event_type::skipped: out.key("target").number(e.other); break;
    case event_type::out: out.key("place").number(e.place); break;
    case event_type::swapped:
    case event_type::picked_up:
    case event_type::cannot_finish:
    case event_type::drew: out.key("count").number(e.count); break;
    case event_type::play_started:
    case event_type::waited:
    case event_type::turn:
    case event_type::game_over: break;
  }
  out.end_object();
}

parsed<rules::event> event_from_json(const json& value, std::string_view path) {
  if (!value.is_object()) return error_at(path, "expected an event object, got " + quote(value));
  rules::event e;
  if (auto bad = take(read_field(value, path, "type", read_type), e.type)) return *bad;
  if (auto bad = check_object(value, path, keys_of(e.type))) return std::move(*bad);
  if (e.type == event_type::game_over) {
    if (auto bad = take(read_field(value, path, "shithead", read_seat_or_none), e.seat)) return *bad;
    if (auto bad = take(read_field(value, path, "abandoned", read_bool), e.abandoned)) return *bad;
    return e;
  }
  if (auto bad = take(read_field(value, path, "seat", int_in(0, most_seats - 1)), e.seat)) return *bad;
  const auto count = [&] { return take(read_field(value, path, "count", int_in(0, most_cards)), e.count); };
  switch (e.type) {
    case event_type::played:
      if (auto bad = take(read_field(value, path, "cards", card_set_from_json), e.cards)) return *bad;
      if (auto bad = take(read_field(value, path, "source", read_source), e.source)) return *bad;
      break;
    case event_type::revealed:
      if (auto bad = take(read_field(value, path, "slot", int_in(0, most_cards)), e.slot)) return *bad;
      if (auto bad = take(read_field(value, path, "card", read_revealed_card), e.cards)) return *bad;
      e.source = rules::card_source::face_down;  // implied: only face-down cards are revealed
      break;
    case event_type::burned:
      if (auto bad = count()) return *bad;
      if (auto bad = take(read_field(value, path, "reason", read_reason), e.reason)) return *bad;
      break;
    case event_type::pile_given:
      if (auto bad = take(read_field(value, path, "target", int_in(0, most_seats - 1)), e.other)) return *bad;
      if (auto bad = count()) return *bad;
      break;
    case event_type::reversed:
      if (auto bad = take(read_field(value, path, "direction", int_in(-1, 1)), e.other)) return *bad;
      if (e.other == 0) return error_at(field_path(path, "direction"), "expected 1 or -1, got 0");
      break;
    case event_type::skipped:
      if (auto bad = take(read_field(value, path, "target", int_in(0, most_seats - 1)), e.other)) return *bad;
      break;
    case event_type::out:
      if (auto bad = take(read_field(value, path, "place", int_in(1, most_seats)), e.place)) return *bad;
      break;
    case event_type::swapped:
    case event_type::picked_up:
    case event_type::cannot_finish:
    case event_type::drew:
      if (auto bad = count()) return *bad;
      break;
    case event_type::play_started:
    case event_type::waited:
    case event_type::turn:
    case event_type::game_over: break;
  }
  return e;
}

}  // namespace shithead::protocol
