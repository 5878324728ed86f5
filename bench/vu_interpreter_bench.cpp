// The VU1 interpreter on the three built-in workloads (microcode/bench/*.vsm, the inputs of `gcvu bench`).
// vu_hz is emulated VU cycles per wall second; ratio_to_realtime divides it by the real 294.912 MHz clock.

#include <string>

#include <benchmark/benchmark.h>

#include "bench/warm_runs.hpp"
#include "harness/bench/vu_bench.hpp"
#include "harness/bench/workloads.hpp"

namespace {

using gcvu::harness::kVu1ClockHz;

void run_workload(benchmark::State& state, const std::string& name) {
  gcvu::harness::Workload workload;
  for (auto& w : gcvu::harness::builtin_workloads()) {
    if (w.name == name) workload = std::move(w);
  }
  gcvu::harness::WorkloadRunner runner(workload);
  uint64_t cycles = 0;
  for (auto _ : state) {
    auto run = runner.run_once();
    cycles += run.vu_cycles;
    benchmark::DoNotOptimize(run.path1_checksum);
  }
  // A rate counter divides by the benchmark's elapsed time (the copy of the prepared VU included).
  state.counters["vu_hz"] = benchmark::Counter(static_cast<double>(cycles), benchmark::Counter::kIsRate);
  state.counters["ratio_to_realtime"] =
      benchmark::Counter(static_cast<double>(cycles) / kVu1ClockHz, benchmark::Counter::kIsRate);
  state.counters["cycles_per_run"] = static_cast<double>(cycles) / static_cast<double>(state.iterations());
}

// The workload with a given engine (interp, blocks, jit), after untimed warm-up runs (time_warm_runs).
void BM_VuWorkloadEngine(benchmark::State& state, const std::string& name, gcvu::vu::Engine engine) {
  gcvu::harness::Workload workload;
  for (auto& w : gcvu::harness::builtin_workloads()) {
    if (w.name == name) workload = std::move(w);
  }
  gcvu::vu::Vu1Config config;
  config.engine = engine;
  gcvu::harness::WorkloadRunner runner(workload, config);
  const uint64_t cycles = gcvu::bench::time_warm_runs(state, runner, config);
  state.counters["ratio_to_realtime"] =
      benchmark::Counter(static_cast<double>(cycles) / kVu1ClockHz, benchmark::Counter::kIsRate);
}

void BM_VuVertexLoop(benchmark::State& state) { run_workload(state, "vertex_loop"); }
void BM_VuMaddChain(benchmark::State& state) { run_workload(state, "madd_chain"); }
void BM_VuBranchyLoop(benchmark::State& state) { run_workload(state, "branchy_loop"); }

}  // namespace

BENCHMARK(BM_VuVertexLoop)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VuMaddChain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VuBranchyLoop)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, vertex_loop_blocks, "vertex_loop", gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, vertex_loop_jit, "vertex_loop", gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, madd_chain_blocks, "madd_chain", gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, madd_chain_jit, "madd_chain", gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, branchy_loop_blocks, "branchy_loop", gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_VuWorkloadEngine, branchy_loop_jit, "branchy_loop", gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
