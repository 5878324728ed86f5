#pragma once
// Tfrag texels (reference/rc2-level-formats.md, "Texels: 8-bit indexed images and CSM1 palettes"): a texture is
// width x height palette indices at core_data[textures_base + data_offset]; mip level 1 follows at + w*h; levels 2
// and 3 sit in gs_ram.bin at mipmap * 0x100 and pad * 0x100. The CLUT is 256 RGBA entries (1024 bytes) at
// palette * 0x100 in gs_ram.bin, stored in CSM1 order: bits 3 and 4 of the index are swapped. Alpha runs 0..0x80
// (0x80 opaque). Tfrag textures are square, so every level halves evenly.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/texture_entry.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kClutBytes = 1024;
inline constexpr size_t kMipLevels = 4;
inline constexpr uint32_t kGsRamUnit = 0x100;

// Where logical colour `index` sits in a CSM1-stored CLUT (the swap is its own inverse).
constexpr uint8_t csm1_clut_position(uint8_t index) {
  return static_cast<uint8_t>((index & 0xe7) | ((index & 0x08) << 1) | ((index & 0x10) >> 1));
}

struct TfragTexture {
  uint32_t width = 0;
  uint32_t height = 0;
  std::array<std::vector<uint8_t>, kMipLevels> levels;  // palette indices, level 0 first
  std::array<uint32_t, 256> palette{};                  // RGBA (R in the low byte) by logical index
};

// Reads texture `index` of the table and checks that it is square, halves evenly three times, and that every mip
// level and its CLUT lie inside their buffer. `source` names the level folder.
TfragTexture read_tfrag_texture(const TextureEntry& entry, size_t index, std::span<const uint8_t> core_data,
                                uint32_t textures_base, std::span<const uint8_t> gs_ram, const std::string& source);

}  // namespace gcvu::formats::rc2
