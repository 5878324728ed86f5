#include "formats/rc2/moby_class.hpp"

#include <bit>
#include <limits>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

MobyClassHeader read_header(ByteReader& reader) {
  MobyClassHeader header;
  const auto raw = reader.bytes(kMobyClassHeaderSize, "moby class header");
  std::copy(raw.begin(), raw.end(), header.raw.begin());
  ByteReader fields(raw, reader.source(), reader.source_offset() - kMobyClassHeaderSize);
  header.packet_table_offset = fields.u32("packet_table_offset");
  header.high_lod_count = fields.u8("high_lod_count");
  header.low_lod_count = fields.u8("low_lod_count");
  header.metal_count = fields.u8("metal_count");
  header.metal_begin = fields.u8("metal_begin");
  header.joint_count = fields.u8("joint_count");
  fields.seek(0xb);
  header.rac12_byte_b = fields.u8("rac12_byte_b");
  fields.seek(0x24);
  header.scale = std::bit_cast<float>(fields.u32("scale"));
  fields.seek(0x30);
  for (float& value : header.bounding_sphere) value = std::bit_cast<float>(fields.u32("bounding sphere"));
  return header;
}

}  // namespace

size_t MobyClass::vertex_count() const {
  size_t total = 0;
  for (const MobyPacket& packet : packets) total += packet.entry.vertex_bounds.transfer_vertex_count;
  return total;
}

size_t MobyClass::triangle_count() const {
  size_t total = 0;
  for (const MobyPacket& packet : packets) total += packet.kicked_triangles();
  return total;
}

uint64_t class_span_end(const CoreIndex& index, uint32_t asset_offset, uint64_t core_data_size) {
  uint64_t end = core_data_size;
  for (const auto* table : {&index.mobies, &index.ties, &index.shrubs}) {
    for (const ClassEntry& entry : *table) {
      if (entry.asset_offset > asset_offset && entry.asset_offset < end) end = entry.asset_offset;
    }
  }
  return end;
}

MobyClass read_moby_class(std::span<const uint8_t> core_data, const CoreIndex& index, size_t table_index,
                          const std::string& source) {
  const ClassEntry& entry = index.mobies.at(table_index);
  MobyClass moby;
  moby.table_index = table_index;
  moby.class_number = entry.class_number;
  moby.span_begin = entry.asset_offset;
  moby.span_end = class_span_end(index, entry.asset_offset, core_data.size());
  const std::string context = fmt::format("moby class {} (o_class {})", table_index, entry.class_number);
  const auto fail = [&](uint64_t offset, const std::string& rule) -> void {
    throw FormatError(source, offset, fmt::format("{}: {}", context, rule));
  };
  const uint64_t span_size = moby.span_end - moby.span_begin;
  if (span_size < kMobyClassHeaderSize) {
    fail(moby.span_begin, fmt::format("the span of {} bytes cannot hold the {}-byte class header", span_size,
                                      kMobyClassHeaderSize));
  }
  const std::span<const uint8_t> span = core_data.subspan(moby.span_begin, span_size);
  ByteReader reader(span, source, moby.span_begin);
  moby.header = read_header(reader);
  const MobyClassHeader& header = moby.header;

  // The record's part-table walk.
  uint64_t record = header.packet_table_offset;
  for (;;) {
    if (record > span_size || span_size - record < kMobyPacketEntrySize) {
      fail(moby.span_begin + header.packet_table_offset,
           fmt::format("the part table runs to +{} without a terminating record (vertex_offset 0) inside the "
                       "span's {} bytes",
                       hex_offset(record), hex_offset(span_size)));
    }
    const MobyPacketEntry part = parse_moby_packet_entry(span.subspan(record).first<kMobyPacketEntrySize>());
    if (part.vif_list_offset == 0) {
      moby.part_table.end = part.vertex_offset == 0 && part.vif_list_size != 0 ? PartTableEnd::kZeroOffsetsWithCount
                                                                               : PartTableEnd::kZeroVertexOffset;
      moby.part_table.end_offset = moby.span_begin + record;
      break;
    }
    const uint64_t tiled = uint64_t{part.vif_list_offset} + 16 * uint64_t{part.vif_list_size};
    if (tiled != part.vertex_offset) {
      fail(moby.span_begin + record,
           fmt::format("part {}: vertex_offset {} + 16 * vertex_count {} = {}, but next_part is {} (parts tile)",
                       moby.part_table.records, hex_offset(part.vif_list_offset), part.vif_list_size,
                       hex_offset(tiled), hex_offset(part.vertex_offset)));
    }
    ++moby.part_table.records;
    record += kMobyPacketEntrySize;
  }
  const size_t drawn = size_t{header.high_lod_count} + header.low_lod_count;
  const size_t needed = std::max(drawn + header.metal_count, size_t{header.metal_begin} + header.metal_count);
  if (header.metal_count == 0 ? drawn > moby.part_table.records : needed > moby.part_table.records) {
    fail(moby.span_begin + 4, fmt::format("the header counts {} high + {} low LOD and {} metal packets from {}, but "
                                          "the part table holds {} records",
                                          header.high_lod_count, header.low_lod_count, header.metal_count,
                                          header.metal_begin, moby.part_table.records));
  }
  for (size_t i = 0; i < drawn; ++i) {
    const uint64_t entry_offset = moby.span_begin + header.packet_table_offset + i * kMobyPacketEntrySize;
    moby.packets.push_back(read_moby_packet(core_data, moby.span_begin, moby.span_end, entry_offset, header.format(),
                                            source, fmt::format("{}, packet {}", context, i)));
  }
  return moby;
}

std::vector<MobyClass> read_moby_classes(std::span<const uint8_t> core_data, const CoreIndex& index,
                                         const std::string& source) {
  std::vector<MobyClass> classes;
  for (size_t i = 0; i < index.mobies.size(); ++i) {
    if (index.mobies[i].asset_offset == 0) continue;
    classes.push_back(read_moby_class(core_data, index, i, source));
  }
  return classes;
}

}  // namespace gcvu::formats::rc2
