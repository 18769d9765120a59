#include "server/net/origin_check.hpp"

#include <algorithm>
#include <charconv>

namespace shithead::server {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_';
}

bool is_ipv6_char(char c) {
  return (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || (c >= '0' && c <= '9') || c == ':' || c == '.';
}

std::optional<std::uint16_t> parse_port(std::string_view text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value == 0 || value > 65535) return std::nullopt;
  return static_cast<std::uint16_t>(value);
}

struct host_and_port {
  std::string host;  // lower case
  std::optional<std::uint16_t> port;
};

// "name", "name:8080", "10.0.0.1:80", "[::1]:8080": the authority of a URL without user
// information, which is also what a Host header holds.
std::optional<host_and_port> parse_authority(std::string_view text) {
  std::string_view host;
  std::string_view rest;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos || close < 2) return std::nullopt;
    if (!std::all_of(text.begin() + 1, text.begin() + static_cast<std::ptrdiff_t>(close), is_ipv6_char))
      return std::nullopt;
    host = text.substr(0, close + 1);
    rest = text.substr(close + 1);
  } else {
    const auto colon = text.find(':');
    host = text.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon);
    if (host.empty() || !std::all_of(host.begin(), host.end(), is_name_char)) return std::nullopt;
  }
  host_and_port out{lower(host), std::nullopt};
  if (rest.empty()) return out;
  if (rest[0] != ':') return std::nullopt;
  out.port = parse_port(rest.substr(1));
  if (!out.port) return std::nullopt;
  return out;
}

std::uint16_t default_port(std::string_view scheme) { return scheme == "https" ? 443 : 80; }

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::string web_origin::to_string() const { return scheme + "://" + host + ":" + std::to_string(port); }

std::optional<web_origin> parse_origin(std::string_view text) {
  const auto separator = text.find("://");
  if (separator == std::string_view::npos) return std::nullopt;
  web_origin out;
  out.scheme = lower(text.substr(0, separator));
  if (out.scheme != "http" && out.scheme != "https") return std::nullopt;
  auto authority = text.substr(separator + 3);
  if (authority.ends_with('/')) authority.remove_suffix(1);
  const auto parsed = parse_authority(authority);
  if (!parsed) return std::nullopt;
  out.host = parsed->host;
  out.port = parsed->port.value_or(default_port(out.scheme));
  return out;
}

rules::result<origin_policy, std::string> parse_origin_policy(std::string_view list) {
  origin_policy policy;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const auto entry = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (entry.empty()) continue;
    if (entry == "*") {
      policy.any = true;
      continue;
    }
    auto origin = parse_origin(entry);
    if (!origin)
      return "'" + std::string(entry) +
             "' is not an origin such as https://cards.example.org or http://localhost:8080 (or *)";
    if (std::find(policy.listed.begin(), policy.listed.end(), *origin) == policy.listed.end())
      policy.listed.push_back(std::move(*origin));
  }
  return policy;
}

bool origin_allowed(const origin_policy& policy, const handshake_origin& from) {
  // No Origin: no browser, so no visitor's page to abuse; such a client could send any
  // Origin and Host it liked anyway.
  if (!from.origin || policy.any) return true;
  const auto page = parse_origin(*from.origin);
  if (!page) return false;
  if (std::find(policy.listed.begin(), policy.listed.end(), *page) != policy.listed.end()) return true;
  const auto server = parse_authority(from.host);
  if (!server) return false;
  if (policy.public_origin) {
    const auto& known = *policy.public_origin;
    return *page == known && server->host == known.host &&
           server->port.value_or(default_port(known.scheme)) == known.port;
  }
  const auto proto = from.forwarded_proto ? lower(trim(*from.forwarded_proto)) : std::string();
  const std::string scheme = proto == "https" ? "https" : "http";
  // A Host without a port names the default port of the scheme the browser used.
  return page->scheme == scheme && server->host == page->host &&
         server->port.value_or(default_port(scheme)) == page->port;
}

std::string printable_header(std::string_view text) {
  constexpr std::size_t max_bytes = 200;
  constexpr std::string_view hex = "0123456789abcdef";
  std::string out;
  for (char c : text.substr(0, max_bytes)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '\\') {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xf];
    } else {
      out += c;
    }
  }
  if (text.size() > max_bytes) out += "...";
  return out;
}

}  // namespace shithead::server
