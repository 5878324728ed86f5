// Cross-check (two of gcvu's own builds): the FMA build of the LOD row pass gives the same bits as the portable
// build (libm's fmaf and nearbyintf) and as lod_from_q, pixel by pixel, over q values that reach every branch: the
// clamps at 0 and MXL, rounding ties, NaN, infinities, zero, denormals and random bit patterns.

#include "emu/gs/pixel/lod_rows.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/pixel_math.hpp"

namespace gcvu::gs::pixel {
namespace {

std::vector<float> q_values() {
  std::vector<float> q = {1.0f,
                          2.0f,
                          0.5f,
                          0.25f,
                          0.3f,
                          1.5f,
                          12.0f,
                          1.0f / 256,
                          0.0f,
                          -0.0f,
                          -1.0f,
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::min()};
  std::mt19937 random(21);
  for (int i = 0; i < 20000; i++) {
    const uint32_t bits = static_cast<uint32_t>(random());
    float f;
    std::memcpy(&f, &bits, 4);
    q.push_back(f);
  }
  std::uniform_real_distribution<float> near_one(1.0f / 128, 4.0f);  // the range real draws use
  for (int i = 0; i < 20000; i++) q.push_back(near_one(random));
  return q;
}

TEST(LodRowsCrossCheck, FmaAndPortableBuildsGiveTheSameLods) {
  const std::vector<float> q = q_values();
  const int count = static_cast<int>(q.size());
  for (const LodConstants& k :
       {LodConstants{-65536.0f, 0.0f, 6 * 65536.0f, 0}, LodConstants{-131072.0f, 4096.0f, 6 * 65536.0f, 0x8000},
        LodConstants{-65536.0f * 8, -3.0f * 4096, 3 * 65536.0f, 0},
        LodConstants{-65536.0f / 2, 127.0f * 4096, 6 * 65536.0f, 0x8000}}) {
    std::vector<int32_t> lod(q.size()), frac(q.size());
    lod_row_portable(q.data(), count, k, lod.data(), frac.data());
    for (int i = 0; i < count; i++) {
      const int32_t expected = lod_from_q(q[i], k.l_neg, k.k16, k.mxl16) + k.bias;
      ASSERT_EQ(lod[i], expected) << "portable, q = " << q[i];
      ASSERT_EQ(frac[i], expected & 0xffff) << "portable, q = " << q[i];
    }
    if (!gcvu::cpu_has_fma()) GTEST_SKIP() << "this CPU has no FMA: only the portable build can run";
    std::vector<int32_t> lod_fma(q.size()), frac_fma(q.size());
    lod_row_fma(q.data(), count, k, lod_fma.data(), frac_fma.data());
    for (int i = 0; i < count; i++) {
      ASSERT_EQ(lod_fma[i], lod[i]) << "FMA build, q = " << q[i];
      ASSERT_EQ(frac_fma[i], frac[i]) << "FMA build, q = " << q[i];
    }
  }
}

}  // namespace
}  // namespace gcvu::gs::pixel
