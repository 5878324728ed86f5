#pragma once
// PCSX2's rewrite of STQ vertices whose S/Q or T/Q would overflow its 16.16 texel coordinates
// (GSRendererSW::RewriteVerticesIfSTOverflow, from the hardware test huge-st-2; reference/gs.md §2): with CLAMP or
// REGION_CLAMP, a primitive's coordinate beyond +-(2^15 - 2) texels is pinned there (mixed signs or NaN give 0),
// and Q becomes 1.0 when both S and T are rewritten.

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/primitive/gs_vertex.hpp"

namespace gcvu::gs {

// When the draw needs the rewrite, fills `vertices`/`indices` with the rewritten, de-indexed primitives and
// returns true; otherwise leaves them alone and returns false. `traced_vertices` are the vertices as the vertex
// trace saw them before the texel coordinate rounding (gs/raster/st_rounding.hpp), indexed like `in_vertices`;
// empty when nothing was rounded.
bool rewrite_st_overflow(const DrawState& state, std::span<const GsVertex> in_vertices,
                         std::span<const uint32_t> in_indices, int vertices_per_primitive, bool sprite,
                         std::vector<GsVertex>& vertices, std::vector<uint32_t>& indices,
                         std::span<const GsVertex> traced_vertices = {});

}  // namespace gcvu::gs
