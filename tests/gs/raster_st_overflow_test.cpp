// The ST overflow rewrite (reference/gs.md §2 RewriteVerticesIfSTOverflow), worked by hand for a 16x16 texture:
// the limit is 32766 / 16 = 2047.875 in S/Q units.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "emu/gs/raster/st_overflow.hpp"

namespace gcvu::gs {
namespace {

DrawState stq_state(uint64_t clamp) {
  DrawState s;
  s.prim.raw = 3 | 1 << 4;                             // triangle, TME, STQ
  s.tex0.raw = uint64_t{4} << 26 | uint64_t{4} << 30;  // 16x16
  s.clamp.raw = clamp;
  return s;
}

GsVertex stq(float s, float t, float q) {
  GsVertex v;
  v.s = s;
  v.t = t;
  v.q = q;
  return v;
}

TEST(StOverflow, BigSUnderClampIsPinnedAtTheLimit) {
  const std::vector<GsVertex> in{stq(6000, 1, 2), stq(6002, 1, 2), stq(6004, 1, 2)};
  const std::vector<uint32_t> idx{0, 1, 2};
  std::vector<GsVertex> out;
  std::vector<uint32_t> out_idx;
  ASSERT_TRUE(rewrite_st_overflow(stq_state(1), in, idx, 3, false, out, out_idx));  // WMS=CLAMP, WMT=REPEAT
  for (const GsVertex& v : out) {
    EXPECT_EQ(v.s, 2047.875f * 2);
    EXPECT_EQ(v.t, 1.0f);  // T is within range and REPEAT
    EXPECT_EQ(v.q, 2.0f);
  }
}

TEST(StOverflow, MixedSignsGiveZeroAndBothAxesResetQ) {
  const std::vector<GsVertex> in{stq(-5000, 5000, 1), stq(5000, 5000, 1), stq(0, 5000, 1)};
  const std::vector<uint32_t> idx{0, 1, 2};
  std::vector<GsVertex> out;
  std::vector<uint32_t> out_idx;
  ASSERT_TRUE(rewrite_st_overflow(stq_state(1 | 1 << 2), in, idx, 3, false, out, out_idx));
  for (const GsVertex& v : out) {
    EXPECT_EQ(v.s, 0.0f);
    EXPECT_EQ(v.t, 2047.875f);
    EXPECT_EQ(v.q, 1.0f);
  }
}

TEST(StOverflow, RepeatDrawsAreLeftAlone) {
  const std::vector<GsVertex> in{stq(6000, 1, 1), stq(6002, 1, 1), stq(6004, 1, 1)};
  const std::vector<uint32_t> idx{0, 1, 2};
  std::vector<GsVertex> out;
  std::vector<uint32_t> out_idx;
  EXPECT_FALSE(rewrite_st_overflow(stq_state(0), in, idx, 3, false, out, out_idx));
}

// With the texel coordinate rounding, PCSX2's draw-wide test reads its vertex trace, taken before the rounding and
// then lowered by the rounded values. S = 2047.9f (0x44FFFCCD) over Q = 0x3F8000FF (1.0000304) is 32765.40 texels,
// inside the limit; rounded (9 bits of S, 8 of Q) it is 0x44FFFC00 = 2047.875 over 1.0, exactly 32766 texels.
GsVertex traced_near_limit(float sign) {
  return stq(sign * std::bit_cast<float>(0x44FFFCCDu), 1, std::bit_cast<float>(0x3F8000FFu));
}
GsVertex rounded_at_limit(float sign) { return stq(sign * 2047.875f, 1, 1.0f); }

TEST(StOverflow, RoundedSmallValuesLowerTheTracedMinimum) {
  const std::vector<GsVertex> traced(3, traced_near_limit(-1));
  const std::vector<GsVertex> rounded(3, rounded_at_limit(-1));
  const std::vector<uint32_t> idx{0, 1, 2};
  std::vector<GsVertex> out;
  std::vector<uint32_t> out_idx;
  ASSERT_TRUE(rewrite_st_overflow(stq_state(1), rounded, idx, 3, false, out, out_idx, traced));  // WMS=CLAMP
  for (const GsVertex& v : out) {
    EXPECT_EQ(v.s, -2047.875f);
    EXPECT_EQ(v.q, 1.0f);
  }
}

TEST(StOverflow, RoundedLargeValuesLeaveTheTracedMaximum) {
  const std::vector<GsVertex> traced(3, traced_near_limit(1));
  const std::vector<GsVertex> rounded(3, rounded_at_limit(1));
  const std::vector<uint32_t> idx{0, 1, 2};
  std::vector<GsVertex> out;
  std::vector<uint32_t> out_idx;
  EXPECT_FALSE(rewrite_st_overflow(stq_state(1), rounded, idx, 3, false, out, out_idx, traced));
  // Without rounding the same values do overflow.
  EXPECT_TRUE(rewrite_st_overflow(stq_state(1), rounded, idx, 3, false, out, out_idx));
}

}  // namespace
}  // namespace gcvu::gs
