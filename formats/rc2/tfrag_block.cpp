#include "formats/rc2/tfrag_block.hpp"

#include <bit>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

PatchHeader read_patch_header(ByteReader& in) {
  PatchHeader h;
  for (float& value : h.bounding_sphere) value = std::bit_cast<float>(in.u32("bounding sphere"));
  h.data = in.u32("patch data offset");
  h.lod_2_ofs = in.u16();
  h.shared_ofs = in.u16();
  h.lod_1_ofs = in.u16();
  h.lod_0_ofs = in.u16();
  h.tex_ofs = in.u16();
  h.rgba_ofs = in.u16();
  h.common_size = in.u8();
  h.lod_2_size = in.u8();
  h.lod_1_size = in.u8();
  h.lod_0_size = in.u8();
  h.lod_2_rgba_count = in.u8();
  h.lod_1_rgba_count = in.u8();
  h.lod_0_rgba_count = in.u8();
  h.base_only = in.u8();
  h.texture_count = in.u8();
  h.rgba_size = in.u8();
  h.rgba_verts_loc = in.u8();
  h.occl_index_stash = in.u8();
  h.msphere_count = in.u8();
  h.flags = in.u8();
  h.msphere_ofs = in.u16();
  h.light_ofs = in.u16();
  h.light_end_ofs = in.u16();
  h.dir_lights_one = in.u8();
  h.dir_lights_upd = in.u8();
  h.point_lights = in.u16();
  h.cube_ofs = in.u16();
  h.occl_index = in.u16();
  h.vert_count = in.u8();
  h.tri_count = in.u8();
  h.mip_dist = in.u16();
  return h;
}

}  // namespace

TfragBlock read_tfrag_block(std::span<const uint8_t> core_data, uint64_t block_offset, uint64_t region_end,
                            const std::string& source) {
  if (block_offset >= region_end || region_end > core_data.size()) {
    throw FormatError(source, block_offset,
                      fmt::format("the tfrag region [{}, {}) is empty or outside core_data ({})",
                                  hex_offset(block_offset), hex_offset(region_end), hex_offset(core_data.size())));
  }
  ByteReader region(core_data.subspan(block_offset, region_end - block_offset), source, block_offset);
  TfragBlock block;
  block.offset = block_offset;
  block.table_offset = region.u32("tfrag table offset");
  block.tfrag_count = region.u32("tfrag count");
  block.lod_distance = std::bit_cast<float>(region.u32("LOD distance"));
  block.unknown_c = region.u32();
  if (block.table_offset != kTfragTableOffset) {
    region.fail_at(0, fmt::format("tfrag table_offset is {}, the record has it always 0x40", block.table_offset));
  }
  const uint64_t table_end = uint64_t{block.table_offset} + uint64_t{block.tfrag_count} * kPatchHeaderSize;
  if (table_end > region.size()) {
    region.fail_at(4, fmt::format("{} patch headers of 0x40 bytes at +0x40 run past the tfrag region's end ({})",
                                  block.tfrag_count, hex_offset(region_end)));
  }
  region.seek(block.table_offset);
  block.patches.reserve(block.tfrag_count);
  for (uint32_t i = 0; i < block.tfrag_count; ++i) block.patches.push_back(read_patch_header(region));
  return block;
}

void write_patch_header(const PatchHeader& h, std::vector<uint8_t>& out) {
  ByteWriter w;
  for (float value : h.bounding_sphere) w.u32(std::bit_cast<uint32_t>(value));
  w.u32(h.data);
  for (uint16_t value : {h.lod_2_ofs, h.shared_ofs, h.lod_1_ofs, h.lod_0_ofs, h.tex_ofs, h.rgba_ofs}) w.u16(value);
  for (uint8_t value : {h.common_size, h.lod_2_size, h.lod_1_size, h.lod_0_size, h.lod_2_rgba_count, h.lod_1_rgba_count,
                        h.lod_0_rgba_count, h.base_only, h.texture_count, h.rgba_size, h.rgba_verts_loc,
                        h.occl_index_stash, h.msphere_count, h.flags}) {
    w.u8(value);
  }
  w.u16(h.msphere_ofs);
  w.u16(h.light_ofs);
  w.u16(h.light_end_ofs);
  w.u8(h.dir_lights_one);
  w.u8(h.dir_lights_upd);
  w.u16(h.point_lights);
  w.u16(h.cube_ofs);
  w.u16(h.occl_index);
  w.u8(h.vert_count);
  w.u8(h.tri_count);
  w.u16(h.mip_dist);
  out.insert(out.end(), w.bytes().begin(), w.bytes().end());
}

}  // namespace gcvu::formats::rc2
