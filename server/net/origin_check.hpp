#pragma once
// Which web pages may open the game's WebSocket. A browser names the page's origin in
// every WebSocket handshake and a page cannot forge it, so checking it keeps another
// site from driving a visitor's browser into a game (cross-site WebSocket hijacking).
// A handshake without Origin comes from no browser (the CLI, tests, bots) and passes:
// such a client could send any Origin it liked anyway.
//
// Same origin: the Origin's scheme, host and port equal the request's. The scheme is
// http, as this server speaks it, unless a TLS proxy in front says https in
// X-Forwarded-Proto. When the server is told its public address (--public-url), a page
// must come from exactly that origin, and the Host header must name it: a page of any
// other name that resolves to this server (DNS rebinding) is refused.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/error.hpp"

namespace shithead::server {

// An origin as browsers send it, normalised: scheme and host in lower case, the port
// always explicit (80 for http, 443 for https when left out).
struct web_origin {
  std::string scheme;  // "http" or "https"
  std::string host;    // a name, an IPv4 address or a bracketed IPv6 address
  std::uint16_t port = 0;

  bool operator==(const web_origin&) const = default;
  std::string to_string() const;  // "https://cards.example.org:443"
};

// "https://Cards.Example.org", "http://localhost:8080", "http://[::1]:8080" (one
// trailing "/" is forgiven); nothing for anything else, "null" included.
std::optional<web_origin> parse_origin(std::string_view text);

struct origin_policy {
  bool any = false;                         // "*": every origin; unsafe, for development only
  std::vector<web_origin> listed;           // allowed besides the same origin
  std::optional<web_origin> public_origin;  // --public-url: the one name players use

  bool operator==(const origin_policy&) const = default;
};

// A comma-separated list of origins, "*", or "" (the same origin only). Spaces around
// entries are ignored; a bad entry is an error message naming it.
rules::result<origin_policy, std::string> parse_origin_policy(std::string_view list);

// What a WebSocket handshake says about where it comes from.
struct handshake_origin {
  std::optional<std::string_view> origin;           // the Origin header; none from a non-browser
  std::string_view host;                            // the Host header
  std::optional<std::string_view> forwarded_proto;  // X-Forwarded-Proto, from a proxy in front
};

// Whether a WebSocket handshake from there may go ahead.
bool origin_allowed(const origin_policy& policy, const handshake_origin& from);

// Header text fit for a log line: at most 200 bytes, control and non-ASCII bytes as \xNN.
std::string printable_header(std::string_view text);

}  // namespace shithead::server
