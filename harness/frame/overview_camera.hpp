#pragma once
// The default view of a level: what `gcvu run` and `--level` show, and where the demo level's mobies are placed to
// be seen (harness/gen_level/demo_level.hpp).

#include "formats/rc2/level.hpp"
#include "harness/frame/camera.hpp"

namespace gcvu::harness::frame {

// A camera that overlooks the level: above the corner of its patches' bounding spheres with the least x and y,
// looking across the level's middle, pitched down 12 degrees.
Camera overview_camera(const formats::rc2::Level& level);

}  // namespace gcvu::harness::frame
