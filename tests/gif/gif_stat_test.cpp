// GIF_STAT bit positions from ps2tek GIF/IO.md (and reference/vif-gif-formats.md §2.4), one field at a time.

#include <gtest/gtest.h>

#include "emu/gif/gif_stat.hpp"

namespace gcvu::gif {
namespace {

TEST(GifStat, EachFieldPacksAtItsBit) {
  auto packed = [](auto set) {
    GifStat stat;
    set(stat);
    return stat.pack();
  };
  EXPECT_EQ(packed([](GifStat& s) { s.m3r = true; }), 1u << 0);
  EXPECT_EQ(packed([](GifStat& s) { s.m3p = true; }), 1u << 1);
  EXPECT_EQ(packed([](GifStat& s) { s.imt = true; }), 1u << 2);
  EXPECT_EQ(packed([](GifStat& s) { s.pse = true; }), 1u << 3);
  EXPECT_EQ(packed([](GifStat& s) { s.ip3 = true; }), 1u << 5);
  EXPECT_EQ(packed([](GifStat& s) { s.p3q = true; }), 1u << 6);
  EXPECT_EQ(packed([](GifStat& s) { s.p2q = true; }), 1u << 7);
  EXPECT_EQ(packed([](GifStat& s) { s.p1q = true; }), 1u << 8);
  EXPECT_EQ(packed([](GifStat& s) { s.oph = true; }), 1u << 9);
  EXPECT_EQ(packed([](GifStat& s) { s.apath = 3; }), 3u << 10);
  EXPECT_EQ(packed([](GifStat& s) { s.dir = true; }), 1u << 12);
  EXPECT_EQ(packed([](GifStat& s) { s.fqc = 16; }), 16u << 24);
}

TEST(GifStat, FieldsWiderThanTheirBitsAreCut) {
  GifStat stat;
  stat.apath = 0xff;
  stat.fqc = 0xff;
  EXPECT_EQ(stat.pack(), (3u << 10) | (0x1fu << 24));
}

TEST(GifStat, UnpackRoundTripsAndPrints) {
  const uint32_t value = (1u << 1) | (1u << 5) | (2u << 10) | (7u << 24);
  GifStat stat = GifStat::unpack(value);
  EXPECT_TRUE(stat.m3p);
  EXPECT_TRUE(stat.ip3);
  EXPECT_EQ(stat.apath, 2);
  EXPECT_EQ(stat.fqc, 7);
  EXPECT_EQ(stat.pack(), value);
  EXPECT_EQ(stat.to_string(), "M3R=0 M3P=1 IMT=0 PSE=0 IP3=1 P3Q=0 P2Q=0 P1Q=0 OPH=0 APATH=2 DIR=0 FQC=7");
}

}  // namespace
}  // namespace gcvu::gif
