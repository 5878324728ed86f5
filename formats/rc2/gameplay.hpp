#pragma once
// The R&C2 gameplay file: the level's instances (wrench docs/gameplay.md: "The gameplay file contains all the
// object instances for a level"). On the disc it is the level container's `gameplay` extent (the 0x60-byte level
// header's sector range at 0x20, wrench src/wrenchbuild/level/level_wad.cpp GcUyaLevelWadHeader), compressed as a
// WAD LZ stream: "WAD", the compressed length at +3, data from +0x10 (wrench src/engine/compression.cpp; the work
// record found the same: "It is a WAD LZ77 stream"). gcvu reads the decompressed file, `gameplay.bin` in a level
// folder, as core_data.bin is the decompressed core data; gcvu has no WAD decompressor, so a file that still opens
// with "WAD" is reported as compressed and not read (level.hpp).
//
// Layout: the 39-slot header (gameplay_block.hpp), then blocks. gcvu reads four of them: the shrub class list
// (gameplay_class_list.hpp), the shrub instances (shrub_instance.hpp), the moby class list and the moby instances
// (moby_instance.hpp). A block's extent runs from its offset to the next offset any slot holds, or the file's end.
//
// Checked on load (FormatError naming the file, the offset and the rule): the header fits; every non-zero slot
// points past the header and inside the file; the four blocks are 16-aligned (wrench pads them so, and its
// round-trip test compares its rewrite with the disc byte for byte) and no other slot shares their offset; then
// each block's own rules, and: every class the shrub class block lists has a shrub instance (wrench writes the list
// as the instances' distinct classes). The moby class list is not compared with the moby instances: wrench reads
// and writes it as it stands, so nothing ties the two.
//
// The writer writes the header and the four blocks in wrench's order for R&C2 (moby classes, moby instances, shrub
// classes, shrub instances), each 16-aligned; every other slot is 0 (absent): a synthetic level has no cameras,
// lights, paths or the rest.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/core_index.hpp"
#include "formats/rc2/gameplay_block.hpp"
#include "formats/rc2/moby_instance.hpp"
#include "formats/rc2/shrub_instance.hpp"

namespace gcvu::formats::rc2 {

inline constexpr const char* kGameplayFile = "gameplay.bin";

struct Gameplay {
  std::array<uint32_t, kGameplaySlotCount> block_offsets{};  // as read (0: absent); ignored by the writer
  std::vector<int32_t> shrub_classes;
  std::vector<ShrubInstanceRecord> shrub_instances;
  std::vector<int32_t> moby_classes;
  MobyInstances mobies;
};

// True when `file` opens with the WAD compression magic "WAD".
bool is_wad_compressed(std::span<const uint8_t> file);

Gameplay read_gameplay(std::span<const uint8_t> file, const CoreIndex& index, const std::string& source);

std::vector<uint8_t> write_gameplay(const Gameplay& gameplay);

}  // namespace gcvu::formats::rc2
