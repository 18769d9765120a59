#include "server/net/http_routes.hpp"

#include <algorithm>
#include <utility>

namespace shithead::server {

http_reply http_reply::of(protocol::api_answer answer, std::string_view type) {
  http_reply reply;
  reply.status = answer.status;
  reply.content_type = std::string(type);
  reply.body = std::move(answer.body);
  reply.retry_after_seconds = answer.retry_after_seconds;
  return reply;
}

void http_routes::add(std::string path, match how, http_route_handler handler) {
  const auto same = [&](const route& r) { return r.path == path && r.how == how; };
  if (std::any_of(routes_.begin(), routes_.end(), same)) return;
  routes_.push_back(route{std::move(path), how, std::move(handler)});
}

const http_route_handler* http_routes::find(std::string_view path) const {
  const route* best = nullptr;
  for (const auto& r : routes_) {
    if (r.how == match::exact) {
      if (r.path == path) return &r.handler;
    } else if (path.starts_with(r.path) && (!best || r.path.size() > best->path.size())) {
      best = &r;
    }
  }
  return best ? &best->handler : nullptr;
}

}  // namespace shithead::server
