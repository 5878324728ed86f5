#pragma once
// A moby packet's vertex table: the part the EE (with VU0) reads to blend joint matrices and build the vertices it
// sends to VU1. Field layouts are wrench's (docs/moby_renderer.md "Vertex Table", src/engine/moby_vertex.*); the
// work record (reference/rc2-level-formats.md, "Moby geometry") gives only the span and the part table above it.
//
// Header (R&C2 format: eight u16, 0x10 bytes; R&C1 format: the same eight fields as u32, 0x20 bytes):
//   matrix_transfer_count, two_way_count, three_way_count, main_count, duplicate_count, transfer_vertex_count,
//   vertex_table_offset (from the header), unknown_e (R&C1: offset of trailing data; R&C2: not established)
// then matrix_transfer_count {joint index, VU0 address} byte pairs, padded to 8, then duplicate_count u16 whose
// value >> 7 is an index into the 512-entry intermediate buffer (the vertex cache), then at vertex_table_offset the
// two-way, three-way and unblended 16-byte vertex records, then trailing records that only carry vertex IDs.
//
// Vertex record (16 bytes): +0 u16 low halfword (bits 0-8: an ID, bits 9-15: see below), +2..+7 blend bytes,
// +8 normal azimuth, +9 normal elevation, +0xa/0xc/0xe s16 x, y, z.
//   two-way:   bits 9-15 joint (scratchpad) index; +2 load address 1, +3 load address 2, +4 weight 1, +5 weight 2,
//              +6 store address of the transferred matrix, +7 store address of the blended matrix
//   three-way: bits 9-15 load address 3 / 2; +2 load address 1, +3 load address 2, +4/+5/+6 weights 1-3,
//              +7 store address of the blended matrix
//   unblended: bits 9-15 joint index; +2 load address (the load happens after the store), +3 store address of
//              the transferred matrix
// wrench's prose table and its struct disagree on where the three-way record keeps its third address; the struct
// (bits 9-15 = address / 2) is what its reader uses, so that is what is read here.
//
// The ID rule (wrench's doc): the ID in vertex i's low 9 bits says where vertex i-7 goes in the intermediate
// buffer. The IDs of the last seven vertices sit in trailing records: the low halfword of each trailing record in
// turn, then the u16 array at +4 of the final trailing record (six entries). There is at least one trailing record.
//
// Invariants checked (each a FormatError naming the level file, class, packet, offset and rule):
//   the header fits the packet's vertex data (vertex_data_size quadwords from the packet entry);
//   the entry's transfer_vertex_count equals the header's; transfer = two + three + main + duplicate;
//   entry byte 0xd == (0xf + 6 * transfer) / 16 and byte 0xe == (3 + transfer) / 4 (wrench verifies both);
//   the transfer and duplicate arrays end at or before vertex_table_offset, which is a multiple of 16;
//   the records and 1..6 trailing records fill the vertex data exactly (R&C1: up to unknown_e, which must lie
//   inside it); each duplicate entry has its low 7 bits zero (wrench's writer stores index << 7).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/moby_format.hpp"

namespace gcvu::formats::rc2 {

struct MobyVertexRecord {
  uint16_t low_halfword = 0;
  std::array<uint8_t, 6> blend{};  // bytes +2..+7
  uint8_t normal_azimuth = 0;
  uint8_t normal_elevation = 0;
  std::array<int16_t, 3> position{};

  unsigned stored_id() const { return low_halfword & 0x1ffu; }  // the ID of the vertex seven records earlier
  unsigned high_bits() const { return low_halfword >> 9; }
};

struct MobyMatrixTransfer {
  uint8_t joint_index = 0;
  uint8_t vu0_address = 0;
};

enum class MobyVertexKind { kTwoWayBlend, kThreeWayBlend, kUnblended };

struct MobyVertexTable {
  uint64_t header_offset = 0;  // in core_data
  uint32_t matrix_transfer_count = 0;
  uint32_t two_way_count = 0;
  uint32_t three_way_count = 0;
  uint32_t main_count = 0;
  uint32_t duplicate_count = 0;
  uint32_t transfer_vertex_count = 0;
  uint32_t vertex_table_offset = 0;
  uint32_t unknown_e = 0;
  std::vector<MobyMatrixTransfer> matrix_transfers;
  std::vector<uint16_t> duplicates;           // intermediate-buffer (vertex cache) slots, 0..511
  std::vector<MobyVertexRecord> vertices;     // two-way, three-way, unblended, in that order
  std::vector<uint16_t> vertex_ids;           // the ID rule resolved: vertex_ids[i] belongs to vertices[i]
  uint32_t trailing_records = 0;

  MobyVertexKind kind(size_t vertex) const {
    if (vertex < two_way_count) return MobyVertexKind::kTwoWayBlend;
    if (vertex < two_way_count + three_way_count) return MobyVertexKind::kThreeWayBlend;
    return MobyVertexKind::kUnblended;
  }
};

// What the packet table entry says about its vertex table (bytes +0xc..+0xf of the entry).
struct MobyVertexTableBounds {
  uint8_t vertex_data_size = 0;  // quadwords, header included
  uint8_t unknown_d = 0;
  uint8_t unknown_e = 0;
  uint8_t transfer_vertex_count = 0;
};

// Reads the table at `header_offset` of `core_data`; `context` prefixes every rule ("moby class 3 (o_class 7),
// packet 1").
MobyVertexTable read_moby_vertex_table(std::span<const uint8_t> core_data, uint64_t header_offset,
                                       const MobyVertexTableBounds& bounds, MobyFormat format,
                                       const std::string& source, const std::string& context);

// The header size for a format: 0x10 (R&C2) or 0x20 (R&C1).
size_t moby_vertex_header_size(MobyFormat format);

}  // namespace gcvu::formats::rc2
