#pragma once
// Writes a level in the on-disc layout the loader reads (core_data.bin, core_index.bin, gs_ram.bin), from
// per-patch arrays: the writer lays out VU memory, builds the five VIF lists per patch in transfer order with the
// STROW/STMOD/STCYCL/UNPACK sequences of wrench's tfrag notes, and places RGBA, light records, textures and CLUTs.
//
// Choices the record leaves to us (documented so a frame builder can rely on them):
// - VU layout (quadwords, relative to the buffer base; every unpack sets FLG so TOPS picks the buffer): VU header
//   at 0 (5), ad-gifs at 5 (5 each), positions and colours interleaved (2 per position), vertex info (1 each),
//   LOD 0+1 then LOD 0 parent arrays, indices, strips.
// - Header sizes, in quadwords: common_size = common list; lod_2_size = LOD 2 + common; lod_1_size = common +
//   LOD 1 + LOD 0+1 (the record's rule placing the LOD-0-only list); lod_0_size = LOD 0+1 + LOD 0. Each list is
//   padded to a quadword with VIF NOPs.
// - Each list leaves STMOD and STCYCL as it needs them itself, except the LOD 0 list, which (as in wrench's notes)
//   relies on the origin row, offset mode and scatter left by the LOD 0+1 list. As in wrench's tables, the common
//   and LOD lists open without an STCYCL: they expect CYCLE wl = cl on entry (each scatter is undone with STCYCL
//   4/4), so whatever sends the first list must set STCYCL 4/4 once beforehand.
// - core_data: tfrag block at 0, then 16-byte occlusion, sky and collision placeholders, then texels (levels 0-1).
//   Class entries carry asset offset 0 (no geometry). assets_compressed_size = the decompressed size (core_data is
//   written uncompressed).

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"

namespace gcvu::formats::rc2 {

struct PatchSource {
  std::array<float, 4> bounding_sphere{};
  std::array<int32_t, 3> origin{};
  std::array<std::vector<std::array<int16_t, 3>>, 3> positions;  // common, LOD 0+1, LOD 0 only
  std::array<std::vector<VertexInfo>, 3> vertex_info;            // same tiers
  std::array<std::vector<uint8_t>, 2> parents;                   // LOD 0+1, LOD 0 parent arrays (4 per element)
  std::array<std::vector<StripRecord>, 3> strips;                // by LOD 0, 1, 2 (each ends with a zero record)
  std::array<std::vector<uint8_t>, 3> indices;                   // by LOD
  std::vector<TfragAdGif> ad_gifs;
  std::vector<uint32_t> rgba;  // a multiple of 4 colours
  std::vector<LightRecord> lights;
  uint8_t tri_count = 0;
};

struct TextureSource {
  uint32_t width = 0;                          // square
  std::array<std::vector<uint8_t>, 4> levels;  // palette indices per mip level
  std::array<uint32_t, 256> palette{};         // RGBA by logical index (stored CSM1-swizzled)
};

// A moby, tie or shrub class: its core-index entry and, when it has geometry, the span of core_data it points at.
// The span is built by `write_span(offset)` once the writer knows where in core_data it goes (class formats hold
// offsets that may be absolute); an empty function means no geometry (asset offset 0, as on the disc).
struct ClassSource {
  uint32_t number = 0;
  std::function<std::vector<uint8_t>(uint32_t core_data_offset)> write_span;
  std::array<uint8_t, 16> texture_slots = filled_slots();
  std::array<uint8_t, 16> billboard_slots = filled_slots();  // shrub entries only
  static constexpr std::array<uint8_t, 16> filled_slots() {
    std::array<uint8_t, 16> slots{};
    slots.fill(0xff);
    return slots;
  }
};

struct LevelSource {
  float lod_distance = 32.0f;
  std::vector<PatchSource> patches;
  std::vector<TextureSource> textures;
  // Class spans go into core_data after the texels, 16-byte aligned, in table order: mobies, ties, shrubs; then
  // `after_shrub_spans` (what closes the last shrub span: the chunk container the record locates by signature).
  std::vector<ClassSource> moby_classes;
  std::vector<ClassSource> tie_classes;
  std::vector<ClassSource> shrub_classes;
  std::function<std::vector<uint8_t>(uint32_t core_data_offset)> after_shrub_spans;
};

struct LevelFiles {
  std::vector<uint8_t> core_index;
  std::vector<uint8_t> core_data;
  std::vector<uint8_t> gs_ram;
  std::optional<std::vector<uint8_t>> gameplay;  // gameplay.bin (decompressed), when the level has instances
};

// Throws std::invalid_argument when the source does not fit the format (a list over 255 quadwords, ...).
LevelFiles write_level(const LevelSource& source);
// Writes the files into `folder` (gameplay.bin only when `files` has it).
void write_level_folder(const LevelFiles& files, const std::filesystem::path& folder);

}  // namespace gcvu::formats::rc2
