#pragma once
// A shrub or moby placed in the world: which class, where, turned how far about the up axis, and how large.
// The record does not locate instance tables on the disc (they live in the gameplay extent, which it does not
// parse), so instances come from the scene gcvu draws: the demo places its own (harness/gen_level/demo_instances).

#include <array>
#include <cstddef>
#include <cstdint>

namespace gcvu::harness::frame {

enum class InstanceKind : uint8_t { kShrub, kMoby };

struct Instance {
  InstanceKind kind = InstanceKind::kShrub;
  size_t class_index = 0;              // into the level's shrub or moby classes
  std::array<double, 3> position{};    // world units, Z up
  double yaw_degrees = 0;              // about +Z
  double scale = 1;
  uint32_t colour = 0x80808080;        // RGBA tint (R in the low byte; 0x80 = 1.0)
  double animation_phase = 0;          // mobies: where in its animation the instance is at frame 0 (seconds)
};

}  // namespace gcvu::harness::frame
