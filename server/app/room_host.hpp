#pragma once
// A room on its own strand with one timer armed at its next deadline. Everything that
// reaches the room goes through here, so the room itself stays single-threaded logic.
//
// Each call into the room fills an outbox; the host carries it out. With a store, every
// step that changed the table is saved before anyone hears of it: the step's letters
// wait in a step_queue until the store has committed the step (the actions it appended
// to the game's log, the table's saved state if that changed, and any game that ended,
// whose game_over message then gains the stored game id and the players' new ratings
// before it is written).
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include "protocol/server_message.hpp"
#include "server/app/step_queue.hpp"
#include "server/bots/bot_pool.hpp"
#include "server/net/metrics.hpp"
#include "server/net/shards.hpp"
#include "server/room/room.hpp"
#include "server/store/store.hpp"

namespace shithead::server {

// The words of a cannot_save error: a move, a start or a new table refused because the
// store cannot write (server/README.md, "When the disk is full").
extern const std::string_view cannot_save_message;

// What a room saves through, reports to and has its searching bots think on; any may be
// null. Without a pool a bot's question is answered on the room's strand (tests).
struct room_services {
  std::shared_ptr<store> db;
  std::shared_ptr<server_metrics> metrics;
  std::shared_ptr<bot_pool> bots;
  // Where every game's seed comes from (room::draw_seeds_from); the game service fills it
  // with its own random source when left empty.
  random_source chance{};
};

class room_host : public std::enable_shared_from_this<room_host> {
 public:
  using system_time = std::chrono::system_clock::time_point;
  // Told (on the room's strand) the table's summary after every change, and nullopt
  // once the room has closed.
  using summary_listener = std::function<void(const std::string& code, std::optional<protocol::table_summary>)>;
  // The join's outcome: the seat (nullopt when watching), or why it was refused.
  using join_done = std::function<void(rules::result<join_result, room_error>)>;

  room_host(boost::asio::io_context& ioc, table_settings settings, player_info host, std::uint64_t seed,
            summary_listener listener, room_services services = {});
  // A table restored after a restart (room::restored), its game started at `game_started`.
  room_host(boost::asio::io_context& ioc, room restored, system_time game_started, summary_listener listener,
            room_services services = {});
  ~room_host();

  // The table's saved form for the store: the room's, and when its game started.
  static std::string saved_state(const room& r, system_time game_started);
  // Back from saved_state() and the game's log; an error message for a table that
  // cannot be restored.
  static rules::result<std::shared_ptr<room_host>, std::string> restore(boost::asio::io_context& ioc,
                                                                        const saved_table& table, std::uint64_t seed,
                                                                        summary_listener listener,
                                                                        room_services services = {});

  // The shard (net/shards.hpp) the room runs on; its players' connections belong there.
  boost::asio::io_context& home() const { return context_of(strand_); }

  // All thread-safe: each is posted to the room's strand.
  void join(player_info player, std::shared_ptr<participant> connection, bool spectate, join_done done);
  void leave(std::string player_id);
  void disconnected(std::string player_id, std::shared_ptr<participant> connection);
  // `from` is told "that table has closed" when the message comes after the table closed
  // (a connection may have sent it straight here as the table closed).
  void handle(std::string player_id, protocol::table_message message, std::shared_ptr<participant> from);
  // The server is shutting down: the room takes no more messages and its timer stops,
  // so nothing keeps the io_context busy and no clock runs against absent players.
  void stop();
  // Reports the room's summary to the listener (on the strand), as after a change.
  void announce();

  // A table this server claimed on a store that several servers share
  // (store::shares_tables): every step names `epoch`. When the store refuses a step
  // because another server claimed the table since, the room stops at once, showing
  // nothing of that step or any after it, and `moved` is told its code, once, on the
  // room's strand. Called before the room is used.
  void serve_under_claim(std::int64_t epoch, std::function<void(const std::string& code)> moved);
  // Another server asked for the table (its players reach that one now): the room takes
  // no more messages, lets its claim go once every step before is stored, and then tells
  // `moved`, as when the table was taken. Thread-safe.
  void hand_over();

  const std::string& code() const { return code_; }
  // Before the io_context runs (restore): the seated players, to route them back here.
  std::vector<std::string> seated_players() const { return room_.seated_players(); }
  bool is_public() const { return room_.settings().is_public; }
  const std::string& host_player() const { return room_.host(); }

 private:
  // The store cannot write now (a full disk): moves are refused and timers wait. Notes
  // when the refusing began, for resume_clocks().
  bool store_refuses_writes();
  // A table message on the strand of a room that is open.
  void on_message(const std::string& player_id, const protocol::table_message& message,
                  std::chrono::steady_clock::time_point began);
  // Once the store writes again: every clock of the room starts again as late as the
  // refusing lasted, so no player's time ran out while their moves were refused.
  void resume_clocks(std::chrono::steady_clock::time_point now);
  template <class Fn>
  void on_strand(Fn fn, bool even_when_stopped = false);
  // Carries out what one call into the room asked for.
  void after_change(outbox out, std::optional<std::chrono::steady_clock::time_point> action_began = std::nullopt);
  void track_games(const std::vector<finished_room_game>& games);
  void save_step(outbox& out, std::optional<std::chrono::steady_clock::time_point> began);
  // Another server holds the table now: stop, and tell moved_.
  void lose_table();
  void arm_timer(std::optional<std::chrono::steady_clock::time_point> deadline);
  // Hands a searching bot's question to the pool (room.hpp, "Bots"), and its answer back.
  void ask_bot(bot_question question);
  void deliver_answer(std::uint64_t ticket, std::optional<rules::action> choice);

  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  std::string code_;
  step_queue queue_;
  room room_;
  summary_listener listener_;
  room_services services_;
  std::optional<protocol::table_summary> last_summary_;
  std::optional<std::chrono::steady_clock::time_point> refusing_since_;  // first seen refusing
  bool game_running_ = false;
  system_time game_started_{};
  bool closed_reported_ = false;
  bool stopped_ = false;
  std::int64_t epoch_ = 0;  // the claim (serve_under_claim); 0 on a store one server writes
  std::function<void(const std::string&)> moved_;
};

}  // namespace shithead::server
