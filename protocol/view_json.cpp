#include "protocol/view_json.hpp"

#include "protocol/action_json.hpp"
#include "protocol/card_json.hpp"
#include "protocol/ruleset_json.hpp"

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

}  // namespace shithead::protocol
