#pragma once
// A real server with the game attached and a real SQLite file behind it, for the tests
// that need what the store does (full disk, forgetting idle players). Construct, set
// what the test needs on `db` (a fault hook), then start(limits).
#include <sqlite3.h>
#include <memory>

#include "server/app/game_service.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/server/game_client.hpp"

namespace shithead::test {

struct store_server {
  temp_folder data;
  std::shared_ptr<server::sqlite_store> db =
      std::make_shared<server::sqlite_store>((data.path() / "shithead.db").string());
  std::shared_ptr<std::shared_ptr<server::game_service>> holder =
      std::make_shared<std::shared_ptr<server::game_service>>();
  test_server http{[holder = holder](beast::tcp_stream stream, http::request<http::string_body> request,
                                     server::address_table::ticket place) {
                     std::make_shared<server::websocket_session>(std::move(stream), *holder, server::websocket_limits{},
                                                                 nullptr, std::move(place))
                         ->run(std::move(request));
                   },
                   {},
                   false};

  void start(server::service_limits limits) {
    auto players = db->load_players();  // before the store's threads, as attach_game does
    db->start();
    std::uint64_t counter = 0x5eed;
    *holder = std::make_shared<server::game_service>(
        http.get().io_context(),
        [counter]() mutable { return counter = counter * 6364136223846793005ull + 1442695040888963407ull; },
        std::move(limits), server::room_services{db, nullptr, nullptr});
    (*holder)->load_players(std::move(players));
    (*holder)->start_housekeeping();
    http.get().on_shutdown([s = *holder] { s->shutdown(); });
    http.run();
  }
  ~store_server() {
    http.stop();
    holder->reset();
    db->close();
  }
  std::uint16_t port() { return http.port(); }
};

}  // namespace shithead::test
