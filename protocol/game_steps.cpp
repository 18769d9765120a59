#include "protocol/game_steps.hpp"

#include <optional>
#include <string>
#include <vector>

#include "protocol/action_json.hpp"
#include "protocol/card_json.hpp"
#include "protocol/event_json.hpp"
#include "protocol/game_record.hpp"
#include "protocol/record_text.hpp"
#include "protocol/view_json.hpp"
#include "rules/view.hpp"

namespace shithead::protocol {
namespace {

// One step: who did what, its events, and the whole table after it.
void write_step(json_writer& out, const recorded_action* done, const std::vector<rules::event>& events,
                const rules::game_state& state, rules::seat_view& view) {
  out.begin_object();
  out.key("seat");
  if (done) {
    out.number(done->seat);
    write_action(out.key("action"), done->action);
  } else {
    out.null().key("action").null();
  }
  out.key("events").begin_array();
  for (const auto& e : events) write_event(out, e);
  out.end_array();
  rules::view_for(state, rules::spectator, view);
  write_view(out.key("view"), view);
  out.key("hands").begin_array();
  for (const auto& seat : state.seats) write_cards(out, seat.hand);
  out.end_array();
  out.key("face_down").begin_array();
  for (const auto& seat : state.seats) {
    out.begin_array();
    for (const auto c : seat.face_down) {
      if (c.empty()) {
        out.null();  // a slot already played
      } else {
        write_card(out, c);
      }
    }
    out.end_array();
  }
  out.end_array();
  out.end_object();
}

void write_stop(json_writer& out, int at, std::string_view message) {
  out.key("complete").boolean(false).key("error").begin_object().key("at");
  at >= 0 ? out.number(at) : out.null();
  out.key("message").string(message).end_object();
}

}  // namespace

void write_game_steps(json_writer& out, std::string_view record_text) {
  const auto record = parse_record(record_text);
  if (!record) {
    out.key("players").null().key("dealer").null().key("steps").begin_array().end_array();
    write_stop(out, -1, "the stored record cannot be read: " + record.error().message);
    return;
  }
  const auto& game = record.value();
  out.key("players").number(game.players).key("dealer").number(game.dealer);
  auto started = start_game(game);
  if (!started) {
    out.key("steps").begin_array().end_array();
    write_stop(out, -1, "the rules refuse the record's deal: " + started.error().message);
    return;
  }
  auto state = std::move(started).value();
  rules::seat_view view;
  std::vector<rules::event> events;
  out.key("steps").begin_array();
  write_step(out, nullptr, events, state, view);
  // The steps stop before the first action the rules refuse.
  int failed_at = -1;
  std::optional<rules::rule_error> refusal;
  for (std::size_t i = 0; i < game.actions.size(); ++i) {
    refusal = replay_action(state, game.actions[i], events);
    if (refusal) {
      failed_at = static_cast<int>(i);
      break;
    }
    write_step(out, &game.actions[i], events, state, view);
  }
  out.end_array();
  if (refusal) {
    write_stop(out, failed_at, refusal->message);
    return;
  }
  out.key("complete").boolean(true).key("error").null();
}

}  // namespace shithead::protocol
