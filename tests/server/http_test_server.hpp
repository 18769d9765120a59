#pragma once
// A real server in-process on 127.0.0.1, an ephemeral port and two threads, serving a
// temporary static folder that has a secret file beside it (which must never be served).
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "server/net/server.hpp"

namespace shithead::test {

// A fresh folder under the system's temporary folder, removed afterwards.
class temp_folder {
 public:
  temp_folder() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("shithead-http-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~temp_folder() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  temp_folder(const temp_folder&) = delete;
  temp_folder& operator=(const temp_folder&) = delete;

  const std::filesystem::path& path() const { return path_; }

  void write(const std::filesystem::path& relative, const std::string& content) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << content;
  }

 private:
  std::filesystem::path path_;
};

inline constexpr const char* index_html = "<!doctype html><title>test index</title>";
inline constexpr const char* secret_text = "the secret beside the static root";

// <tmp>/secret.txt and <tmp>/static/{index.html, app.js, ...}; static/escape.txt is a
// symbolic link to the secret.
inline void write_static_site(const temp_folder& folder) {
  folder.write("secret.txt", secret_text);
  folder.write("static/index.html", index_html);
  folder.write("static/app.js", "export const x = 1;");
  folder.write("static/lib.mjs", "export default 2;");
  folder.write("static/style.css", "body { margin: 0 }");
  folder.write("static/icon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  folder.write("static/logo.png", std::string("\x89PNG\r\n\x1a\n", 8));
  folder.write("static/favicon.ico", std::string("\0\0\1\0", 4));
  folder.write("static/data.json", "{\"a\":1}");
  folder.write("static/site.webmanifest", "{\"name\":\"Shithead\"}");
  folder.write("static/font.woff2", "wOF2");
  folder.write("static/notes.txt", "plain");
  folder.write("static/blob.bin", "??");
  folder.write("static/README.md", "# notes about the client");
  folder.write("static/package.json", "{\"name\": \"web-client\"}");
  folder.write("static/README.MD", "# the same in capitals");
  folder.write("static/notes", "no extension");
  folder.write("static/cards/index.html", "<p>cards</p>");
  folder.write("static/.hidden", "hidden");
  folder.write("static/empty/.keep", "");
  std::filesystem::create_symlink(folder.path() / "secret.txt", folder.path() / "static" / "escape.txt");
}

class test_server {
 public:
  explicit test_server(server::server::websocket_upgrade upgrade = {}, server::server_options options = {},
                       bool run_now = true) {
    write_static_site(folder_);
    server::server_settings settings;
    settings.port = 0;
    settings.bind = "127.0.0.1";
    settings.threads = 2;
    settings.static_dir = (folder_.path() / "static").string();
    settings.log_level = "warn";
    options.handle_signals = false;  // the test runner's signals must still end the tests
    // Connections on both threads' shards, so that tables and players meet across them
    // (and WebSockets that follow a table's link move to its shard); `shithead serve`
    // packs them, and the tests that run the binary see that.
    options.placement = server::shard_placement::spread;
    server_ = std::make_unique<server::server>(settings, options);
    if (upgrade) server_->set_websocket_upgrade(std::move(upgrade));
    auto started = server_->start();
    if (!started) {
      ADD_FAILURE() << "the server did not start: " << started.error().message;
      return;
    }
    port_ = started.value();
    if (run_now) run();
  }
  ~test_server() { stop(); }
  test_server(const test_server&) = delete;
  test_server& operator=(const test_server&) = delete;

  void run() {
    thread_ = std::thread([this] { server_->run(); });
  }
  // Shuts down and waits for run() to return.
  void stop() {
    server_->shutdown();
    if (thread_.joinable()) thread_.join();
  }

  std::uint16_t port() const { return port_; }
  server::server& get() { return *server_; }
  const temp_folder& folder() const { return folder_; }

 private:
  temp_folder folder_;
  std::unique_ptr<server::server> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
};

}  // namespace shithead::test
