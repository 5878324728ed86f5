#pragma once
// One moby packet (wrench: "submesh"): its 16-byte packet-table entry, its VIF list and its vertex table.
//
// Two views of the same 16-byte entry, both kept:
//   the work record (reference/rc2-level-formats.md, "Moby geometry"): +0 u32 vertex_offset, +4 u16 vertex_count,
//     +6 u16 second_count, +8 u32 next_part, +0xc u32 flags; parts tile by vertex_offset + 16 * vertex_count ==
//     next_part (43,467 of 43,467 records on the disc);
//   wrench (docs/moby_renderer.md, src/engine/moby_packet.h): +0 vif_list_offset, +4 vif_list_size (quadwords),
//     +6 vif_list_texture_unpack_offset, +8 vertex_offset (the vertex table), +0xc vertex_data_size,
//     +0xd unknown_d, +0xe unknown_e, +0xf transfer_vertex_count.
// So the record's tiling identity says the VIF list is followed directly by the vertex table. Offsets are from
// the start of the class span.
//
// The VIF list: 2 or 3 UNPACKs with only NOPs around them (wrench's writer; its doc allows NOPs between):
//   1. STs: V2_16 signed, one per transferred vertex (wrench: vertices and STs are indexed the same way);
//   2. the index buffer: V4_8, bytes [unknown, third-unpack qword offset, first secret index, 0], then indices;
//   3. optional, the texture primitives: V4_32, whole 4-quadword A+D blocks (0x40 bytes), each quadword's top word
//      low byte a further secret index, unpacked directly after the index buffer.
// Index byte semantics (wrench's doc): low 7 bits = 1-based vertex index, bit 7 set = no drawing kick. Index 0 =
// copy the next 0x40-byte A+D block to the GS packet and take the next secret index as the vertex (drawn without
// a kick); a secret index of 0 ends the packet. Secret indices are taken in order: the index header's, then the
// top words of the third unpack's quadwords. The VU program keeps three vertices in flight, so each packet's
// stream ends with the fake indices 1, 1, 1 before its terminating 0 (wrench; peers.md §2).
//
// Choices here where the sources leave things open (each marked so a real level can refine them):
// - the k-th texture switch copies the k-th A+D block (wrench says "copy 0x40 bytes from the third UNPACK");
// - the fake 1, 1, 1 are checked by their low 7 bits (the kick bit is not asserted either way).
//
// Invariants checked: 2..3 unpacks with the formats above and nothing but NOPs besides; the ST count equals the
// entry's transfer_vertex_count; the ST unpack ends at or before the index unpack's address; the index header's
// fourth byte is 0; every index and secret index is within 1..transfer_vertex_count; the stream has its 0
// terminator with 1, 1, 1 before it (bytes after the terminator are padding and not read); every texture switch
// has an A+D block; the third unpack goes right after the index buffer, the header's second byte is that relative
// qword offset (0 when there is no third unpack), and the entry's texture_unpack_offset is the third unpack's
// quadword count, ending the list; the entry's list and vertex table lie inside the span.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/moby_format.hpp"
#include "formats/rc2/moby_vertex_table.hpp"

namespace gcvu::formats::rc2 {

inline constexpr size_t kMobyPacketEntrySize = 16;
inline constexpr size_t kMobyAdGifBlockSize = 0x40;  // 4 A+D quadwords per texture switch

struct MobyPacketEntry {
  uint32_t vif_list_offset = 0;           // record: vertex_offset
  uint16_t vif_list_size = 0;             // record: vertex_count (quadwords)
  uint16_t texture_unpack_offset = 0;     // record: second_count
  uint32_t vertex_offset = 0;             // record: next_part
  MobyVertexTableBounds vertex_bounds;    // record: flags (as four bytes)

  uint32_t record_flags() const {
    return vertex_bounds.vertex_data_size | (uint32_t{vertex_bounds.unknown_d} << 8) |
           (uint32_t{vertex_bounds.unknown_e} << 16) | (uint32_t{vertex_bounds.transfer_vertex_count} << 24);
  }
};

MobyPacketEntry parse_moby_packet_entry(std::span<const uint8_t, kMobyPacketEntrySize> bytes);

// One vertex the index stream sends into the strip, in stream order.
struct MobyStripVertex {
  uint8_t index = 0;          // 1-based into the transferred vertices
  bool kick = true;           // false: the GS takes the vertex without a drawing kick
  int texture_switch = -1;    // >= 0: the A+D block copied to the GS packet just before this vertex
};

struct MobyAdGifBlock {
  std::array<uint64_t, 4> data{};
  std::array<uint64_t, 4> address{};  // low byte: GS register; bits 32-39 hold a secret index
};

struct MobyPacket {
  uint64_t entry_offset = 0;  // in core_data
  MobyPacketEntry entry;
  uint64_t vif_list_offset = 0;  // in core_data
  std::vector<std::array<int16_t, 2>> sts;
  uint16_t st_address = 0;     // VU1 quadword address of the ST unpack (TOPS-relative)
  uint16_t index_address = 0;  // of the index buffer
  uint8_t index_header_unknown = 0;
  uint8_t texture_qword_offset = 0;  // index header byte 1
  std::vector<uint8_t> index_bytes;  // after the 4-byte header, as stored (padding included)
  std::vector<uint8_t> secret_indices;  // in the order they are taken (the last one is the terminator's 0)
  std::vector<MobyAdGifBlock> ad_gifs;
  MobyVertexTable vertex_table;

  // The stream decoded by the rules above: every vertex sent to the strip (the fake 1, 1, 1 excluded).
  std::vector<MobyStripVertex> strip;
  // Triangles the GS draws for the packet: kicked vertices with at least two vertices before them in the strip
  // (each packet opens a new strip).
  size_t kicked_triangles() const;
};

// Reads the packet whose entry is at `entry_offset` in `core_data` for the class span [span_begin, span_end).
MobyPacket read_moby_packet(std::span<const uint8_t> core_data, uint64_t span_begin, uint64_t span_end,
                            uint64_t entry_offset, MobyFormat format, const std::string& source,
                            const std::string& context);

}  // namespace gcvu::formats::rc2
