#pragma once
// What the server counts, rendered at /metrics in the Prometheus text format (0.0.4).
// Every network thread, every room strand and the store's worker update it at once, so
// each value is a std::atomic and nothing here takes a lock.
//
// One instance per server, shared by pointer (no global): `server` makes it, or takes
// the one in server_options, and hands it out with server::metrics(); each test server
// thus starts from zero.
//
//   metrics->table_opened();                       // the game side reports ...
//   metrics->game_finished(/*abandoned=*/false);
//   std::string text = metrics->render();          // ... and /metrics shows it
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/error_code.hpp"

namespace shithead::server {

// A count that only goes up.
class counter {
 public:
  void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

// A level that goes up and down.
class gauge {
 public:
  void set(std::int64_t value) { value_.store(value, std::memory_order_relaxed); }
  void add(std::int64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  void sub(std::int64_t n = 1) { value_.fetch_sub(n, std::memory_order_relaxed); }
  std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::int64_t> value_{0};
};

// Durations counted into fixed buckets. Each bucket counts only its own range, so an
// observation is one atomic increment; render() adds them up into Prometheus's
// cumulative buckets. The sum is kept in whole nanoseconds, exactly.
class histogram {
 public:
  // Upper bounds, strictly ascending; +Inf follows implicitly.
  explicit histogram(std::vector<std::chrono::nanoseconds> bounds);

  void observe(std::chrono::nanoseconds duration);

  struct reading {
    std::vector<std::uint64_t> cumulative;  // one per bound, then +Inf (== count)
    std::uint64_t count = 0;
    double sum_seconds = 0;
  };
  reading read() const;
  const std::vector<std::chrono::nanoseconds>& bounds() const { return bounds_; }

 private:
  std::vector<std::chrono::nanoseconds> bounds_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;  // bounds_.size() + 1: the last is +Inf
  std::atomic<std::uint64_t> sum_nanoseconds_{0};
};

// The buckets of shithead_action_seconds: 0.5 ms to 1 s.
std::vector<std::chrono::nanoseconds> action_buckets();

// Label values in the exposition format: backslash, double quote and newline escaped.
std::string escape_label_value(std::string_view value);
// A duration or bound as Prometheus writes numbers: "0.0005", "1", "+Inf".
std::string format_number(double value);

class server_metrics {
 public:
  server_metrics();  // the uptime clock starts here
  server_metrics(const server_metrics&) = delete;
  server_metrics& operator=(const server_metrics&) = delete;

  // The network side (http_session, websocket_session).
  void http_request() { http_requests_.add(); }
  void connection_opened() { connections_.add(); }
  void connection_closed() { connections_.sub(); }
  void message_in() { messages_in_.add(); }
  void message_out() { messages_out_.add(); }

  // The game side (game_service, rooms, the store).
  void table_opened() { tables_.add(); }
  void table_closed() { tables_.sub(); }
  // A game dealt (or resumed after a restart) ...
  void game_started() { games_in_progress_.add(); }
  // ... and its end: played out, or abandoned (turn limit, table closed mid-game).
  void game_finished(bool abandoned);
  // Every {"type": "error"} sent, and every connection closed for an error.
  void error_sent(protocol::error_code code) { errors_[static_cast<std::size_t>(code)].add(); }
  // How long one action took to validate, apply and broadcast.
  void observe_action(std::chrono::nanoseconds took) { action_seconds_.observe(took); }
  void set_store_queue_depth(std::size_t depth) { store_queue_depth_.set(static_cast<std::int64_t>(depth)); }
  // A searching bot's move made by the normal bot instead: its answer was not back in
  // time (table_settings::bot_answer_limit), or the bot pool's queue was full.
  void bot_answers_late(std::uint64_t n) { bot_answers_late_.add(n); }
  void bot_pool_full() { bot_pool_full_.add(); }

  // Every metric with its HELP and TYPE lines.
  std::string render() const;

 private:
  const std::chrono::steady_clock::time_point started_;
  counter http_requests_;
  gauge connections_;
  counter messages_in_;
  counter messages_out_;
  gauge tables_;
  gauge games_in_progress_;
  counter games_finished_;
  counter games_abandoned_;
  // One series per protocol::error_code: the catalog is the list, so none is missed.
  std::array<counter, protocol::error_code_count> errors_;
  histogram action_seconds_;
  gauge store_queue_depth_;
  counter bot_answers_late_;
  counter bot_pool_full_;
};

}  // namespace shithead::server
