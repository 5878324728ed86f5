#include "formats/rc2/moby_class_writer.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr size_t kPacketTableOffset = 0x50;
constexpr uint16_t kTopsRelative = 0x8000;

void require(bool condition, const char* message) {
  if (!condition) throw std::invalid_argument(message);
}

void write_record(ByteWriter& out, const MobyVertexRecord& record, uint16_t low_halfword) {
  out.u16(low_halfword);
  for (uint8_t byte : record.blend) out.u8(byte);
  out.u8(record.normal_azimuth);
  out.u8(record.normal_elevation);
  for (int16_t axis : record.position) out.u16(static_cast<uint16_t>(axis));
}

std::vector<uint8_t> write_vif_list(const MobyPacketSource& p, uint16_t& texture_unpack_offset) {
  require(p.sts.size() == p.transfer_vertex_count(), "one ST per transferred vertex");
  require(p.sts.size() >= 1 && p.sts.size() <= 255, "1..255 transferred vertices");
  require(std::count(p.indices.begin(), p.indices.end(), 0) == static_cast<long>(p.switch_vertices.size()) &&
              p.switch_vertices.size() == p.ad_gifs.size(),
          "one switch vertex and one A+D block per index 0");
  ByteWriter list;
  list.u32(vif_word(unpack_command(1, 1), static_cast<uint8_t>(p.sts.size()), kTopsRelative | kMobyStAddress));
  for (const auto& st : p.sts) {
    list.u16(static_cast<uint16_t>(st[0]));
    list.u16(static_cast<uint16_t>(st[1]));
  }
  std::vector<uint8_t> secrets = p.switch_vertices;
  secrets.push_back(0);  // the terminator's
  std::vector<uint8_t> stream{p.index_header_unknown, 0, secrets[0], 0};
  stream.insert(stream.end(), p.indices.begin(), p.indices.end());
  for (uint8_t fake : {1, 1, 1, 0}) stream.push_back(fake);
  while (stream.size() % 4 != 0) stream.push_back(0);
  const size_t index_qwords = stream.size() / 4;
  require(index_qwords <= 255, "an index buffer of at most 255 quadwords");
  if (!p.ad_gifs.empty()) stream[1] = static_cast<uint8_t>(index_qwords);
  list.u32(vif_word(unpack_command(3, 2), static_cast<uint8_t>(index_qwords), kTopsRelative | kMobyIndexAddress));
  list.append(stream);
  texture_unpack_offset = 0;
  if (!p.ad_gifs.empty()) {
    while (list.size() % 16 != 0xc) list.u32(0);  // NOPs
    const size_t quadwords = p.ad_gifs.size() * 4;
    require(quadwords <= 255, "at most 63 texture blocks");
    list.u32(vif_word(unpack_command(3, 0), static_cast<uint8_t>(quadwords),
                      static_cast<uint16_t>(kTopsRelative | (kMobyIndexAddress + index_qwords))));
    for (size_t block = 0; block < p.ad_gifs.size(); ++block) {
      for (size_t q = 0; q < 4; ++q) {
        const size_t slot = block * 4 + q + 1;  // secret index k >= 1 lives in quadword k - 1
        const uint64_t secret = slot < secrets.size() ? secrets[slot] : 0;
        list.u64(p.ad_gifs[block].data[q]);
        list.u64((p.ad_gifs[block].address[q] & 0xffffffffull) | (secret << 32));
      }
    }
    texture_unpack_offset = static_cast<uint16_t>(quadwords);
  }
  list.align(16);
  return list.take();
}

std::vector<uint8_t> write_vertex_table(const MobyPacketSource& p, MobyFormat format) {
  require(p.vertex_ids.size() == p.vertices.size(), "one ID per vertex");
  require(p.two_way_count + p.three_way_count <= p.vertices.size(), "blend counts within the vertices");
  ByteWriter out;
  const size_t header_size = moby_vertex_header_size(format);
  for (size_t i = 0; i < header_size; ++i) out.u8(0);
  for (const MobyMatrixTransfer& transfer : p.matrix_transfers) {
    out.u8(transfer.joint_index);
    out.u8(transfer.vu0_address);
  }
  out.align(8);
  for (uint16_t slot : p.duplicates) {
    require(slot < 512, "duplicate slots are 0..511");
    out.u16(static_cast<uint16_t>(slot << 7));
  }
  out.align(16);
  const uint32_t table_offset = static_cast<uint32_t>(out.size());
  const size_t n = p.vertices.size();
  const auto id_of = [&](long vertex) -> uint16_t { return vertex >= 0 ? p.vertex_ids[vertex] & 0x1ff : 0; };
  for (size_t i = 0; i < n; ++i) {
    const uint16_t high = p.vertices[i].low_halfword & 0xfe00;
    write_record(out, p.vertices[i], static_cast<uint16_t>(high | id_of(static_cast<long>(i) - 7)));
  }
  // One trailing record: slot 0 in its low halfword, slots 1..6 in its +4 array (slot s = vertex n + s - 7).
  out.u16(id_of(static_cast<long>(n) - 7));
  out.u16(0);
  for (long s = 1; s <= 6; ++s) out.u16(id_of(static_cast<long>(n) + s - 7));
  const uint32_t records_end = static_cast<uint32_t>(out.size());
  const uint32_t transfer = p.transfer_vertex_count();
  const std::array<uint32_t, 8> fields{static_cast<uint32_t>(p.matrix_transfers.size()),
                                       p.two_way_count,
                                       p.three_way_count,
                                       static_cast<uint32_t>(n - p.two_way_count - p.three_way_count),
                                       static_cast<uint32_t>(p.duplicates.size()),
                                       transfer,
                                       table_offset,
                                       format == MobyFormat::kRc1 ? records_end : 0};
  std::vector<uint8_t> bytes = out.take();
  for (size_t f = 0; f < fields.size(); ++f) {
    const size_t width = format == MobyFormat::kRc2 ? 2 : 4;
    for (size_t b = 0; b < width; ++b) bytes[f * width + b] = static_cast<uint8_t>(fields[f] >> (8 * b));
  }
  return bytes;
}

}  // namespace

std::vector<uint8_t> write_moby_class(const MobyClassSource& source) {
  std::vector<const MobyPacketSource*> packets;
  for (const auto& p : source.high_lod) packets.push_back(&p);
  for (const auto& p : source.low_lod) packets.push_back(&p);
  require(source.high_lod.size() <= 255 && source.low_lod.size() <= 255, "at most 255 packets per LOD");
  ByteWriter out;
  out.u32(static_cast<uint32_t>(kPacketTableOffset));
  out.u8(static_cast<uint8_t>(source.high_lod.size()));
  out.u8(static_cast<uint8_t>(source.low_lod.size()));
  out.u8(0);  // metal count
  out.u8(static_cast<uint8_t>(packets.size()));  // metal begin: after the drawn packets
  out.u8(source.joint_count);
  out.u8(0);
  out.u8(0);
  out.u8(source.format == MobyFormat::kRc1 ? 1 : 0);  // rac12_byte_b
  while (out.size() < 0x24) out.u8(0);
  out.u32(std::bit_cast<uint32_t>(source.scale));
  while (out.size() < 0x30) out.u8(0);
  for (float value : source.bounding_sphere) out.u32(std::bit_cast<uint32_t>(value));
  while (out.size() < kPacketTableOffset) out.u8(0);
  const size_t table_size = (packets.size() + 1) * kMobyPacketEntrySize;
  for (size_t i = 0; i < table_size; ++i) out.u8(0);
  std::vector<std::array<uint32_t, 4>> entries;
  for (const MobyPacketSource* packet : packets) {
    uint16_t texture_unpack_offset = 0;
    const std::vector<uint8_t> list = write_vif_list(*packet, texture_unpack_offset);
    const std::vector<uint8_t> table = write_vertex_table(*packet, source.format);
    require(list.size() / 16 <= 0xffff && table.size() / 16 <= 255, "list and vertex table sizes fit their fields");
    out.align(16);
    const uint32_t list_offset = static_cast<uint32_t>(out.size());
    out.append(list);
    const uint32_t vertex_offset = static_cast<uint32_t>(out.size());
    out.append(table);
    const uint32_t transfer = packet->transfer_vertex_count();
    entries.push_back({list_offset, static_cast<uint32_t>(list.size() / 16) | (uint32_t{texture_unpack_offset} << 16),
                       vertex_offset,
                       static_cast<uint32_t>(table.size() / 16) | (((0xf + transfer * 6) / 16) << 8) |
                           (((3 + transfer) / 4) << 16) | (transfer << 24)});
  }
  out.align(16);
  for (size_t i = 0; i < entries.size(); ++i) {
    for (size_t w = 0; w < 4; ++w) out.patch_u32(kPacketTableOffset + i * kMobyPacketEntrySize + 4 * w, entries[i][w]);
  }
  if (source.terminator_with_count) {
    out.patch_u32(kPacketTableOffset + entries.size() * kMobyPacketEntrySize + 4, 3);  // a count, zero offsets
  }
  return out.take();
}

}  // namespace gcvu::formats::rc2
