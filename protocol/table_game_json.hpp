#pragma once
// A table's recorded games in JSON, the same in a room frame's scoreboard and in the
// table's saved row: [{"number": 3, "game_id": 41, "shithead": "Bob", "abandoned": false}].
#include <string_view>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/json_writer.hpp"
#include "protocol/parsed.hpp"
#include "protocol/table_game.hpp"

namespace shithead::protocol {

json table_games_to_json(const std::vector<table_game>& games);
// The same, written straight into a frame: the same keys in the same order.
void write_table_games(json_writer& out, const std::vector<table_game>& games);
// The inverse: at most table_games_kept games, each with exactly its four keys, an
// abandoned game with no shithead and a finished one with a name.
parsed<std::vector<table_game>> table_games_from_json(const json& value, std::string_view path);

}  // namespace shithead::protocol
