#pragma once
// The URLs the command-line clients (`play`, `healthcheck`, the load test) are given:
// ws://HOST[:PORT][/TARGET] and http://HOST[:PORT][/TARGET]. Plain text only: these
// clients talk to a server on the same machine, or to a proxy's plain side, so wss://
// and https:// are refused with a message that says so. Parsing does no I/O.
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/error.hpp"

namespace shithead::server {

enum class url_scheme { ws, http };

struct web_url {
  url_scheme scheme = url_scheme::ws;
  std::string host;          // as given, lower case, without brackets: "127.0.0.1", "localhost", "::1"
  std::uint16_t port = 80;   // 80 when the URL names none
  std::string target = "/";  // path and query: "/ws", "/healthz?deep=1"

  bool operator==(const web_url&) const = default;

  // What a Host header holds: "127.0.0.1:8080", "[::1]:8080".
  std::string authority() const;
  // Written back: "ws://[::1]:8080/ws".
  std::string to_string() const;
};

struct url_error {
  std::string message;
};

// "ws://127.0.0.1:8080/ws", "http://localhost/healthz", "ws://[::1]:9000". A fragment
// (#...) is dropped; user information, an empty host, a bad port, spaces or control
// characters are errors.
rules::result<web_url, url_error> parse_web_url(std::string_view text);

}  // namespace shithead::server
