#pragma once
// The demo level: the height-field level (height_field_level.hpp) with its shrubs and mobies placed
// (demo_instances.hpp) and written into gameplay.bin (demo_gameplay.hpp). What `gcvu gen-level` writes and what
// `gcvu run` draws with no --level, so both hold the same bytes.

#include <cstddef>

#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"

namespace gcvu::harness {

inline constexpr size_t kDemoShrubs = 160;
inline constexpr size_t kDemoMobies = 6;
inline constexpr double kDemoLookDistance = 75.0;  // world units ahead of the overview camera: mobies gather there
inline constexpr float kDemoMobyScale = 5.0f;      // the generated classes are 2-3 units: large enough to see

// The level's files with gameplay.bin: kDemoShrubs shrubs and kDemoMobies mobies placed by the level's seed, the
// mobies near the point kDemoLookDistance ahead of the overview camera (harness/frame/overview_camera.hpp) so its
// default view shows them.
formats::rc2::LevelFiles write_demo_level(const HeightFieldParameters& parameters);

}  // namespace gcvu::harness
