// trace_vertices' colour range (the four channels' minimum and maximum taken as packed bytes) against a channel by
// channel reference written here: a cross-check between two gcvu computations, not proof against PCSX2 (the golden
// corpus is that). Seeded random batches of few or many vertices, colours from a small set (so ranges collapse and
// all-0x80 batches occur), flat and Gouraud, triangles and sprites.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "emu/gs/primitive/vertex_trace.hpp"

namespace gcvu::gs {
namespace {

struct ColourRange {
  uint32_t alpha_min = 0, alpha_max = 0;
  bool equal = false, all_0x80 = false;
};

ColourRange reference_range(const std::vector<GsVertex>& vertices, const std::vector<uint32_t>& indices, int n,
                            bool all_vertices) {
  std::array<uint32_t, 4> lo{255, 255, 255, 255}, hi{0, 0, 0, 0};
  for (size_t i = 0; i < indices.size(); ++i) {
    if (!all_vertices && int(i % size_t(n)) != n - 1) continue;
    for (int c = 0; c < 4; ++c) {
      const uint32_t value = (vertices[indices[i]].rgba >> (8 * c)) & 0xff;
      lo[size_t(c)] = std::min(lo[size_t(c)], value);
      hi[size_t(c)] = std::max(hi[size_t(c)], value);
    }
  }
  ColourRange r;
  r.alpha_min = lo[3], r.alpha_max = hi[3];
  r.equal = lo == hi;
  r.all_0x80 = r.equal && lo == std::array<uint32_t, 4>{0x80, 0x80, 0x80, 0x80};
  return r;
}

TEST(VertexTraceCrossCheck, ColourRangeMatchesChannelByChannel) {
  std::mt19937 rng(21);
  auto below = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  const uint32_t palette[] = {0x80808080u, 0x80808080u, 0x00000000u, 0xffffffffu, 0x7f808081u, 0x01020304u};
  for (int batch = 0; batch < 20000; ++batch) {
    const bool sprite = below(3) == 0;
    const int n = sprite ? 2 : 3;
    const bool gouraud = below(2) == 0;
    std::vector<GsVertex> vertices(size_t(n) * (below(4) == 0 ? 0 : 1 + below(6)));
    for (GsVertex& v : vertices) v.rgba = below(2) == 0 ? palette[below(6)] : static_cast<uint32_t>(rng());
    std::vector<uint32_t> indices(vertices.size());
    for (size_t i = 0; i < indices.size(); ++i) indices[i] = uint32_t(i);
    const VertexTrace trace = trace_vertices(vertices, indices, n, sprite, gouraud, true, false, false);
    const ColourRange want = reference_range(vertices, indices, n, gouraud && !sprite);
    ASSERT_EQ(trace.summary.alpha_min, want.alpha_min) << "batch " << batch;
    ASSERT_EQ(trace.summary.alpha_max, want.alpha_max) << "batch " << batch;
    ASSERT_EQ(trace.summary.colors_equal, want.equal) << "batch " << batch;
    ASSERT_EQ(trace.summary.colors_all_0x80, want.all_0x80) << "batch " << batch;
  }
}

}  // namespace
}  // namespace gcvu::gs
