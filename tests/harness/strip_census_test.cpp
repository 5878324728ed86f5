// StripCensus reads PATH1 qwords back into strips. The packets here are built by hand from the GIF tag layout
// (reference/vif-gif-formats.md: NLOOP bits 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59, NREG 60-63, REGS 64-127).

#include <gtest/gtest.h>

#include "harness/run/strip_census.hpp"

namespace gcvu::harness {
namespace {

Qword tag(uint16_t nloop, bool eop, bool pre, uint16_t prim, uint8_t nreg, uint64_t regs) {
  const uint64_t low = uint64_t{nloop} | (uint64_t{eop} << 15) | (uint64_t{pre} << 46) | (uint64_t{prim} << 47) |
                       (uint64_t{nreg} << 60);
  return make_qword(low, regs);
}

void send(StripCensus& census, const Qword& q, gif::Path path = gif::Path::kPath1) {
  census.on_gif_qword(path, q, 0, false);
}

TEST(StripCensus, StripsWithTextureSwitchAndAdcBits) {
  StripCensus census(true);
  // A+D packet: 2 register writes.
  send(census, tag(2, false, false, 0, 1, 0xe));
  send(census, {1, 0, 6, 0});
  send(census, {2, 0, 0x14, 0});
  // A strip of 4 vertices (2 triangles); the 4th vertex carries ADC.
  send(census, tag(4, true, true, 0x3c, 3, 0x412));
  for (uint32_t v = 0; v < 4; ++v) {
    send(census, {0x3f800000, 0, 0x3f800000, 0});
    send(census, {v, 0, 0, 0x80});
    send(census, {v << 4, 0, 0, v == 3 ? 0x8000u : 0u});
  }
  // PATH2 qwords are ignored; an IMAGE packet on PATH1 is counted as other.
  send(census, tag(1, true, false, 0, 1, 0), gif::Path::kPath2);
  send(census, make_qword(uint64_t{1} | (uint64_t{2} << 58), 0));  // IMAGE, NLOOP 1
  send(census, {9, 9, 9, 9});
  // A strip of 3 vertices, no texture switch.
  send(census, tag(3, true, true, 0x3c, 3, 0x412));
  for (int i = 0; i < 9; ++i) send(census, {0, 0, 0, 0});

  ASSERT_EQ(census.strips().size(), 2u);
  EXPECT_EQ(census.strips()[0].ad_gif.size(), 2u);
  EXPECT_EQ(census.strips()[0].ad_gif[1][2], 0x14u);
  EXPECT_EQ(census.strips()[0].vertices.size(), 4u);
  EXPECT_EQ(census.strips()[0].vertices[2].rgbaq[0], 2u);
  EXPECT_EQ(census.strips()[0].suppressed(), 1u);
  EXPECT_TRUE(census.strips()[1].ad_gif.empty());
  EXPECT_EQ(census.strip_count(), 2u);
  EXPECT_EQ(census.triangles(), 3u);
  EXPECT_EQ(census.suppressed_triangles(), 1u);
  EXPECT_EQ(census.other_packets(), 1u);
}

// The moby program's split strip (microcode/moby/README.md): PRE 1 opens it, an A+D switch and a PRE 0 tag with
// the strip registers continue it (the GS keeps its vertex queue), so the triangles span the split.
TEST(StripCensus, PreZeroTagContinuesTheOpenStrip) {
  StripCensus census(true);
  const auto vertices = [&](uint32_t count) {
    for (uint32_t v = 0; v < count; ++v) {
      send(census, {0, 0, 0, 0});
      send(census, {v, 0, 0, 0x80});
      send(census, {0, 0, 0, 0});
    }
  };
  send(census, tag(2, false, true, 0x3c, 3, 0x412));
  vertices(2);
  send(census, tag(1, false, false, 0, 1, 0xe));
  send(census, {1, 0, 6, 0});
  send(census, tag(2, true, false, 0x3c, 3, 0x412));
  vertices(2);
  // A new PRE 1 tag opens a second strip; a PRE 0 strip tag after another packet opens nothing.
  send(census, tag(3, true, true, 0x3c, 3, 0x412));
  vertices(3);
  send(census, make_qword(uint64_t{1} | (uint64_t{2} << 58), 0));  // IMAGE, NLOOP 1
  send(census, {9, 9, 9, 9});
  send(census, tag(3, true, false, 0x3c, 3, 0x412));
  vertices(3);

  ASSERT_EQ(census.strips().size(), 2u);
  EXPECT_EQ(census.strips()[0].vertices.size(), 4u);
  EXPECT_EQ(census.strips()[0].ad_gif.size(), 1u);
  EXPECT_EQ(census.strips()[1].vertices.size(), 3u);
  EXPECT_EQ(census.triangles(), 3u);  // 2 across the split + 1
  EXPECT_EQ(census.other_packets(), 2u);
}

}  // namespace
}  // namespace gcvu::harness
