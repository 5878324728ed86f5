// Cross-check (two of gcvu's own builds): the AVX2 build of the bilinear row passes (texel quad indices with wrap
// and clamp, then the 4-bit lerps) gives the same bits as the portable build, pixel by pixel, on random
// coordinates (every int32 bit pattern: negative, past int16, at the wrap edges), every wrap mode including
// REGION_CLAMP with MINU > MAXU, several pitches, and run lengths that leave every tail length after the groups of
// eight, and runs shorter than a group; neither build writes past the run. The portable build is checked against the
// rules worked by hand first.

#include "emu/gs/pixel/bilinear_rows.hpp"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/common/cpu_features.hpp"

namespace gcvu::gs::pixel {
namespace {

TEST(BilinearRows, PortableBuildFollowsTheRulesWorkedByHand) {
  // One texel row of pitch 8: texel 0 black, texel 1 white, texel 8 (row 1) red 0x40, texel 9 red 0xc0.
  std::vector<uint32_t> texels(64, 0);
  texels[1] = 0xffffffffu, texels[8] = 0x40, texels[9] = 0xc0;
  const TexelWrap wrap{0, 7, 0, 7, false, false, 3, 63};  // clamp to [0, 7] in both directions
  // u = 0.5 (fraction 8 of 16), v = 0.25 (fraction 4); a second pixel at u = -3.0 clamps to column 0.
  const std::vector<int32_t> u = {0x8000, -3 * 0x10000}, v = {0x4000, 0};
  std::vector<uint32_t> q0(2), q1(2), q2(2), q3(2);
  std::vector<int32_t> uf(2), vf(2);
  quad_index_row_portable(u.data(), v.data(), 2, wrap,
                          {{q0.data(), q1.data(), q2.data(), q3.data()}, uf.data(), vf.data()});
  EXPECT_EQ(q0[0], 0u);
  EXPECT_EQ(q1[0], 1u);
  EXPECT_EQ(q2[0], 8u);
  EXPECT_EQ(q3[0], 9u);
  EXPECT_EQ(uf[0], 8);
  EXPECT_EQ(vf[0], 4);
  // -3 clamps to 0 and -2 (its right neighbour) to 0 too.
  EXPECT_EQ(q0[1], 0u);
  EXPECT_EQ(q1[1], 0u);
  EXPECT_EQ(q2[1], 8u);
  EXPECT_EQ(q3[1], 8u);
  std::vector<int32_t> r(1), g(1), b(1), a(1);
  bilinear_row_portable(texels.data(), {{q0.data(), q1.data(), q2.data(), q3.data()}, uf.data(), vf.data()}, 1,
                        {r.data(), g.data(), b.data(), a.data()});
  // Red: top 0 + (255 * 8 >> 4) = 127, bottom 0x40 + (0x80 * 8 >> 4) = 0x80, then 127 + ((0x80 - 127) * 4 >> 4) = 127.
  // Green: top 127, bottom 0, then 127 + (-127 * 4 >> 4) = 127 - 32 = 95 (the shift floors).
  EXPECT_EQ(r[0], 127);
  EXPECT_EQ(g[0], 95);
  EXPECT_EQ(b[0], 95);
  EXPECT_EQ(a[0], 95);
}

TEST(BilinearRowsCrossCheck, Avx2AndPortableBuildsGiveTheSameTexels) {
  if (!gcvu::cpu_has_avx2()) GTEST_SKIP() << "this CPU has no AVX2: only the portable build can run";
  std::mt19937 random(21);
  constexpr int kCount = 203;  // 25 groups of eight and a tail of 3; offsets below give every other tail
  std::vector<int32_t> u(kCount), v(kCount);
  std::vector<uint32_t> texels(1u << 16);
  for (uint32_t& t : texels) t = static_cast<uint32_t>(random());
  const std::vector<TexelWrap> wraps = {
      {0xff, 0, 0x7f, 0, true, true, 8, 0xffff},          // repeat within 256x128
      {0x3f, 0x40, 0x1f, 0x20, true, true, 7, 0x3fff},    // REGION_REPEAT with an OR part
      {0, 255, 0, 127, false, false, 8, 0xffff},          // clamp
      {200, 100, 90, 10, false, false, 8, 0xffff},        // REGION_CLAMP with MINU > MAXU, MINV > MAXV
      {-5, 0x7fff, 0x8000, -2, false, true, 10, 0xffff},  // limits that are negative as int16
      {0x1f, 0, 10, 60, true, false, 5, 0x7ff},           // mixed
  };
  for (int round = 0; round < 40; round++) {
    for (int i = 0; i < kCount; i++) {
      if (round % 2 == 0) {
        u[i] = static_cast<int32_t>(random()), v[i] = static_cast<int32_t>(random());  // any bit pattern
      } else {
        u[i] = static_cast<int32_t>(random() % (600u << 16)) - (40 << 16);  // near the texture, both edges
        v[i] = static_cast<int32_t>(random() % (600u << 16)) - (40 << 16);
      }
    }
    for (const TexelWrap& wrap : wraps) {
      // Long runs with every tail length, then runs of 1-7 pixels (a tail alone, as most runs of a game frame are).
      for (int variant = 0; variant < 15; variant++) {
        const int offset = variant % 8;
        const int count = variant < 8 ? kCount - offset : variant - 7;
        std::vector<uint32_t> quad[2][4];
        std::vector<int32_t> uf[2], vf[2], channels[2][4];
        for (int build = 0; build < 2; build++) {
          for (auto& q : quad[build]) q.assign(kCount, 0);
          for (auto& c : channels[build]) c.assign(kCount, 0);
          uf[build].assign(kCount, 0), vf[build].assign(kCount, 0);
          const QuadIndices out = {
              {quad[build][0].data(), quad[build][1].data(), quad[build][2].data(), quad[build][3].data()},
              uf[build].data(),
              vf[build].data()};
          (build == 0 ? quad_index_row_portable : quad_index_row_avx2)(u.data() + offset, v.data() + offset, count,
                                                                       wrap, out);
          const QuadSamples in = {
              {quad[build][0].data(), quad[build][1].data(), quad[build][2].data(), quad[build][3].data()},
              uf[build].data(),
              vf[build].data()};
          (build == 0 ? bilinear_row_portable : bilinear_row_avx2)(
              texels.data(), in, count,
              {channels[build][0].data(), channels[build][1].data(), channels[build][2].data(),
               channels[build][3].data()});
        }
        for (int k = 0; k < 4; k++) ASSERT_EQ(quad[1][k], quad[0][k]) << "corner " << k << ", round " << round;
        ASSERT_EQ(uf[1], uf[0]) << "round " << round;
        ASSERT_EQ(vf[1], vf[0]) << "round " << round;
        for (int c = 0; c < 4; c++) ASSERT_EQ(channels[1][c], channels[0][c]) << "channel " << c << ", round " << round;
      }
    }
  }
}

}  // namespace
}  // namespace gcvu::gs::pixel
