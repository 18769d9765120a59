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

#include "protocol/action_json.hpp"
#include "protocol/view_json.hpp"
#include "rules/bots.hpp"

namespace shithead::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using protocol::json;
using steady_clock = std::chrono::steady_clock;

std::string text_of(const json& value, const char* key) {
  const auto it = value.find(key);
  return it != value.end() && it->is_string() ? it->get<std::string>() : std::string();
}

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

    json hello{{"type", "hello"}, {"v", 1}, {"name", options_.name}};
    if (!options_.token.empty()) hello["token"] = options_.token;
    if (auto failed = send(hello)) return *failed;
    auto welcome = await("welcome");
    if (!welcome) return welcome.error();
    outcome_.player_id = text_of(welcome.value(), "player_id");
    outcome_.token = text_of(welcome.value(), "token");
    log_ << "play: welcome, " << text_of(welcome.value(), "name") << " is player " << outcome_.player_id << '\n';
    if (!options_.token.empty())
      if (auto failed = leave_any_table()) return *failed;

    if (auto failed = send({{"type", "create_table"},
                            {"id", "create"},
                            {"public", false},
                            {"ruleset", options_.ruleset},
                            {"seats", options_.bots + 1}}))
      return *failed;
    auto joined = await("joined");
    if (!joined) return joined.error();
    outcome_.table = text_of(joined.value(), "code");
    view_.reset();  // whatever came before belongs to no game of this table
    version_ = 0;
    log_ << "play: created table " << outcome_.table << " (" << protocol::dump_json(options_.ruleset) << ")\n";

    for (int i = 0; i < options_.bots; ++i)
      if (auto failed = send({{"type", "add_bot"}, {"id", "bot" + std::to_string(i)}, {"kind", "greedy"}}))
        return *failed;
    if (auto failed = send({{"type", "start"}, {"id", "start"}})) return *failed;
    while (!view_) {
      auto frame = next_frame(true);
      if (!frame) return frame.error();
    }
    log_ << "play: started with " << options_.bots << " greedy bot(s); seat " << view_->viewer << '\n';

    while (!game_over_) {
      if (auto failed = act_if_asked()) return *failed;
      auto frame = next_frame(false);
      if (!frame) return frame.error();
    }
    finish(*game_over_);
    // Leaving lets the table close; a failure here changes nothing about the game.
    if (!send({{"type", "leave"}})) socket_.close();
    return outcome_;
  }

 private:
  std::optional<play_failure> send(const json& message) {
    pacer_.wait();
    if (auto error = socket_.send(protocol::dump_json(message))) return play_failure{*error};
    return std::nullopt;
  }

  // The next frame, with the state it carries taken in. Before the game starts every
  // error is fatal; after, only errors that keep coming.
  rules::result<json, play_failure> next_frame(bool setup) {
    auto read = read_frame();
    if (!read) return read;
    json frame = std::move(read).value();
    const auto type = text_of(frame, "type");

    if (type == "error") {
      const auto code = text_of(frame, "code");
      const auto id = frame.find("id");
      const auto request = id != frame.end() && !id->is_null() ? "request " + id->dump() : std::string("a request");
      const auto message = "the server refused " + request + ": " + code + ": " + text_of(frame, "message");
      if (setup || ++refusals_ > 5) return play_failure{message};
      // The view this player acted on was not the game's: ask for the whole state
      // again and decide afresh from it.
      log_ << "play: " << message << "; asking for a snapshot\n";
      if (code == "rate_limited") std::this_thread::sleep_for(std::chrono::seconds(1));
      awaiting_ = false;
      resyncing_ = true;
      if (auto failed = send({{"type", "snapshot"}})) return *failed;
    } else if (type == "closing") {
      return play_failure{"the server is shutting down"};
    } else if (type == "room") {
      version_ = frame.value("version", version_);
      if (const auto game = frame.find("game"); game != frame.end() && game->is_object())
        if (auto failed = take_view(*game)) return *failed;
      if (resyncing_) {
        resyncing_ = false;
        acted_version_.reset();
      }
    } else if (type == "game") {
      const auto version = frame.value("version", std::uint64_t{0});
      if (version_ != 0 && version != version_ + 1) {
        log_ << "play: version " << version << " after " << version_ << "; asking for a snapshot\n";
        if (auto failed = send({{"type", "snapshot"}})) return *failed;
      }
      version_ = version;
      if (const auto view = frame.find("view"); view != frame.end())
        if (auto failed = take_view(*view)) return *failed;
      // Other seats' steps can arrive while this player's action is on its way; the step
      // it caused is the one whose first event is this seat's.
      const auto events = frame.find("events");
      if (awaiting_ && view_ && events != frame.end() && events->is_array() && !events->empty() &&
          (*events)[0].value("seat", -2) == view_->viewer)
        awaiting_ = false;
    } else if (type == "game_over") {
      game_over_ = frame;
    }
    return frame;
  }

  // A view this client cannot read means a server it does not understand: deciding from
  // half a view would only earn refusals.
  std::optional<play_failure> take_view(const json& written) {
    auto read = protocol::view_from_json(written, "view");
    if (!read) return play_failure{"the server sent a view this client cannot read: " + read.error().message};
    view_ = std::move(read).value();
    return std::nullopt;
  }

  rules::result<json, play_failure> read_frame() {
    auto text = socket_.read();
    if (!text) return text.error();
    auto parsed = protocol::parse_json_text(text.value());
    if (!parsed || !parsed.value().is_object())
      return play_failure{"the server sent something that is not a JSON object"};
    return std::move(parsed).value();
  }

  // Welcome sends a player who is seated at a table back to it, and that table's frames
  // may still be on their way when a new table's arrive (they come from different
  // strands). Leaving first, and waiting for `left`, after which that table sends
  // nothing more, keeps them apart. A player at no table is told not_in_room.
  std::optional<play_failure> leave_any_table() {
    if (auto failed = send({{"type", "leave"}, {"id", "leave"}})) return failed;
    for (;;) {
      auto frame = read_frame();
      if (!frame) return frame.error();
      const auto type = text_of(frame.value(), "type");
      if (type == "left") {
        log_ << "play: left the table this player was seated at\n";
        return std::nullopt;
      }
      if (type == "error" && frame.value().value("id", json()) == "leave") return std::nullopt;
      if (type == "error" || type == "closing")
        return play_failure{"while leaving an earlier table: " + protocol::dump_json(frame.value())};
    }
  }

  // The next frame of `type`, taking in whatever comes before it.
  rules::result<json, play_failure> await(std::string_view type) {
    for (;;) {
      auto frame = next_frame(true);
      if (!frame || text_of(frame.value(), "type") == type) return frame;
    }
  }

  std::optional<play_failure> act_if_asked() {
    if (!view_ || awaiting_ || resyncing_ || acted_version_ == version_) return std::nullopt;
    const auto move = choose_move(*view_, random_);
    if (!move) return std::nullopt;
    acted_version_ = version_;
    awaiting_ = true;
    ++outcome_.actions;
    if (text_of(*move, "type") == "swap" || outcome_.actions % 10 == 1)
      log_ << "play: turn " << view_->turns << ", " << protocol::dump_json(*move) << '\n';
    auto failed = send({{"type", "action"}, {"id", "a" + std::to_string(outcome_.actions)}, {"action", *move}});
    if (!failed) refusals_ = 0;
    return failed;
  }

  void finish(const json& over) {
    outcome_.abandoned = over.value("abandoned", false);
    if (const auto id = over.find("game_id"); id != over.end() && id->is_number_integer())
      outcome_.game_id = id->get<std::int64_t>();
    if (const auto places = over.find("places"); places != over.end() && places->is_array())
      for (const auto& p : *places)
        if (text_of(p, "player_id") == outcome_.player_id && p.contains("place") && p["place"].is_number_integer())
          outcome_.place = p["place"].get<int>();
    if (const auto shithead = over.find("shithead"); shithead != over.end() && shithead->is_object())
      outcome_.shithead = text_of(*shithead, "player_id") == outcome_.player_id;
    log_ << "play: game over after " << outcome_.actions << " action(s): "
         << (outcome_.abandoned ? std::string("abandoned at the turn limit")
                                : "place " + (outcome_.place ? std::to_string(*outcome_.place) : std::string("?")) +
                                      (outcome_.shithead ? ", the shithead" : ""))
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
  std::optional<json> game_over_;
};

}  // namespace

std::optional<json> choose_move(const rules::seat_view& view, rules::rng& random) {
  // Out of turn the rules' bot plays only a burn-in, where the variant allows one, and
  // this player takes it like the server's own bots and a quick person do: a burn-in
  // is a race by the rules. Its view may be a step old, so a burn-in that lost the race
  // is refused, and the player asks for a snapshot and decides afresh (next_frame).
  const auto action = rules::choose_action(rules::bot_kind::greedy, view, random);
  if (!action) return std::nullopt;
  return protocol::action_to_json(*action);
}

rules::result<play_outcome, play_failure> play_one_game(const play_options& options, std::ostream& log) {
  try {
    return game_session(options, log).run();
  } catch (const json::exception& e) {
    // A frame of the wrong shape (a field of an unexpected type): the server is not one
    // this client understands.
    return play_failure{std::string("the server sent a frame this client cannot read: ") + e.what()};
  }
}

json outcome_json(const play_outcome& outcome) {
  json out;
  out["player_id"] = outcome.player_id;
  out["token"] = outcome.token;
  out["table"] = outcome.table;
  out["game_id"] = outcome.game_id ? json(*outcome.game_id) : json(nullptr);
  out["abandoned"] = outcome.abandoned;
  out["place"] = outcome.place ? json(*outcome.place) : json(nullptr);
  out["shithead"] = outcome.shithead;
  return out;
}

}  // namespace shithead::server
