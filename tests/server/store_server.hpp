#pragma once
// A real server with the game attached and a real store behind it, for the tests that
// need what the store does (full disk, forgetting idle players, tokens on disk): a SQLite
// file, or a PostgreSQL database of the run's cluster (tests/postgres). Construct, set
// what the test needs on the store (seed_player, a fault hook), then start(limits).
#include <sqlite3.h>

#include <memory>

#include "server/app/attach_game.hpp"
#include "server/app/game_service.hpp"
#include "server/store/pg_queries.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/server/game_client.hpp"
#include "tests/store/store_backends.hpp"

namespace shithead::test {

struct store_server {
  explicit store_server(testing::backend kind = testing::backend::sqlite)
      : database(kind, server::store_testing::sqlite_in::file), db(database.open()) {}

  server::store_testing::fresh_database database;
  std::shared_ptr<server::batch_store> db;
  std::shared_ptr<std::shared_ptr<server::game_service>> holder =
      std::make_shared<std::shared_ptr<server::game_service>>();
  test_server http{[holder = holder](beast::tcp_stream stream, http::request<http::string_body> request,
                                     server::address_table::ticket place) {
                     server::start_websocket(*holder, std::move(stream), std::move(request), std::move(place));
                   },
                   {},
                   false};

  // The SQLite store, for its fault hooks; null on PostgreSQL.
  server::sqlite_store* sqlite() { return dynamic_cast<server::sqlite_store*>(db.get()); }

  // Before start(): a player row as an older server left it, written behind the store.
  void seed_player(const server::player_record& record) {
    if (auto* lite = sqlite()) {
      lite->queries_for_tests().save_player(record);
      return;
    }
    server::pg::connection c(database.url());
    server::pg_queries rows(c);
    server::pg::transaction tx(c);
    c.exec("SELECT shithead_fence(holder, epoch) FROM server_lease WHERE id = 1");  // as its holder would
    rows.save_player(record);
    tx.commit();
  }

  void start(server::service_limits limits) {
    // The lease first, as `serve` takes it: a write behind the server's back (seed_player
    // after start) then fences at the epoch the server holds, not at one its first batch
    // is about to replace.
    if (auto* lease = db->lease()) lease->acquire({});
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
