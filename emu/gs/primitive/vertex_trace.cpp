#include "emu/gs/primitive/vertex_trace.hpp"

#include <algorithm>
#include <cfloat>

namespace gcvu::gs {

VertexTrace trace_vertices(std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                           int vertices_per_primitive, bool sprite, bool gouraud, bool color, bool texture, bool fst) {
  VertexTrace trace;
  uint32_t cmin[4] = {255, 255, 255, 255}, cmax[4] = {0, 0, 0, 0};
  float qmin = FLT_MAX, qmax = -FLT_MAX;
  uint32_t zmin = 0xffffffffu, zmax = 0;
  const int n = std::max(vertices_per_primitive, 1);
  const bool all_vertices_colour = gouraud && !sprite;
  for (size_t i = 0; i < indices.size(); ++i) {
    const GsVertex& v = vertices[indices[i]];
    const bool provoking = int(i % size_t(n)) == n - 1;
    if (color && (all_vertices_colour || provoking)) {
      for (int c = 0; c < 4; ++c) {
        cmin[c] = std::min(cmin[c], vertex_channel(v.rgba, c));
        cmax[c] = std::max(cmax[c], vertex_channel(v.rgba, c));
      }
    }
    if (texture && !fst) {
      // NaN Q is skipped, as PCSX2 skips NaN entries.
      if (v.q == v.q) {
        qmin = std::min(qmin, v.q);
        qmax = std::max(qmax, v.q);
      }
    }
    // Sprites trace the second vertex's Z for both.
    const uint32_t z = sprite ? vertices[indices[i - (i % 2) + 1]].z : v.z;
    zmin = std::min(zmin, z);
    zmax = std::max(zmax, z);
  }
  DrawSummary& s = trace.summary;
  if (texture && !fst && qmin <= qmax) {
    s.q_min = qmin;
    s.q_max = qmax;
  }
  if (color) {
    s.alpha_min = cmin[3];
    s.alpha_max = cmax[3];
    s.colors_equal = cmin[0] == cmax[0] && cmin[1] == cmax[1] && cmin[2] == cmax[2] && cmin[3] == cmax[3];
    s.colors_all_0x80 = s.colors_equal && cmin[0] == 0x80 && cmin[1] == 0x80 && cmin[2] == 0x80 && cmin[3] == 0x80;
  }
  trace.q_equal = s.q_min == s.q_max;
  trace.z_equal = !indices.empty() && zmin == zmax;
  trace.z_max = zmax;
  return trace;
}

}  // namespace gcvu::gs
