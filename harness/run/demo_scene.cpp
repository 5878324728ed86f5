#include "harness/run/demo_scene.hpp"

#include "harness/frame/level_instances.hpp"
#include "microcode/moby/moby_program.hpp"
#include "microcode/shrub/shrub_program.hpp"

namespace gcvu::harness {

frame::FrameOptions scene_frame_options(const formats::rc2::Level& level, const frame::Camera& camera) {
  frame::FrameOptions options;
  options.camera = camera;
  options.shrub_program = &microcode::shrub::shrub_program();
  options.moby_program = &microcode::moby::moby_program();
  if (level.gameplay) options.instances = frame::level_instances(level.index, *level.gameplay);
  return options;
}

}  // namespace gcvu::harness
