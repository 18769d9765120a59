// Fuzz target: a ruleset as JSON text (protocol::ruleset_from_json), as a create_table
// request, a record and a saved table carry it. A ruleset that reads is written back and
// must read as the same ruleset, written the same way by the tree and by the frame
// writer; then a game is dealt with it and played a little way.
#include <cstddef>
#include <cstdint>

#include "fuzz_checks.hpp"
#include "protocol/game_record.hpp"
#include "protocol/ruleset_json.hpp"

using namespace shithead;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto value = protocol::parse_json_text(text);
  if (!value) return 0;
  const auto ruleset = protocol::ruleset_from_json(value.value(), "ruleset");
  if (!ruleset) {
    fuzz::require(!ruleset.error().message.empty());
    return 0;
  }
  const auto written = protocol::ruleset_to_json(ruleset.value());
  const auto again = protocol::ruleset_from_json(written, "ruleset");
  fuzz::require(again.ok() && again.value() == ruleset.value());
  std::string frame;
  protocol::json_writer out(frame);
  protocol::write_ruleset(out, ruleset.value());
  fuzz::require(frame == protocol::dump_json(written));

  const auto seed = fuzz::seed_of(text);
  protocol::game_record record;
  record.ruleset = ruleset.value();
  record.players = rules::min_players + static_cast<int>(seed % (rules::max_players - rules::min_players + 1));
  record.dealer = static_cast<int>((seed >> 8) % static_cast<std::uint64_t>(record.players));
  record.start = seed;
  auto state = protocol::start_game(record);
  if (!state) return 0;  // more cards asked for than the decks hold
  fuzz::check_views(state.value());
  fuzz::play_on(state.value(), seed, 200);
  fuzz::check_views(state.value());
  return 0;
}
