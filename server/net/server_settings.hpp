#pragma once
// What the network core needs to start: where to listen, on how many threads, which
// static folder it serves, and which pages may open /ws. The whole service's settings,
// with their defaults, environment variables and flags, are cli/serve_config.
#include <cstdint>
#include <optional>
#include <string>

#include "server/net/origin_check.hpp"

namespace shithead::server {

struct server_settings {
  std::uint16_t port = 8080;  // 0: an ephemeral port (tests)
  std::string bind = "0.0.0.0";
  std::string static_dir = SHITHEAD_DEFAULT_STATIC_DIR;
  int threads = 1;
  std::string log_level = "info";
  origin_policy allowed_origins;         // pages of other origins that may open /ws; none by default
  std::optional<web_origin> public_url;  // the address players use, when the server is told it
};

}  // namespace shithead::server
