#pragma once
// core_index.bin, the level's geometry directory (reference/rc2-level-formats.md, "Core index field order", "The
// class tables were not unreadable, only unsized", "Where the class tables point", "Texture bindings").
//
// Header fields, little-endian u32, in the record's order:
//   0x00 gs_ram count, 0x04 gs_ram offset      (entries not documented by the record: read, not interpreted)
//   0x08 tfrags, 0x0c occlusion, 0x10 sky, 0x14 collision   (region offsets into core_data, single words)
//   0x18/0x1c moby classes count/offset (32-byte entries), 0x20/0x24 tie classes (32), 0x28/0x2c shrub (48)
//   0x30/0x34 tfrag textures count/offset (16-byte entries), 0x38/0x3c the next texture table (moby textures)
//   0x60 textures_base (core_data offset texel data_offsets are relative to)
//   0x88 assets compressed size, 0x8c assets decompressed size (= core_data's exact length)
// The first table sits at 0xc0 on the disc (moby at 192), so the header is read as 0xc0 bytes. Words not named
// above are kept raw in `unnamed_words`: the record does not say what they hold.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/texture_entry.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kCoreIndexHeaderSize = 0xc0;
inline constexpr size_t kClassEntrySize = 32;
inline constexpr size_t kShrubClassEntrySize = 48;

struct TableRange {
  uint32_t count = 0;
  uint32_t offset = 0;
};

// A moby/tie/shrub class entry: {asset offset into core_data (0: no geometry), class number, two words the record
// leaves unnamed, 16 texture slots}; a shrub entry adds 16 billboard slots.
struct ClassEntry {
  uint32_t asset_offset = 0;
  uint32_t class_number = 0;
  std::array<uint32_t, 2> unknown{};
  std::array<uint8_t, 16> texture_slots{};
  std::array<uint8_t, 16> billboard_slots{};  // shrub only
};

struct CoreIndex {
  TableRange gs_ram;
  uint32_t tfrags = 0;
  uint32_t occlusion = 0;
  uint32_t sky = 0;
  uint32_t collision = 0;
  TableRange moby_classes;
  TableRange tie_classes;
  TableRange shrub_classes;
  TableRange tfrag_textures;
  TableRange moby_textures;  // only its offset is used: where the tfrag texture table must end
  uint32_t textures_base = 0;
  uint32_t assets_compressed_size = 0;
  uint32_t assets_decompressed_size = 0;
  std::array<uint32_t, kCoreIndexHeaderSize / 4> header_words{};  // every header word, for fields not named

  std::vector<ClassEntry> mobies;
  std::vector<ClassEntry> ties;
  std::vector<ClassEntry> shrubs;
  std::vector<TextureEntry> textures;
};

// Parses and checks core_index.bin against a core_data of `core_data_size` bytes. Rules checked (each a
// FormatError naming `source`, the offset and the rule): the header fits; each table lies inside the file; the
// chaining rule (moby + n*32 == tie, tie + n*32 == shrub, shrub + n*48 == tfrag textures, tfrag textures + n*16 ==
// the next table's offset); assets_decompressed_size == core_data's length; every class asset offset is 0 or
// inside core_data; the region offsets tfrags < occlusion < sky < collision < textures_base <= core_data's length.
CoreIndex read_core_index(std::span<const uint8_t> data, uint64_t core_data_size, const std::string& source);

// A cheap content check for identification, without core_data: the header fits, the first table starts at or
// after the header, the four tables chain and end inside the file.
bool looks_like_core_index(std::span<const uint8_t> data);

}  // namespace gcvu::formats::rc2
