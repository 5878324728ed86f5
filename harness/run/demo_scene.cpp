#include "harness/run/demo_scene.hpp"

#include "harness/gen_level/demo_instances.hpp"
#include "microcode/shrub/shrub_program.hpp"

namespace gcvu::harness {

frame::FrameOptions scene_frame_options(const formats::rc2::Level& level, const frame::Camera& camera,
                                        bool place_demo_shrubs, uint64_t seed) {
  frame::FrameOptions options;
  options.camera = camera;
  options.shrub_program = &microcode::shrub::shrub_program();
  if (place_demo_shrubs) options.instances = place_demo_instances(level, seed, {kDemoShrubs, 0}, {camera.x, camera.y});
  return options;
}

}  // namespace gcvu::harness
