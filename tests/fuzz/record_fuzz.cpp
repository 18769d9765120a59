// Fuzz target: a game record as JSON text (protocol::parse_record), as `shithead replay`
// reads a file and a restarted server reads a saved game. A record that reads is written
// back (write_record) and must read as the same record and write the same text; it is
// then replayed through the rules, its views must read back exactly, and a game that
// replays cleanly is played on a little way by the bots.
#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"
#include "protocol/game_record.hpp"
#include "protocol/record_json.hpp"

using namespace shithead;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto record = protocol::parse_record(text);
  if (!record) {
    fuzz::require(!record.error().message.empty());
    return 0;
  }
  const auto written = protocol::write_record(record.value());
  const auto again = protocol::parse_record(written);
  fuzz::require(again.ok());
  fuzz::require(protocol::record_to_json(again.value()) == protocol::record_to_json(record.value()));
  fuzz::require(protocol::write_record(again.value()) == written);

  auto replayed = protocol::replay_record(record.value());
  if (!replayed) return 0;  // the rules refuse the deal
  auto& outcome = replayed.value();
  const auto actions = static_cast<int>(record.value().actions.size());
  fuzz::require(outcome.error.has_value() == (outcome.failed_index >= 0));
  fuzz::require(outcome.failed_index < actions);
  fuzz::check_views(outcome.state);
  if (!outcome.error) fuzz::play_on(outcome.state, fuzz::seed_of(text), 100);
  return 0;
}
