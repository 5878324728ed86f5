#pragma once
// A run of an R&C2 level's terrain through the whole emulated pipeline, as `gcvu run` (the demo) and
// `gcvu run --level DIR` do it: for each frame the frame builder (harness/frame/) plays the EE (LOD choice,
// lighting, the VIF1 DMA chain), the chain goes through DMA channel 1, VIF1, VU1 running the tfrag microcode
// (microcode/tfrag/), the GIF and the GS on one 294.912 MHz clock, and a VSync ends the frame. One machine and one
// GS live through all frames, as on the console; the camera moves `step` world units along its heading per frame.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "emu/gif/gif_qword_observer.hpp"
#include "emu/gs/gs.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/system_config.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/png/png.hpp"
#include "formats/rc2/level.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/overview_camera.hpp"
#include "harness/run/final_gs_memory.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

struct LevelRunRequest {
  const formats::rc2::Level* level = nullptr;
  const microcode::Program* program = nullptr;  // the tfrag microcode
  frame::FrameOptions frame;                     // the first frame's camera and the light bank
  uint32_t frames = 1;
  double step = 0;  // world units the camera moves forward per frame
  system::SystemConfig config;
  gs::GsConfig gs;
  bool record_gs_dump = false;
  std::string source;                            // names the level in the GS dump
  gif::GifQwordObserver* observer = nullptr;     // also sees the GIF stream (tests, the strip census)
  std::function<void(uint32_t done, uint32_t total)> progress;  // after each frame
};

// One frame's account.
struct LevelFrameStats {
  std::array<size_t, frame::kLodModeCount> mode_counts{};
  size_t culled = 0;
  uint64_t dma_qwords = 0;  // sent to VIF1 (tags included)
  uint64_t cycles = 0;      // the frame's cycles on the system clock, DMA start to all units idle
  uint64_t microprograms = 0;
  uint64_t vu_cycles = 0;  // VU1 busy: the sum of the microprograms' start-to-end cycles
  uint64_t vu_stall_cycles = 0;
  uint64_t xgkicks = 0;
  gs::GsStats gs;  // what the GS drew in this frame
};

struct LevelRunResult {
  system::RunResult run;  // of the last frame run (the first that failed, if one did)
  std::vector<LevelFrameStats> frames;
  frame::BuiltFrame last_frame;            // the EE's plan of the last frame run
  formats::Image picture;                  // the PCRTC's picture after the last VSync
  FinalGsMemory gs_memory;                 // the 4 MiB GS memory after the last VSync (in the run's GS)
  std::optional<formats::GsDump> gs_dump;  // with record_gs_dump: every frame
  double wall_seconds = 0;                 // building and running the frames, without loading or writing files
};

LevelRunResult run_level(const LevelRunRequest& request);

// The default camera lives with the frame builder (the demo level places its mobies in its view).
using frame::overview_camera;

// The camera after `frames` steps of `step` world units along its heading (yaw and pitch).
frame::Camera advance_camera(const frame::Camera& camera, double step, uint32_t frames);

}  // namespace gcvu::harness
