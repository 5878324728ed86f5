// The texel range of the vertex trace that GetSizeFixedTEX0 sizes textures from (PCSX2 GSVertexTraceFMM
// FindMinMax, the FlushPrim rounding's update of the minimum, RewriteVerticesIfSTOverflow's retrace). Expected
// values are worked by hand for TW = 4, TH = 3 (16 x 8 texels).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "emu/gs/raster/uv_range.hpp"

namespace gcvu::gs {
namespace {

GsVertex stq(float s, float t, float q) {
  GsVertex v;
  v.s = s;
  v.t = t;
  v.q = q;
  return v;
}

GsVertex uv(uint32_t u, uint32_t v) {
  GsVertex r;
  r.u = u;
  r.v = v;
  return r;
}

TEST(UvRange, FstTracesUvOver16) {
  const std::vector<GsVertex> vs{uv(40, 8), uv(160, 24), uv(88, 100)};
  const UvRange r = trace_uv_range(vs, std::vector<uint32_t>{0, 1, 2}, false, true, 4, 3);
  EXPECT_EQ(r.u_min, 2.5f);
  EXPECT_EQ(r.u_max, 10.0f);
  EXPECT_EQ(r.v_min, 0.5f);
  EXPECT_EQ(r.v_max, 6.25f);
}

TEST(UvRange, StqTracesTheQuotientInTexelsAndSkipsNan) {
  // 0.5/2 * 16 = 4, 0.25/0.5 * 16 = 8; T: 0.5/2 * 8 = 2, 0.25/0.5 * 8 = 4; the NaN S is skipped, its T counts.
  const std::vector<GsVertex> vs{stq(0.5f, 0.5f, 2), stq(0.25f, 0.25f, 0.5f), stq(NAN, 0.75f, 1)};
  const UvRange r = trace_uv_range(vs, std::vector<uint32_t>{0, 1, 2}, false, false, 4, 3);
  EXPECT_EQ(r.u_min, 4.0f);
  EXPECT_EQ(r.u_max, 8.0f);
  EXPECT_EQ(r.v_min, 2.0f);
  EXPECT_EQ(r.v_max, 6.0f);
}

TEST(UvRange, SpritesDivideByTheSecondVertexQ) {
  // Both vertices over Q = 4: S 1/4 * 16 = 4 and 2/4 * 16 = 8 (the first vertex's own Q of 1 is not used).
  const std::vector<GsVertex> vs{stq(1, 1, 1), stq(2, 2, 4)};
  const UvRange r = trace_uv_range(vs, std::vector<uint32_t>{0, 1}, true, false, 4, 3);
  EXPECT_EQ(r.u_min, 4.0f);
  EXPECT_EQ(r.u_max, 8.0f);
  EXPECT_EQ(r.v_min, 2.0f);
  EXPECT_EQ(r.v_max, 4.0f);
}

TEST(UvRange, RoundedValuesLowerOnlyTheMinimum) {
  UvRange r{4, 2, 8, 4};
  // 0.125 * 16 = 2 lowers u_min; 1.0 * 16 = 16 does not raise u_max; T 0.5 * 8 = 4 leaves v_min.
  const std::vector<GsVertex> rounded{stq(0.125f, 0.5f, 1), stq(1, 0.5f, 1)};
  lower_uv_min(r, rounded, std::vector<uint32_t>{0, 1}, false, 4, 3);
  EXPECT_EQ(r.u_min, 2.0f);
  EXPECT_EQ(r.u_max, 8.0f);
  EXPECT_EQ(r.v_min, 2.0f);
  EXPECT_EQ(r.v_max, 4.0f);
}

TEST(UvRange, RetraceDividesATriangleByItsSecondVertexQ) {
  // Q of vertex 1 (2) for all three: S 1/2, 2/2, 4/2 times 16 = 8, 16, 32.
  const std::vector<GsVertex> rewritten{stq(1, 1, 1), stq(2, 2, 2), stq(4, 4, 4)};
  const UvRange r = retrace_uv_range(rewritten, 3, false, 4, 3);
  EXPECT_EQ(r.u_min, 8.0f);
  EXPECT_EQ(r.u_max, 32.0f);
  EXPECT_EQ(r.v_min, 4.0f);
  EXPECT_EQ(r.v_max, 16.0f);
}

}  // namespace
}  // namespace gcvu::gs
