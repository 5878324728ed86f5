#include "formats/rc2/shrub_class.hpp"

#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr std::array<uint8_t, 3> kBillboardRegisters = {0x14, 0x06, 0x34};  // TEX1_1, TEX0_1, MIPTBP1_1

struct ClassCheck {
  const std::string& source;
  size_t index;
  uint64_t base;  // the span's core_data offset
  [[noreturn]] void fail(uint64_t at, const std::string& rule) const {
    throw FormatError(source, base + at, fmt::format("shrub class {}: {}", index, rule));
  }
  // The rule is formatted only when the check fails: levels hold thousands of checked fields.
  template <typename... Args>
  void require(bool ok, uint64_t at, fmt::format_string<Args...> rule, Args&&... args) const {
    if (!ok) fail(at, fmt::format(rule, std::forward<Args>(args)...));
  }
};

}  // namespace

uint32_t ShrubClass::vertex_total() const {
  uint32_t total = 0;
  for (const ShrubPacket& packet : packets) total += packet.drawn_vertices;
  return total;
}

uint32_t ShrubClass::triangle_total() const {
  uint32_t total = 0;
  for (const ShrubPacket& packet : packets) total += packet.triangles;
  return total;
}

bool entry_has_billboard(const ClassEntry& entry) {
  const uint16_t width = static_cast<uint16_t>(entry.billboard_slots[4] | (entry.billboard_slots[5] << 8));
  return width != 0 && width != 0xffff;
}

ShrubClass read_shrub_class(std::span<const uint8_t> core_data, const ClassEntry& entry, size_t index,
                            uint32_t span_offset, uint32_t span_size, size_t texture_count,
                            const std::string& source) {
  const ClassCheck check{source, index, span_offset};
  if (uint64_t{span_offset} + span_size > core_data.size()) {
    check.fail(0, fmt::format("span of {} bytes runs past core_data's end", span_size));
  }
  const std::span<const uint8_t> span = core_data.subspan(span_offset, span_size);
  ByteReader in(span, source, span_offset);
  ShrubClass shrub;
  shrub.index = index;
  shrub.class_number = entry.class_number;
  shrub.span_offset = span_offset;
  shrub.span_size = span_size;
  check.require(span_size >= kShrubPacketTableOffset, 0,
                "span of {} bytes is shorter than the header and table start ({:#x})", span_size,
                kShrubPacketTableOffset);

  for (float& f : shrub.sphere) f = std::bit_cast<float>(in.u32("sphere"));
  shrub.size = std::bit_cast<float>(in.u32("size"));
  shrub.mode_bits = in.u16("mode_bits");
  const uint16_t scratch = in.u16("scratch");
  const uint32_t reserved = in.u32("reserved");
  shrub.billboard_offset = in.u32("billboard_offset");
  shrub.scale = std::bit_cast<float>(in.u32("scale"));
  const uint32_t o_class = in.u32("o_class");
  shrub.packet_count = in.u32("packet count");
  shrub.palette_offset = in.u32("palette offset");

  for (int i = 0; i < 3; ++i) {
    check.require(std::isfinite(shrub.sphere[i]), 4 * i, "sphere centre is not finite");
  }
  check.require(std::isfinite(shrub.sphere[3]) && shrub.sphere[3] > 0, 0x0c, "sphere radius {} is not positive",
                shrub.sphere[3]);
  check.require(std::isfinite(shrub.size) && shrub.size > 0, 0x10, "size {} is not positive", shrub.size);
  check.require(scratch == 0, 0x16, "scratch (+0x16) is {}, must be 0 on disc", scratch);
  check.require(reserved == 0, 0x18, "reserved (+0x18) is {:#x}, must be 0 on disc", reserved);
  check.require(std::isfinite(shrub.scale) && shrub.scale > 0, 0x20, "scale {} is not positive", shrub.scale);
  check.require(o_class == entry.class_number, 0x24, "o_class {} is not the class entry's number {}", o_class,
                entry.class_number);
  check.require(shrub.packet_count >= 1, 0x28, "packet count is 0");
  check.require(shrub.palette_offset < span_size && shrub.palette_offset % 8 == 0, 0x2c,
                "palette offset {:#x} is not an 8-aligned offset inside the span ({} bytes)", shrub.palette_offset,
                span_size);

  // The packet table and its tiling.
  const uint64_t table_end = kShrubPacketTableOffset + 8ull * shrub.packet_count;
  check.require(table_end <= shrub.palette_offset, 0x28,
                "packet table ({} entries at +0x40) runs past the palette at {:#x}", shrub.packet_count,
                shrub.palette_offset);
  in.seek(kShrubPacketTableOffset, "packet table");
  uint64_t expected = (table_end + 15) & ~uint64_t{15};
  std::vector<std::pair<uint32_t, uint32_t>> table(shrub.packet_count);
  for (uint32_t p = 0; p < shrub.packet_count; ++p) {
    const uint64_t at = in.position();
    table[p].first = in.u32("packet offset");
    table[p].second = in.u32("packet size");
    check.require(table[p].first == expected, at,
                  "packet table tiling: packet {} starts at {:#x}, expected {:#x} (align16(0x40 + 8 * count) "
                  "for the first, the previous packet's end after)",
                  p, table[p].first, expected);
    expected += table[p].second;
  }
  const bool has_billboard = shrub.billboard_offset != 0;
  const uint64_t packets_end = expected;
  const uint64_t body_end = packets_end + (has_billboard ? kShrubBillboardSize : 0);
  check.require(body_end == shrub.palette_offset, kShrubPacketTableOffset + 8ull * (shrub.packet_count - 1) + 4,
                "packet table tiling: the packets end at {:#x}{}, but the palette starts at {:#x}", packets_end,
                has_billboard ? " (+0x40 billboard)" : "", shrub.palette_offset);
  check.require(has_billboard == entry_has_billboard(entry), 0x1c,
                "billboard_offset is {:#x} but the class entry {} billboard texture fields", shrub.billboard_offset,
                entry_has_billboard(entry) ? "carries" : "carries no");
  if (has_billboard) {
    check.require(shrub.billboard_offset == packets_end, 0x1c,
                  "billboard_offset {:#x} is not where the packets end ({:#x})", shrub.billboard_offset, packets_end);
  }

  for (uint32_t p = 0; p < shrub.packet_count; ++p) {
    shrub.packets.push_back(read_shrub_packet(span.subspan(table[p].first, table[p].second), table[p].first,
                                              span_offset, source, fmt::format("shrub class {} packet {}", index, p)));
    // Our binding (the record does not trace shrub textures): TEX0_1 data_lo picks one of the entry's 16 texture
    // slots, and the slot holds an index into the level's texture table.
    const ShrubPacket& packet = shrub.packets.back();
    for (size_t t = 0; t < packet.textures.size(); ++t) {
      const uint64_t at = table[p].first + 16 + 16 * (1 + uint64_t{packet.gif_tag_count} + 4 * t) + 48;
      const uint32_t slot = packet.textures[t].texture_slot();
      check.require(slot < entry.texture_slots.size() && entry.texture_slots[slot] < texture_count, at,
                    "packet {} texture {}: TEX0_1 names slot {}, which is not a class texture slot holding "
                    "a level texture index (below {})",
                    p, t, slot, texture_count);
    }
  }

  if (has_billboard) {
    in.seek(shrub.billboard_offset, "billboard record");
    ShrubBillboard billboard;
    billboard.fade_distance = std::bit_cast<float>(in.u32("billboard fade distance"));
    for (float& f : billboard.unnamed) f = std::bit_cast<float>(in.u32("billboard floats"));
    for (size_t q = 0; q < 3; ++q) {
      billboard.data[q] = in.u64("billboard A+D data");
      const uint64_t at = in.position();
      const uint8_t address = in.u8("billboard A+D address");
      in.skip(7, "billboard A+D padding");
      check.require(address == kBillboardRegisters[q], at,
                    "billboard A+D qword {} addresses register {:#04x}, expected {:#04x} (TEX1_1, "
                    "TEX0_1, MIPTBP1_1)",
                    q, address, kBillboardRegisters[q]);
    }
    shrub.billboard = billboard;
  }

  // The palette: 24 live normals, then zero records to the span's end.
  const uint64_t palette_bytes = span_size - shrub.palette_offset;
  check.require(palette_bytes % 8 == 0 && palette_bytes >= 8ull * kShrubPaletteEntries, shrub.palette_offset,
                "palette body of {} bytes is not 24 or more whole 8-byte records", palette_bytes);
  in.seek(shrub.palette_offset, "palette");
  for (uint32_t i = 0; i < palette_bytes / 8; ++i) {
    const uint64_t at = in.position();
    std::array<int16_t, 4> record{};
    for (int16_t& c : record) c = static_cast<int16_t>(in.u16("palette normal"));
    if (i >= kShrubPaletteEntries) {
      check.require(record == std::array<int16_t, 4>{}, at,
                    "palette record {} (past the 24 normals) is not zero padding", i);
      ++shrub.palette_padding;
      continue;
    }
    check.require(record[3] == 0, at + 6, "palette normal {} pad is {}, must be 0", i, record[3]);
    const int64_t length = int64_t{record[0]} * record[0] + int64_t{record[1]} * record[1] +
                           int64_t{record[2]} * record[2];
    const int64_t deviation = length > kShrubNormalLengthSquared ? length - kShrubNormalLengthSquared
                                                                 : kShrubNormalLengthSquared - length;
    check.require(deviation <= kShrubNormalTolerance, at,
                  "palette normal {} ({}, {}, {}) has squared length {}, more than 65535 from 32767^2", i, record[0],
                  record[1], record[2], length);
    shrub.palette[i] = {record[0], record[1], record[2]};
  }
  return shrub;
}

}  // namespace gcvu::formats::rc2
