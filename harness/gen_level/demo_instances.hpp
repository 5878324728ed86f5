#pragma once
// Where the demo puts its shrubs and mobies: on the terrain's own vertices (so they stand on the surface at every
// LOD's corners), chosen with a seeded generator so the same seed gives the same scene.

#include <cstdint>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/instance.hpp"

namespace gcvu::harness {

struct DemoInstanceCounts {
  size_t shrubs = 0;  // spread over the level's shrub classes
  size_t mobies = 0;  // spread over the level's moby classes
};

// Instances of the level's shrub and moby classes that have geometry. `near` (world x, y) is where mobies
// gather: within 48 units of it, nearest patches first.
std::vector<frame::Instance> place_demo_instances(const formats::rc2::Level& level, uint64_t seed,
                                                  DemoInstanceCounts counts, std::array<double, 2> near);

}  // namespace gcvu::harness
