// What the server counts and how /metrics shows it: Prometheus's text format 0.0.4, with
// cumulative histogram buckets, escaped label values, and counters that WebSocket
// sessions and HTTP requests really move on a running server.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/net/metrics.hpp"
#include "server/net/websocket_session.hpp"
#include "tests/server/http_test_server.hpp"
#include "tests/server/test_client.hpp"

namespace shithead::server {
namespace {

namespace http = boost::beast::http;
using namespace std::chrono_literals;

// One sample line: name{labels} value.
struct sample {
  std::string name;
  std::map<std::string, std::string> labels;  // values unescaped
  std::string value;
};

struct exposition {
  std::map<std::string, std::string> types;  // family -> counter, gauge, histogram
  std::map<std::string, std::string> help;
  std::vector<sample> samples;
  std::vector<std::string> errors;

  // The value of the one sample with this name and these labels.
  std::optional<double> value(const std::string& name, const std::map<std::string, std::string>& labels = {}) const {
    for (const auto& s : samples)
      if (s.name == name && s.labels == labels) return std::stod(s.value);
    return std::nullopt;
  }
};

// A strict enough reader of the text format, so that a malformed line fails a test
// rather than a Prometheus scrape later.
exposition read_exposition(const std::string& text) {
  exposition out;
  if (text.empty() || text.back() != '\n') out.errors.push_back("the text does not end with a newline");
  std::istringstream lines(text);
  std::string line;
  std::string family;
  while (std::getline(lines, line)) {
    if (line.rfind("# HELP ", 0) == 0) {
      const auto rest = line.substr(7);
      const auto space = rest.find(' ');
      family = rest.substr(0, space);
      out.help[family] = space == std::string::npos ? "" : rest.substr(space + 1);
      continue;
    }
    if (line.rfind("# TYPE ", 0) == 0) {
      const auto rest = line.substr(7);
      const auto space = rest.find(' ');
      if (rest.substr(0, space) != family) out.errors.push_back("TYPE without its HELP: " + line);
      out.types[rest.substr(0, space)] = rest.substr(space + 1);
      continue;
    }
    sample s;
    std::size_t i = 0;
    while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_' || line[i] == ':'))
      ++i;
    s.name = line.substr(0, i);
    if (s.name.empty()) {
      out.errors.push_back("no metric name: " + line);
      continue;
    }
    if (i < line.size() && line[i] == '{') {
      ++i;
      while (i < line.size() && line[i] != '}') {
        const auto equals = line.find("=\"", i);
        if (equals == std::string::npos) break;
        const auto label = line.substr(i, equals - i);
        std::string value;
        i = equals + 2;
        while (i < line.size() && line[i] != '"') {
          if (line[i] == '\\' && i + 1 < line.size()) {
            ++i;
            value += line[i] == 'n' ? '\n' : line[i];
          } else {
            value += line[i];
          }
          ++i;
        }
        ++i;  // the closing quote
        s.labels[label] = value;
        if (i < line.size() && line[i] == ',') ++i;
      }
      if (i >= line.size() || line[i] != '}') {
        out.errors.push_back("unterminated labels: " + line);
        continue;
      }
      ++i;
    }
    if (i >= line.size() || line[i] != ' ') {
      out.errors.push_back("no value: " + line);
      continue;
    }
    s.value = line.substr(i + 1);
    std::size_t used = 0;
    try {
      if (s.value != "+Inf" && s.value != "-Inf" && s.value != "NaN") (void)std::stod(s.value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (s.value != "+Inf" && s.value != "-Inf" && s.value != "NaN" && used != s.value.size())
      out.errors.push_back("not a number: " + line);
    // A sample belongs to the family whose HELP and TYPE came last.
    if (s.name != family && s.name.rfind(family + "_", 0) != 0)
      out.errors.push_back("sample outside its family: " + line);
    out.samples.push_back(std::move(s));
  }
  return out;
}

double metric(const std::string& text, const std::string& name, const std::map<std::string, std::string>& labels = {}) {
  const auto value = read_exposition(text).value(name, labels);
  EXPECT_TRUE(value) << name << " is missing from\n" << text;
  return value.value_or(-1);
}

// ---- the pieces --------------------------------------------------------------------

TEST(metrics, a_histogram_bucket_counts_what_is_at_or_below_its_bound_and_render_adds_them_up) {
  histogram h({1ms, 10ms, 100ms});
  h.observe(0ms);
  h.observe(1ms);  // on the bound: in the 1 ms bucket
  h.observe(1ms + 1ns);
  h.observe(10ms);
  h.observe(50ms);
  h.observe(2s);    // only in +Inf
  h.observe(-5ms);  // a clock that went backwards counts as nothing at all
  const auto reading = h.read();
  EXPECT_EQ(reading.cumulative, (std::vector<std::uint64_t>{3, 5, 6, 7}));
  EXPECT_EQ(reading.count, 7u);
  EXPECT_NEAR(reading.sum_seconds, 2.062000001, 1e-12);
}

TEST(metrics, numbers_are_written_as_prometheus_reads_them) {
  EXPECT_EQ(format_number(0.0005), "0.0005");
  EXPECT_EQ(format_number(0.0025), "0.0025");
  EXPECT_EQ(format_number(1.0), "1");
  EXPECT_EQ(format_number(0.0), "0");
  EXPECT_EQ(format_number(12.5), "12.5");
  EXPECT_EQ(format_number(1.0 / 0.0), "+Inf");
  EXPECT_EQ(format_number(-1.0 / 0.0), "-Inf");
  EXPECT_EQ(format_number(std::nan("")), "NaN");
  EXPECT_DOUBLE_EQ(std::stod(format_number(123456789.125)), 123456789.125);
}

TEST(metrics, label_values_escape_backslash_quote_and_newline) {
  EXPECT_EQ(escape_label_value("plain"), "plain");
  EXPECT_EQ(escape_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
}

TEST(metrics, a_fresh_server_shows_every_family_at_zero_in_valid_text) {
  server_metrics m;
  const auto text = m.render();
  const auto doc = read_exposition(text);
  EXPECT_TRUE(doc.errors.empty()) << ::testing::PrintToString(doc.errors) << "\n" << text;
  const std::map<std::string, std::string> expected = {
      {"shithead_uptime_seconds", "gauge"},       {"shithead_http_requests_total", "counter"},
      {"shithead_connections", "gauge"},          {"shithead_messages_in_total", "counter"},
      {"shithead_messages_out_total", "counter"}, {"shithead_tables", "gauge"},
      {"shithead_games_in_progress", "gauge"},    {"shithead_games_finished_total", "counter"},
      {"shithead_errors_total", "counter"},       {"shithead_action_seconds", "histogram"},
      {"shithead_store_queue_depth", "gauge"},    {"shithead_bot_fallbacks_total", "counter"}};
  EXPECT_EQ(doc.types, expected);
  for (const auto& s : doc.samples) {
    if (s.name != "shithead_uptime_seconds") {
      EXPECT_EQ(s.value, "0") << s.name;
    }
  }
}

TEST(metrics, the_action_histogram_has_ascending_cumulative_buckets_ending_in_inf_equal_to_count) {
  server_metrics m;
  for (std::chrono::nanoseconds took : {100us, 500us, 700us, 3000us, 3000us, 40000us, 900000us, 5000000us})
    m.observe_action(took);
  const auto doc = read_exposition(m.render());
  std::vector<std::string> bounds;
  std::vector<double> counts;
  for (const auto& s : doc.samples)
    if (s.name == "shithead_action_seconds_bucket") {
      bounds.push_back(s.labels.at("le"));
      counts.push_back(std::stod(s.value));
    }
  EXPECT_EQ(bounds, (std::vector<std::string>{"0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1",
                                              "0.25", "0.5", "1", "+Inf"}));
  EXPECT_EQ(counts, (std::vector<double>{2, 3, 3, 5, 5, 5, 6, 6, 6, 6, 7, 8}));
  EXPECT_EQ(doc.value("shithead_action_seconds_count"), 8.0);
  EXPECT_NEAR(*doc.value("shithead_action_seconds_sum"), 0.0001 + 0.0005 + 0.0007 + 0.006 + 0.04 + 0.9 + 5, 1e-9);
}

TEST(metrics, the_game_side_counters_show_up_under_their_names) {
  server_metrics m;
  m.table_opened();
  m.table_opened();
  m.table_closed();
  m.game_started();
  m.game_started();
  m.game_started();
  m.game_finished(false);
  m.game_finished(true);
  m.set_store_queue_depth(17);
  m.bot_answers_late(2);
  m.bot_answers_late(1);
  m.bot_pool_full();
  const auto text = m.render();
  EXPECT_EQ(metric(text, "shithead_tables"), 1);
  EXPECT_EQ(metric(text, "shithead_games_in_progress"), 1);
  EXPECT_EQ(metric(text, "shithead_games_finished_total", {{"status", "finished"}}), 1);
  EXPECT_EQ(metric(text, "shithead_games_finished_total", {{"status", "abandoned"}}), 1);
  EXPECT_EQ(metric(text, "shithead_store_queue_depth"), 17);
  EXPECT_EQ(metric(text, "shithead_bot_fallbacks_total", {{"reason", "late"}}), 3);
  EXPECT_EQ(metric(text, "shithead_bot_fallbacks_total", {{"reason", "queue_full"}}), 1);
}

TEST(metrics, errors_count_by_code_and_every_code_of_the_catalog_has_a_series) {
  server_metrics m;
  m.error_sent(protocol::error_code::rate_limited);
  m.error_sent(protocol::error_code::rate_limited);
  m.error_sent(protocol::error_code::not_your_turn);
  const auto text = m.render();
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "rate_limited"}}), 2);
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "not_your_turn"}}), 1);
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "bad_message"}}), 0);
  // The catalog is the list of series: a code added there is counted with no edit here.
  for (const auto& row : protocol::error_codes)
    EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", std::string(row.text)}}),
              row.code == protocol::error_code::rate_limited    ? 2
              : row.code == protocol::error_code::not_your_turn ? 1
                                                                : 0)
        << row.text;
  for (const char* code : {"rate_limited", "bad_message", "not_your_turn", "message_too_big", "need_hello"})
    EXPECT_TRUE(text.find(std::string("code=\"") + code + "\"") != std::string::npos) << code;
}

TEST(metrics, counting_from_many_threads_at_once_loses_nothing) {
  server_metrics m;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&m] {
      for (int i = 0; i < 10000; ++i) {
        m.message_in();
        m.connection_opened();
        m.connection_closed();
        m.observe_action(2ms);
        m.error_sent(protocol::error_code::bad_message);
      }
    });
  for (auto& thread : threads) thread.join();
  const auto text = m.render();
  EXPECT_EQ(metric(text, "shithead_messages_in_total"), 40000);
  EXPECT_EQ(metric(text, "shithead_connections"), 0);
  EXPECT_EQ(metric(text, "shithead_action_seconds_count"), 40000);
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "bad_message"}}), 40000);
}

// ---- on a real server --------------------------------------------------------------

// Echoes text back, so messages go both ways.
class echo_handler : public session_handler {
 public:
  void on_open(const std::shared_ptr<websocket_session>&) override {}
  void on_text(const std::shared_ptr<websocket_session>& session, std::string text) override {
    session->deliver(make_frame("echo:" + text));
  }
  void on_close(const std::shared_ptr<websocket_session>&) override {}
};

// A test server whose /ws sessions count into its metrics, as the game's do.
struct metered_server {
  std::shared_ptr<server_metrics> metrics = std::make_shared<server_metrics>();
  test::test_server server{[metrics = metrics](boost::beast::tcp_stream stream,
                                               http::request<http::string_body> request, address_table::ticket place) {
                             std::make_shared<websocket_session>(std::move(stream), std::make_shared<echo_handler>(),
                                                                 websocket_limits{}, metrics, std::move(place))
                                 ->run(std::move(request));
                           },
                           [this] {
                             server_options options;
                             options.metrics = metrics;
                             return options;
                           }()};

  std::string scrape() {
    const auto reply = test::http_get(server.port(), "/metrics");
    EXPECT_EQ(reply.status, 200u) << reply.error;
    return reply.body;
  }

  // Scrapes until `name` reads `value` (sessions close asynchronously), or 5 s pass.
  bool wait_for(const std::string& name, double value) {
    for (auto deadline = std::chrono::steady_clock::now() + 5s; std::chrono::steady_clock::now() < deadline;
         std::this_thread::sleep_for(20ms))
      if (read_exposition(scrape()).value(name) == value) return true;
    return false;
  }
};

TEST(metrics_endpoint, serves_the_text_format_uncached) {
  test::test_server server;
  const auto reply = test::http_get(server.port(), "/metrics");
  ASSERT_EQ(reply.status, 200u) << reply.error;
  EXPECT_EQ(reply.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(reply.header("Cache-Control"), "no-store");
  const auto doc = read_exposition(reply.body);
  EXPECT_TRUE(doc.errors.empty()) << ::testing::PrintToString(doc.errors);
  EXPECT_EQ(doc.value("shithead_http_requests_total"), 1.0);  // this very request

  test::http_connection connection(server.port());
  const auto head = connection.request(http::verb::head, "/metrics");
  EXPECT_EQ(head.status, 200u) << head.error;
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(test::http_request(server.port(), http::verb::post, "/metrics", "x").status, 405u);
}

TEST(metrics_endpoint, counts_http_requests_whatever_their_answer) {
  test::test_server server;
  const auto before = metric(test::http_get(server.port(), "/metrics").body, "shithead_http_requests_total");
  test::http_get(server.port(), "/app.js");
  test::http_get(server.port(), "/no-such-file");
  test::http_get(server.port(), "/ws");  // no game here: 503
  const auto after = metric(test::http_get(server.port(), "/metrics").body, "shithead_http_requests_total");
  EXPECT_EQ(after - before, 4);  // three, and the second scrape
}

TEST(metrics_endpoint, shows_what_the_game_side_reports_through_the_server) {
  test::test_server server;
  auto metrics = server.get().metrics();
  ASSERT_TRUE(metrics);
  metrics->table_opened();
  metrics->game_started();
  metrics->error_sent(protocol::error_code::not_your_turn);
  metrics->observe_action(3ms);
  metrics->set_store_queue_depth(2);
  const auto text = test::http_get(server.port(), "/metrics").body;
  EXPECT_EQ(metric(text, "shithead_tables"), 1);
  EXPECT_EQ(metric(text, "shithead_games_in_progress"), 1);
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "not_your_turn"}}), 1);
  EXPECT_EQ(metric(text, "shithead_action_seconds_count"), 1);
  EXPECT_EQ(metric(text, "shithead_action_seconds_bucket", {{"le", "0.005"}}), 1);
  EXPECT_EQ(metric(text, "shithead_store_queue_depth"), 2);
}

TEST(metrics_endpoint, websocket_connections_and_messages_are_counted_both_ways) {
  metered_server s;
  {
    test::websocket_client client(s.server.port());
    ASSERT_TRUE(client.connected()) << client.error();
    ASSERT_TRUE(s.wait_for("shithead_connections", 1));
    ASSERT_TRUE(client.send("one"));
    ASSERT_TRUE(client.send("two"));
    EXPECT_EQ(client.read(), "echo:one");
    EXPECT_EQ(client.read(), "echo:two");
    EXPECT_EQ(metric(s.scrape(), "shithead_messages_in_total"), 2);
    // A frame is counted out when its write completes, which the client may see after
    // the frame has already arrived: wait for the count rather than read it once.
    EXPECT_TRUE(s.wait_for("shithead_messages_out_total", 2));
    EXPECT_TRUE(client.close());
  }
  EXPECT_TRUE(s.wait_for("shithead_connections", 0));
}

TEST(metrics_endpoint, a_frame_over_the_cap_counts_as_an_error_and_a_closed_connection) {
  metered_server s;
  test::websocket_client client(s.server.port());
  ASSERT_TRUE(client.connected()) << client.error();
  ASSERT_TRUE(s.wait_for("shithead_connections", 1));
  client.send(std::string(9 * 1024, 'x'));
  EXPECT_FALSE(client.read());
  EXPECT_TRUE(s.wait_for("shithead_connections", 0));
  const auto text = s.scrape();
  EXPECT_EQ(metric(text, "shithead_errors_total", {{"code", "message_too_big"}}), 1);
  EXPECT_EQ(metric(text, "shithead_messages_in_total"), 0);
}

}  // namespace
}  // namespace shithead::server
