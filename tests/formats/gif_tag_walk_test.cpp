// The GIF census behind `gcvu info` on GS dumps: which writes count as vertex kicks (XYZ2/XYZF2 by PACKED
// descriptor, A+D or REGLIST; not with ADC), how PRIM is followed, and tag state carried across transfers.

#include "formats/pcsx2/gif_tag_walk.hpp"

#include <gtest/gtest.h>

#include "formats/core/byte_writer.hpp"

namespace gcvu::formats {
namespace {

enum Flg : uint64_t { kPacked = 0, kReglist = 1, kImage = 2, kImage3 = 3 };

void tag(ByteWriter& out, uint32_t nloop, Flg flg, uint32_t nreg, uint64_t regs, bool pre = false, uint32_t prim = 0,
         bool eop = false) {
  out.u64(uint64_t{nloop} | uint64_t{eop} << 15 | uint64_t{pre} << 46 | uint64_t{prim} << 47 | uint64_t{flg} << 58 |
          uint64_t{nreg & 0xf} << 60);
  out.u64(regs);
}

void qword(ByteWriter& out, uint64_t low, uint64_t high) {
  out.u64(low);
  out.u64(high);
}

GifWalkStats walk(const std::vector<uint8_t>& data) {
  GifTagWalker walker;
  walker.feed(3, data);
  return walker.stats();
}

TEST(GifTagWalk, PackedKicksSkipAdcAndXyz3) {
  ByteWriter out;
  tag(out, 4, kPacked, 2, 0x51, /*pre=*/true, /*prim=*/3);  // RGBAQ, XYZ2
  for (int i = 0; i < 4; ++i) {
    qword(out, 0, 0);
    qword(out, 0, i == 2 ? uint64_t{1} << 47 : 0);  // the third vertex has ADC
  }
  tag(out, 2, kPacked, 2, 0xdc);  // XYZ3, XYZF3: never a kick
  for (int i = 0; i < 4; ++i) qword(out, 0, 0);
  GifWalkStats stats = walk(out.take());
  EXPECT_EQ(stats.tags, 2u);
  EXPECT_EQ(stats.prim_writes, 1u);
  EXPECT_EQ(stats.vertex_kicks, 3u);
  EXPECT_EQ(stats.vertex_kicks_by_prim[3], 3u);
}

TEST(GifTagWalk, AddressDataPrimAndKicks) {
  ByteWriter out;
  tag(out, 4, kPacked, 1, 0xe);
  qword(out, 6, 0x00);           // PRIM = sprite
  qword(out, 0, 0x05);           // XYZ2
  qword(out, 0, 0x0d);           // XYZ3: no kick
  qword(out, 0, 0x04);           // XYZF2
  tag(out, 1, kPacked, 1, 0x0);  // PACKED PRIM descriptor
  qword(out, 1, 0);              // line
  GifWalkStats stats = walk(out.take());
  EXPECT_EQ(stats.vertex_kicks_by_prim[6], 2u);
  EXPECT_EQ(stats.prim_writes, 2u);
  EXPECT_EQ(stats.prim_types_written, (1u << 6) | (1u << 1));
}

TEST(GifTagWalk, ReglistOddCountDropsThePadding) {
  ByteWriter out;
  // 3 loops of {PRIM? no: XYZ2} with NREG 1: three registers in two qwords, the last high half is padding.
  tag(out, 3, kReglist, 1, 0x5, /*pre=*/true, /*prim=*/4);  // PRE is ignored outside PACKED
  qword(out, 0, 0);
  qword(out, 0, 0x05);
  tag(out, 1, kImage, 1, 0);
  qword(out, 0, 0);
  GifWalkStats stats = walk(out.take());
  EXPECT_EQ(stats.tags, 2u);
  EXPECT_EQ(stats.tags_by_mode[1], 1u);
  EXPECT_EQ(stats.tags_by_mode[2], 1u);
  EXPECT_EQ(stats.image_qwords, 1u);
  EXPECT_EQ(stats.prim_writes, 0u);
  EXPECT_EQ(stats.vertex_kicks, 3u);
}

TEST(GifTagWalk, StateCarriesAcrossTransfersAndNloopZero) {
  ByteWriter first;
  tag(first, 0, kPacked, 1, 0x5, true, 6, true);  // NLOOP 0: no data, PRE ignored
  tag(first, 3, kImage3, 1, 0);                   // FLG 3 is IMAGE
  qword(first, 0, 0);
  ByteWriter second;
  qword(second, 0, 0);
  qword(second, 0, 0);
  tag(second, 1, kPacked, 1, 0x5);
  std::vector<uint8_t> tail = second.take();
  tail.resize(tail.size() + 16 + 5);  // one XYZ2 qword and 5 stray bytes
  GifTagWalker walker;
  walker.feed(3, first.take());
  walker.feed(3, tail);
  const GifWalkStats& stats = walker.stats();
  EXPECT_EQ(stats.tags, 3u);
  EXPECT_EQ(stats.tags_by_mode[2], 1u);
  EXPECT_EQ(stats.image_qwords, 3u);
  EXPECT_EQ(stats.prim_writes, 0u);
  EXPECT_EQ(stats.vertex_kicks, 1u);
  EXPECT_EQ(stats.partial_bytes, 5u);
}

TEST(GifTagWalk, ResumesAHalfFinishedTagFromTheState) {
  GsDumpState state;
  state.prim = 5;                                        // fan
  state.gif_paths[2].tag_low = (uint64_t{2} << 60) | 2;  // PACKED, NREG 2, NLOOP 2 still to come
  state.gif_paths[2].tag_high = 0x51;                    // RGBAQ, XYZ2
  state.gif_paths[2].register_index = 1;                 // next is the XYZ2 of the first loop
  GifTagWalker walker(state);
  walker.feed(2, std::vector<uint8_t>(16 * 3, 0));
  EXPECT_EQ(walker.stats().tags, 0u);
  EXPECT_EQ(walker.stats().vertex_kicks_by_prim[5], 2u);
}

}  // namespace
}  // namespace gcvu::formats
