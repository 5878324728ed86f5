#pragma once
// Warm runs of a VU benchmark runner (harness/bench: WorkloadRunner, CapturedFrameRunner) for the engine benchmarks.

#include <cstdint>

#include <benchmark/benchmark.h>

#include "harness/bench/vu_bench.hpp"

namespace gcvu::bench {

// One timed run, kept out of line so callgrind can count it alone (--toggle-collect='*measured_run*').
template <typename Runner>
[[gnu::noinline]] harness::WorkloadRun measured_run(Runner& runner) {
  return runner.run_once();
}

// Runs `runner` untimed until the engine's caches hold the program (once, and for the tiered JIT once more per entry
// a block takes in the runner before it is compiled: Vu1Config::jit_compile_after), then times its runs; returns
// the emulated cycles and sets the pairs_per_run counter.
template <typename Runner>
uint64_t time_warm_runs(benchmark::State& state, Runner& runner, const vu::Vu1Config& config) {
  const int warm_up_runs = 1 + (config.engine == vu::Engine::kJit ? config.jit_compile_after : 0);
  for (int run = 0; run < warm_up_runs; ++run) runner.run_once();
  uint64_t cycles = 0;
  uint64_t pairs = 0;
  for (auto _ : state) {
    const harness::WorkloadRun run = measured_run(runner);
    cycles += run.vu_cycles;
    pairs += run.stats.pairs;
    benchmark::DoNotOptimize(run.path1_checksum);
  }
  state.counters["pairs_per_run"] = static_cast<double>(pairs) / static_cast<double>(state.iterations());
  return cycles;
}

}  // namespace gcvu::bench
