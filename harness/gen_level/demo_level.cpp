#include "harness/gen_level/demo_level.hpp"

#include <cmath>
#include <numbers>

#include "formats/rc2/level.hpp"
#include "harness/frame/overview_camera.hpp"
#include "harness/gen_level/demo_gameplay.hpp"
#include "harness/gen_level/demo_instances.hpp"

namespace gcvu::harness {

formats::rc2::LevelFiles write_demo_level(const HeightFieldParameters& parameters) {
  formats::rc2::LevelFiles files = formats::rc2::write_level(make_height_field_level(parameters));
  const formats::rc2::Level level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo");
  const frame::Camera camera = frame::overview_camera(level);
  const double yaw = camera.yaw * std::numbers::pi / 180.0;
  const std::array<double, 2> look = {camera.x + kDemoLookDistance * std::cos(yaw),
                                      camera.y + kDemoLookDistance * std::sin(yaw)};
  const std::vector<DemoPlacement> placements =
      place_demo_instances(level, parameters.seed, {kDemoShrubs, kDemoMobies}, look);
  files.gameplay = formats::rc2::write_gameplay(demo_gameplay(level.index, placements, kDemoMobyScale));
  return files;
}

}  // namespace gcvu::harness
