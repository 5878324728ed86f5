#pragma once
// The things `gcvu debug` can run, as DebugTargets: the embedded demo's frames, a VIF1 stream or DMA chain, a
// PCSX2 save state's planned transfers.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "harness/debug/debug_target.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/run/state_run.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "harness/vif_run/runner.hpp"

namespace gcvu::harness::debug {

// The labels of programs placed in micro memory: "program.label" for every label, and the bare label too where
// only one program has it.
std::map<std::string, uint32_t> placed_labels(const std::vector<frame::PlacedProgram>& programs);

struct DemoTargetRequest {
  uint64_t seed = 1;
  uint32_t patches = 400;
  uint32_t frames = 1;
  double step = 0;  // world units the camera moves per frame
  std::optional<frame::Camera> camera;  // default: the overview camera
  system::SystemConfig config;
};
// Builds every frame up front (the frame builder's EE work), so going back into a frame reloads it at once.
DebugTarget demo_target(const DemoTargetRequest& request);

// A VIF1 stream or chain as `gcvu vif-run` sends it. The request's spans must outlive the target; `program`, when
// given, supplies labels (the micro image was assembled from it).
DebugTarget vif_stream_target(const VifRunRequest& request, std::string name,
                              const std::map<std::string, uint32_t>& labels);

// A vutrace trace's program, from the snapshot `start` (registers and memories loaded, started at its TPC with
// options.top/itop, and the work in flight a version 1 or 2 snapshot records) as `gcvu trace-diff` runs it, with options.config as VU1's options. The trace must outlive the
// target.
DebugTarget vutrace_target(const formats::VutraceTrace& trace, size_t start, const TraceDiffOptions& options,
                           std::string name);

// A save state's planned transfers as `gcvu run --state` sends them. The state must outlive the target.
DebugTarget state_target(const StateRunRequest& request);

}  // namespace gcvu::harness::debug
