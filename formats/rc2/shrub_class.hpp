#pragma once
// A shrub class span in core_data (reference/rc2-level-formats.md: "Shrub geometry", "Shrub span bounds: resolved",
// "The shrub class blob: palette and billboard", "The packets: the mesh geometry is in the blob"). The blob is
// header, packet table, packets, [billboard], palette:
//   0x00 f32[4] sphere (centre, radius > 0)     0x10 f32 size (> 0)          0x14 u16 mode_bits
//   0x16 u16 scratch (0)   0x18 u32 reserved (0; the loader writes an instance pointer there)
//   0x1c u32 billboard_offset (0 = none)        0x20 f32 scale (> 0)         0x24 u32 o_class (== the entry's)
//   0x28 u32 packet count  0x2c u32 palette (data) offset, inside the span
//   0x30..0x3f: not measured by the record (wrench names runtime counters there); read, not checked.
//   0x40 packet table: count x (u32 offset, u32 size), span-relative. Tiling: the first packet starts at
//        align16(0x40 + 8 * count), each next one exactly where the previous ends, the last ends at the palette or,
//        with a billboard, at the billboard record, which is 0x40 bytes and ends at the palette.
//   palette: 24 x (s16 x, y, z, 0) normals, squared length within 65535 of 32767^2, then all-zero 8-byte records
//        to the span's end (the span's end is the next shrub span or the chunk container; see shrub_span.hpp).
// The billboard record is present exactly when the class entry's billboard fields are (see
// entry_has_billboard): fade f32, three unnamed f32, then A+D qwords TEX1_1 (0x14), TEX0_1 (0x06), MIPTBP1_1 (0x34).

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/core_index.hpp"
#include "formats/rc2/shrub_packet.hpp"

namespace gcvu::formats::rc2 {

inline constexpr uint32_t kShrubHeaderSize = 0x30;
inline constexpr uint32_t kShrubPacketTableOffset = 0x40;
inline constexpr uint32_t kShrubBillboardSize = 0x40;
inline constexpr int64_t kShrubNormalLengthSquared = 32767ll * 32767ll;
inline constexpr int64_t kShrubNormalTolerance = 65535;  // 32768^2 - 32767^2, the record's tight bound

struct ShrubBillboard {
  float fade_distance = 0;
  std::array<float, 3> unnamed{};  // R&C1's width/height/z_ofs; the record finds R&C2's are something else
  std::array<uint64_t, 3> data{};  // TEX1_1, TEX0_1, MIPTBP1_1 A+D data words
};

struct ShrubClass {
  size_t index = 0;              // in the core index's shrub table
  uint32_t class_number = 0;
  uint32_t span_offset = 0;      // in core_data
  uint32_t span_size = 0;
  std::array<float, 4> sphere{};
  float size = 0;
  uint16_t mode_bits = 0;
  uint32_t billboard_offset = 0;
  float scale = 0;
  uint32_t packet_count = 0;
  uint32_t palette_offset = 0;
  std::vector<ShrubPacket> packets;
  std::optional<ShrubBillboard> billboard;
  std::array<std::array<int16_t, 3>, kShrubPaletteEntries> palette{};
  uint32_t palette_padding = 0;  // zero records after the 24

  uint32_t vertex_total() const;    // drawn vertices over all packets
  uint32_t triangle_total() const;
};

// True when a shrub class entry carries billboard texture fields. Our reading of the record's "carries billboard
// texture fields" (R&C1: "billboard texture has width != 0"): the 16 billboard bytes are a texture entry whose width
// (u16 at +4) is neither 0 nor 0xffff (0xff-filled slots are how every other slot says "none").
bool entry_has_billboard(const ClassEntry& entry);

// Parses and checks one shrub class span [span_offset, span_offset + span_size) of core_data. Errors name `source`
// (the level's core_data file), the class index and the rule, at the core_data offset. Texture records' TEX0_1
// data_lo must name an entry texture slot that holds an index below `texture_count` (the level texture table).
ShrubClass read_shrub_class(std::span<const uint8_t> core_data, const ClassEntry& entry, size_t index,
                            uint32_t span_offset, uint32_t span_size, size_t texture_count,
                            const std::string& source);

}  // namespace gcvu::formats::rc2
