#include "protocol/event_json.hpp"

#include "protocol/card_json.hpp"

namespace shithead::protocol {
namespace {

std::string_view reason_name(rules::burn_reason reason) {
  return reason == rules::burn_reason::burn_card ? "burn_card" : "n_of_a_kind";
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
    case event_type::reversed:
      out["direction"] = e.other;
      break;
    case event_type::out:
      out["place"] = e.place;
      break;
    case event_type::swapped:
    case event_type::picked_up:
    case event_type::cannot_finish:
    case event_type::drew:
      out["count"] = e.count;
      break;
    case event_type::play_started:
    case event_type::waited:
    case event_type::turn:
    case event_type::game_over:
      break;
  }
  return out;
}

}  // namespace shithead::protocol
