// libFuzzer target: an R&C2 level folder's files (core_index.bin, core_data.bin, gs_ram.bin, gameplay.bin) through
// formats/rc2/level.hpp, which checks every invariant of the work record and reads the tfrag block and patch table
// with their VIF lists, the shrub and moby classes with their packets, the texture records and the instances.
// read_level must return a level or throw FormatError; nothing may crash, hang or allocate without bound.
//
// A random input seldom makes a valid level, so the input edits one made by the demo generator (two patches, its
// shrub and moby classes, gameplay.bin). The first byte picks the file (bits 1-2: index, data, GS RAM, gameplay);
// an odd first byte reads the rest as 4-byte records (u24 offset modulo the file's size, and a byte to store there),
// an even one makes the rest the whole of the picked file.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/rc2/level.hpp"
#include "harness/gen_level/demo_level.hpp"

namespace {

using gcvu::formats::rc2::LevelFiles;

LevelFiles demo_files() {
  gcvu::harness::HeightFieldParameters parameters;
  parameters.seed = 7;
  parameters.patches = 2;
  return gcvu::harness::write_demo_level(parameters);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const LevelFiles valid = demo_files();
  std::array<std::vector<uint8_t>, 4> files = {valid.core_index, valid.core_data, valid.gs_ram,
                                               valid.gameplay.value_or(std::vector<uint8_t>{})};
  std::vector<uint8_t>& picked = files[(data[0] >> 1) & 3];
  if ((data[0] & 1) != 0) {
    for (size_t at = 1; at + 4 <= size && !picked.empty(); at += 4) {
      const size_t offset =
          (size_t{data[at]} | size_t{data[at + 1]} << 8 | size_t{data[at + 2]} << 16) % picked.size();
      picked[offset] = data[at + 3];
    }
  } else {
    picked.assign(data + 1, data + size);
  }
  try {
    gcvu::formats::rc2::read_level(std::move(files[0]), std::move(files[1]), std::move(files[2]), "fuzz",
                                   std::move(files[3]));
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
