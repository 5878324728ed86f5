#pragma once
// A synthetic R&C2 level: a seeded height field cut into square patches, each with all three LOD tiers, written in
// the on-disc layout by formats/rc2/level_writer. No game data is involved.
//
// Shape (the numbers tests derive counts from):
// - each patch is kQuadsPerPatch x kQuadsPerPatch quads; LOD 0 draws every vertex (5 x 5 = 25 positions), LOD 1
//   every second (3 x 3 = 9), LOD 2 the four corners. Position tiers: common = the 4 corners, LOD 0+1 = the other
//   5 of the 3 x 3 grid, LOD 0 only = the remaining 16; vert_count = 25.
// - each LOD is one triangle strip per row of quads: a row of n quads is 2(n + 1) vertices, 2n triangles, so LOD 0
//   draws 4 strips / 32 triangles (tri_count), LOD 1 2 strips / 8, LOD 2 1 strip / 2.
// - two ad-gifs per patch (rows alternate between them), each naming one of kTextureCount 32 x 32 textures.
// - patches are laid out row-major on a grid ceil(sqrt(N)) wide; heights are continuous across patch edges.
// Positions are fixed point, 1024 per world unit (i16 spans the record's +-32 units around the patch origin).

#include <cstdint>

#include "formats/rc2/level_writer.hpp"

namespace gcvu::harness {

inline constexpr int kQuadsPerPatch = 4;
inline constexpr int kCellUnits = 4;  // world units per quad
inline constexpr int kFixedPerUnit = 1024;
inline constexpr int kTextureCount = 4;
inline constexpr int kTextureWidth = 32;

struct HeightFieldParameters {
  uint64_t seed = 1;
  uint32_t patches = 16;
};

formats::rc2::LevelSource make_height_field_level(const HeightFieldParameters& parameters);

}  // namespace gcvu::harness
