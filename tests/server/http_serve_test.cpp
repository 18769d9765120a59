// The real binary: `shithead serve --port 0` logs the port it got, serves on it, and a
// SIGTERM ends it cleanly (exit 0) within ten seconds.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "tests/server/child_process.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

extern char** environ;

namespace shithead::server {
namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

using test::child_process;

TEST(http_serve_binary, serves_on_the_logged_port_and_exits_0_on_sigterm) {
  const test::temp_folder folder;
  test::write_static_site(folder);
  child_process child({"serve", "--port", "0", "--bind", "127.0.0.1", "--threads", "2", "--data",
                       (folder.path() / "shithead.db").string(), "--static", (folder.path() / "static").string()});
  ASSERT_TRUE(child.started());
  const auto port = child.number_after("listening on http://127.0.0.1:", 30s);
  ASSERT_TRUE(port) << child.output();
  const auto port_number = static_cast<std::uint16_t>(std::stoi(*port));
  ASSERT_NE(port_number, 0);

  EXPECT_EQ(test::http_get(port_number, "/healthz").body, R"({"ok":true,"status":"ok","store":"ok"})");
  test::http_connection kept(port_number);
  EXPECT_EQ(kept.get("/").body, test::index_html);  // and left open, idle

  const auto start = clock_type::now();
  child.signal(SIGTERM);
  const auto code = child.wait_exit(10s);
  ASSERT_TRUE(code) << "still running or killed 10 s after SIGTERM\n" << child.output();
  EXPECT_EQ(*code, 0) << child.output();
  EXPECT_LT(clock_type::now() - start, 10s);
  EXPECT_TRUE(kept.wait_closed(1s));
}

TEST(http_serve_binary, a_port_in_use_exits_1) {
  test::test_server first;
  const test::temp_folder folder;
  test::write_static_site(folder);
  child_process child({"serve", "--port", std::to_string(first.port()), "--bind", "127.0.0.1", "--data",
                       (folder.path() / "shithead.db").string(), "--static", (folder.path() / "static").string()});
  ASSERT_TRUE(child.started());
  const auto code = child.wait_exit(30s);
  ASSERT_TRUE(code) << child.output();
  EXPECT_EQ(*code, 1) << child.output();
  EXPECT_NE(child.output().find(std::to_string(first.port())), std::string::npos) << child.output();
}

TEST(http_serve_binary, bad_flags_exit_2) {
  child_process child({"serve", "--threads", "none"});
  ASSERT_TRUE(child.started());
  const auto code = child.wait_exit(30s);
  ASSERT_TRUE(code) << child.output();
  EXPECT_EQ(*code, 2) << child.output();
}

}  // namespace
}  // namespace shithead::server
