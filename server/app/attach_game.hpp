#pragma once
// Puts the game on a server: /ws upgrades become WebSocket sessions of one game
// service, and shutdown tells every player before closing. Used by `shithead serve`
// and by the tests that start a real server.
//
// With a store, it first loads the players and restores the tables the store kept,
// then starts the store's thread and answers /healthz and the rankings API from it.
// The caller closes the store after the server has stopped.
#include <memory>

#include "server/app/game_service.hpp"
#include "server/net/server.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// Searching bots' questions waiting for a thread, server-wide. One table asks one at a
// time, so this is the number of tables whose bots may wait; beyond it a bot's seat is
// played at `normal` at once (room_host::ask_bot).
inline constexpr std::size_t max_waiting_bot_questions = 256;

// Starts the WebSocket session of an upgrade to /ws for `service`: on the shard of the
// table its URL names (/ws?table=CODE) when that table is open here, moved there first;
// else where it was accepted. attach_game's upgrade hook, and the tests' own.
void start_websocket(const std::shared_ptr<game_service>& service, boost::beast::tcp_stream stream,
                     boost::beast::http::request<boost::beast::http::string_body> request, address_table::ticket place,
                     websocket_limits limits = {}, std::shared_ptr<server_metrics> metrics = nullptr);

std::shared_ptr<game_service> attach_game(server& http_server, service_limits limits = {},
                                          websocket_limits socket_limits = {}, std::shared_ptr<store> db = nullptr);

}  // namespace shithead::server
