// Fuzz target: one WebSocket text frame from a client (protocol::parse_client_message).
// A frame that parses is written back with to_text() and must parse to the same message;
// a frame that does not is answered with an error frame, which must itself be a frame
// the clients' reader takes. A frame the quick scanner of common frames reads
// (client_message_quick.hpp) must be read to the same message by the full reader.
#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"
#include "protocol/client_message.hpp"
#include "protocol/client_message_quick.hpp"
#include "protocol/server_message.hpp"

using namespace shithead;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  if (const auto quick = protocol::read_common_message(text)) {
    const auto full = protocol::read_any_message(text);
    fuzz::require(full.ok() && full.value() == *quick);
  }
  const auto parsed = protocol::parse_client_message(text);
  if (!parsed) {
    const auto& e = parsed.error();
    fuzz::require(!e.message.empty());
    const protocol::server_message answer = protocol::error_message{e.id, e.code, e.message, std::nullopt};
    const auto back = protocol::parse_server_message(protocol::to_text(answer));
    fuzz::require(back.ok());
    const auto* read = std::get_if<protocol::error_message>(&back.value());
    fuzz::require(read && read->id == e.id && read->code == e.code);
    return 0;
  }
  const auto again = protocol::parse_client_message(protocol::to_text(parsed.value()));
  fuzz::require(again.ok() && again.value() == parsed.value());
  return 0;
}
