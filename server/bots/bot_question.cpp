#include "server/bots/bot_question.hpp"

#include <variant>

#include "rules/engine.hpp"
#include "rules/rng.hpp"
#include "rules/seat_memory.hpp"
#include "rules/view.hpp"

namespace shithead::server {
namespace {

std::uint64_t mix(std::uint64_t x) {
  // splitmix64's finaliser: every input bit moves every output bit.
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::uint64_t question_seed(const protocol::game_record& game, int seat) {
  // A game dealt from explicit cards (tests, imported records) has no seed: its first
  // cards stand in for one.
  std::uint64_t deal = 0;
  if (const auto* seed = std::get_if<std::uint64_t>(&game.start)) deal = *seed;
  return mix(mix(mix(deal) ^ game.actions.size()) ^ static_cast<std::uint64_t>(seat));
}

std::optional<rules::action> think(const bot_question& question) {
  auto started = protocol::start_game(question.game);
  if (!started) return std::nullopt;
  auto game = std::move(started).value();
  const int seat = question.seat;
  if (seat < 0 || seat >= game.players) return std::nullopt;
  // The seat's memory, as it would have built it watching the game.
  rules::seat_memory memory(seat, game.players);
  rules::seat_view before;
  rules::seat_view after;
  std::vector<rules::event> events;
  rules::view_for(game, seat, before);
  for (const auto& [who, act] : question.game.actions) {
    if (rules::try_apply(game, who, act, events)) return std::nullopt;
    rules::view_for(game, seat, after);
    memory.observe(before, events, after);
    std::swap(before, after);
  }
  rules::rng random(question_seed(question.game, seat));
  return rules::choose_action(question.kind, before, random, memory);
}

}  // namespace shithead::server
