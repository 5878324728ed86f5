// Hand-broken levels: each breaks one invariant the work record proves a reading with, and each must give a clear
// FormatError naming the level's file, the patch (where there is one) and the rule. The starting point is a
// generated level that loads cleanly; the bytes to break are found through the parsed structure.

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "formats/rc2/vif_list.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats::rc2 {
namespace {

class Rc2Invariant : public ::testing::Test {
 protected:
  Rc2Invariant() : files_(write_level(harness::make_height_field_level({4, 3}))), level_(load()) {}

  Level load() const { return read_level(files_.core_index, files_.core_data, files_.gs_ram, "lvl"); }
  std::string error() const {
    return test::format_error_text([&] { load(); });
  }

  // Offsets in core_data of patch `p`'s header and of a list's commands.
  uint64_t header_at(size_t p) const { return level_.block.offset + level_.block.table_offset + p * kPatchHeaderSize; }
  std::vector<VifCommand> commands(size_t p, PatchList list) const {
    const TfragPatch& patch = level_.patches[p];
    const ListExtent& extent = patch.lists[static_cast<size_t>(list)];
    return walk_vif_list(
        ByteReader(std::span(files_.core_data).subspan(patch.data_offset + extent.begin, extent.end - extent.begin),
                   "list", patch.data_offset + extent.begin));
  }
  // The n-th command with this command byte in a list.
  VifCommand find(size_t p, PatchList list, uint8_t command_byte, size_t n = 0) const {
    for (const VifCommand& c : commands(p, list)) {
      if (c.code.command() == command_byte && n-- == 0) return c;
    }
    ADD_FAILURE() << "command not found";
    return {};
  }
  void put_u32(uint64_t at, uint32_t value) {
    for (int i = 0; i < 4; ++i) files_.core_data[at + i] = static_cast<uint8_t>(value >> (8 * i));
  }
  void put_index_u32(uint64_t at, uint32_t value) {
    for (int i = 0; i < 4; ++i) files_.core_index[at + i] = static_cast<uint8_t>(value >> (8 * i));
  }
  void expect_error(const std::vector<std::string>& parts) const {
    const std::string text = error();
    for (const std::string& part : parts) EXPECT_NE(text.find(part), std::string::npos) << text;
  }

  LevelFiles files_;
  Level level_;
};

constexpr uint8_t kV4_16 = 0x6d;
constexpr uint8_t kV4_8 = 0x6e;
constexpr uint8_t kV4_32 = 0x6c;

TEST_F(Rc2Invariant, TheUnbrokenLevelLoads) { EXPECT_EQ(error(), "(no error)"); }

TEST_F(Rc2Invariant, VertCountMustMatchThePositionsUnpacked) {
  files_.core_data[header_at(1) + 0x3c] = 24;
  expect_error({"lvl/core_data.bin patch 1", fmt::format("offset 0x{:x}", header_at(1) + 0x3c),
                "vert_count: the lists unpack 25 positions (4 common + 5 LOD 0+1 + 16 LOD 0), the header says 24"});
}

TEST_F(Rc2Invariant, TriCountMustMatchTheLod0Strips) {
  files_.core_data[header_at(2) + 0x3d] = 8;
  expect_error({"lvl/core_data.bin patch 2", "tri_count: the LOD 0 strips draw 32 triangles, the header says 8"});
}

TEST_F(Rc2Invariant, AdGifMustNameAnExistingTexture) {
  const VifCommand gifs = find(0, PatchList::kCommon, kV4_32);
  put_u32(gifs.offset + 4 + 5 * 16, 4);  // the second ad-gif's TEX0_1 data_lo: texture 4 of 4
  expect_error({"lvl/core_data.bin patch 0", "ad-gif 1 names texture 4, but the level has 4 tfrag textures"});
}

TEST_F(Rc2Invariant, PatchDataMustLieInsideTheTfragRegion) {
  put_u32(header_at(0) + 0x10, 0x00ffff00);
  expect_error({"lvl/core_data.bin patch 0", "is outside the tfrag region"});
}

TEST_F(Rc2Invariant, ListsMustBeInTransferOrder) {
  const uint16_t shared = level_.patches[1].header.shared_ofs;
  files_.core_data[header_at(1) + 0x18] = static_cast<uint8_t>(shared - 16);  // lod_1_ofs before shared_ofs
  files_.core_data[header_at(1) + 0x19] = static_cast<uint8_t>((shared - 16) >> 8);
  expect_error({"lvl/core_data.bin patch 1", "list order: the common list"});
}

TEST_F(Rc2Invariant, AWalkThatDesynchronisesIsAnError) {
  const VifCommand header = find(0, PatchList::kCommon, kV4_16);
  put_u32(header.offset, vif_word(kV4_16, 200, 0x4000));  // 200 vectors where the list holds far fewer
  expect_error({"lvl/core_data.bin patch 0 common list", "desynchronised"});
}

TEST_F(Rc2Invariant, UnpackFormatsOutsideTheRecordsTableAreErrors) {
  // The vertex-info V4_16 (8 bytes an element) becomes V2_32 (also 8): the walk stays in step, the format is wrong.
  const VifCommand info = find(2, PatchList::kCommon, kV4_16, 1);
  put_u32(info.offset, (info.code.word & 0x00ffffff) | (uint32_t{0x64} << 24));
  expect_error({"lvl/core_data.bin patch 2", "unpack format vn=1 vl=0", "is not in the record's table"});
}

TEST_F(Rc2Invariant, TheCommonListMustOpenWithTheVuHeader) {
  const VifCommand header = find(0, PatchList::kCommon, kV4_16);
  put_u32(header.offset, header.code.word & ~uint32_t{0x4000});  // signed: not the header
  expect_error({"lvl/core_data.bin patch 0", "must open with the VU header"});
}

TEST_F(Rc2Invariant, TheFirstStripRecordMustBeBiased) {
  const VifCommand strips = find(1, PatchList::kLod0, kV4_8);
  ASSERT_FALSE(strips.code.unsigned_data());
  files_.core_data[strips.offset + 4] = 10;  // count 10, unbiased
  expect_error({"lvl/core_data.bin patch 1", "LOD 0: the first strip record must be biased"});
}

TEST_F(Rc2Invariant, StripIndicesMustStayInTheLodsVertexInfo) {
  const VifCommand indices = find(0, PatchList::kLod2, kV4_8);
  ASSERT_TRUE(indices.code.unsigned_data());
  files_.core_data[indices.offset + 4] = 4;  // LOD 2 sees only the 4 common entries
  expect_error({"lvl/core_data.bin patch 0", "LOD 2: triangle index 4 is outside the LOD's 4 vertex-info entries"});
}

TEST_F(Rc2Invariant, StripsMustNotOutrunTheirIndices) {
  const VifCommand strips = find(0, PatchList::kLod2, kV4_8, 1);
  ASSERT_FALSE(strips.code.unsigned_data());
  files_.core_data[strips.offset + 4 + 4] = 5;  // the end record becomes a 5-vertex strip
  expect_error({"lvl/core_data.bin patch 0", "LOD 2: strips need more than the 4 indices unpacked"});
}

TEST_F(Rc2Invariant, StripAdGifOffsetMustNameAnAdGif) {
  const VifCommand strips = find(0, PatchList::kLod1, kV4_8);
  files_.core_data[strips.offset + 4 + 2] = 10;  // ad-gif 2 of 2
  expect_error({"lvl/core_data.bin patch 0", "LOD 1: strip ad-gif offset 10 is not one of the patch's 2 ad-gifs"});
}

TEST_F(Rc2Invariant, VertexInfoMustPointAtAPositionOfItsTier) {
  const VifCommand info = find(0, PatchList::kCommon, kV4_16, 1);
  files_.core_data[info.offset + 4 + 6] = 8;  // own position 8 / 2 = 4, but the common tier has 4 (0..3)
  expect_error({"lvl/core_data.bin patch 0", "vertex info position offset 8 is not 2 x a position of its tier"});
}

TEST_F(Rc2Invariant, WithoutAStrowTheOriginIsTheLightQuadword) {
  // NOP out both STROWs of patch 0's common list (5 words each): no row precedes the positions any more, so the
  // origin falls back to the quadword at light_ofs, which we set to a marker.
  for (size_t n = 0; n < 2; ++n) {
    const VifCommand row = find(0, PatchList::kCommon, kVifStrow);
    for (int w = 0; w < 5; ++w) put_u32(row.offset + 4 * w, 0);
  }
  const uint64_t light = level_.patches[0].data_offset + level_.patches[0].header.light_ofs;
  put_u32(light, 111);
  put_u32(light + 4, 222);
  put_u32(light + 8, 333);
  const Level level = load();
  EXPECT_EQ(level.patches[0].origin_source, OriginSource::kLightQuadword);
  EXPECT_EQ(level.patches[0].origin, (std::array<int32_t, 4>{111, 222, 333, 0}));
  EXPECT_EQ(level.patches[1].origin_source, OriginSource::kStrow);
}

TEST_F(Rc2Invariant, ClassTablesMustChain) {
  put_index_u32(0x24, level_.index.tie_classes.offset + 16);  // tie table starts 16 bytes late
  expect_error({"lvl/core_index.bin: offset 0x24",
                "table chaining: moby class table (5 entries of 32 bytes at 0xc0) "
                "ends at 0x160, but the tie class table starts at 0x170"});
}

TEST_F(Rc2Invariant, TextureTableMustEndWhereTheNextTableStarts) {
  put_index_u32(0x3c, level_.index.moby_textures.offset + 4);
  expect_error({"lvl/core_index.bin: offset 0x3c", "table chaining: tfrag texture table"});
}

TEST_F(Rc2Invariant, DecompressedSizeMustBeCoreDatasLength) {
  files_.core_data.push_back(0);
  expect_error({"lvl/core_index.bin: offset 0x8c", "is not core_data's length"});
}

TEST_F(Rc2Invariant, ClassAssetOffsetMustBeZeroOrInsideCoreData) {
  put_index_u32(0xc0 + 32, static_cast<uint32_t>(files_.core_data.size()));  // moby entry 1
  expect_error({"lvl/core_index.bin: offset 0xe0", "moby class 1 asset offset"});
}

TEST_F(Rc2Invariant, RegionOffsetsMustIncrease) {
  put_index_u32(0x10, level_.index.occlusion);  // sky == occlusion
  expect_error({"lvl/core_index.bin: offset 0x10", "region offsets must increase: sky"});
}

TEST_F(Rc2Invariant, TfragTableOffsetIsAlways0x40) {
  put_u32(0, 0x50);
  expect_error({"lvl/core_data.bin: offset 0x0", "table_offset is 80, the record has it always 0x40"});
}

TEST_F(Rc2Invariant, PatchTableMustFitTheRegion) {
  put_u32(4, 1000);
  expect_error({"lvl/core_data.bin: offset 0x4", "1000 patch headers"});
}

TEST_F(Rc2Invariant, TruncatedCoreIndexIsAnError) {
  files_.core_index.resize(0x40);
  expect_error({"lvl/core_index.bin", "truncated"});
}

TEST_F(Rc2Invariant, TextureClutMissingFromGsRamIsAnError) {
  // Texture 2's palette unit moved past gs_ram's end (its entry's u16 at +0xa).
  const uint32_t unit = static_cast<uint32_t>(files_.gs_ram.size() / 0x100);
  const size_t entry = level_.index.tfrag_textures.offset + 2 * kTextureEntrySize + 0xa;
  files_.core_index[entry] = static_cast<uint8_t>(unit);
  files_.core_index[entry + 1] = static_cast<uint8_t>(unit >> 8);
  expect_error({"lvl/gs_ram.bin texture 2", "CSM1 CLUT (1024 bytes) runs past the end of the buffer"});
}

TEST_F(Rc2Invariant, TruncatedGsRamIsAnError) {
  files_.gs_ram.resize(0x100);
  expect_error({"lvl/gs_ram.bin texture 0", "runs past the end of the buffer (0x100)"});
}

TEST_F(Rc2Invariant, LoadingAFolderNamesItsFiles) {
  test::TempDir dir;
  write_level_folder(files_, dir / "lvl");
  EXPECT_EQ(load_level(dir / "lvl").patches.size(), 3u);
  const std::string missing = test::format_error_text([&] { load_level(dir / "nothing"); });
  EXPECT_NE(missing.find("core_index.bin"), std::string::npos) << missing;
  // And through the CLI: exit 2 with the rule.
  files_.core_data[header_at(0) + 0x3c] = 1;
  write_level_folder(files_, dir / "broken");
  const test::CliResult result = test::run_cli({"info", (dir / "broken").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("patch 0"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("vert_count"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace gcvu::formats::rc2
