// The synthetic level generator's output, read back through the R&C2 level parser. Expected counts are derived by
// hand from the generator's documented shape (harness/gen_level/height_field_level.hpp): a patch is 4 x 4 quads;
// LOD 0 sees 5 x 5 = 25 vertices, LOD 1 3 x 3 = 9, LOD 2 the 4 corners, so the tiers hold 4 common, 9 - 4 = 5
// LOD 0+1 and 25 - 9 = 16 LOD-0-only positions. A row of n quads is one strip of 2(n + 1) vertices and 2n
// triangles: LOD 0 has 4 rows of 4 quads (4 strips x 10 vertices, 32 triangles), LOD 1 2 rows of 2 (2 x 6, 8
// triangles), LOD 2 1 row of 1 (1 x 4, 2 triangles).

#include <gtest/gtest.h>

#include <filesystem>

#include "formats/identify/identify.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats::rc2 {
namespace {

Level generate(uint64_t seed, uint32_t patches) {
  LevelFiles files = write_level(harness::make_height_field_level({seed, patches}));
  return read_level(files.core_index, files.core_data, files.gs_ram, "synthetic");
}

TEST(Rc2GeneratedLevel, EveryPatchHasTheHandDerivedCounts) {
  const Level level = generate(7, 6);
  ASSERT_EQ(level.patches.size(), 6u);
  for (const TfragPatch& patch : level.patches) {
    SCOPED_TRACE(patch.index);
    EXPECT_EQ(patch.positions[0].size(), 4u);
    EXPECT_EQ(patch.positions[1].size(), 5u);
    EXPECT_EQ(patch.positions[2].size(), 16u);
    EXPECT_EQ(patch.header.vert_count, 25u);
    EXPECT_EQ(patch.vertex_info[0].size(), 4u);
    EXPECT_EQ(patch.vertex_info[1].size(), 5u);
    EXPECT_EQ(patch.vertex_info[2].size(), 16u);
    EXPECT_EQ(patch.triangles[0], 32u);
    EXPECT_EQ(patch.triangles[1], 8u);
    EXPECT_EQ(patch.triangles[2], 2u);
    EXPECT_EQ(patch.header.tri_count, 32u);
    // Strip records: one per row plus the zero end record; indices: the strips' vertices, whole V4_8 elements.
    EXPECT_EQ(patch.strips[0].size(), 5u);
    EXPECT_EQ(patch.strips[1].size(), 3u);
    EXPECT_EQ(patch.strips[2].size(), 2u);
    EXPECT_EQ(patch.indices[0].size(), 40u);
    EXPECT_EQ(patch.indices[1].size(), 12u);
    EXPECT_EQ(patch.indices[2].size(), 4u);
    EXPECT_EQ(patch.strips[2][0].count, 4 - 128);
    EXPECT_EQ(patch.strips[0][0].count, 10 - 128);
    // Parent arrays: 5 LOD 0+1 bytes padded to 2 elements, 16 LOD 0 bytes.
    EXPECT_EQ(patch.parent_bytes[0], 8u);
    EXPECT_EQ(patch.parent_bytes[1], 16u);
    EXPECT_EQ(patch.ad_gifs.size(), 2u);
    EXPECT_EQ(patch.lights.size(), 25u);
    EXPECT_EQ(patch.rgba.size(), 28u);  // 25 colours rounded up to rgba_size 7 x 4
    EXPECT_EQ(patch.header.rgba_size, 7u);
    EXPECT_EQ(patch.header.point_lights, 0xffffu);
    EXPECT_EQ(patch.origin_source, OriginSource::kStrow);
  }
  EXPECT_EQ(level.block.lod_distance, 32.0f);
  EXPECT_EQ(level.index.mobies.size(), 5u);  // 3 without geometry, the crate and the limb
  EXPECT_EQ(level.index.ties.size(), 2u);
  EXPECT_EQ(level.index.shrubs.size(), 4u);  // class 200 without geometry, then the 3 of shrub_classes.hpp
  EXPECT_EQ(level.textures.size(), 4u);
}

TEST(Rc2GeneratedLevel, OriginIsTheRowBeforeThePositions) {
  // Patch k sits at grid cell (k % 3, k / 3) for 9 patches; a patch is 4 quads x 4 units x 1024 = 16384 fixed units
  // wide and its origin is its centre: (16384 * column + 8192, 16384 * row + 8192, 0). The common list also sets a
  // STROW before the vertex info (the positions table address), which must not be taken for the origin.
  const Level level = generate(3, 9);
  EXPECT_EQ(level.patches[0].origin, (std::array<int32_t, 4>{8192, 8192, 0, 0}));
  EXPECT_EQ(level.patches[4].origin, (std::array<int32_t, 4>{16384 + 8192, 16384 + 8192, 0, 0}));
  EXPECT_EQ(level.patches[8].origin, (std::array<int32_t, 4>{2 * 16384 + 8192, 2 * 16384 + 8192, 0, 0}));
}

TEST(Rc2GeneratedLevel, ListsAreInTransferOrderAndPlaceTheLod0List) {
  const Level level = generate(1, 2);
  for (const TfragPatch& patch : level.patches) {
    const PatchHeader& h = patch.header;
    EXPECT_LT(h.lod_2_ofs, h.shared_ofs);
    EXPECT_LT(h.shared_ofs, h.lod_1_ofs);
    EXPECT_LT(h.lod_1_ofs, h.lod_0_ofs);
    EXPECT_EQ(patch.lists[4].begin, h.shared_ofs + h.lod_1_size * 16u);  // the record's rule
    EXPECT_EQ(patch.lists[4].end, h.rgba_ofs);
    for (const ListExtent& list : patch.lists) EXPECT_GT(list.command_count, 0u);
  }
}

TEST(Rc2GeneratedLevel, AdGifsNameTexturesAndCarryKAndMmin) {
  const Level level = generate(1, 5);
  // Patch k's ad-gifs name textures k % 4 and (k + 1) % 4; K is -80 sixteenths (-5.0), MMIN 4.
  for (const TfragPatch& patch : level.patches) {
    EXPECT_EQ(patch.ad_gifs[0].texture_index(), patch.index % 4);
    EXPECT_EQ(patch.ad_gifs[1].texture_index(), (patch.index + 1) % 4);
    EXPECT_EQ(patch.ad_gifs[0].lod_bias_k(), -80);
    EXPECT_EQ(patch.ad_gifs[0].min_filter(), 4u);
  }
}

TEST(Rc2GeneratedLevel, TexturesDecodeWithAllFourMipLevels) {
  const Level level = generate(1, 1);
  for (const TfragTexture& texture : level.textures) {
    EXPECT_EQ(texture.width, 32u);
    EXPECT_EQ(texture.levels[0].size(), 32u * 32u);
    EXPECT_EQ(texture.levels[1].size(), 16u * 16u);
    EXPECT_EQ(texture.levels[2].size(), 8u * 8u);
    EXPECT_EQ(texture.levels[3].size(), 4u * 4u);
    for (uint32_t colour : texture.palette) EXPECT_EQ(colour >> 24, 0x80u);  // opaque is 0x80
  }
  // Texture 0's ramp runs from (40, 90, 30) at index 0 to (120, 200, 80) at 255 (the generator's grass ramp):
  // read through the CSM1 swap, the logical ends come back in place.
  EXPECT_EQ(level.textures[0].palette[0], 0x80u << 24 | 30u << 16 | 90u << 8 | 40u);
  EXPECT_EQ(level.textures[0].palette[255], 0x80u << 24 | 80u << 16 | 200u << 8 | 120u);
  // Index 8 (stored at CLUT position 16), the ramp (a * (255 - i) + b * i) / 255 in integers:
  // (40 * 247 + 120 * 8) / 255 = 42, (90 * 247 + 200 * 8) / 255 = 93, (30 * 247 + 80 * 8) / 255 = 31.
  EXPECT_EQ(level.textures[0].palette[8] & 0xffffffu, 31u << 16 | 93u << 8 | 42u);
}

TEST(Rc2GeneratedLevel, SameSeedSameBytesOtherSeedOtherTerrain) {
  const LevelFiles a = write_level(harness::make_height_field_level({11, 4}));
  const LevelFiles b = write_level(harness::make_height_field_level({11, 4}));
  const LevelFiles c = write_level(harness::make_height_field_level({12, 4}));
  EXPECT_EQ(a.core_data, b.core_data);
  EXPECT_EQ(a.core_index, b.core_index);
  EXPECT_EQ(a.gs_ram, b.gs_ram);
  EXPECT_NE(a.core_data, c.core_data);
}

TEST(Rc2GeneratedLevel, SummaryTotalsScaleWithThePatchCount) {
  // 12 patches: 12 x 25 = 300 vertices (48 common, 60 LOD 0+1, 192 LOD 0), 12 x 32 = 384 LOD 0 triangles, 96 LOD 1,
  // 24 LOD 2; 24 ad-gifs.
  const auto lines = level_summary_lines(generate(5, 12));
  const auto has = [&](const std::string& text) {
    for (const auto& line : lines) {
      if (line.find(text) != std::string::npos) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("classes: 5 moby, 2 tie, 4 shrub"));
  EXPECT_TRUE(has("tfrag patches: 12"));
  EXPECT_TRUE(has("vertices: 300 (48 common, 60 LOD 0+1, 192 LOD 0 only)"));
  EXPECT_TRUE(has("triangles: LOD 0 384, LOD 1 96, LOD 2 24"));
  EXPECT_TRUE(has("ad-gifs: 24"));
  EXPECT_TRUE(has("tfrag textures: 4"));
}

TEST(Rc2GeneratedLevel, GenLevelAndInfoCommands) {
  test::TempDir dir;
  const std::string folder = (dir / "level").string();
  const test::CliResult gen = test::run_cli({"gen-level", "--out", folder, "--seed", "9", "--patches", "3"});
  ASSERT_EQ(gen.code, 0) << gen.err;
  EXPECT_NE(gen.out.find("tfrag patches: 3"), std::string::npos) << gen.out;
  const test::CliResult info = test::run_cli({"info", folder + "/core_index.bin"});
  ASSERT_EQ(info.code, 0) << info.err;
  EXPECT_NE(info.out.find("R&C2 level core index"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("kind: rc2-core-index"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("vertices: 75"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("triangles: LOD 0 96, LOD 1 24, LOD 2 6"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("every invariant holds"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("instances (gameplay.bin): 160 shrub (3 classes listed)"), std::string::npos) << info.out;
  // Alone, the index is still recognised; the level is not loaded.
  std::filesystem::create_directories(dir / "alone");
  std::filesystem::copy_file(folder + "/core_index.bin", dir / "alone" / "core_index.bin");
  const test::CliResult alone = test::run_cli({"info", (dir / "alone" / "core_index.bin").string()});
  EXPECT_EQ(alone.code, 0) << alone.err;
  EXPECT_NE(alone.out.find("level: not loaded"), std::string::npos) << alone.out;
  const test::CliResult folder_info = test::run_cli({"info", folder});
  ASSERT_EQ(folder_info.code, 0) << folder_info.err;
  EXPECT_NE(folder_info.out.find("tfrag patches: 3"), std::string::npos) << folder_info.out;
}

TEST(Rc2GeneratedLevel, IdentifyKnowsACoreIndexByItsChainedTables) {
  const LevelFiles files = write_level(harness::make_height_field_level({2, 2}));
  const Identification id = identify(files.core_index, "core_index.bin");
  EXPECT_EQ(id.kind, FileKind::kRc2CoreIndex);
  EXPECT_NE(id.details.at(0).find("classes: 5 moby, 2 tie, 4 shrub"), std::string::npos) << id.details.at(0);
  // Zeros chain trivially (0 + 0 x 32 = 0) but start inside the header: not an index.
  EXPECT_EQ(identify(std::vector<uint8_t>(0xc0), "zeros").kind, FileKind::kUnknown);
  // One table 16 bytes late breaks the chain.
  std::vector<uint8_t> broken = files.core_index;
  broken[0x24] += 16;
  EXPECT_EQ(identify(broken, "broken").kind, FileKind::kUnknown);
}

TEST(Rc2GeneratedLevel, GenLevelRejectsBadArguments) {
  test::TempDir dir;
  EXPECT_EQ(test::run_cli({"gen-level", "--out", (dir / "x").string(), "--patches", "0"}).code, 2);
  EXPECT_EQ(test::run_cli({"gen-level", "--out", (dir / "x").string(), "--seed", "-1"}).code, 2);
  EXPECT_EQ(test::run_cli({"gen-level"}).code, 2);
}

}  // namespace
}  // namespace gcvu::formats::rc2
