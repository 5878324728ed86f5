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

}  // namespace gcvu::gs
