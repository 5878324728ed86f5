#pragma once
// What a batch's vertices say as a whole (PCSX2 GSVertexTrace): colour and alpha ranges, Q range, whether Z is
// constant and how large it gets. Flat-shaded primitives count only their provoking (last) vertex's colour.

#include <cstdint>
#include <span>

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/primitive/gs_vertex.hpp"

namespace gcvu::gs {

struct VertexTrace {
  DrawSummary summary;
  bool z_equal = false;
  uint32_t z_max = 0;  // largest raw Z
  bool q_equal = false;
};

// `gouraud` is PRIM.IIP (ignored for sprites); `color` false when the colour is unused (DECAL with TCC).
VertexTrace trace_vertices(std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                           int vertices_per_primitive, bool sprite, bool gouraud, bool color, bool texture, bool fst);

// The position range of a textured draw after XYOFFSET (`offset_x`, `offset_y` in 12.4), in pixels, and whether
// its first primitive's texture coordinates run against its positions: the facts GetTextureMinMax's scissor
// adjustment reads, into `summary` (the texel range itself is gs/raster/uv_range.hpp).
void trace_texture_geometry(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, bool fst,
                            uint32_t offset_x, uint32_t offset_y, DrawSummary& summary);

// Whether a sprite draw covers its area without gaps as PCSX2's software renderer judges it
// (GSState::CalculatePrimitiveCoversWithoutGaps with its draw rectangle left at zero): one sprite; or sprites
// under half a pixel wide (or tall) following each other within a pixel; or sprites exactly a frame page tall
// (`page_height`, pixels) stacked edge to edge in columns. `offset_x`/`offset_y` are XYOFFSET (12.4).
bool sprites_without_gaps(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, uint32_t offset_x,
                          uint32_t offset_y, int page_height);

}  // namespace gcvu::gs
