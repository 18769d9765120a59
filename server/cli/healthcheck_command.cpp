// `shithead healthcheck`: one GET, for the Docker HEALTHCHECK (the runtime image has no
// curl). Exit 0 on HTTP 200; 1 otherwise, with the reason on one line of standard error.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <charconv>
#include <chrono>
#include <string>
#include <variant>

#include "server/cli/command_line.hpp"
#include "server/cli/serve_config.hpp"
#include "server/cli/ws_url.hpp"

namespace shithead::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

constexpr std::string_view healthcheck_usage =
    "usage: shithead healthcheck [--url http://HOST:PORT/PATH] [--timeout-ms N]\n"
    "\n"
    "  --url URL         what to GET (default http://127.0.0.1:$SHITHEAD_PORT/healthz, port\n"
    "                    8080 when SHITHEAD_PORT is not set)\n"
    "  --timeout-ms N    give up after N milliseconds in all (default 3000)\n"
    "\n"
    "Exit status: 0 when the answer is HTTP 200, 1 otherwise (bad arguments too: Docker\n"
    "reserves 2).\n";

struct healthcheck_options {
  web_url url;
  std::chrono::milliseconds timeout{3000};
};

std::optional<std::string> parse_healthcheck_options(arguments args, const environment& env, healthcheck_options& o) {
  std::string url_text = "http://127.0.0.1:8080/healthz";
  if (const auto port = env("SHITHEAD_PORT"); port && !port->empty())
    url_text = "http://127.0.0.1:" + *port + "/healthz";
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view flag;
    std::string_view value;
    if (auto missing = next_flag(args, i, flag, value)) return *missing;
    if (flag == "--url") {
      url_text = std::string(value);
    } else if (flag == "--timeout-ms") {
      long ms = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec != std::errc{} || end != value.data() + value.size() || ms < 1 || ms > 600'000)
        return "--timeout-ms must be a number from 1 to 600000";
      o.timeout = std::chrono::milliseconds(ms);
    } else {
      return "unknown argument '" + std::string(flag) + "'";
    }
  }
  auto url = parse_web_url(url_text);
  if (!url) return url.error().message;
  if (url.value().scheme != url_scheme::http) return "--url must be an http:// URL";
  o.url = std::move(url).value();
  return std::nullopt;
}

// The status of GET url, or why there is none. Resolving, connecting, writing and
// reading share one deadline; the io_context runs only here.
std::variant<unsigned, std::string> get_status(const healthcheck_options& o) {
  asio::io_context ioc;
  tcp::resolver resolver(ioc);
  beast::tcp_stream stream(ioc);
  beast::flat_buffer buffer;
  http::request<http::empty_body> request{http::verb::get, o.url.target, 11};
  request.set(http::field::host, o.url.authority());
  request.set(http::field::user_agent, "shithead-healthcheck");
  request.keep_alive(false);
  http::response_parser<http::string_body> parser;
  parser.body_limit(1024 * 1024);

  std::string failure;
  unsigned status = 0;
  auto fail = [&](std::string_view step, beast::error_code ec) {
    failure = std::string(step) + ": " + (ec == beast::error::timeout ? std::string("timed out") : ec.message());
  };
  stream.expires_after(o.timeout);
  const auto port = std::to_string(o.url.port);
  resolver.async_resolve(o.url.host, port, [&](beast::error_code ec, tcp::resolver::results_type found) {
    if (ec) return fail("resolving " + o.url.host, ec);
    stream.async_connect(found, [&](beast::error_code ec2, const tcp::endpoint&) {
      if (ec2) return fail("connecting to " + o.url.authority(), ec2);
      http::async_write(stream, request, [&](beast::error_code ec3, std::size_t) {
        if (ec3) return fail("sending the request", ec3);
        http::async_read(stream, buffer, parser, [&](beast::error_code ec4, std::size_t) {
          if (ec4) return fail("reading the answer", ec4);
          status = parser.get().result_int();
        });
      });
    });
  });
  // The stream's timer covers connect, write and read; resolving has no timer of its
  // own, so the whole run is bounded too.
  ioc.run_for(o.timeout + std::chrono::milliseconds(100));
  if (!failure.empty()) return failure;
  if (status == 0) return std::string("no answer within ") + std::to_string(o.timeout.count()) + " ms";
  return status;
}

}  // namespace

int run_healthcheck_command(arguments args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << healthcheck_usage;
    return 0;
  }
  healthcheck_options options;
  if (auto error = parse_healthcheck_options(args, process_environment(), options)) {
    err << "healthcheck: " << *error << "\n\n" << healthcheck_usage;
    return 1;
  }
  const auto result = get_status(options);
  if (const auto* reason = std::get_if<std::string>(&result)) {
    err << "healthcheck: " << options.url.to_string() << ": " << *reason << '\n';
    return 1;
  }
  const auto status = std::get<unsigned>(result);
  if (status != 200) {
    err << "healthcheck: " << options.url.to_string() << " answered HTTP " << status << '\n';
    return 1;
  }
  return 0;
}

}  // namespace shithead::server
