#include "server/app/session_route.hpp"

namespace shithead::server {

std::optional<session_route::direct> session_route::direct_target() const {
  if (at_service_.load(std::memory_order_acquire) != 0) return std::nullopt;
  const std::lock_guard lock(mutex_);
  auto room = room_.lock();
  if (!room) return std::nullopt;
  return direct{std::move(room), player_id_};
}

void session_route::seat_at(const std::shared_ptr<room_host>& room, std::string player_id) {
  const std::lock_guard lock(mutex_);
  room_ = room;
  player_id_ = std::move(player_id);
}

void session_route::leave_table() {
  const std::lock_guard lock(mutex_);
  room_.reset();
  player_id_.clear();
}

}  // namespace shithead::server
