#pragma once
// Actions in JSON, named as rules::action_name names them:
//   {"type": "swap", "face_up": ["AS", "KD", "10C"], "more": true}   ("more" only when true)
//   {"type": "play", "cards": ["3H", "3S"], "target": 2}             ("target" only for a
//                                                                      give-pile joker)
//   {"type": "play_face_down", "slot": 1}
//   {"type": "pickup"}
//   {"type": "wait"}
// The acting seat is not part of an action: a session knows its seat, and a record
// stores it beside the action.
#include <span>
#include <string_view>

#include "protocol/json_reader.hpp"
#include "protocol/json_writer.hpp"
#include "rules/action.hpp"

namespace shithead::protocol {

json action_to_json(const rules::action& a);
// The same, written straight into a frame: the same keys in the same order.
void write_action(json_writer& out, const rules::action& a);
// Its members alone, into an object the caller opened (a record's action after "seat").
void write_action_members(json_writer& out, const rules::action& a);

// Keys other than the action type's own are errors unless listed in `also_known`
// (a record's "seat").
parsed<rules::action> action_from_json(const json& value, std::string_view path,
                                       std::span<const std::string_view> also_known = {});

}  // namespace shithead::protocol
