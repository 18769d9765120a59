#include "server/attach_game.hpp"

#include <random>

namespace shithead::server {

std::shared_ptr<game_service> attach_game(server& http_server, service_limits limits,
                                          websocket_limits socket_limits) {
  // Tokens, ids and deals draw from one generator seeded by the operating system.
  auto engine = std::make_shared<std::mt19937_64>(std::random_device{}());
  auto mutex = std::make_shared<std::mutex>();
  random_source random = [engine, mutex] {
    std::lock_guard lock(*mutex);
    return (*engine)();
  };
  auto service = std::make_shared<game_service>(http_server.io_context(), random, limits);
  http_server.set_websocket_upgrade(
      [service, socket_limits](boost::beast::tcp_stream stream,
                               boost::beast::http::request<boost::beast::http::string_body> request) {
        std::make_shared<websocket_session>(std::move(stream), service, socket_limits)->run(std::move(request));
      });
  http_server.on_shutdown([service] { service->shutdown(); });
  return service;
}

}  // namespace shithead::server
