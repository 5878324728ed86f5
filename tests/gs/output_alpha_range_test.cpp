// The texture half of a draw's output alpha range for indexed textures (gs/pixel/pixel_state_key.hpp): with TFX
// DECAL the range is the palette's, the smallest and largest alpha of its first 256 (T8) or 16 (T4) entries,
// worked out here entry by entry.

#include <algorithm>
#include <array>
#include <random>

#include <gtest/gtest.h>

#include "emu/gs/pixel/pixel_state_key.hpp"
#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

constexpr uint32_t kDecal = 1;

DrawState decal_draw(uint32_t psm) {
  DrawState s = basic_state();
  s.prim.raw = prim_bits(true, false, false, true);
  s.tex0.raw = tex0_bits(0x100, 1, psm, 4, 4, true, kDecal);
  return s;
}

TEST(OutputAlphaRange, IndexedTexturesTakeThePaletteEntriesTheyCanIndex) {
  std::array<uint32_t, 256> palette{};
  palette.fill(0x40123456u);
  palette[15] = 0x10ffffffu;  // the lowest alpha a T4 texture can index
  palette[16] = 0x00000000u;  // reachable from T8 only
  palette[255] = 0xff000000u;
  int amin = 0, amax = 0;
  output_alpha_range(decal_draw(0x14), &palette, amin, amax);  // T4
  EXPECT_EQ(amin, 0x10);
  EXPECT_EQ(amax, 0x40);
  output_alpha_range(decal_draw(0x13), &palette, amin, amax);  // T8
  EXPECT_EQ(amin, 0x00);
  EXPECT_EQ(amax, 0xff);
}

TEST(OutputAlphaRange, RandomPalettesGiveTheirAlphaExtremes) {
  std::mt19937 random(7);
  for (int round = 0; round < 2000; round++) {
    std::array<uint32_t, 256> palette{};
    // Narrow alpha ranges with noisy low bytes, so lanes and colour bytes cannot stand in for the alpha byte.
    const uint32_t base = uint32_t(random() % 256), spread = uint32_t(1 + random() % 64);
    for (uint32_t& entry : palette) {
      entry = (std::min(255u, base + uint32_t(random() % spread)) << 24) | uint32_t(random() & 0xffffff);
    }
    for (uint32_t psm : {0x13u, 0x1bu, 0x14u, 0x24u, 0x2cu}) {
      const int count = (psm == 0x13 || psm == 0x1b) ? 256 : 16;
      int want_min = 255, want_max = 0;
      for (int i = 0; i < count; i++) {
        want_min = std::min(want_min, static_cast<int>(palette[i] >> 24));
        want_max = std::max(want_max, static_cast<int>(palette[i] >> 24));
      }
      int amin = 0, amax = 0;
      output_alpha_range(decal_draw(psm), &palette, amin, amax);
      ASSERT_EQ(amin, want_min) << "psm " << psm << " round " << round;
      ASSERT_EQ(amax, want_max) << "psm " << psm << " round " << round;
    }
  }
}

}  // namespace
}  // namespace gcvu::test::pixel
