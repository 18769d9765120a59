#pragma once
// Puts the game on a server: /ws upgrades become WebSocket sessions of one game
// service, and shutdown tells every player before closing. Used by `shithead serve`
// and by the tests that start a real server.
#include <memory>

#include "server/game_service.hpp"
#include "server/server.hpp"

namespace shithead::server {

std::shared_ptr<game_service> attach_game(server& http_server, service_limits limits = {},
                                          websocket_limits socket_limits = {});

}  // namespace shithead::server
