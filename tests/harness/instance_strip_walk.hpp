#pragma once
// The PATH1 strips of a drawn frame, walked in chain order (terrain, then shrub calls, then moby packets), each
// compared with what formats/rc2 reads from the stored data: per terrain patch its LOD's strips; per shrub call (a
// run of one class, ten instances at most), per packet, per instance, the packet's primitives with their vertex
// counts and the triangles the format says; per moby packet one strip whose vertices equal the stored stream's
// and whose kicked triangles equal kicked_triangles(). The expectations come from the parser, independent of the
// microcode and the frame builder. Shared by the shrub, moby and level-folder pipeline tests.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/run/strip_census.hpp"

namespace gcvu::harness {

// How many strips the drawn terrain patches kick.
size_t terrain_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built);

// Walks the shrub calls from strips[next], advancing `next`; returns the triangles they drew.
uint64_t expect_shrub_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built,
                             const std::vector<KickedStrip>& strips, size_t& next);

// Walks the moby packets from strips[next], advancing `next`; returns the triangles kicked.
uint64_t expect_moby_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built,
                            const std::vector<KickedStrip>& strips, size_t& next);

}  // namespace gcvu::harness
