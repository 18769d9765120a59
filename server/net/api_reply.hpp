#pragma once
// A JSON answer to an HTTP API request: its status and body. The store's rankings
// queries return one; http_session writes it.
#include "protocol/json_text.hpp"

namespace shithead::server {

struct api_reply {
  int status = 200;
  protocol::json body;
};

}  // namespace shithead::server
