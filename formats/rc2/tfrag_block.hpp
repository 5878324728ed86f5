#pragma once
// The tfrag block at core_data[tfrags] and its patch table (reference/rc2-level-formats.md, "Block and patch
// framing"): a header {u32 table_offset (always 0x40), u32 tfrag_count, f32 LOD distance L (32.0 on the disc),
// u32 not named by the record}, then tfrag_count 0x40-byte patch headers at table_offset. A patch's `data` offset
// is relative to table_offset, not to the block start. Patch header byte layout: wrench docs/tfrag_renderer.md
// (the record names the same fields); list offsets are bytes from the patch data, sizes are quadwords.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats::rc2 {

inline constexpr uint32_t kTfragTableOffset = 0x40;
inline constexpr size_t kTfragBlockHeaderSize = 16;
inline constexpr size_t kPatchHeaderSize = 0x40;

struct PatchHeader {
  std::array<float, 4> bounding_sphere{};  // centre xyz, radius w, world units
  uint32_t data = 0;                       // from the block start + table_offset
  uint16_t lod_2_ofs = 0;
  uint16_t shared_ofs = 0;
  uint16_t lod_1_ofs = 0;
  uint16_t lod_0_ofs = 0;
  uint16_t tex_ofs = 0;
  uint16_t rgba_ofs = 0;
  uint8_t common_size = 0;  // quadwords; the record proves only lod_1_size's meaning (the LOD-0-only list start)
  uint8_t lod_2_size = 0;
  uint8_t lod_1_size = 0;
  uint8_t lod_0_size = 0;
  uint8_t lod_2_rgba_count = 0;
  uint8_t lod_1_rgba_count = 0;
  uint8_t lod_0_rgba_count = 0;
  uint8_t base_only = 0;
  uint8_t texture_count = 0;
  uint8_t rgba_size = 0;  // the RGBA array holds rgba_size * 4 colours
  uint8_t rgba_verts_loc = 0;
  uint8_t occl_index_stash = 0;
  uint8_t msphere_count = 0;
  uint8_t flags = 0;
  uint16_t msphere_ofs = 0;
  uint16_t light_ofs = 0;  // origin quadword here, then vert_count 8-byte light records at +0x10
  uint16_t light_end_ofs = 0;
  uint8_t dir_lights_one = 0;
  uint8_t dir_lights_upd = 0;
  uint16_t point_lights = 0;  // 0xffff (none) on every disc patch
  uint16_t cube_ofs = 0;
  uint16_t occl_index = 0;
  uint8_t vert_count = 0;  // positions over all three tiers
  uint8_t tri_count = 0;   // triangles of the finest LOD (see tfrag_patch.hpp)
  uint16_t mip_dist = 0;
};

struct TfragBlock {
  uint64_t offset = 0;  // of the block in core_data
  uint32_t table_offset = 0;
  uint32_t tfrag_count = 0;
  float lod_distance = 0;  // L: LOD switch distances are [6L, 4L, 2L]
  uint32_t unknown_c = 0;
  std::vector<PatchHeader> patches;
};

// Reads the block header and patch table at `block_offset` in core_data (`source` names the file). Rules:
// table_offset is 0x40; the table lies inside [block_offset, region_end).
TfragBlock read_tfrag_block(std::span<const uint8_t> core_data, uint64_t block_offset, uint64_t region_end,
                            const std::string& source);

// Appends a 0x40-byte patch header (for writers).
void write_patch_header(const PatchHeader& header, std::vector<uint8_t>& out);

}  // namespace gcvu::formats::rc2
