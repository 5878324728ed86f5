#include "formats/rc2/moby_vertex_table.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr size_t kVertexRecordSize = 16;
constexpr unsigned kIdsAfterRecords = 7;      // vertex i's ID is stored seven records later
constexpr unsigned kTrailingArrayEntries = 6;  // u16 IDs at +4 of the final trailing record

MobyVertexRecord read_record(ByteReader& reader) {
  MobyVertexRecord record;
  record.low_halfword = reader.u16("vertex low halfword");
  for (uint8_t& byte : record.blend) byte = reader.u8("vertex blend byte");
  record.normal_azimuth = reader.u8("vertex normal azimuth");
  record.normal_elevation = reader.u8("vertex normal elevation");
  for (int16_t& axis : record.position) axis = static_cast<int16_t>(reader.u16("vertex position"));
  return record;
}

}  // namespace

size_t moby_vertex_header_size(MobyFormat format) { return format == MobyFormat::kRc2 ? 0x10 : 0x20; }

MobyVertexTable read_moby_vertex_table(std::span<const uint8_t> core_data, uint64_t header_offset,
                                       const MobyVertexTableBounds& bounds, MobyFormat format,
                                       const std::string& source, const std::string& context) {
  const auto fail = [&](uint64_t offset, const std::string& rule) -> void {
    throw FormatError(source, offset, fmt::format("{}: vertex table: {}", context, rule));
  };
  const size_t data_size = size_t{bounds.vertex_data_size} * 16;
  const size_t header_size = moby_vertex_header_size(format);
  if (header_offset > core_data.size() || core_data.size() - header_offset < data_size) {
    fail(header_offset, fmt::format("its {} quadwords of vertex data run past the end of core_data",
                                    bounds.vertex_data_size));
  }
  if (data_size < header_size) {
    fail(header_offset, fmt::format("vertex_data_size {} quadwords cannot hold the {}-format header ({} bytes)",
                                    bounds.vertex_data_size, moby_format_name(format), header_size));
  }
  ByteReader reader(core_data.subspan(header_offset, data_size), source, header_offset);
  MobyVertexTable table;
  table.header_offset = header_offset;
  const auto field = [&](const char* what) -> uint32_t {
    return format == MobyFormat::kRc2 ? reader.u16(what) : reader.u32(what);
  };
  table.matrix_transfer_count = field("matrix_transfer_count");
  table.two_way_count = field("two_way_blend_vertex_count");
  table.three_way_count = field("three_way_blend_vertex_count");
  table.main_count = field("main_vertex_count");
  table.duplicate_count = field("duplicate_vertex_count");
  table.transfer_vertex_count = field("transfer_vertex_count");
  table.vertex_table_offset = field("vertex_table_offset");
  table.unknown_e = field("unknown_e");

  const uint32_t transfer = bounds.transfer_vertex_count;
  if (table.transfer_vertex_count != transfer) {
    fail(header_offset + (format == MobyFormat::kRc2 ? 0xa : 0x14),
         fmt::format("transfer_vertex_count {} differs from the packet entry's {}", table.transfer_vertex_count,
                     transfer));
  }
  const uint64_t summed = uint64_t{table.two_way_count} + table.three_way_count + table.main_count +
                          table.duplicate_count;
  if (summed != transfer) {
    fail(header_offset, fmt::format("two-way {} + three-way {} + unblended {} + duplicate {} = {}, but "
                                    "transfer_vertex_count is {}",
                                    table.two_way_count, table.three_way_count, table.main_count,
                                    table.duplicate_count, summed, transfer));
  }
  if (bounds.unknown_d != (0xf + transfer * 6) / 0x10) {
    fail(header_offset, fmt::format("packet entry byte 0xd is {}, the rule (0xf + 6 * transfer) / 16 gives {}",
                                    bounds.unknown_d, (0xf + transfer * 6) / 0x10));
  }
  if (bounds.unknown_e != (3 + transfer) / 4) {
    fail(header_offset, fmt::format("packet entry byte 0xe is {}, the rule (3 + transfer) / 4 gives {}",
                                    bounds.unknown_e, (3 + transfer) / 4));
  }
  if (table.vertex_table_offset % 16 != 0 || table.vertex_table_offset > data_size) {
    fail(header_offset, fmt::format("vertex_table_offset {} is not a multiple of 16 inside the {} bytes of vertex "
                                    "data",
                                    hex_offset(table.vertex_table_offset), hex_offset(data_size)));
  }

  // Matrix transfers, then (8-aligned from the header) the duplicate entries, all before the records.
  size_t arrays_end = header_size + size_t{table.matrix_transfer_count} * 2;
  arrays_end = (arrays_end + 7) & ~size_t{7};
  arrays_end += size_t{table.duplicate_count} * 2;
  if (arrays_end > table.vertex_table_offset) {
    fail(header_offset, fmt::format("{} matrix transfers and {} duplicate entries end at +{}, past "
                                    "vertex_table_offset +{}",
                                    table.matrix_transfer_count, table.duplicate_count, hex_offset(arrays_end),
                                    hex_offset(table.vertex_table_offset)));
  }
  reader.seek(header_size, "matrix transfers");
  for (uint32_t i = 0; i < table.matrix_transfer_count; ++i) {
    MobyMatrixTransfer transfer_entry;
    transfer_entry.joint_index = reader.u8("matrix transfer joint index");
    transfer_entry.vu0_address = reader.u8("matrix transfer VU0 address");
    table.matrix_transfers.push_back(transfer_entry);
  }
  reader.seek((reader.position() + 7) & ~size_t{7}, "duplicate vertices");
  for (uint32_t i = 0; i < table.duplicate_count; ++i) {
    const size_t at = reader.position();
    const uint16_t raw = reader.u16("duplicate vertex");
    if ((raw & 0x7f) != 0) {
      fail(header_offset + at, fmt::format("duplicate vertex {} is {:#06x}: its low 7 bits must be zero (the "
                                           "entry is a cache slot shifted left by 7)",
                                           i, raw));
    }
    table.duplicates.push_back(static_cast<uint16_t>(raw >> 7));
  }

  // The records and the trailing records fill the vertex data (R&C1: up to unknown_e, where other data begins).
  size_t records_end = data_size;
  if (format == MobyFormat::kRc1) {
    if (table.unknown_e < table.vertex_table_offset || table.unknown_e > data_size ||
        (table.unknown_e - table.vertex_table_offset) % 16 != 0) {
      fail(header_offset + 0x1c, fmt::format("R&C1 unknown_e {} must be a whole number of records after "
                                             "vertex_table_offset {} inside the {} bytes of vertex data",
                                             hex_offset(table.unknown_e), hex_offset(table.vertex_table_offset),
                                             hex_offset(data_size)));
    }
    records_end = table.unknown_e;
  }
  const size_t in_file = size_t{table.two_way_count} + table.three_way_count + table.main_count;
  const size_t record_room = (records_end - table.vertex_table_offset) / kVertexRecordSize;
  if (record_room < in_file + 1 || record_room > in_file + kTrailingArrayEntries) {
    fail(header_offset + table.vertex_table_offset,
         fmt::format("{} record slots after vertex_table_offset hold {} vertices and {} trailing records; the ID "
                     "rule needs 1..6 trailing records",
                     record_room, in_file, static_cast<long long>(record_room) - static_cast<long long>(in_file)));
  }
  table.trailing_records = static_cast<uint32_t>(record_room - in_file);
  reader.seek(table.vertex_table_offset, "vertex records");
  for (size_t i = 0; i < in_file; ++i) table.vertices.push_back(read_record(reader));
  std::vector<MobyVertexRecord> trailing;
  for (uint32_t i = 0; i < table.trailing_records; ++i) trailing.push_back(read_record(reader));
  // The final trailing record's +4 array, read from its bytes: six u16 over blend[2..5], the normal and x..z.
  const size_t final_record = table.vertex_table_offset + (record_room - 1) * kVertexRecordSize;
  reader.seek(final_record + 4, "trailing vertex IDs");
  std::array<uint16_t, kTrailingArrayEntries> trailing_array{};
  for (uint16_t& id : trailing_array) id = reader.u16("trailing vertex ID");

  // Resolve the ID rule.
  table.vertex_ids.resize(in_file);
  for (size_t i = 0; i < in_file; ++i) {
    const size_t later = i + kIdsAfterRecords;
    if (later < in_file) {
      table.vertex_ids[i] = static_cast<uint16_t>(table.vertices[later].stored_id());
      continue;
    }
    const size_t slot = later - in_file;  // 0..6
    table.vertex_ids[i] = slot < trailing.size()
                              ? static_cast<uint16_t>(trailing[slot].stored_id())
                              : static_cast<uint16_t>(trailing_array[slot - trailing.size()] & 0x1ff);
  }
  return table;
}

}  // namespace gcvu::formats::rc2
