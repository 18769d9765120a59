#include "server/cli/ws_url.hpp"

#include <algorithm>
#include <boost/asio/ip/address_v6.hpp>
#include <charconv>

namespace shithead::server {
namespace {

url_error fail(std::string_view url, std::string_view why) {
  return url_error{"'" + std::string(url) + "' is not a usable URL: " + std::string(why)};
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

// Printable ASCII without the space: anything else in a URL is a typo or an attack.
bool is_url_char(char c) { return c > ' ' && c < 0x7f; }

bool is_ipv6(std::string_view text) {
  boost::system::error_code ec;
  boost::asio::ip::make_address_v6(std::string(text), ec);
  return !ec;
}

}  // namespace

std::string web_url::authority() const {
  const bool bracket = host.find(':') != std::string::npos;
  return (bracket ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

std::string web_url::to_string() const {
  return std::string(scheme == url_scheme::ws ? "ws" : "http") + "://" + authority() + target;
}

rules::result<web_url, url_error> parse_web_url(std::string_view text) {
  if (text.empty()) return fail(text, "it is empty");
  if (!std::all_of(text.begin(), text.end(), is_url_char)) return fail(text, "it holds spaces or control characters");
  const auto separator = text.find("://");
  if (separator == std::string_view::npos) return fail(text, "it does not start with ws:// or http://");
  const auto scheme = lower(text.substr(0, separator));
  web_url url;
  if (scheme == "ws") {
    url.scheme = url_scheme::ws;
  } else if (scheme == "http") {
    url.scheme = url_scheme::http;
  } else if (scheme == "wss" || scheme == "https") {
    return fail(text, "TLS is not supported; use ws:// or http:// to the server itself");
  } else {
    return fail(text, "the scheme must be ws or http");
  }

  std::string_view rest = text.substr(separator + 3);
  rest = rest.substr(0, rest.find('#'));
  const auto target_start = rest.find_first_of("/?");
  std::string_view authority = rest.substr(0, target_start);
  if (target_start != std::string_view::npos) {
    url.target = std::string(rest.substr(target_start));
    if (url.target.front() == '?') url.target.insert(0, "/");
  }
  if (authority.find('@') != std::string_view::npos) return fail(text, "user information is not supported");

  std::string_view port_text;
  if (authority.starts_with('[')) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return fail(text, "the '[' of an IPv6 address is not closed");
    const auto address = authority.substr(1, close - 1);
    if (!is_ipv6(address)) return fail(text, "'" + std::string(address) + "' is not an IPv6 address");
    url.host = lower(address);
    const auto after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':') return fail(text, "only ':PORT' may follow the ']'");
      port_text = after.substr(1);
      if (port_text.empty()) return fail(text, "the port after ':' is missing");
    }
  } else {
    if (std::count(authority.begin(), authority.end(), ':') > 1)
      return fail(text, "an IPv6 address needs [brackets], as in ws://[::1]:8080/ws");
    const auto colon = authority.find(':');
    const auto host = authority.substr(0, colon);
    if (host.empty()) return fail(text, "the host is missing");
    if (!std::all_of(host.begin(), host.end(), is_name_char))
      return fail(text, "the host '" + std::string(host) + "' holds characters a host name cannot");
    url.host = lower(host);
    if (colon != std::string_view::npos) {
      port_text = authority.substr(colon + 1);
      if (port_text.empty()) return fail(text, "the port after ':' is missing");
    }
  }
  if (!port_text.empty()) {
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), value);
    if (ec != std::errc{} || end != port_text.data() + port_text.size() || value == 0 || value > 65535)
      return fail(text, "the port must be a number from 1 to 65535, not '" + std::string(port_text) + "'");
    url.port = static_cast<std::uint16_t>(value);
  }
  return url;
}

}  // namespace shithead::server
