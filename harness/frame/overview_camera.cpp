#include "harness/frame/overview_camera.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gcvu::harness::frame {

Camera overview_camera(const formats::rc2::Level& level) {
  std::array<double, 3> low{}, high{};
  for (size_t i = 0; i < level.patches.size(); ++i) {
    const auto& sphere = level.patches[i].header.bounding_sphere;
    for (size_t axis = 0; axis < 3; ++axis) {
      low[axis] = i == 0 ? sphere[axis] : std::min<double>(low[axis], sphere[axis]);
      high[axis] = i == 0 ? sphere[axis] : std::max<double>(high[axis], sphere[axis]);
    }
  }
  Camera camera;
  camera.x = low[0] - 8;
  camera.y = low[1] - 8;
  camera.z = high[2] + 24;
  const double to_x = (low[0] + high[0]) / 2 - camera.x;
  const double to_y = (low[1] + high[1]) / 2 - camera.y;
  camera.yaw = std::atan2(to_y, to_x) * 180.0 / std::numbers::pi;
  camera.pitch = -12;
  return camera;
}

}  // namespace gcvu::harness::frame
