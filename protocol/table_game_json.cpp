#include "protocol/table_game_json.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "protocol/json_reader.hpp"

namespace shithead::protocol {
namespace {

constexpr std::array<std::string_view, 4> keys = {"number", "game_id", "shithead", "abandoned"};

parsed<std::int64_t> positive_id(const json& value, std::string_view path) {
  auto id = read_int64(value, path);
  if (id && id.value() < 1) return error_at(path, "expected a positive number, got " + quote(value));
  return id;
}

parsed<table_game> table_game_from_json(const json& value, std::string_view path) {
  if (auto bad = check_object(value, path, keys)) return std::move(*bad);
  table_game game;
  if (auto e = take(read_field(value, path, "number", positive_id), game.number)) return *e;
  if (auto e = take(read_field(value, path, "game_id", positive_id), game.game_id)) return *e;
  if (auto e = take(read_field(value, path, "abandoned", read_bool), game.abandoned)) return *e;
  auto shithead = require_field(value, path, "shithead");
  if (!shithead) return shithead.error();
  const json& name = *shithead.value();
  if (game.abandoned != name.is_null())
    return error_at(field_path(path, "shithead"),
                    game.abandoned ? "an abandoned game has no shithead" : "expected the shithead's name");
  if (!name.is_null()) {
    if (auto e = take(read_string(name, field_path(path, "shithead")), game.shithead)) return *e;
  }
  return game;
}

}  // namespace

json table_games_to_json(const std::vector<table_game>& games) {
  json list = json::array();
  for (const auto& game : games) {
    json item = json::object();
    item["number"] = game.number;
    item["game_id"] = game.game_id;
    item["shithead"] = game.shithead ? json(*game.shithead) : json(nullptr);
    item["abandoned"] = game.abandoned;
    list.push_back(std::move(item));
  }
  return list;
}

void write_table_games(json_writer& out, const std::vector<table_game>& games) {
  out.begin_array();
  for (const auto& game : games) {
    out.begin_object().key("number").number(game.number).key("game_id").number(game.game_id).key("shithead");
    if (game.shithead)
      out.string(*game.shithead);
    else
      out.null();
    out.key("abandoned").boolean(game.abandoned).end_object();
  }
  out.end_array();
}

parsed<std::vector<table_game>> table_games_from_json(const json& value, std::string_view path) {
  if (!value.is_array()) return error_at(path, "expected an array, got " + quote(value));
  if (value.size() > table_games_kept)
    return error_at(path,
                    "at most " + std::to_string(table_games_kept) + " games, got " + std::to_string(value.size()));
  std::vector<table_game> games;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto game = table_game_from_json(value[i], index_path(path, i));
    if (!game) return game.error();
    games.push_back(std::move(game).value());
  }
  return games;
}

}  // namespace shithead::protocol
