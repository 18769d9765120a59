#include "server/net/metrics.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>

namespace shithead::server {
namespace {

using std::chrono::nanoseconds;

// Appends the exposition format, one family at a time.
class exposition {
 public:
  void family(std::string_view name, std::string_view type, std::string_view help) {
    text_ += "# HELP ";
    text_ += name;
    text_ += ' ';
    text_ += help;  // every help text here is a constant without backslashes or newlines
    text_ += "\n# TYPE ";
    text_ += name;
    text_ += ' ';
    text_ += type;
    text_ += '\n';
  }

  void sample(std::string_view name, std::string_view value,
              std::initializer_list<std::pair<std::string_view, std::string_view>> labels = {}) {
    text_ += name;
    if (labels.size() > 0) {
      text_ += '{';
      bool first = true;
      for (const auto& [label, label_value] : labels) {
        if (!first) text_ += ',';
        first = false;
        text_ += label;
        text_ += "=\"";
        text_ += escape_label_value(label_value);
        text_ += '"';
      }
      text_ += '}';
    }
    text_ += ' ';
    text_ += value;
    text_ += '\n';
  }

  void single(std::string_view name, std::string_view type, std::string_view help, std::string_view value) {
    family(name, type, help);
    sample(name, value);
  }

  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

}  // namespace

histogram::histogram(std::vector<nanoseconds> bounds)
    : bounds_(std::move(bounds)), counts_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds_.size() + 1)) {
  assert(std::is_sorted(bounds_.begin(), bounds_.end()) &&
         std::adjacent_find(bounds_.begin(), bounds_.end()) == bounds_.end());
}

void histogram::observe(nanoseconds duration) {
  if (duration < nanoseconds::zero()) duration = nanoseconds::zero();
  // Prometheus buckets are "less than or equal": a value on a bound belongs to it.
  const auto bucket =
      static_cast<std::size_t>(std::lower_bound(bounds_.begin(), bounds_.end(), duration) - bounds_.begin());
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_nanoseconds_.fetch_add(static_cast<std::uint64_t>(duration.count()), std::memory_order_relaxed);
}

histogram::reading histogram::read() const {
  reading out;
  out.cumulative.reserve(bounds_.size() + 1);
  std::uint64_t running = 0;
  for (std::size_t i = 0; i <= bounds_.size(); ++i) {
    running += counts_[i].load(std::memory_order_relaxed);
    out.cumulative.push_back(running);
  }
  // The count is the +Inf bucket by construction, even while observations arrive.
  out.count = running;
  out.sum_seconds = static_cast<double>(sum_nanoseconds_.load(std::memory_order_relaxed)) / 1e9;
  return out;
}

std::vector<nanoseconds> action_buckets() {
  using namespace std::chrono_literals;
  return {500us, 1ms, 2500us, 5ms, 10ms, 25ms, 50ms, 100ms, 250ms, 500ms, 1000ms};
}

std::string escape_label_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  std::array<char, 64> buffer{};
  // The shortest form that reads back exactly, in fixed notation from 1e-4 up as Go's
  // client libraries write it: plain to_chars would give "5e-04" for a 0.5 ms bound.
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::general);
  if (ec != std::errc{}) return "NaN";
  return std::string(buffer.data(), end);
}

server_metrics::server_metrics() : started_(std::chrono::steady_clock::now()), action_seconds_(action_buckets()) {}

void server_metrics::game_finished(bool abandoned) {
  games_in_progress_.sub();
  (abandoned ? games_abandoned_ : games_finished_).add();
}

std::string server_metrics::render() const {
  exposition out;
  const std::chrono::duration<double> uptime = std::chrono::steady_clock::now() - started_;
  out.single("shithead_uptime_seconds", "gauge", "Seconds since the server started.", format_number(uptime.count()));
  out.single("shithead_http_requests_total", "counter", "HTTP requests answered, WebSocket upgrades included.",
             std::to_string(http_requests_.value()));
  out.single("shithead_connections", "gauge", "Open WebSocket connections.", std::to_string(connections_.value()));
  out.single("shithead_messages_in_total", "counter", "WebSocket messages received.",
             std::to_string(messages_in_.value()));
  out.single("shithead_messages_out_total", "counter", "WebSocket messages sent.",
             std::to_string(messages_out_.value()));
  out.single("shithead_tables", "gauge", "Open tables.", std::to_string(tables_.value()));
  out.single("shithead_games_in_progress", "gauge", "Games being played.", std::to_string(games_in_progress_.value()));

  out.family("shithead_games_finished_total", "counter", "Games ended, by how they ended.");
  out.sample("shithead_games_finished_total", std::to_string(games_finished_.value()), {{"status", "finished"}});
  out.sample("shithead_games_finished_total", std::to_string(games_abandoned_.value()), {{"status", "abandoned"}});

  out.family("shithead_errors_total", "counter", "Error messages sent to clients, by code.");
  for (const auto& row : protocol::error_codes)
    out.sample("shithead_errors_total", std::to_string(errors_[static_cast<std::size_t>(row.code)].value()),
               {{"code", row.text}});

  out.family("shithead_action_seconds", "histogram", "Time to validate, apply and broadcast one game action.");
  const auto actions = action_seconds_.read();
  const auto& bounds = action_seconds_.bounds();
  for (std::size_t i = 0; i <= bounds.size(); ++i) {
    const std::string le = i < bounds.size() ? format_number(std::chrono::duration<double>(bounds[i]).count()) : "+Inf";
    out.sample("shithead_action_seconds_bucket", std::to_string(actions.cumulative[i]), {{"le", le}});
  }
  out.sample("shithead_action_seconds_sum", format_number(actions.sum_seconds));
  out.sample("shithead_action_seconds_count", std::to_string(actions.count));

  out.single("shithead_store_queue_depth", "gauge", "Store operations waiting for the database thread.",
             std::to_string(store_queue_depth_.value()));

  out.family("shithead_bot_fallbacks_total", "counter",
             "Searching bots' moves made by the normal bot instead, by why: the answer came too late, or the bot "
             "pool's queue was full.");
  out.sample("shithead_bot_fallbacks_total", std::to_string(bot_answers_late_.value()), {{"reason", "late"}});
  out.sample("shithead_bot_fallbacks_total", std::to_string(bot_pool_full_.value()), {{"reason", "queue_full"}});
  return out.take();
}

}  // namespace shithead::server
