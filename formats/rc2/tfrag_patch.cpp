#include "formats/rc2/tfrag_patch.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_list.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr unsigned kAdGifQuadwords = 5;
constexpr unsigned kVuHeaderVectors = 5;

// Errors name the level's file and the patch; the offset is in core_data.
struct PatchErrors {
  std::string source;
  [[noreturn]] void fail(uint64_t offset, std::string rule) const { throw FormatError(source, offset, rule); }
};

int16_t le_i16(std::span<const uint8_t> bytes, size_t at) {
  return static_cast<int16_t>(load_le_u16(bytes, at));
}

// The list ranges in transfer order, checked to be ordered and inside the patch's room in the region.
std::array<ListExtent, kPatchListCount> list_extents(const PatchHeader& h, const PatchErrors& errors,
                                                     uint64_t header_offset) {
  const uint32_t lod_0_only = h.shared_ofs + uint32_t{h.lod_1_size} * 16;
  std::array<ListExtent, kPatchListCount> lists{{{h.lod_2_ofs, h.shared_ofs},
                                                 {h.shared_ofs, h.lod_1_ofs},
                                                 {h.lod_1_ofs, h.lod_0_ofs},
                                                 {h.lod_0_ofs, lod_0_only},
                                                 {lod_0_only, h.rgba_ofs}}};
  for (size_t i = 0; i < kPatchListCount; ++i) {
    const ListExtent& list = lists[i];
    if (list.begin > list.end) {
      errors.fail(
          header_offset + 0x14,
          fmt::format("list order: the {} list would run from +{} to +{} (lists must follow "
                      "lod_2_ofs <= shared_ofs <= lod_1_ofs <= lod_0_ofs <= shared_ofs + lod_1_size*16 <= "
                      "rgba_ofs)",
                      patch_list_name(static_cast<PatchList>(i)), hex_offset(list.begin), hex_offset(list.end)));
    }
  }
  return lists;
}

struct ListWalk {
  const PatchErrors& errors;
  TfragPatch& patch;
  bool header_seen = false;
  bool origin_found = false;
  std::array<int32_t, 4> last_row{};
  bool row_seen = false;
  bool lod_0_indices_seen = false;

  size_t tier_of(PatchList list) const { return list == PatchList::kCommon ? 0 : list == PatchList::kLod01 ? 1 : 2; }
  size_t lod_of(PatchList list) const { return list == PatchList::kLod0 ? 0 : list == PatchList::kLod1 ? 1 : 2; }

  void misplaced(const VifCommand& command, PatchList list, const char* what) const {
    errors.fail(command.offset, fmt::format("{} unpack ({:#010x}) in the {} list, where the record has none", what,
                                            command.code.word, patch_list_name(list)));
  }

  void unpack(const VifCommand& command, PatchList list) {
    const VifCode code = command.code;
    const unsigned count = code.unpack_count();
    const auto data = command.payload;
    if (code.vn() == 3 && code.vl() == 1 && !header_seen) {
      if (list != PatchList::kCommon || !code.unsigned_data() || code.address() != 0 || count != kVuHeaderVectors) {
        errors.fail(command.offset,
                    fmt::format("the common list must open with the VU header: 5 unsigned V4_16 vectors to address 0, "
                                "found {:#010x} in the {} list",
                                code.word, patch_list_name(list)));
      }
      for (size_t i = 0; i < patch.vu_header.words.size(); ++i) {
        patch.vu_header.words[i] = static_cast<uint16_t>(data[2 * i] | (data[2 * i + 1] << 8));
      }
      header_seen = true;
      return;
    }
    if (!header_seen && list != PatchList::kLod2) {
      errors.fail(command.offset, "an unpack before the VU header in the common list");
    }
    if (code.vn() == 3 && code.vl() == 0) {
      if (list != PatchList::kCommon) misplaced(command, list, "ad-gif (V4_32)");
      if (count % kAdGifQuadwords != 0) {
        errors.fail(command.offset,
                    fmt::format("ad-gif unpack of {} quadwords is not whole 5-quadword ad-gifs", count));
      }
      for (unsigned g = 0; g < count / kAdGifQuadwords; ++g) {
        TfragAdGif gif;
        for (unsigned q = 0; q < kAdGifQuadwords; ++q) {
          gif.data[q] = load_le_u64(data, (g * kAdGifQuadwords + q) * 16);
          gif.address[q] = load_le_u64(data, (g * kAdGifQuadwords + q) * 16 + 8);
        }
        patch.ad_gifs.push_back(gif);
      }
    } else if (code.vn() == 2 && code.vl() == 1) {
      if (list == PatchList::kLod2 || list == PatchList::kLod1) misplaced(command, list, "position (V3_16)");
      if (list == PatchList::kCommon && !origin_found) {
        // The origin is the STROW immediately preceding the first position unpack (not the list's last STROW:
        // the light rows come later).
        if (row_seen) {
          patch.origin = last_row;
          patch.origin_source = OriginSource::kStrow;
          origin_found = true;
        }
      }
      auto& tier = patch.positions[tier_of(list)];
      for (unsigned i = 0; i < count; ++i)
        tier.push_back({le_i16(data, 6 * i), le_i16(data, 6 * i + 2), le_i16(data, 6 * i + 4)});
    } else if (code.vn() == 3 && code.vl() == 1) {
      if (list == PatchList::kLod2 || list == PatchList::kLod1) misplaced(command, list, "vertex info (V4_16)");
      auto& tier = patch.vertex_info[tier_of(list)];
      for (unsigned i = 0; i < count; ++i) {
        tier.push_back(
            {le_i16(data, 8 * i), le_i16(data, 8 * i + 2), le_i16(data, 8 * i + 4), le_i16(data, 8 * i + 6)});
      }
    } else if (code.vn() == 3 && code.vl() == 2) {
      v4_8(command, list);
    } else {
      errors.fail(command.offset, fmt::format("unpack format vn={} vl={} ({:#010x}) is not in the record's table",
                                              code.vn(), code.vl(), code.word));
    }
  }

  void v4_8(const VifCommand& command, PatchList list) {
    const VifCode code = command.code;
    const auto data = command.payload.first(size_t{code.unpack_count()} * 4);
    if (!code.unsigned_data()) {
      if (list == PatchList::kCommon || list == PatchList::kLod01) misplaced(command, list, "strip (signed V4_8)");
      auto& bank = patch.strips[lod_of(list)];
      for (size_t i = 0; i + 4 <= data.size(); i += 4) {
        bank.push_back({static_cast<int8_t>(data[i]), static_cast<int8_t>(data[i + 1]),
                        static_cast<int8_t>(data[i + 2]), static_cast<int8_t>(data[i + 3])});
      }
      return;
    }
    if (list == PatchList::kCommon) misplaced(command, list, "index (unsigned V4_8)");
    bool is_indices = list == PatchList::kLod2 || list == PatchList::kLod1;
    if (list == PatchList::kLod0 && code.address() == patch.vu_header.indices_addr()) {
      if (lod_0_indices_seen) {
        errors.fail(command.offset, "two index unpacks to the VU header's indices address in the LOD 0 list");
      }
      lod_0_indices_seen = true;
      is_indices = true;
    }
    if (is_indices) {
      auto& bank = patch.indices[lod_of(list)];
      bank.insert(bank.end(), data.begin(), data.end());
    } else {
      patch.parent_bytes[list == PatchList::kLod01 ? 0 : 1] += data.size();
    }
  }

  void walk(const std::vector<VifCommand>& commands, PatchList list) {
    for (const VifCommand& command : commands) {
      if (command.code.is_unpack()) {
        unpack(command, list);
      } else if (command.code.command() == kVifStrow) {
        for (size_t i = 0; i < 4; ++i) last_row[i] = static_cast<int32_t>(load_le_u32(command.payload, 4 * i));
        row_seen = true;
      }
    }
  }
};

// Walks a strip bank; returns its triangle count and checks indices and ad-gif offsets.
uint32_t check_strips(TfragPatch& patch, size_t lod, size_t vertex_info_range, const PatchErrors& errors,
                      uint64_t list_offset) {
  const auto& strips = patch.strips[lod];
  const auto& indices = patch.indices[lod];
  if (strips.empty()) errors.fail(list_offset, fmt::format("LOD {} has no strip records", lod));
  if (strips.front().count >= 0) {
    errors.fail(list_offset, fmt::format("LOD {}: the first strip record must be biased (count <= 0 - 128), it is {}",
                                         lod, strips.front().count));
  }
  uint32_t triangles = 0;
  size_t next_index = 0;
  bool ended = false;
  for (const StripRecord& strip : strips) {
    if (strip.count == 0) {
      ended = true;
      break;
    }
    int vertices = strip.count;
    if (strip.count < 0) {
      vertices += 128;
      if (strip.flag == 0) {
        if (strip.ad_gif_offset < 0 || strip.ad_gif_offset % kAdGifQuadwords != 0 ||
            static_cast<size_t>(strip.ad_gif_offset / kAdGifQuadwords) >= patch.ad_gifs.size()) {
          errors.fail(list_offset, fmt::format("LOD {}: strip ad-gif offset {} is not one of the patch's {} ad-gifs "
                                               "(5 quadwords each)",
                                               lod, strip.ad_gif_offset, patch.ad_gifs.size()));
        }
      }
    }
    if (vertices < 3) {
      errors.fail(list_offset, fmt::format("LOD {}: a strip of {} vertices draws no triangle", lod, vertices));
    }
    if (next_index + vertices > indices.size()) {
      errors.fail(list_offset,
                  fmt::format("LOD {}: strips need more than the {} indices unpacked", lod, indices.size()));
    }
    for (int v = 0; v < vertices; ++v) {
      const uint8_t entry = indices[next_index + v];
      if (entry >= vertex_info_range) {
        errors.fail(list_offset, fmt::format("LOD {}: triangle index {} is outside the LOD's {} vertex-info entries",
                                             lod, entry, vertex_info_range));
      }
    }
    next_index += vertices;
    triangles += vertices - 2;
  }
  if (!ended) errors.fail(list_offset, fmt::format("LOD {}: the strip records have no zero-count end record", lod));
  return triangles;
}

}  // namespace

const char* patch_list_name(PatchList list) {
  switch (list) {
    case PatchList::kLod2: return "LOD 2";
    case PatchList::kCommon: return "common";
    case PatchList::kLod1: return "LOD 1";
    case PatchList::kLod01: return "LOD 0+1";
    case PatchList::kLod0: return "LOD 0";
  }
  return "?";
}

TfragPatch read_tfrag_patch(std::span<const uint8_t> core_data, const TfragBlock& block, size_t index,
                            uint64_t region_end, size_t texture_count, const std::string& source) {
  const PatchErrors errors{fmt::format("{} patch {}", source, index)};
  const uint64_t header_offset = block.offset + block.table_offset + index * kPatchHeaderSize;
  TfragPatch patch;
  patch.index = index;
  patch.header = block.patches.at(index);
  const PatchHeader& h = patch.header;
  patch.data_offset = block.offset + block.table_offset + uint64_t{h.data};
  patch.lists = list_extents(h, errors, header_offset);

  // Everything the patch owns must lie inside the tfrag region.
  const uint64_t light_end = uint64_t{h.light_ofs} + 0x10 + uint64_t{h.vert_count} * 8;
  const uint64_t rgba_end = uint64_t{h.rgba_ofs} + uint64_t{h.rgba_size} * 4 * 4;
  const uint64_t data_end = patch.data_offset + std::max({light_end, rgba_end, uint64_t{patch.lists[4].end}});
  if (patch.data_offset < block.offset + block.table_offset || data_end > region_end) {
    errors.fail(header_offset + 0x10,
                fmt::format("patch data [{}, {}) is outside the tfrag region (ends at {})",
                            hex_offset(patch.data_offset), hex_offset(data_end), hex_offset(region_end)));
  }

  ListWalk walk{errors, patch};
  // The common list first (it holds the VU header the others are classified by), each banked by what it is.
  constexpr std::array kWalkOrder = {PatchList::kCommon, PatchList::kLod2, PatchList::kLod1, PatchList::kLod01,
                                     PatchList::kLod0};
  for (PatchList list : kWalkOrder) {
    ListExtent& extent = patch.lists[static_cast<size_t>(list)];
    ByteReader reader(core_data.subspan(patch.data_offset + extent.begin, extent.end - extent.begin),
                      fmt::format("{} {} list", errors.source, patch_list_name(list)),
                      patch.data_offset + extent.begin);
    const std::vector<VifCommand> commands = walk_vif_list(reader);
    extent.command_count = commands.size();
    walk.walk(commands, list);
    if (list == PatchList::kCommon && !walk.header_seen) {
      errors.fail(patch.data_offset + extent.begin, "the common list has no VU header unpack");
    }
  }

  // vert_count is the total over all three position tiers.
  if (patch.position_total() != h.vert_count) {
    errors.fail(header_offset + 0x3c,
                fmt::format("vert_count: the lists unpack {} positions ({} common + {} LOD 0+1 + {} LOD 0), the header "
                            "says {}",
                            patch.position_total(), patch.positions[0].size(), patch.positions[1].size(),
                            patch.positions[2].size(), h.vert_count));
  }
  // Every vertex-info entry's own position must be a position the LOD can see.
  const std::array<size_t, 3> position_range = {
      patch.positions[0].size(), patch.positions[0].size() + patch.positions[1].size(), patch.position_total()};
  for (size_t tier = 0; tier < 3; ++tier) {
    for (const VertexInfo& info : patch.vertex_info[tier]) {
      if (info.vertex < 0 || info.vertex % 2 != 0 || static_cast<size_t>(info.vertex / 2) >= position_range[tier]) {
        errors.fail(patch.data_offset + patch.lists[tier == 0   ? 1
                                                    : tier == 1 ? 3
                                                                : 4]
                                            .begin,
                    fmt::format("vertex info position offset {} is not 2 x a position of its tier ({} positions)",
                                info.vertex, position_range[tier]));
      }
    }
  }
  // Strips per LOD, indices inside that LOD's vertex info: LOD 2 sees the common tier, LOD 1 adds LOD 0+1, LOD 0 all.
  const size_t common_info = patch.vertex_info[0].size();
  const std::array<size_t, 3> info_range = {common_info + patch.vertex_info[1].size() + patch.vertex_info[2].size(),
                                            common_info + patch.vertex_info[1].size(), common_info};
  const std::array<size_t, 3> strip_list = {4, 2, 0};
  for (size_t lod = 0; lod < 3; ++lod) {
    patch.triangles[lod] =
        check_strips(patch, lod, info_range[lod], errors, patch.data_offset + patch.lists[strip_list[lod]].begin);
  }
  if (patch.triangles[0] != h.tri_count) {
    errors.fail(header_offset + 0x3d, fmt::format("tri_count: the LOD 0 strips draw {} triangles, the header says {}",
                                                  patch.triangles[0], h.tri_count));
  }
  // Every ad-gif must name a texture that exists.
  for (size_t g = 0; g < patch.ad_gifs.size(); ++g) {
    if (patch.ad_gifs[g].texture_index() >= texture_count) {
      errors.fail(patch.data_offset + patch.lists[1].begin,
                  fmt::format("ad-gif {} names texture {}, but the level has {} tfrag textures", g,
                              patch.ad_gifs[g].texture_index(), texture_count));
    }
  }

  ByteReader data(core_data.subspan(patch.data_offset, data_end - patch.data_offset), errors.source, patch.data_offset);
  data.seek(h.rgba_ofs, "RGBA array");
  patch.rgba.resize(size_t{h.rgba_size} * 4);
  for (uint32_t& colour : patch.rgba) colour = data.u32("RGBA colour");
  data.seek(h.light_ofs, "light records");
  std::array<int32_t, 4> light_origin{};
  for (int32_t& word : light_origin) word = static_cast<int32_t>(data.u32("origin quadword"));
  if (!walk.origin_found) {
    patch.origin = light_origin;
    patch.origin_source = OriginSource::kLightQuadword;
  }
  patch.lights.resize(h.vert_count);
  for (LightRecord& light : patch.lights) {
    auto packed = data.bytes(6, "light record");
    std::copy(packed.begin(), packed.end(), light.packed.begin());
    light.select = data.u16("light select");
  }
  return patch;
}

}  // namespace gcvu::formats::rc2
