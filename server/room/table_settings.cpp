#include "server/room/table_settings.hpp"

#include <algorithm>

namespace shithead::server {

std::chrono::milliseconds swap_timer_for(std::chrono::milliseconds turn_timer) {
  return std::max(std::chrono::milliseconds{30'000}, turn_timer);
}

table_settings settings_for(const protocol::create_table_request& request, std::string code,
                            std::chrono::seconds default_turn_timer, std::chrono::milliseconds default_bot_pace) {
  table_settings out;
  out.code = std::move(code);
  out.is_public = request.is_public;
  out.ruleset = request.ruleset;
  out.seats = request.seats;
  out.turn_timer = request.turn_timer.value_or(default_turn_timer);
  out.swap_timer = swap_timer_for(out.turn_timer);
  out.bot_pace = request.bot_pace.value_or(default_bot_pace);
  return out;
}

protocol::table_clocks table_clocks_of(const table_settings& settings) {
  const auto seconds = [](std::chrono::milliseconds d) {
    return static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::seconds>(d).count());
  };
  return protocol::table_clocks{
      settings.seats,          seconds(settings.turn_timer),  seconds(settings.swap_timer),
      seconds(settings.grace), seconds(settings.empty_close), static_cast<std::int64_t>(settings.bot_pace.count())};
}

}  // namespace shithead::server
