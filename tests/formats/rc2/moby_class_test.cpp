// Moby classes in a generated level: the parser reads back the shapes harness/gen_level/moby_classes.hpp describes.
// Expected counts are derived by hand from those shapes (a strip of n kicked vertices draws n - 2 triangles; a
// vertex without a kick draws nothing), not taken from the parser's output.

#include <gtest/gtest.h>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "harness/gen_level/moby_classes.hpp"

namespace gcvu::formats::rc2 {
namespace {

Level generated_level() {
  const LevelFiles files = write_level(harness::make_height_field_level({7, 4}));
  return read_level(files.core_index, files.core_data, files.gs_ram, "generated");
}

TEST(MobyClass, GeneratedLevelHasTheCrateAndTheLimb) {
  const Level level = generated_level();
  ASSERT_EQ(level.moby_classes.size(), 2u);  // entries 0..2 carry no geometry (asset offset 0)
  const MobyClass& crate = level.moby_classes[0];
  const MobyClass& limb = level.moby_classes[1];
  EXPECT_EQ(crate.class_number, harness::kCrateClassNumber);
  EXPECT_EQ(crate.table_index, 3u);
  EXPECT_EQ(limb.class_number, harness::kLimbClassNumber);
  EXPECT_EQ(crate.header.format(), MobyFormat::kRc2);
  EXPECT_EQ(limb.header.format(), MobyFormat::kRc1);
  EXPECT_EQ(crate.header.high_lod_count, 2);
  EXPECT_EQ(crate.header.low_lod_count, 1);
  EXPECT_EQ(limb.header.joint_count, 3);
  // Part tables: 3 and 1 tiling records, ended by the record's two termination shapes.
  EXPECT_EQ(crate.part_table.records, 3u);
  EXPECT_EQ(crate.part_table.end, PartTableEnd::kZeroVertexOffset);
  EXPECT_EQ(limb.part_table.records, 1u);
  EXPECT_EQ(limb.part_table.end, PartTableEnd::kZeroOffsetsWithCount);
  // The crate span ends where the limb's begins.
  EXPECT_EQ(crate.span_end, limb.span_begin);
}

TEST(MobyClass, CratePacketsMatchTheirShapes) {
  const MobyClass crate = generated_level().moby_classes[0];
  ASSERT_EQ(crate.packets.size(), 3u);
  const MobyPacket& cube = crate.packets[0];
  EXPECT_EQ(cube.entry.vertex_bounds.transfer_vertex_count, 8);
  EXPECT_EQ(cube.sts.size(), 8u);
  EXPECT_EQ(cube.st_address, 0xc2);
  EXPECT_EQ(cube.index_address, 0x12d);
  ASSERT_EQ(cube.ad_gifs.size(), 1u);
  EXPECT_EQ(cube.ad_gifs[0].data[2], 1u);  // TEX0_1 names texture 1
  ASSERT_EQ(cube.strip.size(), 14u);
  EXPECT_EQ(cube.strip[0].texture_switch, 0);  // the switch's secret index opens the strip, without a kick
  EXPECT_EQ(cube.strip[0].index, 4);
  EXPECT_FALSE(cube.strip[0].kick);
  EXPECT_EQ(cube.kicked_triangles(), 12u);
  EXPECT_EQ(cube.secret_indices, (std::vector<uint8_t>{4, 0}));
  // Vertex IDs 0..7 resolved through the seven-later rule and the trailing record.
  EXPECT_EQ(cube.vertex_table.vertex_ids, (std::vector<uint16_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(cube.vertex_table.main_count, 8u);
  EXPECT_EQ(cube.vertex_table.trailing_records, 1u);
  // Corner 7 is (+1, +1, +1) units.
  EXPECT_EQ(cube.vertex_table.vertices[7].position, (std::array<int16_t, 3>{1024, 1024, 1024}));

  const MobyPacket& lid = crate.packets[1];
  EXPECT_EQ(lid.entry.vertex_bounds.transfer_vertex_count, 4);
  EXPECT_EQ(lid.vertex_table.duplicates, (std::vector<uint16_t>{2, 3}));
  EXPECT_EQ(lid.vertex_table.vertex_ids, (std::vector<uint16_t>{8, 9}));
  EXPECT_EQ(lid.kicked_triangles(), 2u);
  EXPECT_TRUE(lid.ad_gifs.empty());

  EXPECT_EQ(crate.packets[2].kicked_triangles(), 12u);
  EXPECT_EQ(crate.vertex_count(), 20u);
  EXPECT_EQ(crate.triangle_count(), 26u);
}

TEST(MobyClass, LimbBlendsAcrossThreeJointsInTheRc1Format) {
  const MobyClass limb = generated_level().moby_classes[1];
  ASSERT_EQ(limb.packets.size(), 1u);
  const MobyPacket& packet = limb.packets[0];
  const MobyVertexTable& table = packet.vertex_table;
  EXPECT_EQ(table.two_way_count, 4u);
  EXPECT_EQ(table.three_way_count, 4u);
  EXPECT_EQ(table.main_count, 8u);
  EXPECT_EQ(table.matrix_transfer_count, 3u);
  EXPECT_EQ(table.kind(0), MobyVertexKind::kTwoWayBlend);
  EXPECT_EQ(table.kind(4), MobyVertexKind::kThreeWayBlend);
  EXPECT_EQ(table.kind(8), MobyVertexKind::kUnblended);
  // R&C1: the header is 0x20 bytes of u32, and unknown_e marks the end of the records.
  EXPECT_EQ(table.vertex_table_offset % 16, 0u);
  EXPECT_EQ(table.unknown_e, table.vertex_table_offset + (16 + 1) * 16);
  // Two-way weights 128 + 127 = 255; the three-way third load address is bits 9-15 times 2 (= matrix 2, 8 qwords).
  EXPECT_EQ(table.vertices[0].blend[2] + table.vertices[0].blend[3], 255);
  EXPECT_EQ(table.vertices[4].high_bits() * 2, 8u);
  // Three segments of 10 strip vertices; the two opening vertices of segments 2 and 3 are not kicked.
  EXPECT_EQ(packet.strip.size(), 30u);
  EXPECT_FALSE(packet.strip[10].kick);
  EXPECT_FALSE(packet.strip[11].kick);
  EXPECT_EQ(packet.kicked_triangles(), 24u);
}

TEST(MobyClass, InfoSummaryCountsMobyGeometry) {
  const auto lines = level_summary_lines(generated_level());
  bool found = false;
  for (const std::string& line : lines) {
    if (line.find("moby geometry") == std::string::npos) continue;
    found = true;
    // 3 + 1 packets; 8 + 4 + 8 + 16 vertices; 12 + 2 + 12 + 24 triangles.
    EXPECT_EQ(line, "moby geometry: 2 classes (1 in R&C1 format), 4 packets, 36 transferred vertices, 50 kicked "
                    "triangles (metal packets not decoded)");
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace gcvu::formats::rc2
