#pragma once
// gen-level's instance writer: demo placements as the records of a gameplay file (formats/rc2/gameplay.hpp), in
// the on-disc layout. Values the format fixes are written as the loader checks them; the rest are our choices:
// - shrubs: matrix = the placement's yaw and scale as axes, then the position (w 0.01); draw distance
//   kDemoDrawDistance; colour 128, 128, 128; dir_lights 0;
// - mobies: scale `moby_scale`, rotation (0, 0, yaw in radians), draw and update distance kDemoDrawDistance,
//   colour 128, 128, 128; uid 100 (n + 1) + the placement's phase hundredths (the frame builder's animation phase
//   is the uid modulo 100, harness/frame/level_instances.hpp); mission, bolts, light, occlusion and mode bits 0;
//   group and pvar index -1 (none); the spawnable count word = the instance count;
// - class lists: the classes the instances use, in first-use order.

#include <vector>

#include "formats/rc2/gameplay.hpp"
#include "formats/rc2/level.hpp"
#include "harness/gen_level/demo_instances.hpp"

namespace gcvu::harness {

inline constexpr float kDemoDrawDistance = 256.0f;

formats::rc2::Gameplay demo_gameplay(const formats::rc2::CoreIndex& index,
                                     const std::vector<DemoPlacement>& placements, float moby_scale);

}  // namespace gcvu::harness
