#pragma once
// A moby class span: the class header, the work record's part-table view and the packets (reference/
// rc2-level-formats.md, "Moby geometry" and "Where the class tables point"; header fields from wrench's
// docs/moby_renderer.md and src/engine/moby_low.h).
//
// Span: from the class entry's asset offset to the next class span of any kind (moby, tie or shrub) above it, or to
// the end of core_data when none is; asset offset 0 means no geometry (the record).
// Header (0x48 bytes): +0 packet (part) table offset; +4 high LOD packet count, +5 low LOD count, +6 metal count,
// +7 metal begin; +8 joint count; +0xb `rac12_byte_b` (non-zero: the class is in the R&C1 format); +0x24 f32
// scale; +0x30 bounding sphere (4 f32). Other fields are kept raw.
// The part table (the record's view): 16-byte records from the table offset, each tiling as vertex_offset +
// 16 * vertex_count == next_part, until a record with vertex_offset 0. Two terminations: vertex_offset 0 alone,
// and vertex_offset 0 with next_part 0 while still carrying a count (172 such records on the disc). The packets
// are the first high + low records (wrench); metal packets sit at metal_begin and are counted, not decoded.
//
// Invariants checked: the header fits the span; the table lies inside the span; every walked record tiles and lies
// inside the span; the walk terminates inside the span; the walk covers high + low + metal records and metal_begin
// + metal_count; then each packet's rules (moby_packet.hpp, moby_vertex_table.hpp).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/core_index.hpp"
#include "formats/rc2/moby_format.hpp"
#include "formats/rc2/moby_packet.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kMobyClassHeaderSize = 0x48;

struct MobyClassHeader {
  uint32_t packet_table_offset = 0;
  uint8_t high_lod_count = 0;
  uint8_t low_lod_count = 0;
  uint8_t metal_count = 0;
  uint8_t metal_begin = 0;
  uint8_t joint_count = 0;
  uint8_t rac12_byte_b = 0;
  float scale = 0;
  std::array<float, 4> bounding_sphere{};
  std::array<uint8_t, kMobyClassHeaderSize> raw{};

  MobyFormat format() const { return rac12_byte_b != 0 ? MobyFormat::kRc1 : MobyFormat::kRc2; }
};

// How the walk ended: vertex_offset 0 (the plain end), or vertex_offset 0 and next_part 0 with a non-zero
// vertex_count (the record's second shape: the record starts a different table).
enum class PartTableEnd { kZeroVertexOffset, kZeroOffsetsWithCount };

struct MobyPartTable {
  size_t records = 0;  // tiling records before the terminator
  PartTableEnd end = PartTableEnd::kZeroVertexOffset;
  uint64_t end_offset = 0;  // of the terminating record, in core_data
};

struct MobyClass {
  size_t table_index = 0;  // in the core index's moby table
  uint32_t class_number = 0;
  uint64_t span_begin = 0;
  uint64_t span_end = 0;
  MobyClassHeader header;
  MobyPartTable part_table;
  std::vector<MobyPacket> packets;  // high LOD then low LOD

  size_t vertex_count() const;  // transferred vertices over all packets
  size_t triangle_count() const;
};

// The span end for each class entry with geometry: the next class offset (any table) above it, else `core_data_size`.
uint64_t class_span_end(const CoreIndex& index, uint32_t asset_offset, uint64_t core_data_size);

MobyClass read_moby_class(std::span<const uint8_t> core_data, const CoreIndex& index, size_t table_index,
                          const std::string& source);

// Every moby class with geometry, in table order.
std::vector<MobyClass> read_moby_classes(std::span<const uint8_t> core_data, const CoreIndex& index,
                                         const std::string& source);

}  // namespace gcvu::formats::rc2
