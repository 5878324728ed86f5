#pragma once
// Writes a moby class span in the layout moby_class.hpp reads, for synthetic levels and for tests that break one
// rule at a time. Choices the sources leave to a writer, all relative to the class start:
//   header at 0 (0x48 bytes), packet table at 0x50 (high LOD then low LOD entries) followed by one terminating
//   record (vertex_offset 0; next_part 0 and a non-zero count when `terminator_with_count`, the record's second
//   termination shape), then per packet its VIF list and its vertex table, each 16-byte aligned (so the part table
//   tiles).
//   VU addresses, TOPS-relative (FLG set): STs at 0xc2 and the index buffer at 0x12d, the values wrench's writer
//   uses; the texture blocks follow the index buffer, their code word placed at list offset 0xc (mod 16) with NOP
//   padding so their data is quadword aligned.
//   Vertex table: a single trailing record carries the last seven IDs; R&C1's unknown_e points at the end of the
//   records (no trailing data); R&C2's unknown_e is 0.

#include <cstdint>
#include <vector>

#include "formats/rc2/moby_class.hpp"

namespace gcvu::formats::rc2 {

inline constexpr uint16_t kMobyStAddress = 0xc2;
inline constexpr uint16_t kMobyIndexAddress = 0x12d;

struct MobyPacketSource {
  std::vector<std::array<int16_t, 2>> sts;  // one per transferred vertex
  // The stream without the fake 1, 1, 1 and the terminator (the writer appends both); 0 = texture switch.
  std::vector<uint8_t> indices;
  std::vector<uint8_t> switch_vertices;  // the secret index of each 0 in `indices`, in order
  std::vector<MobyAdGifBlock> ad_gifs;   // one per switch (their address top words are filled by the writer)
  uint8_t index_header_unknown = 0;
  std::vector<MobyMatrixTransfer> matrix_transfers;
  uint32_t two_way_count = 0;
  uint32_t three_way_count = 0;
  std::vector<MobyVertexRecord> vertices;  // two-way, three-way, unblended; low 9 bits are replaced by the ID rule
  std::vector<uint16_t> vertex_ids;        // one per vertex: its intermediate-buffer slot
  std::vector<uint16_t> duplicates;        // intermediate-buffer slots, 0..511

  uint32_t transfer_vertex_count() const { return static_cast<uint32_t>(vertices.size() + duplicates.size()); }
};

struct MobyClassSource {
  MobyFormat format = MobyFormat::kRc2;
  uint8_t joint_count = 0;
  float scale = 1.0f;
  std::array<float, 4> bounding_sphere{};
  std::vector<MobyPacketSource> high_lod;
  std::vector<MobyPacketSource> low_lod;
  bool terminator_with_count = false;
};

// Throws std::invalid_argument when the source cannot be written (counts over the fields' widths, no ST per
// transferred vertex, a switch without a block...).
std::vector<uint8_t> write_moby_class(const MobyClassSource& source);

}  // namespace gcvu::formats::rc2
