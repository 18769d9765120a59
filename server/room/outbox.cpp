#include "server/room/outbox.hpp"

#include <utility>

namespace shithead::server {

void deliver(const std::vector<letter>& letters) {
  // A step holds a handful of distinct messages (a broadcast shares one), so a short
  // list finds the text already written.
  std::vector<std::pair<const protocol::server_message*, frame>> written;
  for (const auto& l : letters) {
    if (l.text) {
      l.to->deliver(l.text);
      continue;
    }
    frame text;
    for (const auto& [message, f] : written)
      if (message == l.message.get()) text = f;
    if (!text) {
      text = make_frame(protocol::to_text(*l.message));
      written.emplace_back(l.message.get(), text);
    }
    l.to->deliver(std::move(text));
  }
}

}  // namespace shithead::server
