#include "harness/run/demo_scene.hpp"

#include <cmath>
#include <numbers>

#include "harness/gen_level/demo_instances.hpp"
#include "microcode/moby/moby_program.hpp"
#include "microcode/shrub/shrub_program.hpp"

namespace gcvu::harness {

frame::FrameOptions scene_frame_options(const formats::rc2::Level& level, const frame::Camera& camera,
                                        bool place_demo_shrubs, uint64_t seed) {
  frame::FrameOptions options;
  options.camera = camera;
  options.shrub_program = &microcode::shrub::shrub_program();
  options.moby_program = &microcode::moby::moby_program();
  if (place_demo_shrubs) {
    const double yaw = camera.yaw * std::numbers::pi / 180.0;
    const std::array<double, 2> look = {camera.x + kDemoLookDistance * std::cos(yaw),
                                        camera.y + kDemoLookDistance * std::sin(yaw)};
    options.instances = place_demo_instances(level, seed, {kDemoShrubs, kDemoMobies}, look);
    for (frame::Instance& instance : options.instances) {
      if (instance.kind == frame::InstanceKind::kMoby) instance.scale = kDemoMobyScale;
    }
  }
  return options;
}

}  // namespace gcvu::harness
