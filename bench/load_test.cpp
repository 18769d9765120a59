// Load test of a running server: many WebSocket players at many private tables, playing
// whole games concurrently (with rematches) for a fixed time. Measures how many
// connections the server holds at once, actions a second, and the round trip of an
// action: sending it until the `game` frame that carries it comes back.
//
//   shithead_load --url ws://127.0.0.1:8080/ws --connections 500 --tables 250 --seconds 30
//
// Talks only to loopback addresses. The server admits 32 connections per address and
// 160 per /24, so each socket is bound to a source address of its own /24, 127.0.1.1,
// 127.0.2.1, ... (--per-address players on each); the whole of 127.0.0.0/8 is the
// loopback interface on Linux. bench/README.md has the figures.
#include <algorithm>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <charconv>
#include <chrono>
#include <cmath>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "protocol/client_message.hpp"
#include "protocol/json_text.hpp"
#include "protocol/ruleset_json.hpp"
#include "protocol/server_message.hpp"
#include "protocol/socket_route.hpp"
#include "rules/rng.hpp"
#include "rules/view.hpp"
#include "server/cli/table_player.hpp"
#include "server/cli/ws_url.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
namespace protocol = shithead::protocol;
using shithead::protocol::json;
using steady_clock = std::chrono::steady_clock;

struct load_options {
  shithead::server::web_url url;
  int connections = 100;
  int tables = 50;
  int bots = 1;  // per table
  shithead::rules::bot_kind bot_level = shithead::rules::bot_kind::greedy;
  // The bots' pause before each move: 0, so that figures compare with those measured
  // before bots had a pace, and a table's moves are not held back by a sleep.
  std::chrono::milliseconds bot_pace{0};
  int seconds = 20;
  int setup_seconds = 60;
  int threads = 1;
  int per_address = 30;         // players per source address; 0: all from the default address
  double rate = 15;             // messages a second per connection
  int ramp = 500;               // connections opened a second
  bool route_by_table = false;  // each table's players on /ws?table=KEY (a proxy in front of a cluster)
  bool guests_by_link = false;  // guests connect once their table exists, to /ws?table=CODE
  shithead::rules::ruleset ruleset = shithead::rules::preset_ruleset(shithead::rules::preset_id::shiphead);
};

// What every player adds to while the run lasts.
struct shared_counters {
  std::atomic<bool> measuring{false};
  std::atomic<bool> stopping{false};
  std::atomic<int> open{0};
  std::atomic<int> open_max{0};
  std::atomic<int> connect_failures{0};
  std::atomic<int> closed_by_server{0};
  std::atomic<int> tables_started{0};
  std::atomic<long> actions{0};
  std::atomic<long> frames{0};
  std::atomic<long> games{0};
  std::atomic<long> abandoned{0};

  void opened() {
    const int now = ++open;
    int seen = open_max.load();
    while (now > seen && !open_max.compare_exchange_weak(seen, now)) {
    }
  }
};

class load_player;

struct load_table {
  // The WebSocket's target for its players: the URL's, or with --route-by-table the URL's
  // with `table=` a key of the table's own, which is not a table code (the server takes
  // it for the lobby) but leads a proxy that hashes it to one node for all of them.
  std::string target;
  int seats = 0;
  int bots = 0;
  shithead::rules::bot_kind bot_level = shithead::rules::bot_kind::greedy;
  std::shared_ptr<load_player> host;
  std::vector<std::shared_ptr<load_player>> guests;
};

// One connection: hello, then creating (the host) or joining a table, then playing its
// seat whenever its view offers a move. All of it runs on the socket's strand.
class load_player : public std::enable_shared_from_this<load_player> {
 public:
  load_player(asio::io_context& ioc, const load_options& options, shared_counters& counters, load_table& table,
              std::string name, bool host, std::optional<asio::ip::address_v4> source, std::uint64_t seed)
      : ws_(asio::make_strand(ioc)),
        pace_timer_(ws_.get_executor()),
        options_(options),
        counters_(counters),
        table_(table),
        name_(std::move(name)),
        host_(host),
        source_(source),
        random_(seed),
        burst_(std::clamp(options.rate, 1.0, 10.0)),
        credits_(burst_) {}

  void start() {
    if (by_link_) return;  // connects when join() gives it its table's link
    asio::post(ws_.get_executor(), [self = shared_from_this()] { self->do_connect(); });
  }

  // For a guest: the code of its table, once the host has it.
  void join(std::string code) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), code = std::move(code)] {
      self->code_ = code;
      if (self->by_link_) {
        self->target_ = protocol::socket_target_of_table(code);
        self->do_connect();
      } else if (self->welcomed_) {
        self->send(protocol::join_request{self->code_, false});
      }
    });
  }

  void stop() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->pace_timer_.cancel();
      if (!self->open_ || self->closing_) return;
      self->closing_ = true;
      self->ws_.async_close(websocket::close_code::normal, [self](beast::error_code) { self->finish(); });
    });
  }

  // Read only once every thread has stopped.
  const std::vector<float>& round_trips() const { return round_trips_ms_; }
  const std::map<std::string, long>& errors() const { return errors_; }

 private:
  struct outgoing {
    std::string text;
    bool action = false;
  };

  void do_connect() {
    auto& socket = beast::get_lowest_layer(ws_).socket();
    beast::error_code ec;
    const auto address = asio::ip::make_address(options_.url.host == "localhost" ? "127.0.0.1" : options_.url.host, ec);
    if (ec) return fail_connect();
    socket.open(address.is_v4() ? tcp::v4() : tcp::v6(), ec);
    if (!ec && source_) socket.bind(tcp::endpoint(*source_, 0), ec);
    if (ec) return fail_connect();
    socket.set_option(tcp::no_delay(true), ec);  // as a browser does for a WebSocket
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(ws_).async_connect(tcp::endpoint(address, options_.url.port),
                                               [self = shared_from_this()](beast::error_code error) {
                                                 if (error) return self->fail_connect();
                                                 self->do_handshake();
                                               });
  }

  void do_handshake() {
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    const auto& url = options_.url;
    ws_.async_handshake(url.authority(), target_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->fail_connect();
      self->open_ = true;
      self->counters_.opened();
      self->ws_.text(true);
      self->send(protocol::hello_request{protocol::protocol_version, self->name_, std::nullopt});
      self->do_read();
    });
  }

  void fail_connect() {
    if (!counters_.stopping) ++counters_.connect_failures;
  }

  void do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (!closing_ && !counters_.stopping) {
        ++counters_.closed_by_server;
        ++errors_["closed: " + std::to_string(ws_.reason().code) + " " + ec.message()];
      }
      return finish();
    }
    const auto received = steady_clock::now();
    auto message = protocol::parse_server_message(beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    if (counters_.measuring) ++counters_.frames;
    if (message) {
      on_frame(message.value(), received);
    } else {
      // Counted, and the player goes on without acting on it; a later room or game
      // frame it can read gives it a view again.
      ++errors_["unreadable frame: " + message.error().message];
    }
    if (!closing_) do_read();
  }

  void on_frame(const protocol::server_message& frame, steady_clock::time_point received) {
    if (std::holds_alternative<protocol::welcome_message>(frame)) {
      welcomed_ = true;
      if (host_) {
        protocol::create_table_request create;
        create.ruleset = options_.ruleset;
        create.seats = table_.seats;
        create.bot_pace = options_.bot_pace;
        send(create);
      } else if (!code_.empty()) {
        send(protocol::join_request{code_, false});
      }
    } else if (const auto* joined = std::get_if<protocol::joined_message>(&frame); joined && host_) {
      for (auto& guest : table_.guests) guest->join(joined->code);
      for (int i = 0; i < table_.bots; ++i) send(protocol::add_bot_request{table_.bot_level});
    } else if (const auto* room = std::get_if<protocol::room_message>(&frame)) {
      version_ = room->version;
      if (resyncing_) {
        resyncing_ = false;
        acted_version_.reset();
      }
      if (room->game) view_ = *room->game;
      if (host_ && !start_sent_) {
        const auto taken = std::count_if(room->seats.begin(), room->seats.end(), [](const protocol::seat_entry& s) {
          return !s.player_id.empty() || s.bot.has_value();
        });
        if (taken == table_.seats) {
          start_sent_ = true;
          send(protocol::start_request{});
        }
      }
      if (host_ && !started_ && view_) {
        started_ = true;
        ++counters_.tables_started;
      }
    } else if (const auto* game = std::get_if<protocol::game_message>(&frame)) {
      version_ = game->version;
      view_ = game->view;
      // The step our action caused is the frame whose first event is our seat's.
      const auto& events = game->events;
      if (awaiting_ && !events.empty() && events[0].type != shithead::rules::event_type::game_over &&
          events[0].seat == view_->viewer) {
        awaiting_ = false;
        if (counters_.measuring)
          round_trips_ms_.push_back(std::chrono::duration<float, std::milli>(received - action_sent_).count());
      }
    } else if (const auto* over = std::get_if<protocol::game_over_message>(&frame)) {
      if (host_ && counters_.measuring) {
        ++counters_.games;
        if (over->abandoned) ++counters_.abandoned;
      }
      if (host_) send(protocol::rematch_request{});
    } else if (const auto* error = std::get_if<protocol::error_message>(&frame)) {
      ++errors_[std::string(protocol::to_string(error->code))];
      if (awaiting_) {
        awaiting_ = false;
        resyncing_ = true;
        send(protocol::snapshot_request{});
      }
    }
    maybe_act();
  }

  // The move `shithead play` would make: the rules' greedy bot on this seat's view.
  void maybe_act() {
    if (counters_.stopping || !view_ || awaiting_ || resyncing_ || acted_version_ == version_) return;
    const auto move = shithead::server::choose_move(*view_, random_);
    if (!move) return;
    acted_version_ = version_;
    awaiting_ = true;
    send(protocol::action_request{*move}, true);
  }

  // `request` is a lobby or a table request; protocol::to_text writes either.
  template <class Request>
  void send(const Request& request, bool action = false) {
    if (closing_ || queue_.size() >= 64) return;  // a player never has more than a few in hand
    queue_.push_back({protocol::to_text(request), action});
    if (queue_.size() == 1) do_write();
  }

  // One write in flight, no faster than the rate the server allows a connection.
  void do_write() {
    if (closing_ || queue_.empty()) return;
    const auto now = steady_clock::now();
    credits_ = std::min(burst_, credits_ + std::chrono::duration<double>(now - last_refill_).count() * options_.rate);
    last_refill_ = now;
    if (credits_ < 1) {
      pace_timer_.expires_after(std::chrono::duration_cast<steady_clock::duration>(
          std::chrono::duration<double>((1 - credits_) / options_.rate)));
      pace_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->do_write();
      });
      return;
    }
    credits_ -= 1;
    if (queue_.front().action) {
      action_sent_ = steady_clock::now();
      if (counters_.measuring) ++counters_.actions;
    }
    ws_.async_write(asio::buffer(queue_.front().text), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;  // the read side reports the connection's end
      self->queue_.pop_front();
      self->do_write();
    });
  }

  void finish() {
    if (!open_) return;
    open_ = false;
    closing_ = true;
    --counters_.open;
    pace_timer_.cancel();
  }

  websocket::stream<beast::tcp_stream> ws_;
  asio::steady_timer pace_timer_;
  beast::flat_buffer buffer_;
  const load_options& options_;
  shared_counters& counters_;
  load_table& table_;
  std::string name_;
  bool host_;
  std::optional<asio::ip::address_v4> source_;
  std::string target_ = table_.target;  // the lobby's URL, or with --guests-by-link the table's
  const bool by_link_ = !host_ && options_.guests_by_link;

  bool open_ = false;
  bool closing_ = false;
  bool welcomed_ = false;
  bool start_sent_ = false;
  bool started_ = false;
  std::string code_;
  shithead::rules::rng random_;
  std::optional<shithead::rules::seat_view> view_;
  std::uint64_t version_ = 0;
  std::optional<std::uint64_t> acted_version_;
  bool awaiting_ = false;   // an action is on its way; the next one waits for its step
  bool resyncing_ = false;  // a snapshot is asked for after a refusal
  steady_clock::time_point action_sent_;
  std::deque<outgoing> queue_;
  double burst_;  // as many as a second's worth, at least one and at most ten
  double credits_;
  steady_clock::time_point last_refill_ = steady_clock::now();
  std::vector<float> round_trips_ms_;
  std::map<std::string, long> errors_;
};

template <class Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

constexpr std::string_view usage =
    "usage: shithead_load --url ws://127.0.0.1:PORT/ws [--connections C] [--tables T]\n"
    "                     [--bots B] [--seconds S] [--setup-seconds S] [--threads N]\n"
    "                     [--per-address K] [--rate R] [--ramp N] [--preset P]\n"
    "                     [--bot-level L] [--bot-pace MS] [--route-by-table on|off]\n"
    "\n"
    "  --connections C   WebSocket players (default 100)\n"
    "  --tables T        private tables they are spread over (default C/2); each seats\n"
    "                    its share of the players plus B bots, 8 seats at most\n"
    "  --bots B          bots per table (default 1)\n"
    "  --bot-level L     their level: random, greedy, easy, normal, hard or expert\n"
    "                    (default greedy, the bot every earlier figure was measured with)\n"
    "  --bot-pace MS     the bots' pause before each move, 0 to 3000 (default 0: at once,\n"
    "                    as every earlier figure; people's tables default to 900)\n"
    "  --seconds S       how long the measured play lasts (default 20)\n"
    "  --setup-seconds S how long connecting and starting may take (default 60)\n"
    "  --threads N       client threads (default 1)\n"
    "  --per-address K   players per source address, one a /24: 127.0.1.1, 127.0.2.1, ...; 0\n"
    "                    connects all from the default address (the server admits 32 an\n"
    "                    address, 160 a /24) (default 30)\n"
    "  --rate R          messages a second per connection at most, fractions too; below the\n"
    "                    pace of the game it stands for people thinking (default 15; the\n"
    "                    server allows 20)\n"
    "  --ramp N          connections opened a second (default 500)\n"
    "  --preset P        the tables' preset (default shiphead)\n"
    "  --route-by-table on|off\n"
    "                    on: each table's players connect to /ws?table=KEY with a key of\n"
    "                    its own (not a code), so that HAProxy in front of a cluster\n"
    "                    (docker/cluster/haproxy.cfg) sends them all to one node (default off)\n"
    "  --guests-by-link on|off\n"
    "                    on: a table's guests connect once its host has opened it, to the\n"
    "                    table's URL (/ws?table=CODE), as friends who open its link do; off:\n"
    "                    every player connects at the start, to the lobby (default off)\n";

std::optional<std::string> parse_options(int argc, char** argv, load_options& o) {
  bool have_url = false;
  bool have_tables = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (i + 1 >= argc) return "missing value after " + std::string(flag);
    const std::string_view value = argv[++i];
    auto number = [&](auto& field, long low, long high) -> std::optional<std::string> {
      if (!parse_number(value, field) || field < low || field > high)
        return std::string(flag) + " must be a number from " + std::to_string(low) + " to " + std::to_string(high);
      return std::nullopt;
    };
    std::optional<std::string> error;
    if (flag == "--url") {
      auto url = shithead::server::parse_web_url(value);
      if (!url) return url.error().message;
      o.url = url.value();
      const auto& host = o.url.host;
      if (o.url.scheme != shithead::server::url_scheme::ws ||
          !(host == "localhost" || host == "::1" || host.starts_with("127.")))
        return "--url must be ws:// to a loopback address (127.x.x.x, ::1 or localhost)";
      have_url = true;
    } else if (flag == "--connections") {
      error = number(o.connections, 1, 100'000);
    } else if (flag == "--tables") {
      error = number(o.tables, 1, 100'000);
      have_tables = true;
    } else if (flag == "--bots") {
      error = number(o.bots, 0, 7);
    } else if (flag == "--seconds") {
      error = number(o.seconds, 1, 3600);
    } else if (flag == "--setup-seconds") {
      error = number(o.setup_seconds, 1, 3600);
    } else if (flag == "--threads") {
      error = number(o.threads, 1, 64);
    } else if (flag == "--per-address") {
      error = number(o.per_address, 0, 100'000);
    } else if (flag == "--rate") {
      if (!parse_number(value, o.rate) || !(o.rate >= 0.01 && o.rate <= 100'000))
        return "--rate must be a number from 0.01 to 100000";
    } else if (flag == "--ramp") {
      error = number(o.ramp, 1, 100'000);
    } else if (flag == "--bot-level") {
      const auto level = shithead::rules::parse_bot_kind(value);
      if (!level) return "--bot-level must be random, greedy, easy, normal, hard or expert";
      o.bot_level = *level;
    } else if (flag == "--bot-pace") {
      int pace = 0;
      error = number(pace, 0, protocol::max_bot_pace_ms);
      o.bot_pace = std::chrono::milliseconds{pace};
    } else if (flag == "--route-by-table") {
      if (value != "on" && value != "off") return "--route-by-table must be on or off";
      o.route_by_table = value == "on";
    } else if (flag == "--guests-by-link") {
      if (value != "on" && value != "off") return "--guests-by-link must be on or off";
      o.guests_by_link = value == "on";
    } else if (flag == "--preset") {
      const auto preset = shithead::rules::parse_preset(value);
      if (!preset) return "--preset must be shiphead, isf, limbo, palace or standard";
      o.ruleset = shithead::rules::preset_ruleset(*preset);
    } else {
      return "unknown argument '" + std::string(flag) + "'";
    }
    if (error) return error;
  }
  if (!have_url) return "--url is required";
  if (!have_tables) o.tables = std::max(1, o.connections / 2);
  if (o.tables > o.connections) return "--tables may not exceed --connections";
  const int most_humans = (o.connections + o.tables - 1) / o.tables;
  const int fewest_humans = o.connections / o.tables;
  if (most_humans + o.bots > 8) return "a table would have more than 8 seats: use more tables or fewer bots";
  if (fewest_humans + o.bots < 2) return "a table would have a single seat: add --bots 1";
  if (o.guests_by_link && (o.route_by_table || o.url.target != protocol::socket_path))
    return "--guests-by-link needs a URL whose path is /ws, and no --route-by-table";
  if (o.per_address > 0 && o.url.host.find(':') != std::string::npos)
    return "--per-address needs an IPv4 loopback URL (or --per-address 0)";
  return std::nullopt;
}

double percentile(const std::vector<float>& sorted, double q) {
  if (sorted.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1)];
}

double rounded(double value) { return std::round(value * 100) / 100; }

}  // namespace

int main(int argc, char** argv) {
  load_options options;
  if (auto error = parse_options(argc, argv, options)) {
    std::cerr << "shithead_load: " << *error << "\n\n" << usage;
    return 2;
  }

  asio::io_context ioc;
  auto work = asio::make_work_guard(ioc);
  shared_counters counters;
  std::vector<load_table> tables(static_cast<std::size_t>(options.tables));
  std::vector<std::shared_ptr<load_player>> players;
  players.reserve(static_cast<std::size_t>(options.connections));
  const auto first_source = asio::ip::make_address_v4("127.0.1.1").to_uint();
  // Names are unique on a server, and its store remembers them: every run takes new ones.
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto run_tag = std::to_string(now / std::chrono::seconds(1) % 1'000'000);
  for (int t = 0; t < options.tables; ++t) {
    auto& table = tables[static_cast<std::size_t>(t)];
    const int humans = options.connections / options.tables + (t < options.connections % options.tables ? 1 : 0);
    table.target = options.url.target;
    if (options.route_by_table)
      table.target +=
          (table.target.find('?') == std::string::npos ? "?table=load-" : "&table=load-") + std::to_string(t);
    table.seats = humans + options.bots;
    table.bots = options.bots;
    table.bot_level = options.bot_level;
    for (int h = 0; h < humans; ++h) {
      const auto index = static_cast<unsigned>(players.size());
      std::optional<asio::ip::address_v4> source;
      if (options.per_address > 0)
        source = asio::ip::address_v4(first_source + 256 * (index / static_cast<unsigned>(options.per_address)));
      auto name = "L" + run_tag + "-" + std::to_string(index);
      auto player = std::make_shared<load_player>(ioc, options, counters, table, std::move(name), h == 0, source,
                                                  std::uint64_t{index} + 1);
      (h == 0 ? table.host : table.guests.emplace_back()) = player;
      players.push_back(std::move(player));
    }
  }

  std::vector<std::thread> threads;
  for (int i = 0; i < options.threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });

  // Connect at the ramp rate, then wait for every table to start (or the setup time).
  const auto setup_start = steady_clock::now();
  const auto setup_deadline = setup_start + std::chrono::seconds(options.setup_seconds);
  const auto batch = std::max(1, options.ramp / 100);
  for (std::size_t i = 0; i < players.size(); ++i) {
    players[i]->start();
    if ((i + 1) % static_cast<std::size_t>(batch) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  while (counters.tables_started < options.tables && steady_clock::now() < setup_deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const double setup_seconds = std::chrono::duration<double>(steady_clock::now() - setup_start).count();
  const int open_after_setup = counters.open;
  std::cerr << "shithead_load: " << counters.open << " connections open, " << counters.tables_started << " of "
            << options.tables << " tables started in " << rounded(setup_seconds) << " s; measuring for "
            << options.seconds << " s\n";

  const auto window_start = steady_clock::now();
  counters.measuring = true;
  std::this_thread::sleep_for(std::chrono::seconds(options.seconds));
  counters.measuring = false;
  const double window = std::chrono::duration<double>(steady_clock::now() - window_start).count();
  const int open_at_end = counters.open;
  counters.stopping = true;
  for (auto& p : players) p->stop();
  const auto close_deadline = steady_clock::now() + std::chrono::seconds(5);
  while (counters.open > 0 && steady_clock::now() < close_deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  work.reset();
  ioc.stop();
  for (auto& t : threads) t.join();

  std::vector<float> round_trips;
  std::map<std::string, long> errors;
  for (const auto& p : players) {
    round_trips.insert(round_trips.end(), p->round_trips().begin(), p->round_trips().end());
    for (const auto& [code, count] : p->errors()) errors[code] += count;
  }
  std::sort(round_trips.begin(), round_trips.end());

  json summary;
  summary["url"] = options.url.to_string();
  summary["connections"] = options.connections;
  summary["tables"] = options.tables;
  summary["humans_per_table"] = static_cast<double>(options.connections) / options.tables;
  summary["bots_per_table"] = options.bots;
  summary["ruleset"] = shithead::protocol::ruleset_to_json(options.ruleset);
  summary["client_threads"] = options.threads;
  summary["source_addresses"] =
      options.per_address > 0 ? (options.connections + options.per_address - 1) / options.per_address : 1;
  summary["rate_per_connection"] = options.rate;
  summary["setup_seconds"] = rounded(setup_seconds);
  summary["tables_started"] = counters.tables_started.load();
  summary["open_max"] = counters.open_max.load();
  summary["open_after_setup"] = open_after_setup;
  summary["open_at_end"] = open_at_end;
  summary["connect_failures"] = counters.connect_failures.load();
  summary["closed_by_server"] = counters.closed_by_server.load();
  summary["seconds"] = rounded(window);
  summary["games_completed"] = counters.games.load();
  summary["games_abandoned"] = counters.abandoned.load();
  summary["actions"] = counters.actions.load();
  summary["actions_per_second"] = rounded(static_cast<double>(counters.actions) / window);
  summary["frames_per_second"] = rounded(static_cast<double>(counters.frames) / window);
  summary["rtt_ms"] = {{"samples", round_trips.size()},
                       {"p50", rounded(percentile(round_trips, 0.50))},
                       {"p90", rounded(percentile(round_trips, 0.90))},
                       {"p99", rounded(percentile(round_trips, 0.99))},
                       {"max", rounded(round_trips.empty() ? 0.0 : round_trips.back())}};
  summary["errors"] = json::object();
  for (const auto& [code, count] : errors) summary["errors"][code] = count;
  std::cout << shithead::protocol::format_json_line(summary) << '\n';
  return counters.tables_started == 0 ? 1 : 0;
}
