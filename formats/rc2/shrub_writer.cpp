#include "formats/rc2/shrub_writer.hpp"

#include <bit>
#include <stdexcept>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr uint64_t kStripPrim = 0x3c;  // TRISTRIP | IIP | TME | FGE, as the tfrag strips
constexpr uint64_t kTex1Data = (uint64_t{4} << 32) | (static_cast<uint64_t>(-80) & 0xfff);  // MMIN 4, K -5.0

struct PacketPlan {
  std::vector<const ShrubStripSource*> strips;
  uint32_t textures = 0;
  uint32_t vertices = 0;
};

uint32_t textures_needed(const PacketPlan& plan, const ShrubStripSource& next) {
  return plan.strips.empty() || plan.strips.back()->texture_slot != next.texture_slot ? 1 : 0;
}

bool fits(const PacketPlan& plan) {
  const uint32_t padded = std::max<uint32_t>(plan.vertices, 6);
  const uint32_t input = 1 + static_cast<uint32_t>(plan.strips.size()) + 4 * plan.textures + 2 * padded;
  const uint32_t output = static_cast<uint32_t>(plan.strips.size()) + 5 * plan.textures + 3 * plan.vertices;
  return input <= kShrubInputBufferQwords && output <= kShrubOutputQwords;
}

std::vector<PacketPlan> plan_packets(const std::vector<ShrubStripSource>& strips) {
  std::vector<PacketPlan> plans;
  for (const ShrubStripSource& strip : strips) {
    if (strip.vertices.size() < 3) throw std::invalid_argument("a shrub strip needs at least 3 vertices");
    if (!plans.empty()) {
      PacketPlan grown = plans.back();
      grown.textures += textures_needed(grown, strip);
      grown.vertices += static_cast<uint32_t>(strip.vertices.size());
      grown.strips.push_back(&strip);
      if (fits(grown)) {
        plans.back() = grown;
        continue;
      }
    }
    PacketPlan fresh;
    fresh.textures = 1;
    fresh.vertices = static_cast<uint32_t>(strip.vertices.size());
    fresh.strips.push_back(&strip);
    if (!fits(fresh)) throw std::invalid_argument("a shrub strip does not fit one packet");
    plans.push_back(fresh);
  }
  return plans;
}

void ad_qword(ByteWriter& out, uint64_t data, uint8_t address, uint32_t high_word) {
  out.u64(data);
  out.u8(address);
  out.u8(0);
  out.u16(0);
  out.u32(high_word);
}

std::vector<uint8_t> write_packet(const PacketPlan& plan) {
  ByteWriter gif_tags, textures;
  std::vector<ShrubVertex> vertices;
  int32_t cursor = 0;
  const ShrubStripSource* previous = nullptr;
  for (size_t s = 0; s < plan.strips.size(); ++s) {
    const ShrubStripSource& strip = *plan.strips[s];
    if (previous == nullptr || previous->texture_slot != strip.texture_slot) {
      ad_qword(textures, kTex1Data, 0x14, static_cast<uint32_t>(cursor));
      ad_qword(textures, 0, 0x08, 0);  // CLAMP_1: repeat both ways
      ad_qword(textures, 0, 0x34, 0);  // MIPTBP1_1: filled at level load
      ad_qword(textures, strip.texture_slot, 0x06, 0);
      cursor += 5;
    }
    previous = &strip;
    const bool last = s + 1 == plan.strips.size();
    gif_tags.u64(static_cast<uint64_t>(strip.vertices.size()) | (uint64_t{last} << 15) | (uint64_t{1} << 46) |
                 (kStripPrim << 47) | (uint64_t{3} << 60));
    gif_tags.u32(0x412);
    gif_tags.u32(static_cast<uint32_t>(cursor));
    cursor += 1;
    for (ShrubVertex v : strip.vertices) {
      v.gs_packet_offset = static_cast<int16_t>(cursor);
      v.colour_word &= 0x7fff;
      vertices.push_back(v);
      cursor += 3;
    }
  }
  while (vertices.size() < 6) vertices.push_back(vertices.back());
  vertices[vertices.size() - 4].colour_word |= kShrubStopBit;

  const uint32_t tag_count = static_cast<uint32_t>(plan.strips.size());
  const uint32_t vertex_offset = 1 + tag_count + 4 * plan.textures;
  const uint32_t count = static_cast<uint32_t>(vertices.size());
  ByteWriter out;
  out.u32(vif_word(kVifStcycl, 0, 0x0404));
  out.u32(0);
  out.u32(vif_word(kVifStmod, 0, 0));
  out.u32(vif_word(unpack_command(3, 0), static_cast<uint8_t>(vertex_offset), 0x8000));
  out.u32(plan.textures);
  out.u32(tag_count);
  out.u32(count);
  out.u32(vertex_offset);
  out.append(gif_tags.bytes());
  out.append(textures.bytes());
  out.u32(vif_word(kVifStmod, 0, 0));
  out.u32(vif_word(unpack_command(3, 1), static_cast<uint8_t>(count), static_cast<uint16_t>(0x8000 | vertex_offset)));
  for (const ShrubVertex& v : vertices) {
    for (int16_t c : v.position) out.u16(static_cast<uint16_t>(c));
    out.u16(static_cast<uint16_t>(v.gs_packet_offset));
  }
  out.u32(vif_word(kVifStmod, 0, 0));
  out.u32(vif_word(unpack_command(3, 1), static_cast<uint8_t>(count),
                   static_cast<uint16_t>(0x8000 | (vertex_offset + count))));
  for (const ShrubVertex& v : vertices) {
    out.u16(static_cast<uint16_t>(v.s));
    out.u16(static_cast<uint16_t>(v.t));
    out.u16(static_cast<uint16_t>(v.h));
    out.u16(v.colour_word);
  }
  return out.take();
}

}  // namespace

std::vector<uint8_t> write_shrub_class(const ShrubClassSource& source) {
  const std::vector<PacketPlan> plans = plan_packets(source.strips);
  std::vector<std::vector<uint8_t>> packets;
  for (const PacketPlan& plan : plans) packets.push_back(write_packet(plan));

  ByteWriter out;
  for (float f : source.sphere) out.u32(std::bit_cast<uint32_t>(f));
  out.u32(std::bit_cast<uint32_t>(source.size));
  out.u16(source.mode_bits);
  out.u16(0);  // scratch
  out.u32(0);  // reserved (the loader's instance pointer)
  const size_t billboard_field = out.size();
  out.u32(0);
  out.u32(std::bit_cast<uint32_t>(source.scale));
  out.u32(source.class_number);
  out.u32(static_cast<uint32_t>(packets.size()));
  const size_t palette_field = out.size();
  out.u32(0);
  out.align(kShrubPacketTableOffset);
  uint32_t cursor = static_cast<uint32_t>((kShrubPacketTableOffset + 8 * packets.size() + 15) & ~size_t{15});
  for (const std::vector<uint8_t>& packet : packets) {
    out.u32(cursor);
    out.u32(static_cast<uint32_t>(packet.size()));
    cursor += static_cast<uint32_t>(packet.size());
  }
  out.align(16);
  for (const std::vector<uint8_t>& packet : packets) out.append(packet);
  if (source.billboard) {
    out.patch_u32(billboard_field, static_cast<uint32_t>(out.size()));
    out.u32(std::bit_cast<uint32_t>(source.billboard->fade_distance));
    for (float f : source.billboard->unnamed) out.u32(std::bit_cast<uint32_t>(f));
    constexpr std::array<uint8_t, 3> kRegisters = {0x14, 0x06, 0x34};
    for (size_t q = 0; q < 3; ++q) ad_qword(out, source.billboard->data[q], kRegisters[q], 0);
  }
  out.patch_u32(palette_field, static_cast<uint32_t>(out.size()));
  for (const auto& normal : source.palette) {
    for (int16_t c : normal) out.u16(static_cast<uint16_t>(c));
    out.u16(0);
  }
  for (uint32_t i = 0; i < source.palette_padding; ++i) out.u64(0);
  return out.take();
}

}  // namespace gcvu::formats::rc2
