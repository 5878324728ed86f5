#pragma once
// The texel range of a draw's vertices as PCSX2's vertex trace holds it for GetSizeFixedTEX0 (m_vt.m_min.t.xy,
// m_max.t.xy; reference/gs.md §3 "Wrap"): U/16 on the FST path, S/Q * 2^TW otherwise (a sprite divides by its
// second vertex's Q, NaN quotients are skipped). PCSX2 traces before the texel coordinate rounding, then lowers
// only the minimum by the rounded values; after an ST overflow rewrite it traces the rewritten vertices again.

#include <cstdint>
#include <span>

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/primitive/gs_vertex.hpp"

namespace gcvu::gs {

struct UvRange {
  float u_min = 0, v_min = 0, u_max = 0, v_max = 0;
};

// The trace of the flushed vertices (GSVertexTraceFMM::FindMinMax).
UvRange trace_uv_range(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, bool sprite, bool fst,
                       uint32_t tw, uint32_t th);

// The rounding's update of the minimum (GSState::FlushPrim): each rounded vertex's S/Q, T/Q in texels.
void lower_uv_min(UvRange& range, std::span<const GsVertex> rounded, std::span<const uint32_t> indices, bool sprite,
                  uint32_t tw, uint32_t th);

// The trace after an ST overflow rewrite (RewriteVerticesIfSTOverflow): the rewritten vertices are in primitive
// order, and every vertex of a non-sprite primitive is divided by the Q of the primitive's second vertex, as
// PCSX2's retrace reads it.
UvRange retrace_uv_range(std::span<const GsVertex> rewritten, int vertices_per_primitive, bool sprite, uint32_t tw,
                         uint32_t th);

// Stores the range in the draw summary for GetSizeFixedTEX0.
void set_uv_range(DrawSummary& summary, const UvRange& range);

}  // namespace gcvu::gs
