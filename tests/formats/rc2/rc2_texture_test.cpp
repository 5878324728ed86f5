// Tfrag texels and CSM1 CLUTs read from hand-built buffers: the expected values follow from the work record's
// rules (bits 3 and 4 of a CLUT index swapped; levels 0-1 in core_data, 2-3 and the CLUT in gs_ram at unit 0x100).

#include <gtest/gtest.h>

#include "formats/rc2/texture.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats::rc2 {
namespace {

TEST(Rc2Texture, Csm1SwapsBitsThreeAndFour) {
  EXPECT_EQ(csm1_clut_position(0x00), 0x00);
  EXPECT_EQ(csm1_clut_position(0x07), 0x07);
  EXPECT_EQ(csm1_clut_position(0x08), 0x10);
  EXPECT_EQ(csm1_clut_position(0x10), 0x08);
  EXPECT_EQ(csm1_clut_position(0x18), 0x18);
  EXPECT_EQ(csm1_clut_position(0x29), 0x31);
  EXPECT_EQ(csm1_clut_position(0xef), 0xf7);
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(csm1_clut_position(csm1_clut_position(static_cast<uint8_t>(i))), i);  // an involution
  }
}

struct Buffers {
  std::vector<uint8_t> core_data = std::vector<uint8_t>(0x200 + 64 + 16);
  std::vector<uint8_t> gs_ram = std::vector<uint8_t>(0x800);
  TextureEntry entry{0x10, 8, 8, 0, 4, 2, 3};  // data at textures_base + 0x10, CLUT unit 4, mips at units 2, 3
};

TEST(Rc2Texture, ReadsLevelsFromBothBuffersAndTheClutInCsm1Order) {
  Buffers b;
  for (size_t i = 0; i < 64; ++i) b.core_data[0x1f0 + 0x10 + i] = static_cast<uint8_t>(i);  // level 0
  for (size_t i = 0; i < 16; ++i) b.core_data[0x1f0 + 0x10 + 64 + i] = 0xa0;                // level 1
  b.gs_ram[0x200] = 0xb2;                                                                   // level 2 (2 x 2)
  b.gs_ram[0x300] = 0xc3;                                                                   // level 3 (1 x 1)
  // Stored CLUT position 16 is logical index 8: put a marker colour there.
  const size_t at = 0x400 + 16 * 4;
  b.gs_ram[at] = 0x11, b.gs_ram[at + 1] = 0x22, b.gs_ram[at + 2] = 0x33, b.gs_ram[at + 3] = 0x80;
  const TfragTexture texture = read_tfrag_texture(b.entry, 0, b.core_data, 0x1f0, b.gs_ram, "lvl");
  EXPECT_EQ(texture.levels[0][63], 63);
  EXPECT_EQ(texture.levels[1].size(), 16u);
  EXPECT_EQ(texture.levels[1][0], 0xa0);
  EXPECT_EQ(texture.levels[2].size(), 4u);
  EXPECT_EQ(texture.levels[2][0], 0xb2);
  EXPECT_EQ(texture.levels[3].size(), 1u);
  EXPECT_EQ(texture.levels[3][0], 0xc3);
  EXPECT_EQ(texture.palette[8], 0x80332211u);
  EXPECT_EQ(texture.palette[16], 0u);
}

TEST(Rc2Texture, NonSquareTextureIsAnError) {
  Buffers b;
  b.entry.height = 16;
  const std::string error =
      test::format_error_text([&] { read_tfrag_texture(b.entry, 3, b.core_data, 0x1f0, b.gs_ram, "lvl"); });
  EXPECT_NE(error.find("lvl/core_data.bin texture 3"), std::string::npos) << error;
  EXPECT_NE(error.find("square"), std::string::npos) << error;
}

TEST(Rc2Texture, ClutOutsideGsRamIsAnError) {
  Buffers b;
  b.entry.palette = 6;  // 0x600 + 1024 > 0x800
  const std::string error =
      test::format_error_text([&] { read_tfrag_texture(b.entry, 1, b.core_data, 0x1f0, b.gs_ram, "lvl"); });
  EXPECT_NE(error.find("lvl/gs_ram.bin texture 1: offset 0x600"), std::string::npos) << error;
  EXPECT_NE(error.find("CSM1 CLUT"), std::string::npos) << error;
}

TEST(Rc2Texture, Level0OutsideCoreDataIsAnError) {
  Buffers b;
  b.entry.data_offset = 0x100;
  const std::string error =
      test::format_error_text([&] { read_tfrag_texture(b.entry, 0, b.core_data, 0x1f0, b.gs_ram, "lvl"); });
  EXPECT_NE(error.find("mip level 0"), std::string::npos) << error;
}

}  // namespace
}  // namespace gcvu::formats::rc2
