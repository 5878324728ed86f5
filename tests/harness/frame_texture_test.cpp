// Texture placement and the ad-gif rewrite (harness/frame/texture_placement.hpp, ad_gif_rewrite.hpp). Expected
// register values are worked by hand from the documented allocation (first texture block 280 * 32 = 8960; CLUT 4
// blocks; a 32 x 32 T8 level 4 blocks, smaller levels 1 block; each aligned to its size) and the GS manual's field
// positions (TEX0: TBP0 0, TBW 14, PSM 20, TW 26, TH 30, TCC 34, TFX 35, CBP 37, CPSM 51, CSM 55, CLD 61;
// TEX1: MXL 2, MMAG 5, MMIN 6, K 32; MIPTBP1: TBP1 0, TBW1 14, TBP2 20, TBW2 34, TBP3 40, TBW3 54).

#include <gtest/gtest.h>

#include "formats/core/format_error.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/texture_placement.hpp"
#include "tests/harness/frame_test_level.hpp"

namespace gcvu::harness::frame {
namespace {

uint64_t u64_at(const std::vector<uint8_t>& bytes, uint64_t at) {
  uint64_t value = 0;
  for (int b = 7; b >= 0; --b) value = value << 8 | bytes[at + static_cast<uint64_t>(b)];
  return value;
}

TEST(FrameTexture, PlacementAndRegisterValues) {
  const formats::rc2::Level level = test::generated_level(2);  // 4 textures of 32 x 32
  const std::vector<PlacedTexture> placed = place_textures(level.textures);
  ASSERT_EQ(placed.size(), 4u);
  EXPECT_EQ(placed[0].clut_block, 8960u);
  EXPECT_EQ(placed[0].levels[0].block, 8964u);
  EXPECT_EQ(placed[0].levels[1].block, 8968u);
  EXPECT_EQ(placed[0].levels[2].block, 8969u);
  EXPECT_EQ(placed[0].levels[3].block, 8970u);
  EXPECT_EQ(placed[1].clut_block, 8972u);
  EXPECT_EQ(placed[1].levels[0].block, 8976u);
  const uint64_t tex0 = 8964u | uint64_t{2} << 14 | uint64_t{0x13} << 20 | uint64_t{5} << 26 | uint64_t{5} << 30 |
                        uint64_t{1} << 34 | uint64_t{8960} << 37 | uint64_t{1} << 61;
  EXPECT_EQ(tex0_value(placed[0]), tex0);
  EXPECT_EQ(tex1_value(-80, 4), uint64_t{3} << 2 | uint64_t{1} << 5 | uint64_t{4} << 6 | uint64_t{0xfb0} << 32);
  const uint64_t mip = (8968u | uint64_t{2} << 14) | (8969u | uint64_t{2} << 14) << 20 |
                       (8970u | uint64_t{2} << 14) << 40;
  EXPECT_EQ(miptbp1_value(placed[0]), mip);
}

TEST(FrameTexture, AdGifsAreRewrittenInTheEeCopy) {
  const formats::rc2::Level level = test::generated_level(2);
  FrameOptions options;
  options.camera = {16, -40, 30, 90, -30};
  const BuiltFrame frame = build_frame(level, test::stand_in_tfrag_program(), options);
  const EeSegment& core = frame.segments.at(0);
  ASSERT_EQ(core.address, kLevelAddress);
  const std::vector<PlacedTexture> placed = place_textures(level.textures);
  // The generator's patch 1 names textures 1 and 2 (patch_index % 4, + 1), K = -80, MMIN 4, CLAMP 0; the writer's
  // common list is the VU header unpack (4 + 40 bytes) then the ad-gif unpack's word: the payload at + 48.
  const formats::rc2::TfragPatch& patch = level.patches[1];
  const uint64_t payload = patch.data_offset + patch.lists[1].begin + 48;
  for (size_t g = 0; g < 2; ++g) {
    const uint64_t at = payload + g * 80;
    EXPECT_EQ(u64_at(*core.bytes, at), tex0_value(placed[1 + g]));
    EXPECT_EQ(u64_at(*core.bytes, at + 16), tex1_value(-80, 4));
    EXPECT_EQ(u64_at(*core.bytes, at + 32), 0u);
    EXPECT_EQ(u64_at(*core.bytes, at + 48), miptbp1_value(placed[1 + g]));
    EXPECT_EQ(u64_at(*core.bytes, at + 64), 0u);
    const std::array<uint64_t, 5> addresses = {0x06, 0x14, 0x08, 0x34, 0x36};
    for (size_t q = 0; q < 5; ++q) EXPECT_EQ(u64_at(*core.bytes, at + 16 * q + 8), addresses[q]);
  }
  // The level's own bytes are untouched.
  EXPECT_EQ(u64_at(level.core_data, payload), 1u);
}

TEST(FrameTexture, TooManyTexturesForGsMemory) {
  std::vector<formats::rc2::TfragTexture> textures(1);
  // 1024 x 1024 T8 = 4096 blocks: level 0 aligns to 12288 and ends at 16384; level 1 (1024 blocks) runs past.
  textures[0].width = textures[0].height = 1024;
  EXPECT_THROW(place_textures(textures), std::runtime_error);
}

}  // namespace
}  // namespace gcvu::harness::frame
