#pragma once
// A room on its own strand with one timer armed at its next deadline. Everything that
// reaches the room goes through here, so the room itself stays single-threaded logic.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <memory>
#include <optional>

#include "protocol/json_text.hpp"
#include "server/room.hpp"
#include "server/table_summary.hpp"

namespace shithead::server {

class room_host : public std::enable_shared_from_this<room_host> {
 public:
  // Told (on the room's strand) the table's summary after every change, and nullopt
  // once the room has closed.
  using summary_listener = std::function<void(const std::string& code, std::optional<table_summary>)>;
  using join_done = std::function<void(std::optional<room_error>)>;

  room_host(boost::asio::io_context& ioc, table_settings settings, player_info host, std::uint64_t seed,
            summary_listener listener);

  // All thread-safe: each is posted to the room's strand.
  void join(player_info player, std::shared_ptr<participant> connection, bool spectate, join_done done);
  void leave(std::string player_id);
  void disconnected(std::string player_id, std::shared_ptr<participant> connection);
  void handle(std::string player_id, protocol::json message);
  // The server is shutting down: the room takes no more messages and its timer stops,
  // so nothing keeps the io_context busy and no clock runs against absent players.
  void stop();

  const std::string& code() const { return code_; }

 private:
  template <class Fn>
  void on_strand(Fn fn, bool even_when_stopped = false);
  void after_change();
  void arm_timer();

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  std::string code_;
  room room_;
  summary_listener listener_;
  std::optional<table_summary> last_summary_;
  bool closed_reported_ = false;
  bool stopped_ = false;
};

}  // namespace shithead::server
