// LOD choice (harness/frame/lod_choice.hpp). Expected modes and weights are worked by hand from the documented
// rule: L = 32 gives [D0, D1, D2] = [192, 128, 64] and thresholds trunc(D * 1024) = 196608, 131072, 65536; a sphere
// at distance d with radius r has near = d - r, far = d + r; the first applying test, coarsest first, picks the
// mode; weights come from the centre distance across the tier's band. All test values are exact in float (and
// their squares and square roots), so the PS2 float ops give the hand-worked values exactly.

#include <gtest/gtest.h>

#include <bit>

#include "harness/frame/lod_choice.hpp"

namespace gcvu::harness::frame {
namespace {

constexpr std::array<float, 3> kEye = {0, 0, 0};
constexpr float kL = 32.0f;

LodChoice at(float distance, float radius) { return choose_lod(kEye, {distance, 0, 0, radius}, kL); }
uint32_t bits(float value) { return std::bit_cast<uint32_t>(value); }

TEST(FrameLod, ModesAtHandPickedDistances) {
  EXPECT_EQ(at(30, 10).mode, LodMode::kLod0);          // far 40 < 64
  EXPECT_EQ(at(60, 10).mode, LodMode::kLod0Morph);     // straddles D2 (50..70): the coarser mode
  EXPECT_EQ(at(100, 10).mode, LodMode::kLod0Morph);    // 90..110 inside the D2..D1 band
  EXPECT_EQ(at(125, 10).mode, LodMode::kLod0Collapse); // straddles D1 (115..135)
  EXPECT_EQ(at(130, 10).mode, LodMode::kLod0Collapse); // centre past D1, near edge still before it
  EXPECT_EQ(at(140, 10).mode, LodMode::kLod1Morph);    // 130..150
  EXPECT_EQ(at(190, 5).mode, LodMode::kLod1Collapse);  // straddles D0 (185..195)
  EXPECT_EQ(at(200, 5).mode, LodMode::kLod2);          // 195..205
  // A sphere straddling both D1 and D0 takes the coarser: LOD 1 collapse.
  EXPECT_EQ(at(160, 40).mode, LodMode::kLod1Collapse);
}

TEST(FrameLod, WeightsFollowTheBands) {
  const LodChoice middle0 = at(96, 10);  // (96 - 64) / 64
  EXPECT_EQ(middle0.w0, bits(0.5f));
  EXPECT_EQ(middle0.w01, 0u);
  EXPECT_EQ(at(100, 10).w0, bits(0.5625f));  // 36 / 64
  const LodChoice middle01 = at(160, 10);    // (160 - 128) / 64
  EXPECT_EQ(middle01.mode, LodMode::kLod1Morph);
  EXPECT_EQ(middle01.w01, bits(0.5f));
  EXPECT_EQ(at(140, 10).w01, bits(0.1875f));  // 12 / 64
  const LodChoice collapse0 = at(130, 10);    // LOD 0 tier collapsed, LOD 0+1 tier 2 / 64 into its band
  EXPECT_EQ(collapse0.w0, bits(1.0f));
  EXPECT_EQ(collapse0.w01, bits(0.03125f));
  EXPECT_EQ(at(125, 10).w01, 0u);  // centre before D1: clamped to 0
  EXPECT_EQ(at(190, 5).w01, bits(1.0f));
  EXPECT_EQ(at(60, 10).w0, 0u);  // centre before D2: clamped
}

TEST(FrameLod, DistancesAreTruncatedNotRounded) {
  // far = 54 + (10 - 2^-11) = 64 - 2^-11: times 1024 = 65535.5, truncated 65535 < 65536: still LOD 0.
  const LodChoice below = at(54, 10.0f - 1.0f / 2048.0f);
  EXPECT_EQ(below.far_fixed, 65535);
  EXPECT_EQ(below.mode, LodMode::kLod0);
  const LodChoice on = at(54, 10);  // far = 64 exactly: 65536 >= 65536
  EXPECT_EQ(on.far_fixed, 65536);
  EXPECT_EQ(on.mode, LodMode::kLod0Morph);
  EXPECT_EQ(on.near_fixed, 44 * 1024);
}

TEST(FrameLod, ADepthSweepNeverReturnsToAFinerMode) {
  for (const float radius : {1.0f, 8.0f, 20.0f, 40.0f}) {
    int coarsest = static_cast<int>(LodMode::kLod0);  // enum order runs coarse (0) to fine (5)
    for (float d = 0; d < 300; d += 0.25f) {
      const int mode = static_cast<int>(at(d, radius).mode);
      EXPECT_LE(mode, coarsest) << "radius " << radius << " distance " << d;
      coarsest = std::min(coarsest, mode);
    }
    EXPECT_EQ(coarsest, static_cast<int>(LodMode::kLod2));
  }
}

TEST(FrameLod, DistanceUsesAllThreeAxes) {
  // (36, 48, 0) is 60 away, (0, 0, -100) is 100 away: PS2 float sqrt of 3600 and 10000.
  EXPECT_EQ(choose_lod(kEye, {36, 48, 0, 1}, kL).mode, LodMode::kLod0);
  EXPECT_EQ(choose_lod({1, 2, 3}, {1, 2, -97, 10}, kL).w0, bits(0.5625f));
}

}  // namespace
}  // namespace gcvu::harness::frame
