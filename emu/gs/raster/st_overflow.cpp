#include "emu/gs/raster/st_overflow.hpp"

namespace gcvu::gs {

bool rewrite_st_overflow(const DrawState& state, std::span<const GsVertex> in_vertices,
                         std::span<const uint32_t> in_indices, int vertices_per_primitive, bool sprite,
                         std::vector<GsVertex>& vertices, std::vector<uint32_t>& indices,
                         std::span<const GsVertex> traced_vertices) {
  if (!state.prim.tme() || state.prim.fst() || vertices_per_primitive <= 0) return false;
  const float size[2] = {float(1u << state.tex0.tw()), float(1u << state.tex0.th())};
  // The limit is kept in texture-normalised units, as PCSX2 divides it by the size once.
  const float limit[2] = {32766.0f / size[0], 32766.0f / size[1]};
  const bool clamps[2] = {state.clamp.wms() == 1 || state.clamp.wms() == 2,
                          state.clamp.wmt() == 1 || state.clamp.wmt() == 2};
  const size_t n = size_t(vertices_per_primitive);
  auto q_of = [&](size_t first, size_t j) {
    return sprite ? in_vertices[in_indices[first + 1]].q : in_vertices[in_indices[first + j]].q;
  };

  // The draw-wide test, on the vertex trace's range of S/Q and T/Q in texels. PCSX2 traces before it rounds the
  // coordinates, then lowers only the trace's minimum by the rounded values: small values count from both, large
  // values and NaN from the traced ones.
  const std::span<const GsVertex> traced = traced_vertices.empty() ? in_vertices : traced_vertices;
  auto beyond_limit = [&](std::span<const GsVertex> vs, bool large_and_nan) {
    for (size_t i = 0; i < in_indices.size(); ++i) {
      const size_t first = i - i % n;
      const float q = sprite ? vs[in_indices[first + 1]].q : vs[in_indices[i]].q;
      const GsVertex& v = vs[in_indices[i]];
      const float st[2] = {v.s / q, v.t / q};
      for (int c = 0; c < 2; ++c) {
        if (large_and_nan && st[c] != st[c]) return true;
        const float texels = st[c] * size[c];
        if (clamps[c] && (texels <= -limit[c] * size[c] || (large_and_nan && texels >= limit[c] * size[c])))
          return true;
      }
    }
    return false;
  };
  const bool overflow =
      beyond_limit(traced, true) || (traced.data() != in_vertices.data() && beyond_limit(in_vertices, false));
  if (!overflow) return false;

  vertices.resize(in_indices.size());
  indices.resize(in_indices.size());
  for (size_t first = 0; first + n <= in_indices.size(); first += n) {
    bool small[2] = {}, big[2] = {}, nan[2] = {};
    for (size_t j = 0; j < n; ++j) {
      const GsVertex& v = in_vertices[in_indices[first + j]];
      const float q = q_of(first, j);
      const float uv[2] = {v.s / q, v.t / q};
      for (int c = 0; c < 2; ++c) {
        small[c] |= uv[c] <= -limit[c];
        big[c] |= uv[c] >= limit[c];
        nan[c] |= uv[c] != uv[c];
      }
    }
    float replacement[2];
    bool rewrite[2];
    for (int c = 0; c < 2; ++c) {
      replacement[c] = (small[c] && big[c]) || nan[c] ? 0.0f : small[c] ? -limit[c] : big[c] ? limit[c] : 0.0f;
      rewrite[c] = ((small[c] || big[c]) && clamps[c]) || nan[c];
    }
    for (size_t j = 0; j < n; ++j) {
      vertices[first + j] = in_vertices[in_indices[first + j]];
      if (rewrite[0] && rewrite[1]) vertices[first + j].q = 1.0f;
      indices[first + j] = uint32_t(first + j);
    }
    for (size_t j = 0; j < n; ++j) {
      GsVertex& v = vertices[first + j];
      const float q = sprite ? vertices[first + 1].q : v.q;
      if (rewrite[0]) v.s = replacement[0] * q;
      if (rewrite[1]) v.t = replacement[1] * q;
    }
  }
  return true;
}

}  // namespace gcvu::gs
