// A data file deleted or replaced under a running server (issue 27): before, /healthz
// stayed ok and games went on into a file that no longer had a name, all lost at the
// next start. Now the store notices within a checkpoint round or two, /healthz answers
// 503 with the reason, writes are refused as on a full disk (cannot_save), and the log
// says what happened once.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "tests/server/child_process.hpp"
#include "tests/server/game_client.hpp"
#include "tests/server/http_test_server.hpp"

namespace shithead::test {
namespace {

using namespace std::chrono_literals;

struct served_file {
  temp_folder folder;
  std::filesystem::path file = folder.path() / "shithead.db";
  std::unique_ptr<child_process> process;
  std::uint16_t port = 0;

  served_file() {
    process = std::make_unique<child_process>(std::vector<std::string>{
        "serve", "--port", "0", "--bind", "127.0.0.1", "--threads", "2", "--bot-pace", "0", "--data", file.string()});
    if (const auto logged = process->number_after("listening on http://127.0.0.1:", 30s))
      port = static_cast<std::uint16_t>(std::stoi(*logged));
  }

  // /healthz once it is no longer 200, within `wait`.
  http_reply health_once_failing(milliseconds wait = 5000ms) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    http_reply reply;
    while (std::chrono::steady_clock::now() < deadline) {
      reply = http_get(port, "/healthz");
      if (reply.status != 200) return reply;
      std::this_thread::sleep_for(50ms);
    }
    return reply;
  }
};

std::size_t count_of(const std::string& text, const std::string& piece) {
  std::size_t n = 0;
  for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
  return n;
}

TEST(data_file, a_deleted_file_is_noticed_and_nothing_more_is_taken_as_saved) {
  served_file server;
  ASSERT_NE(server.port, 0) << server.process->output();
  player ana(server.port), ben(server.port);
  ana.hello("Ana");
  ben.hello("Ben");
  open_table(ana, {{"seats", 2}});
  ana.send({{"type", "add_bot"}, {"kind", "greedy"}});
  ana.send({{"type", "start"}});
  ana.expect("game");
  while (ana.pump(300ms)) {
  }
  ASSERT_EQ(http_get(server.port, "/healthz").status, 200u);

  std::filesystem::remove(server.file);
  const auto failing = server.health_once_failing();
  ASSERT_EQ(failing.status, 503u) << failing.body;
  const auto body = json::parse(failing.body);
  EXPECT_EQ(body.value("store", ""), "failing");
  EXPECT_NE(body.value("reason", "").find("was deleted"), std::string::npos) << failing.body;

  // A move now cannot be saved: it is not shown, and the next is refused in words.
  const auto version_before = ana.version;
  ana.send({{"type", "action"}, {"action", ana.view["legal"][0]}});
  ana.send({{"type", "action"}, {"id", 5}, {"action", {{"type", "pickup"}}}});
  const auto refused = ana.expect("error");
  EXPECT_EQ(refused.value("code", ""), "cannot_save") << refused.dump();
  while (ana.pump(200ms)) {
  }
  EXPECT_EQ(ana.version, version_before) << "a move was shown that can never be saved";
  // Nor a new table, nor a new player: nobody is told they exist before the file holds them.
  ben.send({{"type", "create_table"}, {"seats", 2}});
  EXPECT_EQ(ben.expect("error").value("code", ""), "cannot_save");
  player cy(server.port);
  cy.send({{"type", "hello"}, {"v", 1}, {"name", "Cy"}});
  EXPECT_EQ(cy.expect("error").value("code", ""), "cannot_save");

  // The log says what happened, once, however long it lasts.
  std::this_thread::sleep_for(1000ms);
  EXPECT_EQ(http_get(server.port, "/healthz").status, 503u);
  server.process->number_after("no such line", 200ms);  // reads what the server printed
  EXPECT_EQ(count_of(server.process->output(), "nothing more is saved"), 1u) << server.process->output();
}

TEST(data_file, a_file_replaced_by_another_is_noticed) {
  served_file server;
  ASSERT_NE(server.port, 0) << server.process->output();
  player ana(server.port);
  ana.hello("Ana");
  const auto other = server.folder.path() / "other.db";
  std::filesystem::copy_file(server.file, other);
  std::filesystem::rename(other, server.file);  // as a restore from backup under a running server would
  const auto failing = server.health_once_failing();
  ASSERT_EQ(failing.status, 503u) << failing.body;
  EXPECT_NE(json::parse(failing.body).value("reason", "").find("was replaced"), std::string::npos) << failing.body;
}

TEST(data_file, a_file_left_alone_stays_healthy) {
  served_file server;
  ASSERT_NE(server.port, 0) << server.process->output();
  player ana(server.port);
  ana.hello("Ana");
  std::this_thread::sleep_for(800ms);  // a few checkpoint rounds
  EXPECT_EQ(http_get(server.port, "/healthz").status, 200u);
}

}  // namespace
}  // namespace shithead::test
