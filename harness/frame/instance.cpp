#include "harness/frame/instance.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gcvu::harness::frame {

namespace {

double length(const std::array<double, 3>& v) { return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

}  // namespace

InstanceAxes axes_turned_about_z(double yaw_degrees, double scale) {
  const double yaw = yaw_degrees * std::numbers::pi / 180.0;
  return {{{std::cos(yaw) * scale, std::sin(yaw) * scale, 0},
           {-std::sin(yaw) * scale, std::cos(yaw) * scale, 0},
           {0, 0, scale}}};
}

double largest_axis_length(const InstanceAxes& axes) {
  return std::max({length(axes[0]), length(axes[1]), length(axes[2])});
}

std::array<double, 3> unit_axis(const InstanceAxes& axes, size_t k) {
  const double l = length(axes[k]);
  if (l == 0) return {0, 0, 0};
  return {axes[k][0] / l, axes[k][1] / l, axes[k][2] / l};
}

}  // namespace gcvu::harness::frame
