#pragma once
// An extracted R&C2 level folder, as the work record's extractor writes it: core_data.bin (decompressed),
// core_index.bin and gs_ram.bin. Loading parses the core index, the tfrag block and every patch, and every
// texture, checking each invariant the record proves a reading with; the first violation is a FormatError that
// names the folder's file, the patch or class (where there is one) and the rule. Shrub class spans are parsed
// too (shrub_class.hpp). A gameplay.bin beside them (decompressed; gameplay.hpp) gives the shrub and moby
// instances; without one the level has none.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "formats/rc2/core_index.hpp"
#include "formats/rc2/gameplay.hpp"
#include "formats/rc2/moby_class.hpp"
#include "formats/rc2/shrub_class.hpp"
#include "formats/rc2/texture.hpp"
#include "formats/rc2/tfrag_block.hpp"
#include "formats/rc2/tfrag_patch.hpp"

namespace gcvu::formats::rc2 {

inline constexpr const char* kCoreDataFile = "core_data.bin";
inline constexpr const char* kCoreIndexFile = "core_index.bin";
inline constexpr const char* kGsRamFile = "gs_ram.bin";
// The game loads core_index, core_data and gameplay into the EE's 32 MiB of main RAM and gs_ram into the GS's
// 4 MiB of local memory, so a larger file is not a level; load_level refuses it before reading it.
inline constexpr uint64_t kMaxLevelFileBytes = uint64_t{32} << 20;
inline constexpr uint64_t kMaxGsRamBytes = uint64_t{4} << 20;

struct Level {
  std::string name;  // the folder, as given
  std::vector<uint8_t> core_data;
  std::vector<uint8_t> gs_ram;
  CoreIndex index;
  TfragBlock block;
  std::vector<TfragPatch> patches;
  std::vector<TfragTexture> textures;
  std::vector<MobyClass> moby_classes;  // classes with geometry, in table order
  std::vector<ShrubClass> shrubs;  // the shrub classes with geometry, in table order
  std::optional<Gameplay> gameplay;   // from gameplay.bin, when the folder has one and it is not compressed
  bool gameplay_compressed = false;   // gameplay.bin is there but still WAD-compressed: not read
};

// Loads from the three files' bytes and, when given, gameplay.bin's; `name` is used in error messages (files are
// named "<name>/core_data.bin"...).
Level read_level(std::vector<uint8_t> core_index, std::vector<uint8_t> core_data, std::vector<uint8_t> gs_ram,
                 const std::string& name, std::optional<std::vector<uint8_t>> gameplay = std::nullopt);
// Loads a folder holding the three files, and gameplay.bin when it is there.
Level load_level(const std::filesystem::path& folder);

// The `gcvu info` summary: class counts, patch count, vertex and triangle totals per LOD, textures, instances.
std::vector<std::string> level_summary_lines(const Level& level);

}  // namespace gcvu::formats::rc2
