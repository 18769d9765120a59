#include "protocol/view_json.hpp"

#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/action_json.hpp"
#include "protocol/card_json.hpp"
#include "protocol/ruleset_json.hpp"
#include "rules/deal.hpp"

namespace shithead::protocol {
namespace {

json seat_or_null(int seat) { return seat >= 0 ? json(seat) : json(nullptr); }

json public_seat_to_json(const rules::public_seat& seat) {
  json out = json::object();
  out["hand_count"] = seat.hand_count;
  out["face_up"] = cards_to_json(seat.face_up);
  json down = json::array();
  for (bool filled : seat.face_down) down.push_back(filled);
  out["face_down"] = std::move(down);
  out["swapped"] = seat.swapped;
  out["place"] = seat.place;
  return out;
}

void write_seat_or_null(json_writer& out, int seat) {
  if (seat >= 0)
    out.number(seat);
  else
    out.null();
}

void write_public_seat(json_writer& out, const rules::public_seat& seat) {
  out.begin_object().key("hand_count").number(seat.hand_count);
  write_cards(out.key("face_up"), seat.face_up);
  out.key("face_down").begin_array();
  for (bool filled : seat.face_down) out.boolean(filled);
  out.end_array();
  out.key("swapped").boolean(seat.swapped).key("place").number(seat.place).end_object();
}

// ---- reading ----------------------------------------------------------------------------

constexpr std::array<std::string_view, 19> view_keys = {
    "viewer", "ruleset", "phase", "players",     "dealer", "current",      "direction", "turns",     "hand", "seats",
    "pile",   "top",     "run",   "stock_count", "burned", "finish_order", "shithead",  "abandoned", "legal"};
constexpr std::array<std::string_view, 5> seat_keys = {"hand_count", "face_up", "face_down", "swapped", "place"};
constexpr std::array<std::string_view, 2> top_keys = {"rank", "used"};
constexpr std::array<std::string_view, 2> run_keys = {"rank", "length"};

constexpr int max_count = static_cast<int>(max_cards_in_list);
constexpr int max_int = std::numeric_limits<int>::max();

// A seat number below `players`, or null for "nobody" (-1).
auto seat_or_none(int players) {
  return [players](const json& value, std::string_view path) -> parsed<int> {
    if (value.is_null()) return -1;
    return read_int(value, path, 0, players - 1);
  };
}

parsed<rules::phase> read_phase(const json& value, std::string_view path) {
  if (value.is_string())
    for (auto p : {rules::phase::swap, rules::phase::play, rules::phase::over})
      if (value.get_ref<const std::string&>() == rules::to_string(p)) return p;
  return error_at(path, "expected \"swap\", \"play\" or \"over\", got " + quote(value));
}

parsed<rules::rank> read_rank(const json& value, std::string_view path) {
  if (value.is_string())
    if (const auto r = rules::parse_rank(value.get_ref<const std::string&>())) return *r;
  return error_at(path, "expected a rank (\"2\"..\"10\", \"J\", \"Q\", \"K\" or \"A\"), got " + quote(value));
}

parsed<std::vector<rules::card>> read_cards(const json& value, std::string_view path) {
  return cards_from_json(value, path);
}

parsed<std::vector<bool>> read_face_down(const json& value, std::string_view path) {
  if (!value.is_array()) return error_at(path, "expected an array of true/false, got " + quote(value));
  if (value.size() > max_cards_in_list) return error_at(path, "too many slots");
  std::vector<bool> slots;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto filled = read_bool(value[i], index_path(path, i));
    if (!filled) return filled.error();
    slots.push_back(filled.value());
  }
  return slots;
}

parsed<rules::public_seat> read_public_seat(const json& value, std::string_view path, int players) {
  if (auto bad = check_object(value, path, seat_keys)) return std::move(*bad);
  rules::public_seat seat;
  if (auto e = take(read_field(value, path, "hand_count", int_in(0, max_count)), seat.hand_count)) return *e;
  if (auto e = take(read_field(value, path, "face_up", read_cards), seat.face_up)) return *e;
  if (auto e = take(read_field(value, path, "face_down", read_face_down), seat.face_down)) return *e;
  if (auto e = take(read_field(value, path, "swapped", read_bool), seat.swapped)) return *e;
  if (auto e = take(read_field(value, path, "place", int_in(0, players)), seat.place)) return *e;
  return seat;
}

parsed<std::vector<rules::public_seat>> read_seats(const json& value, std::string_view path, int players) {
  if (!value.is_array()) return error_at(path, "expected an array of seats, got " + quote(value));
  if (value.size() != static_cast<std::size_t>(players))
    return error_at(path, std::to_string(value.size()) + " seats for " + std::to_string(players) + " players");
  std::vector<rules::public_seat> seats;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto seat = read_public_seat(value[i], index_path(path, i), players);
    if (!seat) return seat.error();
    seats.push_back(std::move(seat).value());
  }
  return seats;
}

// null, or {"rank", "used"}: null is the empty top state.
parsed<rules::top_state> read_top(const json& value, std::string_view path) {
  if (value.is_null()) return rules::top_state{};
  if (auto bad = check_object(value, path, top_keys)) return std::move(*bad);
  rules::top_state top;
  if (auto e = take(read_field(value, path, "rank", read_rank), top.top)) return *e;
  if (auto e = take(read_field(value, path, "used", read_bool), top.used)) return *e;
  return top;
}

// null, or {"rank", "length"}: null is no run (rank 0, length 0).
parsed<std::pair<rules::rank, int>> read_run(const json& value, std::string_view path) {
  if (value.is_null()) return std::pair<rules::rank, int>{0, 0};
  if (auto bad = check_object(value, path, run_keys)) return std::move(*bad);
  std::pair<rules::rank, int> run;
  if (auto e = take(read_field(value, path, "rank", read_rank), run.first)) return *e;
  if (auto e = take(read_field(value, path, "length", int_in(1, max_count)), run.second)) return *e;
  return run;
}

parsed<std::vector<int>> read_finish_order(const json& value, std::string_view path, int players) {
  if (!value.is_array()) return error_at(path, "expected an array of seats, got " + quote(value));
  if (value.size() > static_cast<std::size_t>(players))
    return error_at(path, "more seats than the " + std::to_string(players) + " players");
  std::vector<int> order;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto seat = read_int(value[i], index_path(path, i), 0, players - 1);
    if (!seat) return seat.error();
    order.push_back(seat.value());
  }
  return order;
}

parsed<std::vector<rules::action>> read_legal(const json& value, std::string_view path) {
  if (!value.is_array()) return error_at(path, "expected an array of actions, got " + quote(value));
  std::vector<rules::action> legal;
  legal.reserve(value.size());
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto a = action_from_json(value[i], index_path(path, i));
    if (!a) return a.error();
    legal.push_back(std::move(a).value());
  }
  return legal;
}

}  // namespace

json view_to_json(const rules::seat_view& view) {
  json out = json::object();
  out["viewer"] = seat_or_null(view.viewer);
  out["ruleset"] = ruleset_to_json(view.rules);
  out["phase"] = rules::to_string(view.current_phase);
  out["players"] = view.players;
  out["dealer"] = view.dealer;
  out["current"] = seat_or_null(view.current);
  out["direction"] = view.direction;
  out["turns"] = view.turns;
  out["hand"] = cards_to_json(view.hand);
  json seats = json::array();
  for (const auto& seat : view.seats) seats.push_back(public_seat_to_json(seat));
  out["seats"] = std::move(seats);
  out["pile"] = cards_to_json(view.pile);
  // An empty pile, or one of only invisible cards: everything is playable.
  if (view.top.top == 0) {
    out["top"] = nullptr;
  } else {
    json top = json::object();
    top["rank"] = rules::rank_name(view.top.top);
    top["used"] = view.top.used;
    out["top"] = std::move(top);
  }
  if (view.run_length == 0) {
    out["run"] = nullptr;
  } else {
    json run = json::object();
    run["rank"] = rules::rank_name(view.run_rank);
    run["length"] = view.run_length;
    out["run"] = std::move(run);
  }
  out["stock_count"] = view.stock_count;
  out["burned"] = view.burned;
  json order = json::array();
  for (int seat : view.finish_order) order.push_back(seat);
  out["finish_order"] = std::move(order);
  out["shithead"] = seat_or_null(view.shithead);
  out["abandoned"] = view.abandoned;
  json legal = json::array();
  for (const auto& a : view.legal) legal.push_back(action_to_json(a));
  out["legal"] = std::move(legal);
  return out;
}

void write_view(json_writer& out, const rules::seat_view& view) {
  out.begin_object();
  write_seat_or_null(out.key("viewer"), view.viewer);
  write_ruleset(out.key("ruleset"), view.rules);
  out.key("phase").string(rules::to_string(view.current_phase));
  out.key("players").number(view.players).key("dealer").number(view.dealer);
  write_seat_or_null(out.key("current"), view.current);
  out.key("direction").number(view.direction).key("turns").number(view.turns);
  write_cards(out.key("hand"), view.hand);
  out.key("seats").begin_array();
  for (const auto& seat : view.seats) write_public_seat(out, seat);
  out.end_array();
  write_cards(out.key("pile"), view.pile);
  out.key("top");
  if (view.top.top == 0) {
    out.null();
  } else {
    out.begin_object().key("rank").string(rules::rank_name(view.top.top));
    out.key("used").boolean(view.top.used).end_object();
  }
  out.key("run");
  if (view.run_length == 0) {
    out.null();
  } else {
    out.begin_object().key("rank").string(rules::rank_name(view.run_rank));
    out.key("length").number(view.run_length).end_object();
  }
  out.key("stock_count").number(view.stock_count).key("burned").number(view.burned);
  out.key("finish_order").begin_array();
  for (int seat : view.finish_order) out.number(seat);
  out.end_array();
  write_seat_or_null(out.key("shithead"), view.shithead);
  out.key("abandoned").boolean(view.abandoned);
  out.key("legal").begin_array();
  for (const auto& a : view.legal) write_action(out, a);
  out.end_array();
  out.end_object();
}

parsed<rules::seat_view> view_from_json(const json& value, std::string_view path) {
  if (auto bad = check_object(value, path, view_keys)) return std::move(*bad);
  rules::seat_view view;
  // The number of players first: every seat number is checked against it.
  if (auto e = take(read_field(value, path, "players", int_in(rules::min_players, rules::max_players)), view.players))
    return *e;
  const int players = view.players;
  if (auto e = take(read_field(value, path, "viewer", seat_or_none(players)), view.viewer)) return *e;
  if (auto e = take(read_field(value, path, "ruleset", ruleset_from_json), view.rules)) return *e;
  if (auto e = take(read_field(value, path, "phase", read_phase), view.current_phase)) return *e;
  if (auto e = take(read_field(value, path, "dealer", int_in(0, players - 1)), view.dealer)) return *e;
  if (auto e = take(read_field(value, path, "current", seat_or_none(players)), view.current)) return *e;
  if (auto e = take(read_field(value, path, "direction", int_in(-1, 1)), view.direction)) return *e;
  if (view.direction == 0) return error_at(field_path(path, "direction"), "expected 1 or -1, got 0");
  if (auto e = take(read_field(value, path, "turns", int_in(0, max_int)), view.turns)) return *e;
  if (auto e = take(read_field(value, path, "hand", read_cards), view.hand)) return *e;
  const auto read_table_seats = [players](const json& v, std::string_view p) { return read_seats(v, p, players); };
  if (auto e = take(read_field(value, path, "seats", read_table_seats), view.seats)) return *e;
  if (auto e = take(read_field(value, path, "pile", read_cards), view.pile)) return *e;
  if (auto e = take(read_field(value, path, "top", read_top), view.top)) return *e;
  std::pair<rules::rank, int> run;
  if (auto e = take(read_field(value, path, "run", read_run), run)) return *e;
  view.run_rank = run.first;
  view.run_length = run.second;
  if (auto e = take(read_field(value, path, "stock_count", int_in(0, max_count)), view.stock_count)) return *e;
  if (auto e = take(read_field(value, path, "burned", int_in(0, max_count)), view.burned)) return *e;
  const auto read_order = [players](const json& v, std::string_view p) { return read_finish_order(v, p, players); };
  if (auto e = take(read_field(value, path, "finish_order", read_order), view.finish_order)) return *e;
  if (auto e = take(read_field(value, path, "shithead", seat_or_none(players)), view.shithead)) return *e;
  if (auto e = take(read_field(value, path, "abandoned", read_bool), view.abandoned)) return *e;
  if (auto e = take(read_field(value, path, "legal", read_legal), view.legal)) return *e;
  // A bot reads its own seat whenever it has something to do, so a spectator (who has
  // no seat) must have nothing to do.
  if (view.viewer == rules::spectator && !view.hand.empty())
    return error_at(field_path(path, "hand"), "a spectator has no hand");
  if (view.viewer == rules::spectator && !view.legal.empty())
    return error_at(field_path(path, "legal"), "a spectator has no actions");
  return view;
}

}  // namespace shithead::protocol
