#pragma once
// The shrubs and mobies a level's gameplay file places (formats/rc2/gameplay.hpp), as the frame builder's
// instances.
// - Class: the first core_index entry whose class number is the record's o_class (the loader checked one exists).
// - Shrubs: the record's matrix gives the axes (its first three vectors) and the position (the fourth).
// - Mobies: axes = scale * Rz * Ry * Rx from the record's rotation in radians, wrench's reading
//   (src/instancemgr/instance.cpp set_from_pos_rot_scale); position as stored.
// - Tint: the record's r, g, b with alpha 0x80.
// - Animation phase (ours: the disc has none, and the animation itself is the frame builder's, moby_pose.hpp): uid
//   modulo 100, in hundredths of a second, so instances of one class do not move in step.
// Draw distances, lights and the other moby fields are not used.

#include <vector>

#include "formats/rc2/core_index.hpp"
#include "formats/rc2/gameplay.hpp"
#include "harness/frame/instance.hpp"

namespace gcvu::harness::frame {

// Shrubs first, then mobies, each in record order.
std::vector<Instance> level_instances(const formats::rc2::CoreIndex& index, const formats::rc2::Gameplay& gameplay);

// The axes a moby record's scale and rotation (radians about x, y, z) give.
InstanceAxes moby_axes(float scale, const std::array<float, 3>& rotation);

}  // namespace gcvu::harness::frame
