#pragma once
// The moby instance block of the gameplay file (slot 0x4c, gameplay.hpp). Layout from wrench
// (src/instancemgr/gameplay_impl_classes.inl MobyBlockHeader, GcUyaMobyInstance and GcUyaMobyBlock, commit
// ce40ca43): a 16-byte header {s32 static count, s32 "spawnable moby count", two words}, then `static count`
// records of 0x88:
//
//   0x00 s32 size = 0x88      (wrench refuses any other value on reading)
//   0x04 s32 mission          0x08, 0x0c two words wrench does not name
//   0x10 s32 uid              0x14 s32 bolts          0x18..0x24 four words wrench does not name
//   0x28 s32 o_class          the moby class (a number of the core_index moby table)
//   0x2c f32 scale            0x30 s32 draw_distance  0x34 s32 update_distance
//   0x38 s32 = 32, 0x3c s32 = 64   written as constants by wrench
//   0x40 3 x f32 position     0x4c 3 x f32 rotation (radians about x, y, z; wrench builds the matrix
//                             translate * scale * rotate z * rotate y * rotate x, src/instancemgr/instance.cpp)
//   0x58 s32 group (-1: none) 0x5c s32 is_rooted      0x60 f32 rooted_distance   0x64 a word wrench does not name
//   0x68 s32 pvar_index       0x6c s32 occlusion      0x70 s32 mode_bits
//   0x74 3 x s32 colour       r, g, b, 0..255 (wrench's light colour: divided by 255 to read, a byte written)
//   0x80 s32 light            0x84 a word wrench does not name
//
// Names are wrench's; apart from the layout, scale, position, rotation and colour, what the fields do is not
// established and they are kept as read. Checked on load (FormatError naming the file, the offset and the rule):
// the count is not negative and the records end inside the block's extent; the header's last two words are 0
// (wrench writes them 0; its round-trip test compares the rewrite with the disc byte for byte); size = 0x88;
// 0x38 = 32 and 0x3c = 64 (the constants wrench writes, made constant in commit 63c41302 "Clean up some unused
// moby instance fields"); o_class names a class of core_index's moby table; scale, position, rotation and
// rooted_distance are finite; the colour components are 0..255.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/core_index.hpp"
#include "formats/rc2/gameplay_block.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kMobyInstanceSize = 0x88;
inline constexpr int32_t kMobyWord38 = 32;
inline constexpr int32_t kMobyWord3c = 64;

struct MobyInstanceRecord {
  int32_t mission = 0;
  std::array<uint32_t, 2> unnamed_08{};  // 0x08, 0x0c
  int32_t uid = 0;
  int32_t bolts = 0;
  std::array<uint32_t, 4> unnamed_18{};  // 0x18..0x24
  int32_t o_class = 0;
  float scale = 1;
  int32_t draw_distance = 0;
  int32_t update_distance = 0;
  std::array<float, 3> position{};
  std::array<float, 3> rotation{};
  int32_t group = -1;
  int32_t is_rooted = 0;
  float rooted_distance = 0;
  uint32_t unnamed_64 = 0;
  int32_t pvar_index = -1;
  int32_t occlusion = 0;
  int32_t mode_bits = 0;
  std::array<int32_t, 3> colour{};
  int32_t light = 0;
  uint32_t unnamed_84 = 0;

  bool operator==(const MobyInstanceRecord&) const = default;
};

struct MobyInstances {
  int32_t spawnable_count = 0;  // header word 1, kept as read
  std::vector<MobyInstanceRecord> records;

  bool operator==(const MobyInstances&) const = default;
};

// Reads the block at [offset, end) of `file`; `table` is core_index's moby class table.
MobyInstances read_moby_instances(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                  const std::vector<ClassEntry>& table, const std::string& source);

void write_moby_instances(ByteWriter& out, const MobyInstances& instances);

}  // namespace gcvu::formats::rc2
