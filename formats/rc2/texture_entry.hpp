#pragma once
// One 16-byte tfrag texture table entry (reference/rc2-level-formats.md, "Texels"). The record names the fields
// (data_offset, palette, mipmap, pad, width x height); their byte positions are those of wrench's R&C texture entry
// (chaoticgd/wrench src/wad/texture.h), with the record's mipmap and pad in its last word:
//   0x0 u32 data_offset (from textures_base in core_data), 0x4 u16 width, 0x6 u16 height,
//   0x8 u16 unknown (not named by the record), 0xa u16 palette (CLUT at palette * 0x100 in gs_ram.bin),
//   0xc u16 mipmap (mip level 2 at mipmap * 0x100 in gs_ram.bin), 0xe u16 pad (mip level 3 at pad * 0x100).

#include <cstdint>

namespace gcvu::formats::rc2 {

inline constexpr size_t kTextureEntrySize = 16;

struct TextureEntry {
  uint32_t data_offset = 0;
  uint16_t width = 0;
  uint16_t height = 0;
  uint16_t unknown_8 = 0;
  uint16_t palette = 0;
  uint16_t mipmap = 0;
  uint16_t pad = 0;
};

}  // namespace gcvu::formats::rc2
