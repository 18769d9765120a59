// What a game frame costs to write: the nlohmann tree and its dump (how every frame was
// written before) against the direct writer that to_text now uses for `game` and `room`.
// The frame is a 4-player shiphead game in mid-play, for the seat to act, with the events
// of the last step: the frame every member receives on every step.
// Run: ./build/release/bench/protocol_bench
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <new>
#include <vector>

#include "protocol/json_text.hpp"
#include "protocol/server_message_json.hpp"
#include "rules/bots.hpp"
#include "rules/deal.hpp"
#include "rules/engine.hpp"
#include "rules/view.hpp"

// Allocations are most of what the direct writer saves, so the benchmark counts them:
// replacing the global operator new is the only way to see the library's own. Every
// form that malloc backs is replaced, so that no pointer is freed by another family
// (AddressSanitizer checks). The benchmark runs on one thread.
// GCC takes the malloc/free pair behind new/delete for a mismatch once it inlines them.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::size_t allocations = 0;

void* counted_malloc(std::size_t size) noexcept {
  ++allocations;
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace

void* operator new(std::size_t size) {
  if (void* p = counted_malloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_malloc(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

using namespace shithead;

protocol::game_message mid_game_frame() {
  auto state = rules::new_game(rules::preset_ruleset(rules::preset_id::shiphead), 4, -1, 7).value();
  rules::rng random(7);
  std::vector<rules::event> events;
  for (int i = 0; i < 24 && !state.over(); ++i) {
    const int seat = rules::seat_to_act(state);
    const auto action = rules::choose_action(rules::bot_kind::greedy, rules::view_for(state, seat), random);
    if (!action || rules::try_apply(state, seat, *action, events)) std::abort();
  }
  if (state.current_phase != rules::phase::play) std::abort();  // the frame must be mid-play
  protocol::game_message frame;
  frame.version = 31;
  frame.events = events;
  frame.view = rules::view_for(state, state.current);
  frame.deadlines.turn = std::chrono::milliseconds(29'500);
  return frame;
}

template <class Write>
void write_frames(benchmark::State& bench, Write write) {
  const protocol::server_message frame = mid_game_frame();
  std::size_t bytes = 0;
  const auto before = allocations;
  for (auto _ : bench) {
    auto text = write(frame);
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  const auto iterations = static_cast<double>(bench.iterations());
  bench.counters["allocs/frame"] = static_cast<double>(allocations - before) / iterations;
  bench.counters["bytes"] = static_cast<double>(bytes);
  bench.counters["frames/s"] = benchmark::Counter(iterations, benchmark::Counter::kIsRate);
}

void BM_game_frame_tree(benchmark::State& bench) {
  write_frames(bench,
               [](const protocol::server_message& m) { return protocol::dump_json(protocol::message_to_json(m)); });
}
BENCHMARK(BM_game_frame_tree);

void BM_game_frame_direct(benchmark::State& bench) {
  write_frames(bench, [](const protocol::server_message& m) { return protocol::to_text(m); });
}
BENCHMARK(BM_game_frame_direct);

}  // namespace

BENCHMARK_MAIN();
