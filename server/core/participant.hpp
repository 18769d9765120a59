#pragma once
// Whatever sits at a table and receives its messages: a WebSocket session in the
// server, a fake in room tests. Rooms and the lobby know only this interface.
#include <memory>
#include <string>

namespace shithead::server {

// One JSON text frame, shared by every receiver of a broadcast.
using frame = std::shared_ptr<const std::string>;

class participant {
 public:
  virtual ~participant() = default;
  // Queues a frame for sending. Never blocks; a session that cannot keep up closes
  // itself rather than buffer without bound.
  virtual void deliver(frame message) = 0;
};

inline frame make_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

}  // namespace shithead::server
