#pragma once
// Synthetic foliage for the generated level: shrub classes written by formats/rc2/shrub_writer in the on-disc
// layout, and the chunk-container stand-in that closes the last shrub span.
//
// The classes (class fixed point: world = value * kShrubScale / 1024; z is up, as in the terrain):
// - 201 bush: three vertical quads crossing at the centre (3 strips of 4, 6 triangles), one packet; billboard.
// - 202 fern: five tapered blades leaning outwards (5 strips of 5, 15 triangles), one packet; no billboard.
// - 203 tree: a square trunk (one strip of 10, 8 triangles) and a crown of twelve crossed quads at two heights
//   (12 strips of 4, 24 triangles); the GS packet limit splits it into two packets; billboard.
// Textures: no foliage textures are added, so the terrain's texture table, texels and CLUTs stay as they were. The
// classes' texture slot 0 holds level texture 0 (grass) and slot 1 level texture 1 (rock, as bark); a packet's
// TEX0_1 data_lo names the slot (shrub_class.hpp). Palettes: 24 directions spread over the sphere by the golden
// angle, each vertex taking the one nearest its face normal.

#include <cstdint>
#include <vector>

#include "formats/rc2/level_writer.hpp"

namespace gcvu::harness {

inline constexpr float kShrubScale = 0.125f;

std::vector<formats::rc2::ClassSource> make_shrub_classes();

// The bytes placed after the last shrub span: the f6 7c marker, then a chunk header carrying only the signature the
// record locates the container by (ends 0xff, ten zero bytes, four 0xf0-tagged offsets). Its contents are not
// modelled.
std::vector<uint8_t> make_chunk_container_stub();

}  // namespace gcvu::harness
