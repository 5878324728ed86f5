#pragma once
// Where the level's textures live in GS memory, and the register values that name them (the "level load").
//
// GS memory (4 MiB, reference/gs.md §1): frame buffer at page 0 (640 x 448 PSMCT32, FBW 10: 140 pages), Z buffer
// (PSMZ24) at page 140, textures from block kFirstTextureBlock = page 280. Per texture, in table order: its CLUT
// (16 x 16 PSMCT32 = 4 blocks, the stored CSM1-ordered bytes uploaded row-major, which is exactly CSM1's layout),
// then mip levels 0..3 (PSMT8). Every allocation is a power-of-two number of blocks aligned to its own size, so a
// square power-of-two PSMT8 level at TBW = max(2, width / 64) uses a contiguous block range (the T8 block table is
// the 32-bit one: 16 x 16 blocks of a 128 x 64 page). Running past the 16384 blocks is an error.
//
// Register values (reference/gs.md and the GS manual's field layout):
//   TEX0_1  TBP0 level 0, TBW, PSM T8 (0x13), TW/TH = log2 size, TCC 1 (texture alpha), TFX MODULATE (0), CBP,
//           CPSM CT32, CSM1, CSA 0, CLD 1 (load the CLUT at every TEX0 write: patches switch textures freely)
//   TEX1_1  LCM 0, MXL 3, MMAG linear (1), MMIN = the ad-gif's packed value, MTBA 0, L 0, K = the packed 12 bits
//   MIPTBP1_1  TBP1..3 / TBW1..3 of levels 1..3;  MIPTBP2_1  0 (no levels 4..6)
//   CLAMP_1 is kept as stored: the record says it holds the two wrap modes (WMS bits 0-1, WMT bits 2-3).

#include <array>
#include <cstdint>
#include <vector>

#include "formats/rc2/texture.hpp"

namespace gcvu::harness::frame {

inline constexpr uint32_t kFramePage = 0;
inline constexpr uint32_t kFrameWidthUnits = 10;  // FBW: 640 / 64
inline constexpr uint32_t kZBufferPage = 140;
inline constexpr uint32_t kFirstTextureBlock = 280 * 32;
inline constexpr uint32_t kGsBlocks = 16384;
inline constexpr uint8_t kPsmT8 = 0x13;
inline constexpr uint8_t kPsmCt32 = 0x00;

struct PlacedLevel {  // one mip level
  uint32_t block = 0;      // TBP
  uint32_t width_units = 0;  // TBW
  uint32_t width = 0;
  uint32_t height = 0;
};

struct PlacedTexture {
  uint32_t clut_block = 0;
  std::array<PlacedLevel, formats::rc2::kMipLevels> levels{};
};

// Places every texture; throws std::runtime_error naming the texture when GS memory runs out.
std::vector<PlacedTexture> place_textures(const std::vector<formats::rc2::TfragTexture>& textures);

uint64_t tex0_value(const PlacedTexture& texture);
uint64_t tex1_value(int32_t lod_bias_k, uint32_t min_filter);
uint64_t miptbp1_value(const PlacedTexture& texture);

}  // namespace gcvu::harness::frame
