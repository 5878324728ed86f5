// The generated tfrag lists are real VIF1 commands: a patch's LOD 0 transfer (common list, then the LOD 0+1 and
// LOD 0 lists) runs through gcvu's own VIF1 unit (`gcvu vif-run`), an implementation independent of the list
// writer, and the VU1 memory it leaves must hold what the record and wrench's notes say the STROW/STMOD/STCYCL
// tricks produce. Expected values are worked by hand from the generator's documented shape (4 common, 5 LOD 0+1,
// 16 LOD 0 positions; 2 ad-gifs) and the writer's VU layout (header at 0, ad-gifs at 5, positions at
// 5 + 2 x 5 = 15 scattered two qwords apart, vertex info at 15 + 2 x 25 = 65).

#include <gtest/gtest.h>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "formats/rc2/vif_code.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

std::array<int32_t, 4> qword(const std::vector<uint8_t>& vu, size_t index) {
  std::array<int32_t, 4> out{};
  for (size_t lane = 0; lane < 4; ++lane) {
    const size_t at = 16 * index + 4 * lane;
    out[lane] = static_cast<int32_t>(vu[at] | (vu[at + 1] << 8) | (vu[at + 2] << 16) | (uint32_t{vu[at + 3]} << 24));
  }
  return out;
}

// Sends patch 0's lists (indices into TfragPatch::lists, in this order) through `gcvu vif-run`; returns VU1 data
// memory. The lists expect CYCLE wl = cl on entry (they restore 4/4 after each scatter): the setup sets it once.
std::vector<uint8_t> run_lists(const formats::rc2::LevelFiles& files, const formats::rc2::TfragPatch& patch,
                               std::initializer_list<size_t> lists) {
  formats::ByteWriter stream;
  stream.u32(formats::rc2::vif_word(formats::rc2::kVifStcycl, 0, 0x0404));
  for (int i = 0; i < 3; ++i) stream.u32(0);
  for (size_t list : lists) {
    const auto& extent = patch.lists[list];
    stream.append(std::span(files.core_data).subspan(patch.data_offset + extent.begin, extent.end - extent.begin));
  }
  test::TempDir dir;
  test::write_bytes(dir / "stream.bin", stream.bytes());
  const test::CliResult run =
      test::run_cli({"vif-run", (dir / "stream.bin").string(), "--dump-vu", (dir / "vu.bin").string()});
  EXPECT_EQ(run.code, 0) << run.err;
  return test::read_bytes(dir / "vu.bin");
}

TEST(GenLevelVif1, Lod0TransferLandsWhereTheVuHeaderSays) {
  const formats::rc2::LevelFiles files = formats::rc2::write_level(make_height_field_level({3, 5}));
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "synthetic");
  const formats::rc2::TfragPatch& patch = level.patches[0];
  const std::vector<uint8_t> vu = run_lists(files, patch, {1, 3, 4});  // common, LOD 0+1, LOD 0
  ASSERT_EQ(vu.size(), 16384u);

  // VU header, unsigned V4_16 to 0: counts 4 common / 5 LOD 0+1 (vertex info 5) / 16 LOD 0 (vertex info 16),
  // positions at 15, vertex info at 65.
  EXPECT_EQ(qword(vu, 0), (std::array<int32_t, 4>{4, 0, 5, 5}));
  EXPECT_EQ(qword(vu, 1), (std::array<int32_t, 4>{16, 16, 15, 65}));
  // Ad-gif 0's TEX0_1 data: texture 0 of patch 0.
  EXPECT_EQ(qword(vu, 5)[0], 0);
  EXPECT_EQ(qword(vu, 5 + 5)[0], 1);
  // Positions: offset mode adds the origin row (8192, 8192, 0) to the stored (-8192, -8192, z) of corner 0, and
  // STCYCL wl=1 cl=2 leaves the odd qwords (colours) untouched.
  const int32_t z0 = patch.positions[0][0][2];
  EXPECT_EQ(qword(vu, 15)[0], 0);
  EXPECT_EQ(qword(vu, 15)[1], 0);
  EXPECT_EQ(qword(vu, 15)[2], z0);
  EXPECT_EQ(qword(vu, 16), (std::array<int32_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(qword(vu, 17)[0], 16384);  // corner (4, 0): -8192 + 4 x 4096 + 8192
  // The first LOD 0-only position (tier 2's first vertex, grid (1, 0)) lands at 15 + 2 x 9.
  EXPECT_EQ(qword(vu, 15 + 2 * 9)[0], 4096);
  // Vertex info with the row (0, 0, 15, 15) added: common corner 1 is s = 4096, parent 0x1000 + 15, position 2 + 15.
  EXPECT_EQ(qword(vu, 66), (std::array<int32_t, 4>{4096, 0, 0x1000 + 15, 17}));
  // The last LOD 0 vertex-info entry (position index 24) sits at 65 + 24 and points at 2 x 24 + 15.
  EXPECT_EQ(qword(vu, 65 + 24)[3], 48 + 15);
}

TEST(GenLevelVif1, Lod2TransferTurnsIndicesIntoVertexInfoAddresses) {
  // LOD 2: its own list (indices, strips), then the common list. Parent arrays take 90..91 (5 bytes) and 92..95
  // (16), so indices sit at 96 and strips at 96 + 40 / 4 = 106. The one LOD 2 strip runs corner (0, 4), (0, 0),
  // (4, 4), (4, 0): common entries 2, 0, 3, 1, which offset mode turns into 65 + index.
  const formats::rc2::LevelFiles files = formats::rc2::write_level(make_height_field_level({3, 5}));
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "synthetic");
  const std::vector<uint8_t> vu = run_lists(files, level.patches[0], {0, 1});
  ASSERT_EQ(vu.size(), 16384u);
  EXPECT_EQ(qword(vu, 4)[2], 106);  // the VU header's strips address
  EXPECT_EQ(qword(vu, 3)[1], 96);   // and indices address
  EXPECT_EQ(qword(vu, 96), (std::array<int32_t, 4>{67, 65, 68, 66}));
  // Strips are signed and unpacked without offset: 4 vertices biased by -128, flag 0, ad-gif 0; then the end.
  EXPECT_EQ(qword(vu, 106), (std::array<int32_t, 4>{4 - 128, 0, 0, 0}));
  EXPECT_EQ(qword(vu, 107), (std::array<int32_t, 4>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace gcvu::harness
