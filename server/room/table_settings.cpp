#include "server/room/table_settings.hpp"

#include <algorithm>
#include <array>

#include "protocol/ruleset_json.hpp"

namespace shithead::server {
namespace {

constexpr std::array<std::string_view, 4> setting_keys = {"public", "ruleset", "seats", "turn_timer"};
constexpr std::array<std::string_view, 2> request_keys = {"type", "id"};

}  // namespace

std::chrono::milliseconds swap_timer_for(std::chrono::milliseconds turn_timer) {
  return std::max(std::chrono::milliseconds{30'000}, turn_timer);
}

protocol::parsed<table_settings> table_settings_from_json(const protocol::json& request, std::string code,
                                                          std::chrono::seconds default_turn_timer) {
  using protocol::error_at;
  if (auto bad = protocol::check_object(request, "", setting_keys, request_keys)) return *bad;
  table_settings out;
  out.code = std::move(code);
  out.turn_timer = default_turn_timer;
  if (const auto* value = protocol::find_field(request, "public")) {
    auto read = protocol::read_bool(*value, "public");
    if (!read) return read.error();
    out.is_public = read.value();
  }
  if (const auto* value = protocol::find_field(request, "ruleset")) {
    auto read = protocol::ruleset_from_json(*value, "ruleset");
    if (!read) return read.error();
    out.ruleset = std::move(read).value();
  }
  if (const auto* value = protocol::find_field(request, "seats")) {
    auto read = protocol::read_int(*value, "seats", min_seats, max_seats);
    if (!read) return read.error();
    out.seats = read.value();
  }
  if (const auto* value = protocol::find_field(request, "turn_timer")) {
    auto read = protocol::read_int(*value, "turn_timer", 0, 60);
    if (!read) return read.error();
    const std::chrono::seconds t{read.value()};
    if (!valid_turn_timer(t)) return error_at("turn_timer", protocol::quote(*value) + " is not one of 0, 15, 30, 60");
    out.turn_timer = t;
  }
  out.swap_timer = swap_timer_for(out.turn_timer);
  // Fewer players need fewer cards, so a ruleset that deals a full table deals any game.
  if (out.ruleset.decks_for(out.seats) == 0)
    return error_at("ruleset", "cannot deal " + std::to_string(out.seats) +
                                   " players their cards; use fewer seats or more decks");
  return out;
}

protocol::json table_settings_to_json(const table_settings& settings) {
  protocol::json out = protocol::json::object();
  out["seats"] = settings.seats;
  const auto seconds = [](std::chrono::milliseconds d) { return std::chrono::duration_cast<std::chrono::seconds>(d).count(); };
  out["turn_timer"] = seconds(settings.turn_timer);
  out["swap_timer"] = seconds(settings.swap_timer);
  out["grace"] = seconds(settings.grace);
  out["empty_close"] = seconds(settings.empty_close);
  return out;
}

}  // namespace shithead::server
