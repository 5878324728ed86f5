#include "harness/bench/demo_frame_workloads.hpp"

#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::harness {

const formats::rc2::Level& demo_level() {
  static const formats::rc2::Level level = [] {
    auto files = write_demo_level({1, 400});
    return formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  }();
  return level;
}

std::vector<DemoFrameWorkload> demo_frame_workloads() {
  const formats::rc2::Level& level = demo_level();
  const frame::FrameOptions options = scene_frame_options(level, overview_camera(level));
  const microcode::Program& tfrag = microcode::tfrag::tfrag_program();
  const CapturedFrame frame = capture_frame_programs(level, tfrag, options);
  const auto tfrag_end = static_cast<uint32_t>(tfrag.code.size() / 8);
  const auto shrub_end = tfrag_end + static_cast<uint32_t>(options.shrub_program->code.size() / 8);
  std::vector<DemoFrameWorkload> workloads;
  workloads.push_back({"tfrag_frame", programs_starting_in(frame, 0, tfrag_end)});
  workloads.push_back({"shrub_frame", programs_starting_in(frame, tfrag_end, shrub_end)});
  workloads.push_back({"moby_frame", programs_starting_in(frame, shrub_end, vu::kMicroInstructions)});
  return workloads;
}

}  // namespace gcvu::harness
