// The rankings API's routes through HTTP: the session hands the request to its route and
// goes on serving everyone else; the answer, which comes later from another thread, is
// written on the session's own strand. Also /healthz reporting the store.
#include <gtest/gtest.h>

#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/rankings_api.hpp"
#include "server/app/rankings_routes.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/server/gunzip.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"
#include "tests/store/store_test_support.hpp"

namespace shithead::server {
namespace {

namespace http = boost::beast::http;
using namespace std::chrono_literals;
using reply_function = http_reply_callback;

// A server on 127.0.0.1 with hooks set before start().
class hooked_server {
 public:
  explicit hooked_server(const std::function<void(server&)>& configure) {
    test::write_static_site(folder_);
    server_settings settings;
    settings.port = 0;
    settings.bind = "127.0.0.1";
    settings.threads = 2;
    settings.static_dir = (folder_.path() / "static").string();
    settings.log_level = "error";
    server_options options;
    options.handle_signals = false;
    options.shutdown_deadline = 3s;
    server_ = std::make_unique<server>(settings, options);
    configure(*server_);
    auto started = server_->start();
    if (!started) {
      ADD_FAILURE() << started.error().message;
      return;
    }
    port_ = started.value();
    thread_ = std::thread([this] { server_->run(); });
  }
  ~hooked_server() { stop(); }
  hooked_server(const hooked_server&) = delete;
  hooked_server& operator=(const hooked_server&) = delete;

  void stop() {
    server_->shutdown();
    if (thread_.joinable()) thread_.join();
  }
  // Asks for shutdown without waiting for it.
  void begin_stop() { server_->shutdown(); }
  std::uint16_t port() const { return port_; }

 private:
  test::temp_folder folder_;
  std::unique_ptr<server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

// Stands in for the store: keeps each request's target and reply for the test to answer,
// or answers by itself from a thread of its own after a delay. (A reply not yet dropped
// holds the server's threads, so stopping the server waits for those threads' answers.)
class fake_store {
 public:
  ~fake_store() { join(); }

  // Takes every route of the rankings API, as app/rankings_routes does with the store.
  void attach(server& s) {
    for (const auto& known : protocol::rankings_paths)
      s.add_route(std::string(known.path), known.prefix ? http_routes::match::prefix : http_routes::match::exact,
                  [this](const http_route_request& request, reply_function reply) {
                    std::string target(request.path);
                    if (!request.query.empty()) target += "?" + std::string(request.query);
                    take(std::move(target), std::move(reply));
                  });
  }

  void take(std::string target, reply_function reply) {
    const std::lock_guard lock(mutex_);
    targets_.push_back(target);
    if (auto_answer_) {
      threads_.emplace_back([answer = auto_answer_, delay = delay_, target = std::move(target), reply] {
        std::this_thread::sleep_for(delay);
        reply(answer(target));
      });
    } else {
      waiting_.push_back(std::move(reply));
    }
    changed_.notify_all();
  }

  // Answers every request by itself, `delay` later, from a thread that is not the server's.
  void answer_later(std::function<http_reply(const std::string&)> answer, std::chrono::milliseconds delay) {
    const std::lock_guard lock(mutex_);
    auto_answer_ = std::move(answer);
    delay_ = delay;
  }

  // The reply of the next request to arrive (or an empty function after 5 s).
  reply_function next_request() {
    std::unique_lock lock(mutex_);
    if (!changed_.wait_for(lock, 5s, [this] { return !waiting_.empty(); })) return {};
    auto reply = std::move(waiting_.front());
    waiting_.erase(waiting_.begin());
    return reply;
  }

  std::vector<std::string> targets() {
    const std::lock_guard lock(mutex_);
    return targets_;
  }

  void join() {
    std::vector<std::thread> threads;
    {
      const std::lock_guard lock(mutex_);
      threads.swap(threads_);
    }
    for (auto& thread : threads) thread.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> targets_;
  std::vector<reply_function> waiting_;
  std::vector<std::thread> threads_;
  std::function<http_reply(const std::string&)> auto_answer_;
  std::chrono::milliseconds delay_{0};
};

// A JSON answer as the rankings routes give one.
http_reply rankings_json(int status, const protocol::json& body) {
  http_reply reply;
  reply.status = status;
  reply.content_type = std::string(protocol::rankings_content_type);
  reply.cache_control = "no-store";
  reply.body = protocol::dump_json(body);
  return reply;
}

http_reply leaderboard_reply(const std::string& target) {
  return rankings_json(200, protocol::json{{"target", target}, {"players", protocol::json::array()}});
}

http_reply unknown_player(const std::string&) {
  return rankings_json(404, protocol::json{{"error", "not_found"}, {"message", "no such player"}});
}

void expect_json_no_store(const test::http_reply& reply) {
  EXPECT_EQ(reply.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(reply.header("Cache-Control"), "no-store");
}

TEST(rankings_route, without_a_store_the_rankings_answer_503_in_json) {
  hooked_server server([](class server&) {});
  for (const char* target : {"/api/leaderboard", "/api/leaderboard?sort=games", "/api/players?name=Ana",
                             "/api/players/3f9c0a12b4d1", "/api/games/41"}) {
    const auto reply = test::http_get(server.port(), target);
    ASSERT_EQ(reply.status, 503u) << target << ": " << reply.error;
    expect_json_no_store(reply);
    EXPECT_EQ(nlohmann::json::parse(reply.body)["error"], "store_unavailable") << target;
  }
  // The rules API is no rankings target and is answered as before.
  EXPECT_EQ(test::http_get(server.port(), "/api/rules").status, 200u);
}

TEST(rankings_route, other_methods_are_refused_with_405_before_the_store_is_asked) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  for (auto method : {http::verb::post, http::verb::put, http::verb::delete_}) {
    const auto reply = test::http_request(server.port(), method, "/api/leaderboard", "{}");
    EXPECT_EQ(reply.status, 405u) << reply.error;
    EXPECT_EQ(reply.header("Allow"), "GET, HEAD");
  }
  EXPECT_TRUE(store.targets().empty());
}

TEST(rankings_route, an_answer_from_another_thread_later_is_written_and_the_connection_goes_on) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  store.answer_later(leaderboard_reply, 200ms);
  test::http_connection connection(server.port());
  const auto reply = connection.get("/api/leaderboard?sort=games&period=7d");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  expect_json_no_store(reply);
  EXPECT_TRUE(reply.keep_alive);
  const auto doc = nlohmann::json::parse(reply.body);
  EXPECT_EQ(doc["target"], "/api/leaderboard?sort=games&period=7d");  // the query reaches the store
  EXPECT_EQ(store.targets(), std::vector<std::string>{"/api/leaderboard?sort=games&period=7d"});
  // The same connection is back to reading: a second answer, and a third of another kind.
  EXPECT_EQ(connection.get("/api/games/41").status, 200u);
  EXPECT_EQ(connection.get("/healthz").status, 200u);
}

TEST(rankings_route, the_stores_status_and_error_reach_the_client) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  store.answer_later(unknown_player, 50ms);
  const auto reply = test::http_get(server.port(), "/api/players/000000000000");
  ASSERT_EQ(reply.status, 404u) << reply.error;
  expect_json_no_store(reply);
  EXPECT_EQ(nlohmann::json::parse(reply.body), nlohmann::json({{"error", "not_found"}, {"message", "no such player"}}));
}

TEST(rankings_route, while_the_store_works_everyone_else_is_served) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  test::http_connection waiting(server.port());
  ASSERT_TRUE(waiting.send_raw("GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n\r\n"));
  const auto reply = store.next_request();
  ASSERT_TRUE(reply);
  // The store has the request and has not answered: other clients do not wait for it.
  EXPECT_EQ(test::http_get(server.port(), "/healthz").status, 200u);
  EXPECT_EQ(test::http_get(server.port(), "/app.js").status, 200u);
  std::thread([reply] { reply(leaderboard_reply("late")); }).join();
  const auto answer = waiting.read_reply();
  ASSERT_EQ(answer.status, 200u) << answer.error;
  EXPECT_EQ(nlohmann::json::parse(answer.body)["target"], "late");
}

TEST(rankings_route, a_second_reply_is_ignored_and_the_connection_stays_in_step) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("GET /api/players/a HTTP/1.1\r\nHost: x\r\n\r\n"));
  const auto reply = store.next_request();
  ASSERT_TRUE(reply);
  reply(leaderboard_reply("first"));
  reply(leaderboard_reply("second"));
  const auto answer = connection.read_reply();
  ASSERT_EQ(answer.status, 200u) << answer.error;
  EXPECT_EQ(nlohmann::json::parse(answer.body)["target"], "first");
  EXPECT_EQ(connection.get("/healthz").body, R"({"ok":true,"status":"ok","store":"ok"})");
}

TEST(rankings_route, a_reply_dropped_uncalled_answers_503) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("GET /api/games/7 HTTP/1.1\r\nHost: x\r\n\r\n"));
  {
    auto reply = store.next_request();
    ASSERT_TRUE(reply);
  }  // the last copy of the reply goes without being called, as a closing store's queue
  const auto answer = connection.read_reply();
  ASSERT_EQ(answer.status, 503u) << answer.error;
  EXPECT_EQ(nlohmann::json::parse(answer.body)["error"], "store_unavailable");
}

TEST(rankings_route, a_client_gone_before_the_answer_costs_nothing) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  reply_function reply;
  {
    test::http_connection impatient(server.port());
    ASSERT_TRUE(impatient.send_raw("GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n\r\n"));
    reply = store.next_request();
    ASSERT_TRUE(reply);
  }  // the client hangs up
  std::this_thread::sleep_for(50ms);
  std::thread([&] { reply(leaderboard_reply("nobody reads this")); }).join();
  reply = {};
  EXPECT_EQ(test::http_get(server.port(), "/healthz").status, 200u);
}

TEST(rankings_route, a_graceful_shutdown_waits_for_the_answer_and_then_closes) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  test::http_connection connection(server.port());
  ASSERT_TRUE(connection.send_raw("GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n\r\n"));
  auto reply = store.next_request();
  ASSERT_TRUE(reply);
  server.begin_stop();
  std::this_thread::sleep_for(100ms);
  std::thread([reply = std::move(reply)] { reply(leaderboard_reply("last words")); }).join();
  const auto answer = connection.read_reply();
  ASSERT_EQ(answer.status, 200u) << answer.error;
  EXPECT_FALSE(answer.keep_alive);
  EXPECT_EQ(nlohmann::json::parse(answer.body)["target"], "last words");
  EXPECT_TRUE(connection.wait_closed(2s));
  server.stop();
}

TEST(rankings_route, head_gets_the_stores_headers_without_the_body) {
  fake_store store;
  hooked_server server([&](class server& s) { store.attach(s); });
  store.answer_later(leaderboard_reply, 10ms);
  test::http_connection connection(server.port());
  const auto reply = connection.request(http::verb::head, "/api/leaderboard");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_TRUE(reply.body.empty());
  EXPECT_EQ(reply.header("Content-Length"), std::to_string(leaderboard_reply("/api/leaderboard").body.size()));
  EXPECT_EQ(connection.get("/healthz").status, 200u);
}

// ---- /healthz and the store ------------------------------------------------------------

// The real store, its read queue held full (not started, cap 1): the next request is
// answered at once with 503 and a Retry-After, and answered again once the store runs.
TEST(rankings_route, a_store_with_its_read_queue_full_answers_503_with_retry_after) {
  auto db = std::make_shared<sqlite_store>(":memory:", 1);
  std::promise<void> taken;  // the held read runs once the store's thread has taken the queue
  ASSERT_TRUE(db->read_for_tests([&taken](sqlite_connection&) { taken.set_value(); }));
  hooked_server server([&](class server& s) { add_rankings_routes(s, db); });
  const auto busy = test::http_get(server.port(), "/api/leaderboard");
  ASSERT_EQ(busy.status, 503u) << busy.error;
  expect_json_no_store(busy);
  EXPECT_EQ(busy.header("Retry-After"), std::to_string(sqlite_store::retry_after_seconds));
  EXPECT_EQ(nlohmann::json::parse(busy.body)["error"], "store_unavailable");

  db->start();
  taken.get_future().wait();
  const auto served = test::http_get(server.port(), "/api/leaderboard");
  ASSERT_EQ(served.status, 200u) << served.error;
  EXPECT_EQ(served.header("Retry-After"), "");
  server.stop();
  db->close();
}

// Issue 33: a finished game's steps never change, so they are cached for good, and
// gzipped for a client that takes gzip (a browser); the same body either way.
TEST(rankings_route, a_games_steps_are_cached_for_good_and_gzipped_for_a_client_that_asks) {
  auto db = std::make_shared<sqlite_store>(":memory:");
  const auto ana = store_testing::player("a1a1a1a1a1a1", "Ana");
  db->save_player(ana);
  db->start();
  const auto game = store_testing::played({store_testing::human(ana), store_testing::bot(1)}, 21);
  const auto recorded = store_testing::record(*db, {game});
  ASSERT_EQ(recorded.size(), 1u);
  hooked_server server([&](class server& s) { add_rankings_routes(s, db); });
  const auto target = "/api/games/" + std::to_string(recorded[0].game_id) + "/steps";

  const auto plain = test::http_get(server.port(), target);
  ASSERT_EQ(plain.status, 200u) << plain.error;
  EXPECT_EQ(plain.header("Cache-Control"), "public, max-age=86400, immutable");
  EXPECT_EQ(plain.header("Content-Encoding"), "");
  const auto steps = nlohmann::json::parse(plain.body);
  EXPECT_EQ(steps["complete"], true);
  EXPECT_EQ(steps["steps"].size(), game.record.actions.size() + 1);

  test::http_connection browser(server.port());
  http::fields takes_gzip;
  takes_gzip.set(http::field::accept_encoding, "gzip, br");
  const auto zipped = browser.request(http::verb::get, target, {}, takes_gzip);
  ASSERT_EQ(zipped.status, 200u) << zipped.error;
  EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
  EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding");
  EXPECT_LT(zipped.body.size() * 5, plain.body.size());
  EXPECT_EQ(test::gunzip(zipped.body), plain.body);

  // The other answers change with every game: never cached, never gzipped here.
  const auto board = browser.request(http::verb::get, "/api/leaderboard", {}, takes_gzip);
  ASSERT_EQ(board.status, 200u);
  EXPECT_EQ(board.header("Cache-Control"), "no-store");
  EXPECT_EQ(board.header("Content-Encoding"), "");

  // The steps are kept as they went out: asked again with the store closed, they still
  // come, in both forms, where the leaderboard must ask the store.
  db->close();
  const auto kept = test::http_get(server.port(), target);
  ASSERT_EQ(kept.status, 200u) << kept.error;
  EXPECT_EQ(kept.body, plain.body);
  const auto kept_zipped = browser.request(http::verb::get, target, {}, takes_gzip);
  ASSERT_EQ(kept_zipped.status, 200u) << kept_zipped.error;
  EXPECT_EQ(kept_zipped.header("Content-Encoding"), "gzip");
  EXPECT_EQ(test::gunzip(kept_zipped.body), plain.body);
  EXPECT_EQ(test::http_get(server.port(), "/api/leaderboard").status, 503u);
  server.stop();
}

TEST(healthz, without_a_store_hook_the_server_is_healthy) {
  hooked_server server([](class server&) {});
  const auto reply = test::http_get(server.port(), "/healthz");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_EQ(reply.header("Content-Type"), "application/json");
  EXPECT_EQ(reply.header("Cache-Control"), "no-store");
  EXPECT_EQ(nlohmann::json::parse(reply.body), nlohmann::json({{"ok", true}, {"status", "ok"}, {"store", "ok"}}));
}

TEST(healthz, asks_the_store_every_time_and_answers_503_while_it_fails) {
  auto healthy = std::make_shared<std::atomic<bool>>(true);
  hooked_server server([&](class server& s) {
    s.set_store_health([healthy]() -> std::optional<std::string> {
      if (healthy->load()) return std::nullopt;
      return "the disk refuses writes";
    });
  });
  EXPECT_EQ(test::http_get(server.port(), "/healthz").status, 200u);
  *healthy = false;
  const auto failing = test::http_get(server.port(), "/healthz");
  ASSERT_EQ(failing.status, 503u) << failing.error;
  EXPECT_EQ(nlohmann::json::parse(failing.body),
            nlohmann::json(
                {{"ok", false}, {"status", "unhealthy"}, {"store", "failing"}, {"reason", "the disk refuses writes"}}));
  *healthy = true;
  EXPECT_EQ(test::http_get(server.port(), "/healthz").status, 200u);
}

}  // namespace
}  // namespace shithead::server
