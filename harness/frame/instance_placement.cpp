#include "harness/frame/instance_placement.hpp"

namespace gcvu::harness::frame {

std::array<double, 4> instance_sphere(const Instance& instance, const std::array<float, 4>& class_sphere) {
  const auto& a = instance.axes;
  const auto& c = class_sphere;
  std::array<double, 4> sphere{};
  for (size_t i = 0; i < 3; ++i) sphere[i] = instance.position[i] + a[0][i] * c[0] + a[1][i] * c[1] + a[2][i] * c[2];
  sphere[3] = largest_axis_length(a) * c[3];
  return sphere;
}

bool instance_visible(const Camera& camera, const std::array<double, 4>& sphere) {
  return sphere_inside_guard_band(camera, sphere) &&
         !sphere_outside_frustum(camera, {static_cast<float>(sphere[0]), static_cast<float>(sphere[1]),
                                          static_cast<float>(sphere[2]), static_cast<float>(sphere[3])});
}

}  // namespace gcvu::harness::frame
