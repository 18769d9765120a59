// game_server's making and unmaking, out of line: the upgrade hook makes WebSocket
// sessions, and their Beast templates are compiled here rather than in every test file.
#include "tests/server/game_client.hpp"

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace shithead::test {

game_server::game_server(server::service_limits limits, server::websocket_limits socket)
    : game_server(std::make_shared<std::shared_ptr<server::game_service>>(), std::move(limits), socket) {}

game_server::game_server(std::shared_ptr<std::shared_ptr<server::game_service>> holder, server::service_limits limits,
                         server::websocket_limits socket)
    : http([holder, socket](beast::tcp_stream stream, http::request<http::string_body> request,
                            server::address_table::ticket place) {
        server::start_websocket(*holder, std::move(stream), std::move(request), std::move(place), socket);
      }),
      service(holder) {
  init(std::move(limits));
}

void game_server::init(server::service_limits limits) {
  std::uint64_t counter = 0x1234;
  *service = std::make_shared<server::game_service>(
      http.get().io_context(),
      [counter]() mutable { return counter = counter * 6364136223846793005ull + 1442695040888963407ull; },
      std::move(limits), server::room_services{nullptr, nullptr, bots});
  http.get().on_shutdown([s = *service, b = bots] {
    b->stop();
    s->shutdown();
  });
}

game_server::~game_server() {
  http.stop();
  service->reset();
}

}  // namespace shithead::test
