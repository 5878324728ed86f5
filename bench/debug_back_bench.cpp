// gcvu debug going back in time: the bar is 1,000,000 cycles back in under a second. The demo over four
// frames (about 1.25 M cycles) is run to its end once; each iteration then goes back 1,000,000 cycles (restore the
// snapshot before the target, re-run the cycles after it). Going forward again between iterations is not timed.

#include <benchmark/benchmark.h>

#include "harness/debug/debug_targets.hpp"
#include "harness/debug/engine.hpp"

namespace {

using gcvu::harness::debug::DemoTargetRequest;
using gcvu::harness::debug::Engine;

void BM_DebugBackOneMillionCycles(benchmark::State& state) {
  DemoTargetRequest request;
  request.frames = 4;
  Engine engine(gcvu::harness::debug::demo_target(request), static_cast<uint64_t>(state.range(0)));
  while (!engine.ended()) engine.tick();
  const uint64_t end = engine.cycle();
  if (end < 1'000'000) {
    state.SkipWithError("the demo run is shorter than 1,000,000 cycles");
    return;
  }
  for (auto _ : state) {
    engine.goto_cycle(end - 1'000'000);
    benchmark::DoNotOptimize(engine.cycle());
    state.PauseTiming();
    engine.goto_cycle(end);
    state.ResumeTiming();
  }
  state.counters["run_cycles"] = static_cast<double>(end);
  state.counters["snapshots"] = static_cast<double>(engine.snapshot_count());
}
BENCHMARK(BM_DebugBackOneMillionCycles)->Arg(32768)->Arg(131072)->Unit(benchmark::kMillisecond)->Iterations(5);

// Going forward: the debugger's lockstep cycles per second (with every check a `continue` makes off).
void BM_DebugForwardCycles(benchmark::State& state) {
  DemoTargetRequest request;
  uint64_t cycles = 0;
  for (auto _ : state) {
    Engine engine(gcvu::harness::debug::demo_target(request));
    while (!engine.ended()) engine.tick();
    cycles += engine.cycle();
  }
  state.counters["cycles/s"] = benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DebugForwardCycles)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
