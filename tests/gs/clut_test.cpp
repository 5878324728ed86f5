// The CLUT: loads per CLD, CSM1 and CSM2 layouts, CSA offsets, and TEXA expansion (reference/gs.md §1 "CLUT",
// "TEXA"), with expected values worked from the documented rules.
#include <gtest/gtest.h>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/clut/clut_tables.hpp"
#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs {
namespace {

constexpr uint32_t kCbp = 16000;

Tex0 tex0(uint32_t psm, uint32_t cbp, uint32_t cpsm, uint32_t csm, uint32_t csa, uint32_t cld) {
  return Tex0{uint64_t{psm} << 20 | uint64_t{cbp} << 37 | uint64_t{cpsm} << 51 | uint64_t{csm} << 55 |
              uint64_t{csa} << 56 | uint64_t{cld} << 61};
}
Texclut texclut(uint32_t cbw, uint32_t cou, uint32_t cov) {
  return Texclut{uint64_t{cbw} | uint64_t{cou} << 6 | uint64_t{cov} << 12};
}
Texa texa(uint32_t ta0, bool aem, uint32_t ta1) {
  return Texa{uint64_t{ta0} | uint64_t{aem} << 15 | uint64_t{ta1} << 32};
}

// Colour c(x, y) at (x, y) of the 16x16 area at kCbp: a distinct value per pixel.
uint32_t colour(uint32_t x, uint32_t y) { return 0x01000000u * (y + 1) + 0x10000u * x + y * 16 + x; }

void fill(LocalMemory& memory, Psm psm, uint32_t bw = 1, uint32_t width = 16, uint32_t height = 16) {
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x) memory.write_pixel({kCbp, bw, psm}, x, y, colour(x, y));
  }
}

TEST(GsClut, Csm1EightBitSwapsEntries8To15With16To23) {
  LocalMemory memory;
  fill(memory, Psm::kCt32);
  Clut clut;
  clut.write_tex0(tex0(0x13, kCbp, 0, 0, 0, 1), texclut(0, 0, 0), memory);
  std::array<uint32_t, 256> palette{};
  clut.read_palette(tex0(0x13, kCbp, 0, 0, 0, 0), texa(0, false, 0), palette);
  EXPECT_EQ(palette[0], colour(0, 0));
  EXPECT_EQ(palette[7], colour(7, 0));
  EXPECT_EQ(palette[8], colour(0, 1));   // second row, left half
  EXPECT_EQ(palette[16], colour(8, 0));  // first row, right half
  EXPECT_EQ(palette[24], colour(8, 1));
  EXPECT_EQ(palette[32], colour(0, 2));
  EXPECT_EQ(palette[255], colour(15, 15));
  // The 32-bit entries live as low halves at [i] and high halves at [i + 256].
  EXPECT_EQ(clut.entries()[8], colour(0, 1) & 0xffff);
  EXPECT_EQ(clut.entries()[8 + 256], colour(0, 1) >> 16);
}

TEST(GsClut, Csm1RuleMatchesPcsx2OrderTables) {
  // The tables give element offsets from CBP; the rule gives (x, y) in the CLUT rectangle.
  const PixelAddress<Psm::kCt32> ct32(0, 1);
  const PixelAddress<Psm::kCt16> ct16(0, 1);
  for (uint32_t e = 0; e < 16; ++e) {
    EXPECT_EQ(ct32(e % 8, e / 8), kClutTableT32I4[e]) << e;
    EXPECT_EQ(ct16(e % 8, e / 8), kClutTableT16I4[e]) << e;
  }
  auto swapped = [](uint32_t e) { return (e & ~0x18u) | ((e & 8) << 1) | ((e & 16) >> 1); };
  for (uint32_t e = 0; e < 128; ++e) {
    EXPECT_EQ(ct32(swapped(e) % 16, swapped(e) / 16), kClutTableT32I8[e]) << e;
  }
  for (uint32_t e = 0; e < 32; ++e) {
    EXPECT_EQ(ct16(swapped(e) % 16, swapped(e) / 16), kClutTableT16I8[e]) << e;
  }
}

TEST(GsClut, Csm1FourBitIsEightByTwoAtCsa) {
  LocalMemory memory;
  fill(memory, Psm::kCt16);
  Clut clut;
  // CT16, CSA 3: the 16 entries land at 48..63.
  clut.write_tex0(tex0(0x14, kCbp, 2, 0, 3, 1), texclut(0, 0, 0), memory);
  EXPECT_EQ(clut.entries()[48], colour(0, 0) & 0xffff);
  EXPECT_EQ(clut.entries()[48 + 8], colour(0, 1) & 0xffff);
  EXPECT_EQ(clut.entries()[0], 0u);
  std::array<uint32_t, 256> palette{};
  clut.read_palette(tex0(0x14, kCbp, 2, 0, 3, 0), texa(0x40, false, 0xc0), palette);
  EXPECT_EQ(palette[9], expand16(colour(1, 1) & 0xffff, texa(0x40, false, 0xc0)));
  EXPECT_EQ(palette[16], 0u);  // a 4-bit palette has 16 entries
  // CT32, CSA 17: only CSA & 15 counts -> entries 16..31 (+256 for the high halves).
  LocalMemory memory32;
  fill(memory32, Psm::kCt32);
  clut.write_tex0(tex0(0x14, kCbp, 0, 0, 17, 1), texclut(0, 0, 0), memory32);
  EXPECT_EQ(clut.entries()[16 + 9], colour(1, 1) & 0xffff);
  EXPECT_EQ(clut.entries()[256 + 16 + 9], colour(1, 1) >> 16);
  clut.read_palette(tex0(0x14, kCbp, 0, 0, 17, 0), texa(0, false, 0), palette);
  EXPECT_EQ(palette[9], colour(1, 1));
  // CT24 acts as CT32 (CPSM & 0xA).
  clut.read_palette(tex0(0x14, kCbp, 1, 0, 1, 0), texa(0, false, 0), palette);
  EXPECT_EQ(palette[9], colour(1, 1));
}

TEST(GsClut, Csm1EightBitCt32CsaSkipsTheGroupsBelow) {
  LocalMemory memory;
  fill(memory, Psm::kCt32);
  Clut clut;
  clut.entries()[5] = 0x1234;
  clut.write_tex0(tex0(0x13, kCbp, 0, 0, 2, 1), texclut(0, 0, 0), memory);
  EXPECT_EQ(clut.entries()[5], 0x1234u);  // below CSA·16 = 32: not loaded
  EXPECT_EQ(clut.entries()[32], colour(0, 2) & 0xffff);
  // Read with CSA 2: entry i comes from i + 32, clamped to the last group (240).
  std::array<uint32_t, 256> palette{};
  clut.read_palette(tex0(0x13, kCbp, 0, 0, 2, 0), texa(0, false, 0), palette);
  EXPECT_EQ(palette[0], colour(0, 2));
  EXPECT_EQ(palette[255], colour(15, 15));  // group 240 again
  // 224 + 32 = 256 is clamped to entry 240, which (bits 3 and 4 swapped: 232) sits at (8, 14).
  EXPECT_EQ(palette[224], colour(8, 14));
}

TEST(GsClut, Csm2ReadsARowFromCouCov) {
  LocalMemory memory;
  const BufferLayout buffer{kCbp, 4, Psm::kCt16};
  for (uint32_t x = 0; x < 256; ++x) memory.write_pixel(buffer, 32 + x, 5, 0x8000 | x);
  Clut clut;
  // COU 2 (x 32), COV 5, CBW 4, CSA 1: 256 entries from entry 16.
  clut.write_tex0(tex0(0x13, kCbp, 2, 1, 1, 1), texclut(4, 2, 5), memory);
  EXPECT_EQ(clut.entries()[16], 0x8000u);
  EXPECT_EQ(clut.entries()[16 + 200], 0x8000u | 200);
  std::array<uint32_t, 256> palette{};
  clut.read_palette(tex0(0x13, kCbp, 2, 1, 1, 0), texa(0, false, 0x90), palette);
  EXPECT_EQ(palette[3], 0x90000000u | (3u << 3));
  // CT32 CSM2 with a 4-bit texture: 16 entries, halves split.
  LocalMemory memory32;
  const BufferLayout buffer32{kCbp, 2, Psm::kCt32};
  for (uint32_t x = 0; x < 16; ++x) memory32.write_pixel(buffer32, 16 + x, 7, 0xa0000000u + x);
  clut.write_tex0(tex0(0x14, kCbp, 0, 1, 0, 1), texclut(2, 1, 7), memory32);
  clut.read_palette(tex0(0x14, kCbp, 0, 1, 0, 0), texa(0, false, 0), palette);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(palette[i], 0xa0000000u + i);
}

TEST(GsClut, CldModes) {
  LocalMemory memory;
  fill(memory, Psm::kCt16);
  Clut clut;
  auto loaded = [&](const Tex0& t) {
    clut.entries()[0] = 0xdead;
    clut.write_tex0(t, texclut(0, 0, 0), memory);
    return clut.entries()[0] != 0xdead;
  };
  EXPECT_FALSE(loaded(tex0(0x14, kCbp, 2, 0, 0, 0)));
  EXPECT_TRUE(loaded(tex0(0x14, kCbp, 2, 0, 0, 1)));
  EXPECT_FALSE(loaded(tex0(0x14, kCbp, 2, 0, 0, 6)));
  EXPECT_FALSE(loaded(tex0(0x14, kCbp, 2, 0, 0, 7)));
  EXPECT_TRUE(loaded(tex0(0x14, kCbp, 2, 0, 0, 2)));
  EXPECT_EQ(clut.cbp0(), kCbp);
  EXPECT_FALSE(loaded(tex0(0x14, kCbp, 2, 0, 0, 4)));  // CBP0 already kCbp
  EXPECT_TRUE(loaded(tex0(0x14, kCbp + 4, 2, 0, 0, 4)));
  EXPECT_EQ(clut.cbp0(), kCbp + 4);
  EXPECT_TRUE(loaded(tex0(0x14, kCbp, 2, 0, 0, 3)));
  EXPECT_EQ(clut.cbp1(), kCbp);
  EXPECT_FALSE(loaded(tex0(0x14, kCbp, 2, 0, 0, 5)));
  EXPECT_TRUE(loaded(tex0(0x14, kCbp + 8, 2, 0, 0, 5)));
  EXPECT_EQ(clut.cbp1(), kCbp + 8);
  // A non-indexed texture neither loads nor touches CBP0.
  EXPECT_FALSE(loaded(tex0(0x00, 123, 2, 0, 0, 2)));
  EXPECT_EQ(clut.cbp0(), kCbp + 4);
}

TEST(GsClut, TexaExpansion) {
  const Texa plain = texa(0x40, false, 0xc0);
  const Texa aem = texa(0x40, true, 0xc0);
  EXPECT_EQ(expand16(0x7fff, plain), 0x40f8f8f8u);  // no low-bit replication
  EXPECT_EQ(expand16(0x801f, plain), 0xc00000f8u);  // alpha bit -> TA1
  EXPECT_EQ(expand16(0x03e0, plain), 0x4000f800u);
  EXPECT_EQ(expand16(0x7c00, plain), 0x40f80000u);
  EXPECT_EQ(expand16(0x0000, plain), 0x40000000u);
  EXPECT_EQ(expand16(0x0000, aem), 0x00000000u);  // AEM: black is transparent
  EXPECT_EQ(expand16(0x8000, aem), 0xc0000000u);  // ... but not with the alpha bit set
  EXPECT_EQ(expand24(0x123456, plain), 0x40123456u);
  EXPECT_EQ(expand24(0xff000000, aem), 0x00000000u);  // only the low 24 bits count
  EXPECT_EQ(expand24(0x000001, aem), 0x40000001u);
}

}  // namespace
}  // namespace gcvu::gs
