#pragma once
// Where the demo puts its shrubs and mobies: on the terrain's own vertices (so they stand on the surface at every
// LOD's corners), chosen with a seeded generator so the same seed gives the same scene. demo_level.hpp writes them
// into the level's gameplay file.

#include <array>
#include <cstdint>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/instance.hpp"

namespace gcvu::harness {

struct DemoInstanceCounts {
  size_t shrubs = 0;  // spread over the level's shrub classes
  size_t mobies = 0;  // spread over the level's moby classes
};

struct DemoPlacement {
  frame::InstanceKind kind = frame::InstanceKind::kShrub;
  size_t class_index = 0;  // into the level's shrub or moby class table
  std::array<double, 3> position{};
  double yaw_degrees = 0;  // a whole number of degrees about +Z
  double scale = 1;        // shrubs: 1.5 + k/64; mobies: 1 (the level writer sets theirs)
  uint32_t phase_hundredths = 0;  // mobies: where in its animation it starts, 0..99 hundredths of a second
};

// Placements of the level's shrub and moby classes that have geometry. `near` (world x, y) is where mobies
// gather: within 48 units of it, nearest patches first.
std::vector<DemoPlacement> place_demo_instances(const formats::rc2::Level& level, uint64_t seed,
                                                DemoInstanceCounts counts, std::array<double, 2> near);

}  // namespace gcvu::harness
