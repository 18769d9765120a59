// Rules engine throughput on 4-player shiphead. An "action" is what a bot game costs per
// step: the seat's view (with its legal actions), the bot's choice, and apply.
// Run: ./build/release/bench/rules_bench
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/playout.hpp"

namespace {

using namespace shithead::rules;

void playouts(benchmark::State& bench, bot_kind bot, preset_id preset, int players) {
  const auto rules = preset_ruleset(preset);
  const std::vector<bot_kind> bots{bot};
  playout_buffers buffers;
  std::uint64_t seed = 1;
  long actions = 0;
  for (auto _ : bench) {
    auto state = new_game(rules, players, -1, seed).value();
    rng random(seed++);
    actions += play_out(state, bots, random, buffers);
  }
  bench.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}

void BM_random_playout_shiphead_4(benchmark::State& s) { playouts(s, bot_kind::random, preset_id::shiphead, 4); }
void BM_greedy_playout_shiphead_4(benchmark::State& s) { playouts(s, bot_kind::greedy, preset_id::shiphead, 4); }
void BM_greedy_playout_palace_6(benchmark::State& s) { playouts(s, bot_kind::greedy, preset_id::palace, 6); }
BENCHMARK(BM_random_playout_shiphead_4);
BENCHMARK(BM_greedy_playout_shiphead_4);
BENCHMARK(BM_greedy_playout_palace_6);

// The parts of a step, on a mid-game position.
game_state mid_game() {
  auto state = new_game(preset_ruleset(preset_id::shiphead), 4, -1, 7).value();
  playout_buffers buffers;
  rng random(7);
  const std::vector<bot_kind> bots{bot_kind::greedy};
  for (int i = 0; i < 20 && !state.over(); ++i) play_step(state, bots, random, buffers);
  if (state.current_phase != phase::play) std::abort();  // the benchmarks need a live turn
  return state;
}

void BM_legal_actions(benchmark::State& bench) {
  const auto state = mid_game();
  std::vector<action> out;
  for (auto _ : bench) {
    legal_actions(state, state.current, out);
    benchmark::DoNotOptimize(out.data());
  }
  bench.counters["actions_listed"] = static_cast<double>(out.size());
}
BENCHMARK(BM_legal_actions);

void BM_view_for(benchmark::State& bench) {
  const auto state = mid_game();
  seat_view view;
  for (auto _ : bench) {
    view_for(state, state.current, view);
    benchmark::DoNotOptimize(view.legal.data());
  }
}
BENCHMARK(BM_view_for);

void BM_new_game_seeded(benchmark::State& bench) {
  const auto rules = preset_ruleset(preset_id::shiphead);
  std::uint64_t seed = 1;
  for (auto _ : bench) benchmark::DoNotOptimize(new_game(rules, 4, -1, seed++));
}
BENCHMARK(BM_new_game_seeded);

}  // namespace

BENCHMARK_MAIN();
