// The demo frame of `gcvu run` (the embedded synthetic level, default camera):
// - BM_TfragDemoMicrocode (BM_ShrubDemoMicrocode, BM_MobyDemoMicrocode) rerun the frame's tfrag (shrub, moby)
//   programs on the VU1 interpreter alone (captured as they
//   started in a clocked run, harness/bench/tfrag_frame_programs.hpp): vu_hz is emulated VU cycles per wall second,
//   ratio_to_realtime divides it by the real 294.912 MHz, frames_per_second counts the frame's microcode per second
//   and ratio_to_60fps divides that by the game's 60.
// - BM_TfragDemoFrame runs the whole frame as `gcvu run` does (frame builder, DMA, VIF1, VU1, GIF, GS on one
//   clock): frames_per_second and ratio_to_60fps, and vu_hz as VU1 busy cycles per wall second of the whole run.
//   Each iteration is a run_level of one frame, so it also pays what a run pays once: a new machine and GS, the
//   VU1 JIT compiling every block, every texture decoded into the GS's caches, the result's copies.
// - BM_TfragDemoFrameWarm is the same frame in steady state, as the frames after the first of a `gcvu run
//   --frames N` (one machine and GS through all frames): each iteration is a run_level of 1 + 8 frames of the same
//   camera, timed (manual time) from the end of the first to the end of the last, per frame.
// - BM_TfragDemoFrameGsThread is BM_TfragDemoFrame with the GS on its own thread (GsConfig::own_thread), as `gcvu
//   run` runs it by default (harness/cli/gs_options.hpp): the emulation and the rasterization overlap where a second
//   core has room. The GS on the caller's thread, as above, stays the acceptance figure.

#include <benchmark/benchmark.h>

#include <chrono>

#include "bench/warm_runs.hpp"
#include "harness/bench/demo_frame_workloads.hpp"
#include "harness/bench/tfrag_frame_programs.hpp"
#include "harness/bench/vu_bench.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace {

using gcvu::harness::kVu1ClockHz;
constexpr double kGameFramesPerSecond = 60.0;

using gcvu::harness::demo_level;

void set_counters(benchmark::State& state, uint64_t vu_cycles) {
  state.counters["vu_hz"] = benchmark::Counter(static_cast<double>(vu_cycles), benchmark::Counter::kIsRate);
  state.counters["ratio_to_realtime"] =
      benchmark::Counter(static_cast<double>(vu_cycles) / kVu1ClockHz, benchmark::Counter::kIsRate);
  state.counters["frames_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["ratio_to_60fps"] =
      benchmark::Counter(static_cast<double>(state.iterations()) / kGameFramesPerSecond, benchmark::Counter::kIsRate);
  state.counters["vu_cycles_per_frame"] = static_cast<double>(vu_cycles) / static_cast<double>(state.iterations());
}

// The demo frame's programs of one kind (harness/bench/demo_frame_workloads.hpp, as `gcvu bench` runs them).
enum class Program { kTfrag, kShrub, kMoby };

gcvu::harness::CapturedFrame demo_programs(Program kind) {
  return gcvu::harness::demo_frame_workloads().at(static_cast<size_t>(kind)).frame;
}

void run_programs(benchmark::State& state, Program kind) {
  const gcvu::harness::CapturedFrame frame = demo_programs(kind);
  gcvu::harness::CapturedFrameRunner runner(frame);
  uint64_t cycles = 0;
  for (auto _ : state) {
    cycles += runner.run_all();
    benchmark::DoNotOptimize(runner.path1_qwords());
  }
  set_counters(state, cycles);
  state.counters["programs_per_frame"] = static_cast<double>(frame.programs.size());
}

// The programs with a given engine, after untimed warm-up reruns (time_warm_runs: the engine's caches then hold the
// frame).
void BM_DemoProgramsEngine(benchmark::State& state, Program kind, gcvu::vu::Engine engine) {
  const gcvu::harness::CapturedFrame frame = demo_programs(kind);
  gcvu::vu::Vu1Config config;
  config.engine = engine;
  gcvu::harness::CapturedFrameRunner runner(frame, config);
  set_counters(state, gcvu::bench::time_warm_runs(state, runner, config));
}

void BM_TfragDemoMicrocode(benchmark::State& state) { run_programs(state, Program::kTfrag); }
void BM_ShrubDemoMicrocode(benchmark::State& state) { run_programs(state, Program::kShrub); }
void BM_MobyDemoMicrocode(benchmark::State& state) { run_programs(state, Program::kMoby); }

// One frame of the demo from gcvu run's default camera, as run_level takes it.
gcvu::harness::LevelRunRequest demo_frame_request() {
  const gcvu::formats::rc2::Level& level = demo_level();
  gcvu::harness::LevelRunRequest request;
  request.level = &level;
  request.program = &gcvu::microcode::tfrag::tfrag_program();
  request.frame = gcvu::harness::scene_frame_options(level, gcvu::harness::overview_camera(level));
  request.source = "demo";
  return request;
}

void demo_frame(benchmark::State& state, bool gs_thread) {
  gcvu::harness::LevelRunRequest request = demo_frame_request();
  request.gs.own_thread = gs_thread;
  uint64_t cycles = 0;
  for (auto _ : state) {
    const gcvu::harness::LevelRunResult result = gcvu::harness::run_level(request);
    cycles += result.frames.at(0).vu_cycles;
    benchmark::DoNotOptimize(result.gs_memory.data());
  }
  set_counters(state, cycles);
}

void BM_TfragDemoFrame(benchmark::State& state) { demo_frame(state, false); }
void BM_TfragDemoFrameGsThread(benchmark::State& state) { demo_frame(state, true); }

void BM_TfragDemoFrameWarm(benchmark::State& state) {
  constexpr uint32_t kWarmFrames = 8;
  gcvu::harness::LevelRunRequest request = demo_frame_request();
  request.frames = 1 + kWarmFrames;
  // With the GS on the caller's thread (the library default) a frame's GS work is done when run_level reports it.
  std::chrono::steady_clock::time_point first_done;
  std::chrono::steady_clock::time_point last_done;
  request.progress = [&](uint32_t done, uint32_t total) {
    if (done == 1) first_done = std::chrono::steady_clock::now();
    if (done == total) last_done = std::chrono::steady_clock::now();
  };
  uint64_t cycles = 0;
  for (auto _ : state) {
    const gcvu::harness::LevelRunResult result = gcvu::harness::run_level(request);
    for (size_t index = 1; index < result.frames.size(); ++index) cycles += result.frames[index].vu_cycles;
    benchmark::DoNotOptimize(result.gs_memory.data());
    state.SetIterationTime(std::chrono::duration<double>(last_done - first_done).count() / kWarmFrames);
  }
  // Per warm frame, as BM_TfragDemoFrame's counters are per frame.
  set_counters(state, cycles / kWarmFrames);
}

}  // namespace

BENCHMARK(BM_TfragDemoMicrocode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ShrubDemoMicrocode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MobyDemoMicrocode)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, tfrag_blocks, Program::kTfrag, gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, tfrag_jit, Program::kTfrag, gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, shrub_blocks, Program::kShrub, gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, shrub_jit, Program::kShrub, gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, moby_blocks, Program::kMoby, gcvu::vu::Engine::kBlocks)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DemoProgramsEngine, moby_jit, Program::kMoby, gcvu::vu::Engine::kJit)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TfragDemoFrame)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TfragDemoFrameGsThread)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_TfragDemoFrameWarm)->Unit(benchmark::kMillisecond)->UseManualTime();
