#include "formats/rc2/core_index.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

TableRange read_range(const CoreIndex& index, size_t field) {
  return TableRange{index.header_words[field / 4], index.header_words[field / 4 + 1]};
}

// A table of `range.count` entries of `entry_size` bytes must lie inside the file.
ByteReader table_reader(const ByteReader& file, const TableRange& range, size_t entry_size, const char* name,
                        size_t field) {
  const uint64_t end = uint64_t{range.offset} + uint64_t{range.count} * entry_size;
  if (end > file.size()) {
    throw FormatError(file.source(), field,
                      fmt::format("{} table ({} entries of {} bytes at {}) runs past the end of the file ({})", name,
                                  range.count, entry_size, hex_offset(range.offset), hex_offset(file.size())));
  }
  ByteReader copy = file;
  copy.seek(range.offset);
  return copy.sub(range.count * entry_size, name);
}

// The record's chaining rule: each table ends exactly where the next begins.
void require_chain(const std::string& source, const TableRange& range, size_t entry_size, const char* name,
                   uint32_t next_offset, const char* next_name, size_t next_field) {
  const uint64_t end = uint64_t{range.offset} + uint64_t{range.count} * entry_size;
  if (end != next_offset) {
    throw FormatError(source, next_field,
                      fmt::format("table chaining: {} ({} entries of {} bytes at {}) ends at {}, but {} starts at {}",
                                  name, range.count, entry_size, hex_offset(range.offset), hex_offset(end), next_name,
                                  hex_offset(next_offset)));
  }
}

std::vector<ClassEntry> read_classes(const ByteReader& file, const TableRange& range, size_t entry_size,
                                     const char* name, size_t field, uint64_t core_data_size) {
  ByteReader table = table_reader(file, range, entry_size, name, field);
  std::vector<ClassEntry> entries(range.count);
  for (ClassEntry& entry : entries) {
    const uint64_t at = table.source_offset();
    entry.asset_offset = table.u32("class asset offset");
    entry.class_number = table.u32("class number");
    entry.unknown = {table.u32(), table.u32()};
    auto slots = table.bytes(16, "texture slots");
    std::copy(slots.begin(), slots.end(), entry.texture_slots.begin());
    if (entry_size == kShrubClassEntrySize) {
      auto billboard = table.bytes(16, "billboard slots");
      std::copy(billboard.begin(), billboard.end(), entry.billboard_slots.begin());
    }
    if (entry.asset_offset != 0 && entry.asset_offset >= core_data_size) {
      throw FormatError(
          file.source(), at,
          fmt::format("{} class {} asset offset {} is neither 0 (no geometry) nor inside core_data ({})", name,
                      entry.class_number, hex_offset(entry.asset_offset), hex_offset(core_data_size)));
    }
  }
  return entries;
}

void require_increasing(const std::string& source, size_t field, const char* name, uint64_t value,
                        const char* previous_name, uint64_t previous, bool allow_equal) {
  if (value < previous || (!allow_equal && value == previous)) {
    throw FormatError(source, field,
                      fmt::format("region offsets must increase: {} ({}) is not past {} ({})", name, hex_offset(value),
                                  previous_name, hex_offset(previous)));
  }
}

}  // namespace

CoreIndex read_core_index(std::span<const uint8_t> data, uint64_t core_data_size, const std::string& source) {
  ByteReader file(data, source);
  CoreIndex index;
  {
    ByteReader header = file;
    for (uint32_t& word : index.header_words) word = header.u32("core index header");
  }
  index.gs_ram = read_range(index, 0x00);
  index.tfrags = index.header_words[0x08 / 4];
  index.occlusion = index.header_words[0x0c / 4];
  index.sky = index.header_words[0x10 / 4];
  index.collision = index.header_words[0x14 / 4];
  index.moby_classes = read_range(index, 0x18);
  index.tie_classes = read_range(index, 0x20);
  index.shrub_classes = read_range(index, 0x28);
  index.tfrag_textures = read_range(index, 0x30);
  index.moby_textures = read_range(index, 0x38);
  index.textures_base = index.header_words[0x60 / 4];
  index.assets_compressed_size = index.header_words[0x88 / 4];
  index.assets_decompressed_size = index.header_words[0x8c / 4];

  if (index.assets_decompressed_size != core_data_size) {
    throw FormatError(source, 0x8c,
                      fmt::format("assets decompressed size {} is not core_data's length {}",
                                  index.assets_decompressed_size, core_data_size));
  }
  require_increasing(source, 0x0c, "occlusion", index.occlusion, "tfrags", index.tfrags, false);
  require_increasing(source, 0x10, "sky", index.sky, "occlusion", index.occlusion, false);
  require_increasing(source, 0x14, "collision", index.collision, "sky", index.sky, false);
  require_increasing(source, 0x60, "textures_base", index.textures_base, "collision", index.collision, false);
  require_increasing(source, 0x8c, "core_data's length", core_data_size, "textures_base", index.textures_base, true);

  require_chain(source, index.moby_classes, kClassEntrySize, "moby class table", index.tie_classes.offset,
                "the tie class table", 0x24);
  require_chain(source, index.tie_classes, kClassEntrySize, "tie class table", index.shrub_classes.offset,
                "the shrub class table", 0x2c);
  require_chain(source, index.shrub_classes, kShrubClassEntrySize, "shrub class table", index.tfrag_textures.offset,
                "the tfrag texture table", 0x34);
  require_chain(source, index.tfrag_textures, kTextureEntrySize, "tfrag texture table", index.moby_textures.offset,
                "the moby texture table", 0x3c);

  index.mobies = read_classes(file, index.moby_classes, kClassEntrySize, "moby", 0x18, core_data_size);
  index.ties = read_classes(file, index.tie_classes, kClassEntrySize, "tie", 0x20, core_data_size);
  index.shrubs = read_classes(file, index.shrub_classes, kShrubClassEntrySize, "shrub", 0x28, core_data_size);

  ByteReader textures = table_reader(file, index.tfrag_textures, kTextureEntrySize, "tfrag texture", 0x30);
  index.textures.resize(index.tfrag_textures.count);
  for (TextureEntry& entry : index.textures) {
    entry.data_offset = textures.u32("texture data offset");
    entry.width = textures.u16("texture width");
    entry.height = textures.u16("texture height");
    entry.unknown_8 = textures.u16();
    entry.palette = textures.u16("texture palette");
    entry.mipmap = textures.u16("texture mipmap");
    entry.pad = textures.u16("texture pad");
  }
  return index;
}

bool looks_like_core_index(std::span<const uint8_t> data) {
  if (data.size() < kCoreIndexHeaderSize) return false;
  const auto word = [&](size_t at) {
    return uint64_t{data[at]} | (uint64_t{data[at + 1]} << 8) | (uint64_t{data[at + 2]} << 16) |
           (uint64_t{data[at + 3]} << 24);
  };
  const std::array<std::pair<size_t, size_t>, 4> tables = {
      {{0x18, kClassEntrySize}, {0x20, kClassEntrySize}, {0x28, kShrubClassEntrySize}, {0x30, kTextureEntrySize}}};
  if (word(0x1c) < kCoreIndexHeaderSize) return false;
  for (const auto& [field, entry_size] : tables) {
    if (word(field + 4) + word(field) * entry_size != word(field + 0xc)) return false;
  }
  return word(0x3c) <= data.size();
}

}  // namespace gcvu::formats::rc2
