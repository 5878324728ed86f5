#pragma once
// Synthetic moby classes for generated levels, in the on-disc layout of formats/rc2/moby_class_writer. No game data.
//
// Shapes (the numbers tests derive counts from):
// - crate (R&C2 format, rigid, one joint): a cube of half-size 1 world unit.
//     high LOD packet 0: the 8 corners (unblended, IDs 0..7), one texture switch opening a 14-vertex strip
//       (12 triangles); packet 1: the lid quad (+y face) drawn from 2 own corners (6, 7; IDs 8, 9) and 2
//       duplicates taken from the vertex cache (slots 2 and 3: corners 2 and 3, written by packet 0), a 4-vertex
//       strip (2 triangles);
//     low LOD packet: the 8 corners again, no texture switch, the same 14-vertex strip (12 triangles).
// - limb (R&C1 format, 3 joints): a square tube along +y, 4 rings of 4 vertices at y = 0, 1, 2, 3 units; ring 1
//   blends joints 0 and 1 (two-way), ring 2 blends joints 0, 1, 2 (three-way), rings 0 and 3 follow joints 0 and 2
//   unblended. One packet: three segment strips of 10 vertices each, the first two vertices of segments 2 and 3
//   not kicked (so no bridging triangles): 3 x 8 = 24 triangles. Its part table ends with the record's second
//   termination shape (vertex_offset 0, next_part 0, a count).
// Positions are fixed point, 1024 per unit at scale 1 (wrench: position * scale / 1024).

#include <cstdint>
#include <vector>

#include "formats/rc2/level_writer.hpp"
#include "formats/rc2/moby_class_writer.hpp"

namespace gcvu::harness {

inline constexpr uint32_t kCrateClassNumber = 500;
inline constexpr uint32_t kLimbClassNumber = 501;

formats::rc2::MobyClassSource make_crate_class();
formats::rc2::MobyClassSource make_limb_class();

// The level's moby classes: crate and limb with geometry, plus entries without geometry (as on the disc).
std::vector<formats::rc2::ClassSource> make_moby_class_sources();

}  // namespace gcvu::harness
