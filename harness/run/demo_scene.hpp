#pragma once
// What `gcvu run` draws besides a level's terrain: the programs for each pass and, for the demo level, the shrubs
// it places on its terrain (a user's level has no instances gcvu can read: the record does not locate them).
// Shared by the command and the benchmarks so both draw the same frame.

#include <cstddef>
#include <cstdint>

#include "formats/rc2/level.hpp"
#include "harness/frame/frame_builder.hpp"

namespace gcvu::harness {

inline constexpr size_t kDemoShrubs = 160;
inline constexpr size_t kDemoMobies = 6;
inline constexpr double kDemoLookDistance = 75.0;  // world units along the camera's heading where mobies gather
inline constexpr double kDemoMobyScale = 5.0;      // the generated classes are 2-3 units: large enough to see

// Frame options for `camera`: the shrub and moby programs set, and with `place_demo_shrubs` kDemoShrubs shrub
// instances and kDemoMobies moby instances placed by `seed` (harness/gen_level/demo_instances.hpp), the mobies
// near the point kDemoLookDistance ahead of the camera on its heading (so the overview camera sees them).
frame::FrameOptions scene_frame_options(const formats::rc2::Level& level, const frame::Camera& camera,
                                        bool place_demo_shrubs, uint64_t seed);

}  // namespace gcvu::harness
