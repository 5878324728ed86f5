#include "harness/frame/instance_placement.hpp"

#include <cmath>
#include <numbers>

namespace gcvu::harness::frame {

std::array<double, 4> instance_sphere(const Instance& instance, const std::array<float, 4>& class_sphere) {
  const double yaw = instance.yaw_degrees * std::numbers::pi / 180.0;
  const auto& c = class_sphere;
  const double s = instance.scale;
  return {instance.position[0] + s * (std::cos(yaw) * c[0] - std::sin(yaw) * c[1]),
          instance.position[1] + s * (std::sin(yaw) * c[0] + std::cos(yaw) * c[1]), instance.position[2] + s * c[2],
          s * c[3]};
}

bool instance_visible(const Camera& camera, const std::array<double, 4>& sphere) {
  return sphere_inside_guard_band(camera, sphere) &&
         !sphere_outside_frustum(camera, {static_cast<float>(sphere[0]), static_cast<float>(sphere[1]),
                                          static_cast<float>(sphere[2]), static_cast<float>(sphere[3])});
}

}  // namespace gcvu::harness::frame
