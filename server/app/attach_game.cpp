#include "server/app/attach_game.hpp"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <thread>

#include "server/app/rankings_routes.hpp"

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
                                                room_services{db, http_server.metrics(), bots});
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
    std::make_shared<websocket_session>(std::move(stream), service, socket_limits, metrics, std::move(place))
        ->run(std::move(request));
  });
  http_server.on_shutdown([service, bots] {
    bots->stop();
    service->shutdown();
  });
  return service;
}

}  // namespace shithead::server
