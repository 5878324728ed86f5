#pragma once
// A shrub or moby placed in the world: which class, where, its axes (turn and scale), its tint. Instances come from
// the level's gameplay file (formats/rc2/gameplay.hpp, turned into these by level_instances.hpp); tests may place
// their own.

#include <array>
#include <cstddef>
#include <cstdint>

namespace gcvu::harness::frame {

enum class InstanceKind : uint8_t { kShrub, kMoby };

using InstanceAxes = std::array<std::array<double, 3>, 3>;

struct Instance {
  InstanceKind kind = InstanceKind::kShrub;
  size_t class_index = 0;              // into the level's shrub or moby class table (core_index)
  std::array<double, 3> position{};    // world units, Z up
  // The class's x, y and z axes in the world: the columns of the instance's linear map (lengths = its scale).
  InstanceAxes axes = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  uint32_t colour = 0x80808080;        // RGBA tint (R in the low byte; 0x80 = 1.0)
  double animation_phase = 0;          // mobies: where in its animation the instance is at frame 0 (seconds)
};

// Axes turned by `yaw_degrees` about +Z and scaled by `scale`.
InstanceAxes axes_turned_about_z(double yaw_degrees, double scale);

// The length of the longest axis: what a class-space radius grows by.
double largest_axis_length(const InstanceAxes& axes);

// Axis k divided by its length (a zero axis stays zero).
std::array<double, 3> unit_axis(const InstanceAxes& axes, size_t k);

}  // namespace gcvu::harness::frame
