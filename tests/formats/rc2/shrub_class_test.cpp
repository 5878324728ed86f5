// Shrub classes: the generated level's foliage loads with every invariant holding and the counts its shape
// documents (harness/gen_level/shrub_classes.hpp, worked by hand below), and a hand-broken copy for each invariant
// gives a FormatError naming core_data.bin, the class and the rule.

#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <string>

#include "formats/core/format_error.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "formats/rc2/shrub_span.hpp"
#include "harness/gen_level/height_field_level.hpp"

namespace gcvu::formats::rc2 {
namespace {

Level load(const LevelFiles& files) { return read_level(files.core_index, files.core_data, files.gs_ram, "lvl"); }

LevelFiles generated() { return write_level(harness::make_height_field_level({7, 4})); }

TEST(ShrubClass, GeneratedFoliageLoadsWithTheDocumentedShape) {
  const Level level = load(generated());
  ASSERT_EQ(level.shrubs.size(), 3u);  // class 200 carries no geometry
  // bush: 3 quads = 3 strips of 4 -> 12 vertices, 3 * 2 triangles; one texture, 3 tags: vertex_offset 1 + 3 + 4.
  const ShrubClass& bush = level.shrubs[0];
  EXPECT_EQ(bush.index, 1u);
  EXPECT_EQ(bush.class_number, 201u);
  ASSERT_EQ(bush.packets.size(), 1u);
  EXPECT_EQ(bush.packets[0].offset, 0x50u);  // align16(0x40 + 8 * 1)
  EXPECT_EQ(bush.packets[0].vertex_offset, 8u);
  EXPECT_EQ(bush.packets[0].vertex_count, 12u);
  EXPECT_EQ(bush.packets[0].triangles, 6u);
  // GS packet: texture 5 qw + 3 * (tag 1 + 4 vertices * 3 qw) = 44.
  EXPECT_EQ(bush.packets[0].gs_packet_qwords, 44u);
  // Packet bytes: 16 (prologue) + 8 * 16 (header unpack) + 8 + 12 * 8 + 8 + 12 * 8 = 352.
  EXPECT_EQ(bush.packets[0].size, 352u);
  ASSERT_TRUE(bush.billboard.has_value());
  EXPECT_EQ(bush.billboard_offset, 0x50u + 352u);
  EXPECT_EQ(bush.palette_offset, 0x50u + 352u + 0x40u);
  EXPECT_EQ(bush.palette_padding, 2u);
  EXPECT_FLOAT_EQ(bush.billboard->fade_distance, 64.0f);
  // fern: 5 blades of 5 -> 25 vertices, 15 triangles, one packet, no billboard, no padding.
  const ShrubClass& fern = level.shrubs[1];
  EXPECT_EQ(fern.packets.size(), 1u);
  EXPECT_EQ(fern.vertex_total(), 25u);
  EXPECT_EQ(fern.triangle_total(), 15u);
  EXPECT_FALSE(fern.billboard.has_value());
  EXPECT_EQ(fern.palette_padding, 0u);
  // tree: trunk strip of 10 (8 triangles) + 12 quads (24 triangles): 58 vertices, 32 triangles. In one packet the
  // input would need 1 + 13 + 8 + 2 * 58 = 138 qw > 0x76, so it splits in two.
  const ShrubClass& tree = level.shrubs[2];
  EXPECT_EQ(tree.packets.size(), 2u);
  EXPECT_EQ(tree.vertex_total(), 58u);
  EXPECT_EQ(tree.triangle_total(), 32u);
  EXPECT_TRUE(tree.billboard.has_value());
  EXPECT_EQ(tree.palette_padding, 6u);
  for (const ShrubClass& shrub : level.shrubs) {
    for (const ShrubPacket& packet : shrub.packets) {
      unsigned strip_triangles = 0;
      for (const ShrubPrimitive& primitive : packet.primitives) strip_triangles += primitive.vertex_count - 2;
      EXPECT_EQ(packet.triangles, strip_triangles);
      EXPECT_LE(packet.vertex_offset + 2 * packet.vertex_count, 0x76u);
    }
  }
}

TEST(ShrubClass, SummaryReportsShrubCounts) {
  const std::vector<std::string> lines = level_summary_lines(load(generated()));
  bool found = false;
  for (const std::string& line : lines) {
    // 1 + 1 + 2 packets; 12 + 25 + 58 vertices; 6 + 15 + 32 triangles; bush and tree billboards.
    if (line.find("shrub classes with geometry: 3 (4 packets, 95 vertices, 53 triangles, 2 billboards") == 0) {
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

// --- Hand-broken inputs ----------------------------------------------------------------------------------------

void put_u32(std::vector<uint8_t>& bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}
uint32_t get_u32(const std::vector<uint8_t>& bytes, size_t at) {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (uint32_t{bytes[at + 3]} << 24);
}
void put_u16(std::vector<uint8_t>& bytes, size_t at, uint16_t value) {
  bytes[at] = static_cast<uint8_t>(value);
  bytes[at + 1] = static_cast<uint8_t>(value >> 8);
}

// The bush span (shrub table entry 1) and its packet's documented offsets.
struct BushLayout {
  size_t span = 0;
  size_t packet = 0;                          // span + 0x50
  size_t header() const { return packet + 16; }
  size_t gif_tag(size_t i) const { return packet + 32 + 16 * i; }
  size_t texture() const { return packet + 80; }  // after 3 tags
  size_t positions_stmod() const { return packet + 144; }
  size_t positions() const { return packet + 152; }
  size_t sts() const { return packet + 256; }
  size_t billboard() const { return packet + 352; }
  size_t palette() const { return packet + 352 + 0x40; }
};

BushLayout bush_layout(const LevelFiles& files) {
  // The shrub table follows 5 moby and 2 tie entries of 32 bytes after the 0xc0 header; entry 1 is the bush.
  const uint32_t span = get_u32(files.core_index, 0xc0 + 7 * 32 + 48);
  return BushLayout{span, span + 0x50};
}

void expect_error(const std::function<void(LevelFiles&, const BushLayout&)>& breaker, const std::string& rule) {
  LevelFiles files = generated();
  const BushLayout layout = bush_layout(files);
  breaker(files, layout);
  try {
    load(files);
    ADD_FAILURE() << "no error for: " << rule;
  } catch (const FormatError& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("lvl/core_data.bin"), std::string::npos) << text;
    EXPECT_NE(text.find(rule), std::string::npos) << "wanted '" << rule << "' in: " << text;
  }
}

TEST(ShrubClassErrors, Header) {
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x0c, std::bit_cast<uint32_t>(-1.0f)); },
               "shrub class 1: sphere radius -1 is not positive");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x10, 0); },
               "shrub class 1: size 0 is not positive");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.span + 0x16, 3); },
               "scratch (+0x16) is 3");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x18, 0x100); },
               "reserved (+0x18) is 0x100");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x20, 0); },
               "scale 0 is not positive");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x24, 7); },
               "o_class 7 is not the class entry's number 201");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x28, 0); },
               "packet count is 0");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x2c, 0x100000); },
               "palette offset 0x100000 is not an 8-aligned offset inside the span");
}

TEST(ShrubClassErrors, PacketTableTiling) {
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x40, 0x60); },
               "packet table tiling: packet 0 starts at 0x60, expected 0x50");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.span + 0x44, 352 + 16); },
               "packet table tiling: the packets end at 0x1c0 (+0x40 billboard), but the palette starts at 0x1f0");
}

TEST(ShrubClassErrors, Billboard) {
  // The entry's billboard width cleared: the record's pairing fails in that direction.
  expect_error([](LevelFiles& f, const BushLayout&) { put_u16(f.core_index, 0xc0 + 7 * 32 + 48 + 32 + 4, 0); },
               "billboard_offset is 0x1b0 but the class entry carries no billboard texture fields");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.billboard() + 0x28] = 0x07; },
               "billboard A+D qword 1 addresses register 0x07, expected 0x06");
}

TEST(ShrubClassErrors, PacketList) {
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.packet] = 0x05; },
               "shrub class 1 packet 0: packet list: expected STCYCL 4/4");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.packet + 15] = 0x6d; },
               "expected the header UNPACK V4_32");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.header() + 12, 9); },
               "header vertex_offset 9 is not the header UNPACK's num 8");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.header() + 4, 2); },
               "vertex_offset 8 != 1 + gif_tag_count 2 + 4 * texture_count 1");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u32(f.core_data, l.positions_stmod(), 0); },
               "expected STMOD 0 before the positions");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.positions_stmod() + 6] = 11; },
               "positions UNPACK num 11 != vertex_count 12");
}

TEST(ShrubClassErrors, PacketContents) {
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.gif_tag(1)] = 5; },
               "gif tag 1: NLOOP 5 but 4 vertices follow it");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.gif_tag(0) + 1] |= 0x80; },
               "gif tag 0: EOP must be set on the last gif tag only");
  // PRIM starts at bit 47: the type's low bit is bit 7 of byte 5 (strip 4 = 0b100 -> 5 = fan).
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.gif_tag(2) + 5] |= 0x80; },
               "gif tag 2: primitive type 5 is neither a triangle list (3) nor a strip (4)");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.texture() + 16 + 8] = 0x09; },
               "texture record 0 A+D qword 1 addresses register 0x09, expected 0x08");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.texture() + 48] = 2; },
               "TEX0_1 names slot 2, which is not a class texture slot");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.sts() + 3 * 8 + 6, 24); },
               "vertex 3 colour index 24 is not below 24");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.sts() + 11 * 8 + 6, 0x8001); },
               "vertex 11 stop flag is set: it must be set on vertex vertex_count - 4 = 8 only");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.positions() + 2 * 8 + 6, 40); },
               "GS packet layout: nothing (gif tag, texture or vertex) is placed at output offset 12");
}

TEST(ShrubClassErrors, Palette) {
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.palette() + 5 * 8, 100); },
               "palette normal 5");
  expect_error([](LevelFiles& f, const BushLayout& l) { put_u16(f.core_data, l.palette() + 2 * 8 + 6, 1); },
               "palette normal 2 pad is 1, must be 0");
  expect_error([](LevelFiles& f, const BushLayout& l) { f.core_data[l.palette() + 24 * 8 + 3] = 1; },
               "palette record 24 (past the 24 normals) is not zero padding");
}

TEST(ShrubClassErrors, SpanBounds) {
  // The marker before the chunk header is gone: the last span has no end.
  expect_error([](LevelFiles& f, const BushLayout&) {
    const auto at = find_chunk_container(f.core_data, 0);
    ASSERT_TRUE(at.has_value());
    f.core_data[*at - 2] = 0;
  }, "no chunk container");
  // The fern entry pointed at the bush span.
  expect_error([](LevelFiles& f, const BushLayout& l) {
    put_u32(f.core_index, 0xc0 + 7 * 32 + 2 * 48, static_cast<uint32_t>(l.span));
  }, "two shrub classes start at the same offset");
}

}  // namespace
}  // namespace gcvu::formats::rc2
