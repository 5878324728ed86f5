#pragma once
// What `gcvu run` draws besides a level's terrain: the programs for each pass and the shrubs and mobies the level's
// gameplay file places (none when it has no gameplay.bin). Shared by the command and the benchmarks so both draw
// the same frame.

#include "formats/rc2/level.hpp"
#include "harness/frame/frame_builder.hpp"

namespace gcvu::harness {

// Frame options for `camera`: the shrub and moby programs set, and the level's instances
// (harness/frame/level_instances.hpp).
frame::FrameOptions scene_frame_options(const formats::rc2::Level& level, const frame::Camera& camera);

}  // namespace gcvu::harness
