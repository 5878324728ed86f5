#include "formats/rc2/level_writer.hpp"

#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/core/byte_writer.hpp"
#include "formats/core/file_io.hpp"
#include "formats/rc2/core_index.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/texture.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr uint16_t kUnpackFlg = 0x8000;  // destination relative to TOPS (double buffering)
constexpr uint16_t kUnpackUsn = 0x4000;

// Builds one VIF list.
class VifListWriter {
 public:
  void strow(std::array<int32_t, 4> row) {
    out_.u32(vif_word(kVifStrow, 0, 0));
    for (int32_t value : row) out_.u32(static_cast<uint32_t>(value));
  }
  void stmod(uint16_t mode) { out_.u32(vif_word(kVifStmod, 0, mode)); }
  void stcycl(uint8_t write_length, uint8_t cycle_length) {
    out_.u32(vif_word(kVifStcycl, 0, static_cast<uint16_t>((write_length << 8) | cycle_length)));
  }
  // An unpack of `count` elements; `payload` is the packed data (padded here to 4 bytes).
  void unpack(unsigned vn, unsigned vl, bool is_unsigned, uint16_t address, size_t count,
              std::span<const uint8_t> payload) {
    if (count == 0) return;  // an empty array is simply not unpacked (num 0 would mean 256)
    if (count > 256 || address > 0x3ff) throw std::invalid_argument("unpack too large for one VIF command");
    const uint16_t immediate = static_cast<uint16_t>(kUnpackFlg | (is_unsigned ? kUnpackUsn : 0) | address);
    out_.u32(vif_word(unpack_command(vn, vl), static_cast<uint8_t>(count & 0xff), immediate));
    out_.append(payload);
    out_.align(4);
  }
  // Pads to a quadword with NOPs.
  std::vector<uint8_t> finish() {
    while (out_.size() % 16 != 0) out_.u32(vif_word(kVifNop, 0, 0));
    return out_.take();
  }

 private:
  ByteWriter out_;
};

std::vector<uint8_t> pack_positions(const std::vector<std::array<int16_t, 3>>& positions) {
  ByteWriter w;
  for (const auto& p : positions)
    for (int16_t c : p) w.u16(static_cast<uint16_t>(c));
  return w.take();
}
std::vector<uint8_t> pack_vertex_info(const std::vector<VertexInfo>& infos) {
  ByteWriter w;
  for (const VertexInfo& v : infos)
    for (int16_t c : {v.s, v.t, v.parent, v.vertex}) w.u16(static_cast<uint16_t>(c));
  return w.take();
}
std::vector<uint8_t> pack_strips(const std::vector<StripRecord>& strips) {
  std::vector<uint8_t> out;
  for (const StripRecord& s : strips)
    for (int8_t c : {s.count, s.flag, s.ad_gif_offset, s.pad}) out.push_back(static_cast<uint8_t>(c));
  return out;
}
// V4_8 holds four bytes per element: pad the byte array to whole elements.
std::vector<uint8_t> pad_to_elements(std::vector<uint8_t> bytes) {
  bytes.resize((bytes.size() + 3) / 4 * 4, 0);
  return bytes;
}
std::vector<uint8_t> pack_ad_gifs(const std::vector<TfragAdGif>& gifs) {
  ByteWriter w;
  for (const TfragAdGif& g : gifs) {
    for (size_t q = 0; q < 5; ++q) {
      w.u64(g.data[q]);
      w.u64(g.address[q]);
    }
  }
  return w.take();
}

uint8_t quadwords(size_t bytes, const char* what) {
  if (bytes % 16 != 0 || bytes / 16 > 255) throw std::invalid_argument(fmt::format("{} does not fit a u8 size", what));
  return static_cast<uint8_t>(bytes / 16);
}
uint16_t u16_offset(size_t value) {
  if (value > 0xffff) throw std::invalid_argument("patch data over 64 KiB");
  return static_cast<uint16_t>(value);
}

struct PatchBytes {
  PatchHeader header;
  std::vector<uint8_t> data;
};

PatchBytes write_patch(const PatchSource& p) {
  const size_t common_positions = p.positions[0].size();
  const size_t lod01_positions = p.positions[1].size();
  const size_t vert_count = common_positions + lod01_positions + p.positions[2].size();
  const size_t common_info = p.vertex_info[0].size();
  const size_t lod01_info = p.vertex_info[1].size();
  const size_t total_info = common_info + lod01_info + p.vertex_info[2].size();
  size_t max_indices = 0;
  size_t max_strips = 0;
  for (size_t lod = 0; lod < 3; ++lod) {
    max_indices = std::max(max_indices, (p.indices[lod].size() + 3) / 4);
    max_strips = std::max(max_strips, p.strips[lod].size());
  }
  // VU memory layout, in quadwords.
  const uint16_t ad_gifs_addr = 5;
  const uint16_t positions_addr = static_cast<uint16_t>(ad_gifs_addr + 5 * p.ad_gifs.size());
  const uint16_t info_addr = static_cast<uint16_t>(positions_addr + 2 * vert_count);
  const uint16_t lod01_parents_addr = static_cast<uint16_t>(info_addr + total_info);
  const uint16_t lod0_parents_addr = static_cast<uint16_t>(lod01_parents_addr + (p.parents[0].size() + 3) / 4);
  const uint16_t indices_addr = static_cast<uint16_t>(lod0_parents_addr + (p.parents[1].size() + 3) / 4);
  const uint16_t strips_addr = static_cast<uint16_t>(indices_addr + max_indices);
  if (strips_addr + max_strips > 0x3ff) throw std::invalid_argument("patch does not fit VU1 memory");

  std::array<uint16_t, 20> vu_header{};
  vu_header[0] = static_cast<uint16_t>(common_positions);
  vu_header[2] = static_cast<uint16_t>(lod01_positions);
  vu_header[3] = static_cast<uint16_t>(lod01_info);
  vu_header[4] = static_cast<uint16_t>(p.positions[2].size());
  vu_header[5] = static_cast<uint16_t>(p.vertex_info[2].size());
  vu_header[6] = positions_addr;
  vu_header[7] = info_addr;
  vu_header[9] = static_cast<uint16_t>(info_addr + common_info + lod01_info);
  vu_header[11] = static_cast<uint16_t>(info_addr + common_info);
  vu_header[13] = indices_addr;
  vu_header[14] = lod01_parents_addr;
  vu_header[16] = lod0_parents_addr;
  vu_header[18] = strips_addr;
  vu_header[19] = ad_gifs_addr;
  ByteWriter header_bytes;
  for (uint16_t word : vu_header) header_bytes.u16(word);

  const std::array<int32_t, 4> origin_row = {p.origin[0], p.origin[1], p.origin[2], 0};
  const std::array<int32_t, 4> info_row = {0, 0, positions_addr, positions_addr};
  const std::array<int32_t, 4> index_row = {info_addr, info_addr, info_addr, info_addr};
  const auto strips_of = [&](size_t lod) { return pack_strips(p.strips[lod]); };
  const auto indices_of = [&](size_t lod) { return pad_to_elements(p.indices[lod]); };

  VifListWriter lod2;
  lod2.strow(index_row);
  lod2.stmod(1);
  lod2.unpack(3, 2, true, indices_addr, indices_of(2).size() / 4, indices_of(2));
  lod2.stmod(0);
  lod2.unpack(3, 2, false, strips_addr, p.strips[2].size(), strips_of(2));

  VifListWriter common;
  common.unpack(3, 1, true, 0, 5, header_bytes.bytes());
  common.unpack(3, 0, false, ad_gifs_addr, 5 * p.ad_gifs.size(), pack_ad_gifs(p.ad_gifs));
  common.strow(info_row);
  common.stmod(1);
  common.unpack(3, 1, false, info_addr, common_info, pack_vertex_info(p.vertex_info[0]));
  common.strow(origin_row);
  common.stcycl(1, 2);
  common.unpack(2, 1, false, positions_addr, common_positions, pack_positions(p.positions[0]));
  common.stcycl(4, 4);
  common.stmod(0);

  VifListWriter lod1;
  lod1.unpack(3, 2, false, strips_addr, p.strips[1].size(), strips_of(1));
  lod1.strow(index_row);
  lod1.stmod(1);
  lod1.unpack(3, 2, true, indices_addr, indices_of(1).size() / 4, indices_of(1));

  VifListWriter lod01;
  lod01.strow(index_row);
  lod01.stmod(1);
  lod01.unpack(3, 2, true, lod01_parents_addr, (p.parents[0].size() + 3) / 4, pad_to_elements(p.parents[0]));
  lod01.strow(info_row);
  lod01.unpack(3, 1, false, static_cast<uint16_t>(info_addr + common_info), lod01_info,
               pack_vertex_info(p.vertex_info[1]));
  lod01.strow(origin_row);
  lod01.stcycl(1, 2);
  lod01.unpack(2, 1, false, static_cast<uint16_t>(positions_addr + 2 * common_positions), lod01_positions,
               pack_positions(p.positions[1]));

  VifListWriter lod0;  // runs with the row, offset mode and scatter the LOD 0+1 list left
  lod0.unpack(2, 1, false, static_cast<uint16_t>(positions_addr + 2 * (common_positions + lod01_positions)),
              p.positions[2].size(), pack_positions(p.positions[2]));
  lod0.stmod(0);
  lod0.stcycl(4, 4);
  lod0.unpack(3, 2, false, strips_addr, p.strips[0].size(), strips_of(0));
  lod0.strow(index_row);
  lod0.stmod(1);
  lod0.unpack(3, 2, true, indices_addr, indices_of(0).size() / 4, indices_of(0));
  lod0.unpack(3, 2, true, lod0_parents_addr, (p.parents[1].size() + 3) / 4, pad_to_elements(p.parents[1]));
  lod0.strow(info_row);
  lod0.unpack(3, 1, false, static_cast<uint16_t>(info_addr + common_info + lod01_info), p.vertex_info[2].size(),
              pack_vertex_info(p.vertex_info[2]));
  lod0.stmod(0);

  const std::array lists = {lod2.finish(), common.finish(), lod1.finish(), lod01.finish(), lod0.finish()};
  PatchBytes out;
  ByteWriter data;
  std::array<size_t, 6> starts{};
  for (size_t i = 0; i < lists.size(); ++i) {
    starts[i] = data.size();
    data.append(lists[i]);
  }
  starts[5] = data.size();
  if (p.rgba.size() % 4 != 0 || p.rgba.size() / 4 > 255) throw std::invalid_argument("RGBA count not 4 x u8");
  if (p.lights.size() != vert_count || vert_count > 255) throw std::invalid_argument("light records != vert_count");
  const size_t rgba_ofs = data.size();
  for (uint32_t colour : p.rgba) data.u32(colour);
  data.align(16);
  const size_t light_ofs = data.size();
  for (int32_t value : origin_row) data.u32(static_cast<uint32_t>(value));  // the origin's fallback home
  for (const LightRecord& light : p.lights) {
    data.append(light.packed);
    data.u16(light.select);
  }
  data.align(16);

  PatchHeader& h = out.header;
  h.bounding_sphere = p.bounding_sphere;
  h.lod_2_ofs = u16_offset(starts[0]);
  h.shared_ofs = u16_offset(starts[1]);
  h.lod_1_ofs = u16_offset(starts[2]);
  h.lod_0_ofs = u16_offset(starts[3]);
  h.rgba_ofs = u16_offset(rgba_ofs);
  h.common_size = quadwords(starts[2] - starts[1], "common list");
  h.lod_2_size = quadwords(starts[2] - starts[0], "LOD 2 + common lists");
  h.lod_1_size = quadwords(starts[4] - starts[1], "common + LOD 1 + LOD 0+1 lists");
  h.lod_0_size = quadwords(starts[5] - starts[3], "LOD 0+1 + LOD 0 lists");
  h.texture_count = static_cast<uint8_t>(p.ad_gifs.size());
  h.rgba_size = static_cast<uint8_t>(p.rgba.size() / 4);
  h.light_ofs = u16_offset(light_ofs);
  h.light_end_ofs = u16_offset(light_ofs + 0x10 + 8 * vert_count);
  h.dir_lights_one = 0xff;  // -1 on every disc patch
  h.point_lights = 0xffff;  // none
  h.vert_count = static_cast<uint8_t>(vert_count);
  h.tri_count = p.tri_count;
  out.data = data.take();
  return out;
}

void write_class_entry(ByteWriter& out, const ClassSource& source, uint32_t asset_offset, bool shrub) {
  out.u32(asset_offset);
  out.u32(source.number);
  out.u32(0);
  out.u32(0);
  out.append(source.texture_slots);
  if (shrub) out.append(source.billboard_slots);
}

// Places each class's span in core_data; returns the asset offsets (0: no geometry).
std::vector<uint32_t> place_class_spans(ByteWriter& core, const std::vector<ClassSource>& classes) {
  std::vector<uint32_t> offsets;
  for (const ClassSource& source : classes) {
    if (!source.write_span) {
      offsets.push_back(0);
      continue;
    }
    core.align(16);
    const uint32_t offset = static_cast<uint32_t>(core.size());
    const std::vector<uint8_t> span = source.write_span(offset);
    if (span.empty()) throw std::invalid_argument("a class span must not be empty (give no write_span instead)");
    core.append(span);
    offsets.push_back(offset);
  }
  return offsets;
}

}  // namespace

LevelFiles write_level(const LevelSource& source) {
  LevelFiles files;
  // The tfrag block: header, patch table, then each patch's data.
  std::vector<PatchBytes> patches;
  for (const PatchSource& patch : source.patches) patches.push_back(write_patch(patch));
  ByteWriter core;
  core.u32(kTfragTableOffset);
  core.u32(static_cast<uint32_t>(patches.size()));
  core.u32(std::bit_cast<uint32_t>(source.lod_distance));
  core.u32(0);
  core.align(kTfragTableOffset);
  size_t data_cursor = patches.size() * kPatchHeaderSize;  // from table_offset
  std::vector<uint8_t> table;
  for (PatchBytes& patch : patches) {
    patch.header.data = static_cast<uint32_t>(data_cursor);
    write_patch_header(patch.header, table);
    data_cursor += patch.data.size();
  }
  core.append(table);
  for (const PatchBytes& patch : patches) core.append(patch.data);
  core.align(16);
  // Placeholder regions the record locates but this project does not model.
  const uint32_t occlusion = static_cast<uint32_t>(core.size());
  for (int i = 0; i < 16; ++i) core.u8(0);
  const uint32_t sky = static_cast<uint32_t>(core.size());
  for (int i = 0; i < 16; ++i) core.u8(0);
  const uint32_t collision = static_cast<uint32_t>(core.size());
  for (int i = 0; i < 16; ++i) core.u8(0);
  const uint32_t textures_base = static_cast<uint32_t>(core.size());

  // Texels (levels 0 and 1) in core_data; CLUTs and levels 2 and 3 in gs_ram, each at a 0x100 unit.
  ByteWriter gs_ram;
  std::vector<TextureEntry> entries;
  const auto gs_ram_unit = [&](std::span<const uint8_t> bytes) {
    gs_ram.align(kGsRamUnit);
    const size_t unit = gs_ram.size() / kGsRamUnit;
    gs_ram.append(bytes);
    return static_cast<uint16_t>(unit);
  };
  for (const TextureSource& texture : source.textures) {
    TextureEntry entry;
    entry.width = entry.height = static_cast<uint16_t>(texture.width);
    entry.data_offset = static_cast<uint32_t>(core.size() - textures_base);
    core.append(texture.levels[0]);
    core.append(texture.levels[1]);
    core.align(16);
    std::vector<uint8_t> clut(kClutBytes);
    for (size_t i = 0; i < 256; ++i) {
      const size_t at = size_t{csm1_clut_position(static_cast<uint8_t>(i))} * 4;
      for (size_t b = 0; b < 4; ++b) clut[at + b] = static_cast<uint8_t>(texture.palette[i] >> (8 * b));
    }
    entry.palette = gs_ram_unit(clut);
    entry.mipmap = gs_ram_unit(texture.levels[2]);
    entry.pad = gs_ram_unit(texture.levels[3]);
    entries.push_back(entry);
  }
  gs_ram.align(kGsRamUnit);

  // Class geometry after the texels.
  const std::vector<uint32_t> moby_offsets = place_class_spans(core, source.moby_classes);
  const std::vector<uint32_t> tie_offsets = place_class_spans(core, source.tie_classes);
  const std::vector<uint32_t> shrub_offsets = place_class_spans(core, source.shrub_classes);
  if (source.after_shrub_spans) {
    core.align(16);
    core.append(source.after_shrub_spans(static_cast<uint32_t>(core.size())));
  }

  // core_index: header, then the chained tables.
  const uint32_t moby = kCoreIndexHeaderSize;
  const uint32_t tie = moby + static_cast<uint32_t>(source.moby_classes.size() * kClassEntrySize);
  const uint32_t shrub = tie + static_cast<uint32_t>(source.tie_classes.size() * kClassEntrySize);
  const uint32_t textures = shrub + static_cast<uint32_t>(source.shrub_classes.size() * kShrubClassEntrySize);
  const uint32_t after_textures = textures + static_cast<uint32_t>(entries.size() * kTextureEntrySize);
  std::array<uint32_t, kCoreIndexHeaderSize / 4> header{};
  header[0x08 / 4] = 0;
  header[0x0c / 4] = occlusion;
  header[0x10 / 4] = sky;
  header[0x14 / 4] = collision;
  header[0x18 / 4] = static_cast<uint32_t>(source.moby_classes.size());
  header[0x1c / 4] = moby;
  header[0x20 / 4] = static_cast<uint32_t>(source.tie_classes.size());
  header[0x24 / 4] = tie;
  header[0x28 / 4] = static_cast<uint32_t>(source.shrub_classes.size());
  header[0x2c / 4] = shrub;
  header[0x30 / 4] = static_cast<uint32_t>(entries.size());
  header[0x34 / 4] = textures;
  header[0x38 / 4] = 0;
  header[0x3c / 4] = after_textures;
  header[0x60 / 4] = textures_base;
  header[0x88 / 4] = static_cast<uint32_t>(core.size());
  header[0x8c / 4] = static_cast<uint32_t>(core.size());
  ByteWriter index;
  for (uint32_t word : header) index.u32(word);
  for (size_t i = 0; i < source.moby_classes.size(); ++i) {
    write_class_entry(index, source.moby_classes[i], moby_offsets[i], false);
  }
  for (size_t i = 0; i < source.tie_classes.size(); ++i) {
    write_class_entry(index, source.tie_classes[i], tie_offsets[i], false);
  }
  for (size_t i = 0; i < source.shrub_classes.size(); ++i) {
    write_class_entry(index, source.shrub_classes[i], shrub_offsets[i], true);
  }
  for (const TextureEntry& e : entries) {
    index.u32(e.data_offset);
    index.u16(e.width);
    index.u16(e.height);
    index.u16(e.unknown_8);
    index.u16(e.palette);
    index.u16(e.mipmap);
    index.u16(e.pad);
  }
  files.core_index = index.take();
  files.core_data = core.take();
  files.gs_ram = gs_ram.take();
  return files;
}

void write_level_folder(const LevelFiles& files, const std::filesystem::path& folder) {
  std::filesystem::create_directories(folder);
  write_file(folder / kCoreIndexFile, files.core_index);
  write_file(folder / kCoreDataFile, files.core_data);
  write_file(folder / kGsRamFile, files.gs_ram);
  if (files.gameplay) write_file(folder / kGameplayFile, *files.gameplay);
}

}  // namespace gcvu::formats::rc2
