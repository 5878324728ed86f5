#include "emu/gs/primitive/vertex_trace.hpp"

#include <emmintrin.h>

#include <algorithm>
#include <cfloat>
#include <cstdlib>

namespace gcvu::gs {

VertexTrace trace_vertices(std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                           int vertices_per_primitive, bool sprite, bool gouraud, bool color, bool texture, bool fst) {
  VertexTrace trace;
  // Each channel's range, the four bytes of RGBA side by side (unsigned byte minimum and maximum).
  __m128i cmin = _mm_set1_epi8(-1), cmax = _mm_setzero_si128();
  float qmin = FLT_MAX, qmax = -FLT_MAX;
  uint32_t zmin = 0xffffffffu, zmax = 0;
  const int n = std::max(vertices_per_primitive, 1);
  const bool all_vertices_colour = gouraud && !sprite;
  for (size_t i = 0; i < indices.size(); ++i) {
    const GsVertex& v = vertices[indices[i]];
    const bool provoking = int(i % size_t(n)) == n - 1;
    if (color && (all_vertices_colour || provoking)) {
      const __m128i rgba = _mm_cvtsi32_si128(static_cast<int32_t>(v.rgba));
      cmin = _mm_min_epu8(cmin, rgba);
      cmax = _mm_max_epu8(cmax, rgba);
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
    const auto lowest = static_cast<uint32_t>(_mm_cvtsi128_si32(cmin));
    const auto highest = static_cast<uint32_t>(_mm_cvtsi128_si32(cmax));
    s.alpha_min = vertex_channel(lowest, 3);
    s.alpha_max = vertex_channel(highest, 3);
    s.colors_equal = lowest == highest;
    s.colors_all_0x80 = s.colors_equal && lowest == 0x80808080u;
  }
  trace.q_equal = s.q_min == s.q_max;
  trace.z_equal = !indices.empty() && zmin == zmax;
  trace.z_max = zmax;
  return trace;
}

void trace_texture_geometry(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, bool fst,
                            uint32_t offset_x, uint32_t offset_y, DrawSummary& summary) {
  uint32_t xmin = 0xffff, ymin = 0xffff, xmax = 0, ymax = 0;
  for (const uint32_t index : indices) {
    const GsVertex& v = vertices[index];
    xmin = std::min(xmin, v.x), xmax = std::max(xmax, v.x), ymin = std::min(ymin, v.y), ymax = std::max(ymax, v.y);
  }
  const float ox = float(offset_x), oy = float(offset_y);
  summary.x_min = (float(xmin) - ox) * (1.0f / 16), summary.x_max = (float(xmax) - ox) * (1.0f / 16);
  summary.y_min = (float(ymin) - oy) * (1.0f / 16), summary.y_max = (float(ymax) - oy) * (1.0f / 16);
  if (indices.size() >= 2) {
    // Both quotients by the first vertex's Q, as PCSX2 compares them.
    const GsVertex& a = vertices[indices[0]];
    const GsVertex& b = vertices[indices[1]];
    const bool u_forward = fst ? a.u < b.u : (a.s / a.q) < (b.s / a.q);
    const bool v_forward = fst ? a.v < b.v : (a.t / a.q) < (b.t / a.q);
    summary.swap_u = u_forward != (a.x < b.x);
    summary.swap_v = v_forward != (a.y < b.y);
  }
}

bool sprites_without_gaps(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, uint32_t offset_x,
                          uint32_t offset_y, int page_height) {
  if (indices.size() < 2) return false;
  if (indices.size() == 2) return true;
  auto x = [&](size_t i) { return int(vertices[indices[i]].x); };
  auto y = [&](size_t i) { return int(vertices[indices[i]].y); };
  const size_t count = indices.size();
  const int first_dx = x(1) - x(0), first_dy = y(1) - y(0);
  // The draw rectangle PCSX2 compares the first sprite's size with is zero in the software renderer.
  if (((first_dx + 8) >> 4) == 0) {
    for (size_t i = 2; i < count; i += 2) {
      const int dy = y(i + 1) - y(i);
      if (std::abs(dy - first_dy) >= 16 || std::abs(y(i) - y(i - 1)) >= 16) return false;
    }
    return true;
  }
  if (((first_dy + 8) >> 4) == 0) {
    const int ofx = int(offset_x);
    for (size_t i = 2; i < count; i += 2) {
      const int dx = x(i + 1) - x(i);
      if (x(i) < x(i - 2)) {
        if (std::abs(dx - (x(i - 2) - ofx)) >= 16 || std::abs(x(i) - ofx) >= 16) return false;
      } else {
        const int dy = y(i + 1) - y(i);
        if ((std::abs(dy - first_dy) >= 16 && i + 2 < count) || std::abs(x(i) - x(i - 1)) >= 16) return false;
      }
    }
    return true;
  }
  if (((first_dy + 8) >> 4) == page_height) {
    int last_x_edge = std::max(x(1), x(0)), last_y_edge = std::max(y(1), y(0));
    for (size_t i = 2; i < count; i += 2) {
      if (y(i + 1) - y(i) != first_dy) return false;
      const int y_start = std::min(y(i + 1), y(i)), x_edge = std::max(x(i + 1), x(i));
      if (last_y_edge != y_start) {
        // Not below the previous one: a new column, from the window's top at the previous column's right edge.
        if (y_start != int(offset_y) || std::min(x(i + 1), x(i)) != last_x_edge) return false;
      } else if (x(i + 1) - x(i) != first_dx || last_x_edge != x_edge) {
        return false;
      }
      last_x_edge = x_edge;
      last_y_edge = std::max(y(i + 1), y(i));
    }
    return true;
  }
  return false;
}

}  // namespace gcvu::gs
