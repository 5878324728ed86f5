#include "formats/rc2/gameplay.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/rc2/gameplay_class_list.hpp"

namespace gcvu::formats::rc2 {

namespace {

struct Extent {
  uint64_t begin = 0;
  uint64_t end = 0;
  bool present() const { return begin != 0; }
};

// The extent of the block in `slot`: from its offset to the next greater offset of any slot, or the file's end.
Extent block_extent(const std::array<uint32_t, kGameplaySlotCount>& offsets, size_t slot, uint64_t file_size,
                    const std::string& source, std::string_view name) {
  const uint32_t begin = offsets[slot / 4];
  if (begin == 0) return {};
  if (begin % kGameplayBlockAlignment != 0) {
    throw FormatError(source, slot, fmt::format("{} block offset {} is not 16-aligned", name, hex_offset(begin)));
  }
  uint64_t end = file_size;
  for (size_t other = 0; other < offsets.size(); ++other) {
    if (other == slot / 4 || offsets[other] == 0) continue;
    if (offsets[other] == begin) {
      throw FormatError(source, slot,
                        fmt::format("{} block at {} shares its offset with slot {}", name, hex_offset(begin),
                                    hex_offset(4 * other)));
    }
    if (offsets[other] > begin) end = std::min<uint64_t>(end, offsets[other]);
  }
  return {begin, end};
}

}  // namespace

bool is_wad_compressed(std::span<const uint8_t> file) {
  return file.size() >= 3 && file[0] == 'W' && file[1] == 'A' && file[2] == 'D';
}

Gameplay read_gameplay(std::span<const uint8_t> file, const CoreIndex& index, const std::string& source) {
  if (is_wad_compressed(file)) {
    throw FormatError(source, 0, "opens with \"WAD\": a compressed gameplay extent (gcvu reads it decompressed)");
  }
  ByteReader in(file, source);
  Gameplay gameplay;
  for (uint32_t& offset : gameplay.block_offsets) offset = in.u32("gameplay header slot");
  for (size_t slot = 0; slot < kGameplaySlotCount; ++slot) {
    const uint32_t offset = gameplay.block_offsets[slot];
    if (offset == 0) continue;
    if (offset < kGameplayHeaderSize) {
      in.fail_at(4 * slot, fmt::format("header slot {} points at {}, inside the {}-byte header", hex_offset(4 * slot),
                                       hex_offset(offset), hex_offset(kGameplayHeaderSize)));
    }
    if (offset >= file.size()) {
      in.fail_at(4 * slot, fmt::format("header slot {} points at {}, past the file's end ({})", hex_offset(4 * slot),
                                       hex_offset(offset), hex_offset(file.size())));
    }
  }
  const auto& offsets = gameplay.block_offsets;
  const Extent shrub_classes = block_extent(offsets, kShrubClassesSlot, file.size(), source, "shrub class");
  const Extent shrub_instances = block_extent(offsets, kShrubInstancesSlot, file.size(), source, "shrub instance");
  const Extent moby_classes = block_extent(offsets, kMobyClassesSlot, file.size(), source, "moby class");
  const Extent moby_instances = block_extent(offsets, kMobyInstancesSlot, file.size(), source, "moby instance");

  if (shrub_classes.present()) {
    gameplay.shrub_classes =
        read_class_list(file, shrub_classes.begin, shrub_classes.end, {"shrub", &index.shrubs, true}, source);
  }
  if (shrub_instances.present()) {
    gameplay.shrub_instances =
        read_shrub_instances(file, shrub_instances.begin, shrub_instances.end, gameplay.shrub_classes, source);
  }
  for (size_t i = 0; i < gameplay.shrub_classes.size(); ++i) {
    const int32_t o_class = gameplay.shrub_classes[i];
    const bool used = std::any_of(gameplay.shrub_instances.begin(), gameplay.shrub_instances.end(),
                                  [&](const ShrubInstanceRecord& r) { return r.o_class == o_class; });
    if (!used) {
      throw FormatError(source, shrub_classes.begin + 4 + 4 * i,
                        fmt::format("shrub class block entry {}: class {} has no shrub instance", i, o_class));
    }
  }
  if (moby_classes.present()) {
    gameplay.moby_classes =
        read_class_list(file, moby_classes.begin, moby_classes.end, {"moby", &index.mobies, false}, source);
  }
  if (moby_instances.present()) {
    gameplay.mobies = read_moby_instances(file, moby_instances.begin, moby_instances.end, index.mobies, source);
  }
  return gameplay;
}

std::vector<uint8_t> write_gameplay(const Gameplay& gameplay) {
  ByteWriter out;
  for (size_t slot = 0; slot < kGameplaySlotCount; ++slot) out.u32(0);
  const auto begin_block = [&out](size_t slot) {
    out.align(kGameplayBlockAlignment);
    out.patch_u32(slot, static_cast<uint32_t>(out.size()));
  };
  begin_block(kMobyClassesSlot);
  write_class_list(out, gameplay.moby_classes);
  begin_block(kMobyInstancesSlot);
  write_moby_instances(out, gameplay.mobies);
  begin_block(kShrubClassesSlot);
  write_class_list(out, gameplay.shrub_classes);
  begin_block(kShrubInstancesSlot);
  write_shrub_instances(out, gameplay.shrub_instances);
  return out.take();
}

}  // namespace gcvu::formats::rc2
