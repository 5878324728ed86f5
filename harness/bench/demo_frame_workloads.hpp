#pragma once
// The demo frame of `gcvu run` (the embedded synthetic level, overview camera) as VU1 workloads: its tfrag, shrub
// and moby microprograms, captured as each started in one clocked run (tfrag_frame_programs.hpp), to be rerun on
// VU1 alone. `gcvu bench` offers them as the built-in workloads tfrag_frame, shrub_frame and moby_frame, and the
// Google Benchmark suite as BM_TfragDemoMicrocode and its siblings: both measure the same programs.

#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/bench/tfrag_frame_programs.hpp"

namespace gcvu::harness {

// The embedded demo level (seed 1, 400 patches), read once.
const formats::rc2::Level& demo_level();

struct DemoFrameWorkload {
  std::string name;  // tfrag_frame, shrub_frame, moby_frame
  CapturedFrame frame;
};

// Runs the demo frame once through a clocked system and splits its programs by kind (micro memory holds tfrag
// from instruction 0, then shrub, then moby). In that order.
std::vector<DemoFrameWorkload> demo_frame_workloads();

}  // namespace gcvu::harness
