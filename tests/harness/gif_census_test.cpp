// The GIF census `gcvu info` prints for a GS dump. Expected counts for prim_packed_reglist were checked against a
// separate decode of its tags (by a script written apart from gcvu): an A+D sprite (2 kicks), a PRE triangle (3),
// a PRIM-descriptor triangle with XYZF2 (3), a REGLIST strip (4) and points (7), and a PRE strip of 8 XYZ2 with one
// ADC vertex (7).

#include <gtest/gtest.h>

#include "formats/pcsx2/gs_dump.hpp"
#include "harness/replay/gif_census.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

TEST(GifCensus, CountsKicksAndPrimTypesOfAGoldenDump) {
  const auto path = test::shared_dir() / "golden-pcsx2/prim_packed_reglist/prim_packed_reglist.gs.zst";
  const GifCensus census = count_gif_data(formats::read_gs_dump(test::read_bytes(path), path.string()));
  EXPECT_EQ(census.tags, 11u);
  EXPECT_EQ(census.tags_by_mode[0], 9u);
  EXPECT_EQ(census.tags_by_mode[1], 2u);
  EXPECT_EQ(census.prim_writes, 6u);
  EXPECT_EQ(census.vertex_kicks, 26u);
  EXPECT_EQ(census.vertex_kicks_by_prim[0], 7u);
  EXPECT_EQ(census.vertex_kicks_by_prim[3], 6u);
  EXPECT_EQ(census.vertex_kicks_by_prim[4], 11u);
  EXPECT_EQ(census.vertex_kicks_by_prim[6], 2u);
  EXPECT_EQ(census.prim_types_written, (1u << 0) | (1u << 3) | (1u << 4) | (1u << 6));
  EXPECT_EQ(census.partial_bytes, 0u);
}

TEST(GifCensus, ImageQwordsOfTheTransferCase) {
  // xfer_host_all uploads images with IMAGE tags; every IMAGE qword is counted once.
  const auto path = test::shared_dir() / "golden-pcsx2/xfer_host_all/xfer_host_all.gs.zst";
  const GifCensus census = count_gif_data(formats::read_gs_dump(test::read_bytes(path), path.string()));
  EXPECT_GT(census.tags_by_mode[2], 0u);
  EXPECT_GT(census.image_qwords, 0u);
}

}  // namespace
}  // namespace gcvu::harness
