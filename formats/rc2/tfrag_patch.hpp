#pragma once
// One tfrag patch decoded far enough to check every invariant the work record proves a reading with
// (reference/rc2-level-formats.md, "tfrag terrain" through "The origin"). The five VIF lists are walked and their
// unpacks classified by format and destination; nothing is assembled into a mesh: drawing goes through the emulator.
//
// The five lists, in transfer order, with ranges from the patch data start:
//   LOD 2     [lod_2_ofs, shared_ofs)                       strips, indices
//   common    [shared_ofs, lod_1_ofs)                       VU header, ad-gifs, vertex info, origin, positions
//   LOD 1     [lod_1_ofs, lod_0_ofs)                        strips, indices
//   LOD 0+1   [lod_0_ofs, shared_ofs + lod_1_size * 16)     parents, vertex info, positions
//   LOD 0     [shared_ofs + lod_1_size * 16, rgba_ofs)      positions, strips, indices, parents, vertex info
// Unpack classification (vn, vl): (3,1) unsigned to address 0 opening the common list = the VU header (5 vectors);
// (3,0) ad-gifs (5 quadwords each); (2,1) positions; (3,1) otherwise vertex info; (3,2) signed strips, unsigned
// indices (to the VU header's indices address) or parent arrays.
//
// Readings the record leaves open, and what this code does about them:
// - tri_count is compared with the LOD-0 (finest) triangle total: the record checks tri_count against the walked
//   strips and notes that banking LOD 2 first makes the count come out low, which only fits the finest LOD.
// - The two parent arrays of each tier share VU addresses with their neighbours (the record's level 0 patch 1), so
//   they are kept as one byte count per tier, not split into parent and "unknown 2" arrays.
// - A strip record's packet flag: wrench's table has 0 = "copy ad-gifs" and -128 = XGKICK. Only biased records
//   whose flag is 0 are taken to carry an ad-gif offset; that offset is read as quadwords from the ad-gif array
//   (a multiple of 5). Neither unit nor flag meaning is in the record: a real level may refine this.
// - Light records: 8 bytes; the record names azimuth/elevation indices and a 5:5:5:1 base colour in the first six
//   bytes without giving their order, so those stay raw; `select` is the u16 at +6.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/tfrag_block.hpp"

namespace gcvu::formats::rc2 {

enum class PatchList { kLod2, kCommon, kLod1, kLod01, kLod0 };
inline constexpr size_t kPatchListCount = 5;
const char* patch_list_name(PatchList list);

// The VU header: 5 V4_16 vectors = 20 u16 (field names from wrench's tfrag notes).
struct TfragVuHeader {
  std::array<uint16_t, 20> words{};
  uint16_t common_positions_count() const { return words[0]; }
  uint16_t lod_01_positions_count() const { return words[2]; }
  uint16_t lod_0_positions_count() const { return words[4]; }
  uint16_t positions_colours_addr() const { return words[6]; }
  uint16_t vertex_info_addr() const { return words[7]; }
  uint16_t indices_addr() const { return words[13]; }
  uint16_t strips_addr() const { return words[18]; }
  uint16_t ad_gifs_addr() const { return words[19]; }
};

// Five A+D quadwords holding packed fields (rewritten by the level load before drawing).
struct TfragAdGif {
  std::array<uint64_t, 5> data{};
  std::array<uint64_t, 5> address{};
  uint32_t texture_index() const { return static_cast<uint32_t>(data[0]); }  // TEX0_1 data_lo
  // TEX1_1 data_lo: K, signed 12-bit in 1/16 units.
  int32_t lod_bias_k() const { return static_cast<int16_t>(static_cast<uint16_t>(data[1] << 4)) >> 4; }
  uint32_t min_filter() const { return static_cast<uint32_t>(data[1] >> 32); }  // TEX1_1 data_hi: MMIN
};

struct StripRecord {
  int8_t count = 0;  // vertex count; <= 0 is biased by -128, 0 ends the list
  int8_t flag = 0;
  int8_t ad_gif_offset = 0;
  int8_t pad = 0;
};

struct VertexInfo {
  int16_t s = 0;
  int16_t t = 0;
  int16_t parent = 0;
  int16_t vertex = 0;  // own position: vertex / 2 is the position index (positions are scattered 2 qwords apart)
};

struct LightRecord {
  std::array<uint8_t, 6> packed{};  // azimuth, elevation, base colour: order not given by the record
  uint16_t select = 0;
};

enum class OriginSource { kStrow, kLightQuadword };

struct ListExtent {
  uint32_t begin = 0;  // bytes from the patch data
  uint32_t end = 0;
  size_t command_count = 0;
};

// Tiers of positions and vertex info: 0 common, 1 LOD 0+1, 2 LOD 0 only. Banks of strips/indices by LOD: 0, 1, 2.
struct TfragPatch {
  size_t index = 0;
  PatchHeader header;
  uint64_t data_offset = 0;  // in core_data
  std::array<ListExtent, kPatchListCount> lists{};
  TfragVuHeader vu_header;
  std::vector<TfragAdGif> ad_gifs;
  std::array<std::vector<std::array<int16_t, 3>>, 3> positions;
  std::array<std::vector<VertexInfo>, 3> vertex_info;
  std::array<std::vector<StripRecord>, 3> strips;
  std::array<std::vector<uint8_t>, 3> indices;
  std::array<size_t, 2> parent_bytes{};  // LOD 0+1 and LOD 0 parent arrays, in bytes
  std::array<uint32_t, 3> triangles{};   // per LOD, from the strips
  std::array<int32_t, 4> origin{};
  OriginSource origin_source = OriginSource::kStrow;
  std::vector<uint32_t> rgba;
  std::vector<LightRecord> lights;

  size_t position_total() const { return positions[0].size() + positions[1].size() + positions[2].size(); }
};

// Decodes and checks patch `index` of `block`. `region_end` closes the tfrag region (the occlusion offset);
// `texture_count` is the level's tfrag texture count. `source` names the level's core_data; every FormatError
// also names the patch and the rule.
TfragPatch read_tfrag_patch(std::span<const uint8_t> core_data, const TfragBlock& block, size_t index,
                            uint64_t region_end, size_t texture_count, const std::string& source);

}  // namespace gcvu::formats::rc2
