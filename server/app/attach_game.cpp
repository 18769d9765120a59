#include "server/app/attach_game.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <thread>

#include "protocol/socket_route.hpp"
#include "server/app/rankings_routes.hpp"
#include "server/net/shards.hpp"

namespace shithead::server {

std::shared_ptr<game_service> attach_game(server& http_server, service_limits limits, websocket_limits socket_limits,
                                          std::shared_ptr<store> db) {
  // Tokens, ids, codes and every game's seed: each a fresh draw from the kernel's
  // cryptographic generator (core/random_source.hpp), never from a seeded one.
  random_source random = system_random();
  // Searching bots think on half the cores (at least one thread), below the network threads.
  const int bot_threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency() / 2));
  auto bots = std::make_shared<bot_pool>(bot_threads, max_waiting_bot_questions);
  auto service = std::make_shared<game_service>(http_server.io_context(), random, limits,
                                                room_services{db, http_server.metrics(), bots}, &http_server.shards());
  if (db) {
    auto players = db->load_players();
    const auto player_count = players.size();
    service->load_players(std::move(players));
    // A cluster's node claims its tables as their players come back, and sweeps up the
    // rest (game_service::sweep_orphans): the other nodes serve tables of the same store.
    const auto restored = db->shares_tables() ? 0 : service->restore_tables(db->load_rooms());
    db->start();
    service->start_housekeeping();
    if (db->shares_tables())
      spdlog::info("store: {} player(s); a node of a cluster: tables are claimed as their players come back",
                   player_count);
    else
      spdlog::info("store: {} player(s), {} table(s) restored", player_count, restored);
    http_server.set_store_health([db] { return db->problem(); });
    add_rankings_routes(http_server, db);
  }
  http_server.set_websocket_upgrade([service, socket_limits, metrics = http_server.metrics()](
                                        boost::beast::tcp_stream stream,
                                        boost::beast::http::request<boost::beast::http::string_body> request,
                                        address_table::ticket place) {
    start_websocket(service, std::move(stream), std::move(request), std::move(place), socket_limits, metrics);
  });
  http_server.on_shutdown([service, bots] {
    bots->stop();
    service->shutdown();
  });
  return service;
}

void start_websocket(const std::shared_ptr<game_service>& service, boost::beast::tcp_stream stream,
                     boost::beast::http::request<boost::beast::http::string_body> request, address_table::ticket place,
                     websocket_limits limits, std::shared_ptr<server_metrics> metrics) {
  // A player who follows a table's link (or comes back to it) joins it on its shard:
  // their moves, the room's answer and the frames to the others then stay on one thread.
  const auto table = protocol::table_of_socket_target(request.target());
  auto* home = table ? service->home_of(*table) : nullptr;
  auto start = [service, limits, metrics = std::move(metrics), request = std::move(request),
                place = std::move(place)](boost::beast::tcp_stream on) mutable {
    std::make_shared<websocket_session>(std::move(on), service, limits, std::move(metrics), std::move(place))
        ->run(std::move(request));
  };
  if (!home || home == &context_of(stream.get_executor())) return start(std::move(stream));
  // The session starts on its new strand: its handlers run there, and none may run
  // while this thread is still starting it.
  auto moved = move_to(std::move(stream), *home);
  auto executor = moved.get_executor();
  boost::asio::post(executor,
                    [start = std::move(start), moved = std::move(moved)]() mutable { start(std::move(moved)); });
}

}  // namespace shithead::server
