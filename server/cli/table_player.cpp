#include "server/cli/table_player.hpp"

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <thread>

#include "protocol/action_text.hpp"
#include "protocol/client_message.hpp"
#include "protocol/ruleset_text.hpp"
#include "protocol/server_message.hpp"
#include "rules/bots.hpp"

namespace shithead::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using steady_clock = std::chrono::steady_clock;

// ---- one WebSocket with a deadline -----------------------------------------------------

// Each call blocks until it is done or the deadline given at construction passes; the
// io_context runs only inside the calls.
class deadline_socket {
 public:
  explicit deadline_socket(steady_clock::time_point deadline) : deadline_(deadline) {}

  std::optional<std::string> open(const web_url& url) {
    bool done = false;
    beast::error_code result;
    tcp::resolver::results_type endpoints;
    tcp::resolver resolver(ioc_);
    resolver.async_resolve(url.host, std::to_string(url.port),
                           [&](beast::error_code ec, tcp::resolver::results_type found) {
                             result = ec;
                             endpoints = std::move(found);
                             done = true;
                           });
    if (!run(done, [&] { resolver.cancel(); })) return "resolving " + url.host + ": timed out";
    if (result) return "resolving " + url.host + ": " + result.message();

    done = false;
    auto& stream = beast::get_lowest_layer(ws_);
    stream.expires_at(deadline_);
    stream.async_connect(endpoints, [&](beast::error_code ec, const tcp::endpoint&) {
      result = ec;
      done = true;
    });
    if (!run(done) || result) return "connecting to " + url.authority() + ": " + describe(result);
    stream.expires_never();

    done = false;
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
    const auto left = deadline_ - steady_clock::now();
    timeouts.handshake_timeout = std::max<steady_clock::duration>(left, std::chrono::seconds(1));
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::request_type& request) { request.set(beast::http::field::user_agent, "shithead-play"); }));
    ws_.async_handshake(url.authority(), url.target, [&](beast::error_code ec) {
      result = ec;
      done = true;
    });
    if (!run(done) || result) return "WebSocket handshake with " + url.to_string() + ": " + describe(result);
    ws_.text(true);
    return std::nullopt;
  }

  std::optional<std::string> send(const std::string& text) {
    bool done = false;
    beast::error_code result;
    ws_.async_write(asio::buffer(text), [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    if (!run(done) || result) return "sending: " + describe(result);
    return std::nullopt;
  }

  // The next text message.
  rules::result<std::string, play_failure> read() {
    bool done = false;
    beast::error_code result;
    ws_.async_read(buffer_, [&](beast::error_code ec, std::size_t) {
      result = ec;
      done = true;
    });
    if (!run(done)) return play_failure{"timed out (--timeout-seconds) waiting for the server"};
    if (result == websocket::error::closed)
      return play_failure{"the server closed the connection (" + std::to_string(ws_.reason().code) + " " +
                          std::string(ws_.reason().reason.data(), ws_.reason().reason.size()) + ")"};
    if (result) return play_failure{"reading: " + result.message()};
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    return text;
  }

  // A polite close, given at most a second.
  void close() {
    if (!ws_.is_open()) return;
    deadline_ = std::min(deadline_, steady_clock::now() + std::chrono::seconds(1));
    bool done = false;
    ws_.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
    run(done);
  }

 private:
  std::string describe(beast::error_code ec) const { return ec ? ec.message() : "timed out"; }

  // Runs until `done`; at the deadline cancels what is pending (so that no handler is
  // left holding this frame's variables) and returns false.
  template <class Cancel>
  bool run(const bool& done, Cancel cancel) {
    ioc_.restart();
    while (!done)
      if (ioc_.run_one_until(deadline_) == 0) break;
    if (done) return true;
    cancel();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    ioc_.restart();
    while (!done)
      if (ioc_.run_one_for(std::chrono::seconds(1)) == 0) break;
    return false;
  }
  bool run(const bool& done) {
    return run(done, [] {});
  }

  asio::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_{ioc_};
  beast::flat_buffer buffer_;
  steady_clock::time_point deadline_;
};

// Keeps under the server's message budget (20 a second, bursts of 40).
class pacer {
 public:
  explicit pacer(double rate) : rate_(std::max(rate, 0.1)) {}

  void wait() {
    refill();
    if (credits_ < 1) {
      std::this_thread::sleep_for(std::chrono::duration<double>((1 - credits_) / rate_));
      refill();
    }
    credits_ = std::max(0.0, credits_ - 1);
  }

 private:
  void refill() {
    const auto now = steady_clock::now();
    credits_ = std::min(burst_, credits_ + std::chrono::duration<double>(now - last_).count() * rate_);
    last_ = now;
  }

  double rate_;
  double burst_ = 10;
  double credits_ = 10;
  steady_clock::time_point last_ = steady_clock::now();
};

// ---- one game --------------------------------------------------------------------------

std::string describe(const protocol::request_id& id) {
  if (const auto* text = std::get_if<std::string>(&id)) return '"' + *text + '"';
  return std::to_string(std::get<std::int64_t>(id));
}

protocol::request_id named(std::string name) { return protocol::request_id(std::move(name)); }

class game_session {
 public:
  game_session(const play_options& options, std::ostream& log)
      : options_(options),
        log_(log),
        socket_(steady_clock::now() + options.timeout),
        pacer_(options.max_rate),
        random_(options.seed) {}

  rules::result<play_outcome, play_failure> run() {
    if (auto error = socket_.open(options_.url)) return play_failure{*error};
    log_ << "play: connected to " << options_.url.to_string() << '\n';

    std::optional<std::string> token;
    if (!options_.token.empty()) token = options_.token;
    if (auto failed = send(protocol::hello_request{protocol::protocol_version, options_.name, token})) return *failed;
    auto welcome = await<protocol::welcome_message>();
    if (!welcome) return welcome.error();
    outcome_.report.player_id = welcome.value().player_id;
    outcome_.report.token = welcome.value().token;
    log_ << "play: welcome, " << welcome.value().name << " is player " << outcome_.report.player_id << '\n';
    if (!options_.token.empty())
      if (auto failed = leave_any_table()) return *failed;

    protocol::create_table_request create;
    create.ruleset = options_.ruleset;
    create.seats = options_.bots + 1;
    create.bot_pace = options_.bot_pace;
    if (auto failed = send(create, named("create"))) return *failed;
    auto joined = await<protocol::joined_message>();
    if (!joined) return joined.error();
    outcome_.report.table = joined.value().code;
    view_.reset();  // whatever came before belongs to no game of this table
    version_ = 0;
    log_ << "play: created table " << outcome_.report.table << " (" << protocol::ruleset_to_text(options_.ruleset)
         << ")\n";

    for (int i = 0; i < options_.bots; ++i)
      if (auto failed = send(protocol::add_bot_request{options_.bot_level}, named("bot" + std::to_string(i))))
        return *failed;
    if (auto failed = send(protocol::start_request{}, named("start"))) return *failed;
    while (!view_) {
      auto frame = next_frame(true);
      if (!frame) return frame.error();
    }
    log_ << "play: started with " << options_.bots << " " << rules::to_string(options_.bot_level) << " bot(s); seat "
         << view_->viewer << '\n';

    while (!game_over_) {
      if (auto failed = act_if_asked()) return *failed;
      auto frame = next_frame(false);
      if (!frame) return frame.error();
    }
    finish(*game_over_);
    // Leaving lets the table close; a failure here changes nothing about the game.
    if (!send(protocol::leave_request{})) socket_.close();
    return outcome_;
  }

 private:
  // `request` is a lobby or a table request; protocol::to_text writes either.
  template <class Request>
  std::optional<play_failure> send(const Request& request, std::optional<protocol::request_id> id = std::nullopt) {
    pacer_.wait();
    if (auto error = socket_.send(protocol::to_text(request, std::move(id)))) return play_failure{*error};
    return std::nullopt;
  }

  // The next frame, with the state it carries taken in. Before the game starts every
  // error is fatal; after, only errors that keep coming.
  rules::result<protocol::server_message, play_failure> next_frame(bool setup) {
    auto read = read_frame();
    if (!read) return read;
    const auto& frame = read.value();

    if (const auto* error = std::get_if<protocol::error_message>(&frame)) {
      const auto request = error->id ? "request " + describe(*error->id) : std::string("a request");
      const auto message = "the server refused " + request + ": " + std::string(protocol::to_string(error->code)) +
                           ": " + error->message;
      if (setup || ++refusals_ > 5) return play_failure{message};
      // The view this player acted on was not the game's: ask for the whole state
      // again and decide afresh from it.
      log_ << "play: " << message << "; asking for a snapshot\n";
      if (error->code == protocol::error_code::rate_limited) std::this_thread::sleep_for(std::chrono::seconds(1));
      awaiting_ = false;
      resyncing_ = true;
      if (auto failed = send(protocol::snapshot_request{})) return *failed;
    } else if (std::holds_alternative<protocol::closing_message>(frame)) {
      return play_failure{"the server is shutting down"};
    } else if (const auto* room = std::get_if<protocol::room_message>(&frame)) {
      version_ = room->version;
      if (room->game) view_ = *room->game;
      if (resyncing_) {
        resyncing_ = false;
        acted_version_.reset();
      }
    } else if (const auto* game = std::get_if<protocol::game_message>(&frame)) {
      if (version_ != 0 && game->version != version_ + 1) {
        log_ << "play: version " << game->version << " after " << version_ << "; asking for a snapshot\n";
        if (auto failed = send(protocol::snapshot_request{})) return *failed;
      }
      version_ = game->version;
      view_ = game->view;
      // Other seats' steps can arrive while this player's action is on its way; the step
      // it caused is the one whose first event is this seat's.
      const auto& events = game->events;
      if (awaiting_ && !events.empty() && events[0].type != rules::event_type::game_over &&
          events[0].seat == view_->viewer)
        awaiting_ = false;
    } else if (const auto* over = std::get_if<protocol::game_over_message>(&frame)) {
      game_over_ = *over;
    }
    return read;
  }

  // A frame this client cannot read means a server it does not understand: deciding
  // from half a view would only earn refusals.
  rules::result<protocol::server_message, play_failure> read_frame() {
    auto text = socket_.read();
    if (!text) return text.error();
    auto message = protocol::parse_server_message(text.value());
    if (!message) return play_failure{"the server sent a frame this client cannot read: " + message.error().message};
    return std::move(message).value();
  }

  // Welcome sends a player who is seated at a table back to it, and that table's frames
  // may still be on their way when a new table's arrive (they come from different
  // strands). Leaving first, and waiting for `left`, after which that table sends
  // nothing more, keeps them apart. A player at no table is told not_in_room.
  std::optional<play_failure> leave_any_table() {
    const auto leave_id = named("leave");
    if (auto failed = send(protocol::leave_request{}, leave_id)) return failed;
    for (;;) {
      auto frame = read_frame();
      if (!frame) return frame.error();
      if (std::holds_alternative<protocol::left_message>(frame.value())) {
        log_ << "play: left the table this player was seated at\n";
        return std::nullopt;
      }
      const auto* error = std::get_if<protocol::error_message>(&frame.value());
      if (error && error->id == leave_id) return std::nullopt;
      if (error || std::holds_alternative<protocol::closing_message>(frame.value()))
        return play_failure{"while leaving an earlier table: " + protocol::to_text(frame.value())};
    }
  }

  // The next frame of type `Message`, taking in whatever comes before it.
  template <class Message>
  rules::result<Message, play_failure> await() {
    for (;;) {
      auto frame = next_frame(true);
      if (!frame) return frame.error();
      if (auto* wanted = std::get_if<Message>(&frame.value())) return std::move(*wanted);
    }
  }

  std::optional<play_failure> act_if_asked() {
    if (!view_ || awaiting_ || resyncing_ || acted_version_ == version_) return std::nullopt;
    const auto move = choose_move(*view_, random_);
    if (!move) return std::nullopt;
    acted_version_ = version_;
    awaiting_ = true;
    ++outcome_.actions;
    if (std::holds_alternative<rules::swap_action>(*move) || outcome_.actions % 10 == 1)
      log_ << "play: turn " << view_->turns << ", " << protocol::action_to_text(*move) << '\n';
    auto failed = send(protocol::action_request{*move}, named("a" + std::to_string(outcome_.actions)));
    if (!failed) refusals_ = 0;
    return failed;
  }

  void finish(const protocol::game_over_message& over) {
    auto& report = outcome_.report;
    report.abandoned = over.abandoned;
    report.game_id = over.game_id;
    // A bot's entry has no player_id, so a human's own id matches only their seat.
    for (const auto& p : over.places)
      if (!p.player.bot && p.player.player_id == report.player_id) report.place = p.place;
    report.shithead =
        over.shithead && !over.shithead->player.bot && over.shithead->player.player_id == report.player_id;
    log_ << "play: game over after " << outcome_.actions << " action(s): "
         << (report.abandoned ? std::string("abandoned at the turn limit")
                              : "place " + (report.place ? std::to_string(*report.place) : std::string("?")) +
                                    (report.shithead ? ", the shithead" : ""))
         << '\n';
  }

  const play_options& options_;
  std::ostream& log_;
  deadline_socket socket_;
  pacer pacer_;
  rules::rng random_;
  play_outcome outcome_;
  std::optional<rules::seat_view> view_;  // the latest view of the game, once it has started
  std::uint64_t version_ = 0;
  std::optional<std::uint64_t> acted_version_;
  bool awaiting_ = false;   // an action of ours is on its way
  bool resyncing_ = false;  // a snapshot is asked for
  int refusals_ = 0;
  std::optional<protocol::game_over_message> game_over_;
};

}  // namespace

std::optional<rules::action> choose_move(const rules::seat_view& view, rules::rng& random) {
  // Out of turn the rules' bot plays only a burn-in, where the variant allows one, and
  // this player takes it like the server's own bots and a quick person do: a burn-in
  // is a race by the rules. Its view may be a step old, so a burn-in that lost the race
  // is refused, and the player asks for a snapshot and decides afresh (next_frame).
  return rules::choose_action(rules::bot_kind::greedy, view, random);
}

rules::result<play_outcome, play_failure> play_one_game(const play_options& options, std::ostream& log) {
  return game_session(options, log).run();
}

}  // namespace shithead::server
