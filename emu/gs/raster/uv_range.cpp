#include "emu/gs/raster/uv_range.hpp"

#include <algorithm>
#include <cfloat>

namespace gcvu::gs {
namespace {

float texture_size(uint32_t log2) { return float(int32_t(uint32_t{1} << log2)); }

// The Q a vertex's S and T are divided by in the trace: a sprite's second vertex's.
float traced_q(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, size_t i, bool sprite) {
  return sprite ? vertices[indices[i - i % 2 + 1]].q : vertices[indices[i]].q;
}

}  // namespace

UvRange trace_uv_range(std::span<const GsVertex> vertices, std::span<const uint32_t> indices, bool sprite, bool fst,
                       uint32_t tw, uint32_t th) {
  float lo[2] = {FLT_MAX, FLT_MAX}, hi[2] = {-FLT_MAX, -FLT_MAX};
  for (size_t i = 0; i < indices.size(); ++i) {
    const GsVertex& v = vertices[indices[i]];
    float st[2];
    if (fst) {
      st[0] = float(v.u);
      st[1] = float(v.v);
    } else {
      const float q = traced_q(vertices, indices, i, sprite);
      st[0] = v.s / q;
      st[1] = v.t / q;
    }
    for (int c = 0; c < 2; ++c) {
      if (st[c] != st[c]) continue;  // NaN lanes keep their old extremes
      lo[c] = std::min(lo[c], st[c]);
      hi[c] = std::max(hi[c], st[c]);
    }
  }
  const float scale[2] = {fst ? 1.0f / 16 : texture_size(tw), fst ? 1.0f / 16 : texture_size(th)};
  return {lo[0] * scale[0], lo[1] * scale[1], hi[0] * scale[0], hi[1] * scale[1]};
}

void lower_uv_min(UvRange& range, std::span<const GsVertex> rounded, std::span<const uint32_t> indices, bool sprite,
                  uint32_t tw, uint32_t th) {
  for (size_t i = 0; i < indices.size(); ++i) {
    const GsVertex& v = rounded[indices[i]];
    const float q = traced_q(rounded, indices, i, sprite);
    range.u_min = std::min(range.u_min, (v.s / q) * texture_size(tw));
    range.v_min = std::min(range.v_min, (v.t / q) * texture_size(th));
  }
}

UvRange retrace_uv_range(std::span<const GsVertex> rewritten, int vertices_per_primitive, bool sprite, uint32_t tw,
                         uint32_t th) {
  const size_t n = size_t(std::max(vertices_per_primitive, 1));
  float lo[2] = {FLT_MAX, FLT_MAX}, hi[2] = {-FLT_MAX, -FLT_MAX};
  // minps/maxps keep the new value when either is NaN.
  auto min_ps = [](float a, float b) { return a < b ? a : b; };
  auto max_ps = [](float a, float b) { return a > b ? a : b; };
  for (size_t first = 0; first + n <= rewritten.size(); first += n) {
    for (size_t j = 0; j < n; ++j) {
      const GsVertex& v = rewritten[first + j];
      const float q = sprite ? v.q : rewritten[std::min(first + 1, rewritten.size() - 1)].q;
      lo[0] = min_ps(lo[0], v.s / q);
      lo[1] = min_ps(lo[1], v.t / q);
      hi[0] = max_ps(hi[0], v.s / q);
      hi[1] = max_ps(hi[1], v.t / q);
    }
  }
  const float scale[2] = {texture_size(tw), texture_size(th)};
  return {lo[0] * scale[0], lo[1] * scale[1], hi[0] * scale[0], hi[1] * scale[1]};
}

void set_uv_range(DrawSummary& summary, const UvRange& range) {
  summary.has_uv_range = true;
  summary.u_min = range.u_min;
  summary.v_min = range.v_min;
  summary.u_max = range.u_max;
  summary.v_max = range.v_max;
}

}  // namespace gcvu::gs
