// Cross-check (two of gcvu's own builds): the AVX2 build of the palette tile copy (texture_cache.cpp's copy of an
// indexed resident texture's tiles) gives the same words as the portable build on random indices, including bits
// above the low byte that must be ignored, for every row count up to a tile's and several strides; neither build
// writes outside the eight columns of the rows it was given. The portable build is checked by hand first.

#include "emu/gs/pixel/palette_tiles.hpp"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/bilinear_rows.hpp"

namespace gcvu::gs::pixel {
namespace {

TEST(PaletteTiles, PortableBuildLooksUpTheLowByteOfEachIndex) {
  std::vector<uint32_t> palette(256);
  for (uint32_t i = 0; i < 256; i++) palette[i] = 0x01000000u * i + 7;
  // Two rows of a 16-wide texture: indices 0..7, then 0x1ff (reads entry 0xff) and 0xabcd05 (entry 5).
  std::vector<uint32_t> from(32, 0);
  for (uint32_t x = 0; x < 8; x++) from[x] = x;
  from[16] = 0x1ff, from[17] = 0xabcd05;
  std::vector<uint32_t> out(64, 0xdeadbeef);
  palette_tile_portable(from.data(), 16, out.data(), 32, 2, palette.data());
  for (uint32_t x = 0; x < 8; x++) EXPECT_EQ(out[x], 0x01000000u * x + 7);
  EXPECT_EQ(out[8], 0xdeadbeefu);  // past the tile's eight columns
  EXPECT_EQ(out[32], 0xff000007u);
  EXPECT_EQ(out[33], 0x05000007u);
}

TEST(PaletteTilesCrossCheck, Avx2BuildMatchesPortableBuild) {
  if (!gcvu::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  std::mt19937 random(21);
  std::vector<uint32_t> palette(256);
  for (uint32_t& entry : palette) entry = random();
  for (size_t from_stride : {8u, 32u, 128u}) {
    for (size_t out_stride : {8u, 64u}) {
      for (int rows = 0; rows <= 8; rows++) {
        std::vector<uint32_t> from(from_stride * 8);
        for (uint32_t& index : from) index = random() % 4 == 0 ? random() : random() % 256;
        std::vector<uint32_t> portable(out_stride * 9, 0x5a5a5a5a), avx2(out_stride * 9, 0x5a5a5a5a);
        palette_tile_portable(from.data(), from_stride, portable.data(), out_stride, rows, palette.data());
        palette_tile_avx2(from.data(), from_stride, avx2.data(), out_stride, rows, palette.data());
        ASSERT_EQ(portable, avx2) << "strides " << from_stride << "/" << out_stride << ", " << rows << " rows";
      }
    }
  }
}

}  // namespace
}  // namespace gcvu::gs::pixel
