// GetSizeFixedTEX0's sizing from the vertex trace's texel range (PCSX2 GSDrawingContext.cpp findmax/reduce/extend;
// reference/gs.md §3 "Wrap"), worked by hand from those rules.
#include <gtest/gtest.h>

#include "emu/gs/pixel/pixel_state_key.hpp"

namespace gcvu::gs {
namespace {

// A textured FST sprite, nearest, no mipmapping, CLAMP on both axes.
DrawState clamped_draw(uint32_t tw, uint32_t th, float u_max, float v_max) {
  DrawState s;
  s.prim.raw = 6 | 1 << 4 | 1 << 8;  // sprite, TME, FST
  s.tex0.raw = uint64_t{1} << 14 | uint64_t{tw} << 26 | uint64_t{th} << 30 | uint64_t{1} << 34;
  s.clamp.raw = 1 | 1 << 2;
  s.frame.raw = uint64_t{10} << 16;
  s.summary.has_uv_range = true;
  s.summary.u_max = u_max;
  s.summary.v_max = v_max;
  return s;
}

TEST(TextureSize, TracedRangeShrinksLargeTextures) {
  // 1024 x 256 (TW + TH = 18, under 19): kept. 1024 x 512 (19) with texels up to 100 x 50: findmax gives
  // min(100, 1023) = 100 and min(50, 511) = 50; reduce halves while the half still holds them: 128 and 64.
  PixelStateKey key;
  PixelConstants k;
  build_pixel_state(clamped_draw(10, 8, 100, 50), GsConfig{}, key, k);
  EXPECT_EQ(k.tw_log2, 10);
  EXPECT_EQ(k.th_log2, 8);
  build_pixel_state(clamped_draw(10, 9, 100, 50), GsConfig{}, key, k);
  EXPECT_EQ(k.tw_log2, 7);
  EXPECT_EQ(k.th_log2, 6);
  EXPECT_EQ(k.u_max, 127);  // CLAMP to the reduced size
  EXPECT_EQ(k.v_max, 63);
}

TEST(TextureSize, OverWideTextureReducesBeforeTheOneTexelRule) {
  // TW = 11 (2048) with TH = 8: findmax's limit over 1024 becomes 0, so CLAMP's largest coordinate is
  // min(100, 0) = 0; TW + TH = 19, so reduce runs and stops at its floor of 3 (8 texels), which is not over 10.
  PixelStateKey key;
  PixelConstants k;
  build_pixel_state(clamped_draw(11, 8, 100, 50), GsConfig{}, key, k);
  EXPECT_EQ(k.tw_log2, 3);
  EXPECT_EQ(k.u_max, 7);
  // With TH = 7 (TW + TH = 18) nothing is reduced and TW = 11 is one texel.
  build_pixel_state(clamped_draw(11, 7, 100, 50), GsConfig{}, key, k);
  EXPECT_EQ(k.tw_log2, 0);
  EXPECT_EQ(k.u_max, 0);
}

}  // namespace
}  // namespace gcvu::gs
