#pragma once
// The shrub instance block of the gameplay file (slot 0x40, gameplay.hpp). Layout from wrench
// (src/instancemgr/gameplay_impl_common.inl InstanceBlock/TableHeader and gameplay_impl_classes.inl
// ShrubInstancePacked, commit ce40ca43): a 16-byte header {s32 count, three words}, then `count` records of 0x70:
//
//   0x00 s32 o_class          the shrub class (a number of the core_index shrub table and of the shrub class block)
//   0x04 f32 draw_distance    (named by wrench; gcvu's frame builder does not use it)
//   0x08 two words            written 0 by wrench
//   0x10 4 x 4 f32 matrix     four vectors of four floats: the class's x, y and z axes in the world (their lengths
//                             are the scale), then the position; wrench loads them as glm columns 0..3
//   0x50 3 x s32 colour       r, g, b, 0..255 (wrench divides by 255 to read and rounds to a byte to write)
//   0x5c one word             written 0 by wrench
//   0x60 s32 dir_lights       (named by wrench; its meaning is not established, kept as read)
//   0x64 three words          written 0 by wrench
//
// The words wrench writes as constants were kept as unknowns in earlier wrench versions and turned into constants
// in commit 91bc9d14; wrench's round-trip test (src/wrenchbuild/level/instances_asset.cpp test_instances_asset)
// compares its rewrite of a gameplay file with the disc's byte for byte. So gcvu checks them:
// - the header's three words after the count are 0;
// - the words at 0x08, 0x0c, 0x5c, 0x64, 0x68, 0x6c are 0;
// - the position vector's fourth float is 0.01 (wrench replaces it with 1 on reading and writes 0.01).
// Also checked: the count is not negative and the records end inside the block's extent; every float is finite;
// the colour components are 0..255; o_class is one the shrub class block lists. Not checked: the axes' fourth
// floats (wrench carries them through unchanged; nothing says what they hold) and draw_distance's range.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/gameplay_block.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kShrubInstanceSize = 0x70;
inline constexpr float kInstancePositionW = 0.01f;  // the position vector's fourth float on the disc (wrench)

struct ShrubInstanceRecord {
  int32_t o_class = 0;
  float draw_distance = 0;
  std::array<std::array<float, 4>, 4> matrix{};  // x axis, y axis, z axis, position (each x, y, z, w)
  std::array<int32_t, 3> colour{};               // r, g, b
  int32_t dir_lights = 0;

  bool operator==(const ShrubInstanceRecord&) const = default;
};

// Reads the block at [offset, end) of `file`; `classes` is the shrub class block's list.
std::vector<ShrubInstanceRecord> read_shrub_instances(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                                      const std::vector<int32_t>& classes, const std::string& source);

void write_shrub_instances(ByteWriter& out, const std::vector<ShrubInstanceRecord>& instances);

}  // namespace gcvu::formats::rc2
