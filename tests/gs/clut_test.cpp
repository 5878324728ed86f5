// The CLUT: loads per CLD, CSM1 and CSM2 layouts, CSA offsets, and TEXA expansion (reference/gs.md §1 "CLUT",
// "TEXA"), with expected values worked from the documented rules.
#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/clut/clut_tables.hpp"
#include "emu/gs/memory/pixel_access.hpp"
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

// The reference for the cross-check below: a load worked out entry by entry through PixelAddress, as Clut did
// before it kept its addresses in a plan, into a 1024-entry mirror of the CLUT buffer.
void reference_load(const Tex0& t, const Texclut& tc, const LocalMemory& memory, std::array<uint16_t, 1024>& out) {
  const uint32_t psm = t.psm(), cpsm = t.cpsm() & 0xa, csa = t.csa();
  const uint8_t* vm = memory.bytes().data();
  auto put = [&](bool wide, uint32_t entry, uint32_t colour) {
    out[entry] = static_cast<uint16_t>(colour);
    if (wide) out[entry + 256] = static_cast<uint16_t>(colour >> 16);
  };
  auto read = [&](uint32_t format, uint32_t bw, uint32_t x, uint32_t y) {
    if (format == kClutCpsm32) return read_element<Psm::kCt32>(vm, PixelAddress<Psm::kCt32>(t.cbp(), bw)(x, y));
    if (format == kClutCpsm16) return read_element<Psm::kCt16>(vm, PixelAddress<Psm::kCt16>(t.cbp(), bw)(x, y));
    return read_element<Psm::kCt16s>(vm, PixelAddress<Psm::kCt16s>(t.cbp(), bw)(x, y));
  };
  if (cpsm != kClutCpsm32 && cpsm != kClutCpsm16 && cpsm != kClutCpsm16s) return;
  const bool wide = cpsm == kClutCpsm32;
  if (t.csm() == 0) {
    const bool eight = (psm & 7) == 3, four = (psm & 7) == 4;
    if (!eight && !four) return;
    const uint32_t first = wide ? (eight ? 0 : (csa & 15) * 16) : csa * 16;
    const uint32_t start = wide && eight ? (csa & 15) * 16 : 0;
    for (uint32_t index = start; index < (eight ? 256u : 16u); ++index) {
      uint32_t x = index % 8, y = index / 8;
      if (eight) {
        const uint32_t swapped = (index & ~0x18u) | ((index & 0x08) << 1) | ((index & 0x10) >> 1);
        x = swapped % 16, y = swapped / 16;
      }
      put(wide, first + index, read(cpsm, 1, x, y));
    }
    return;
  }
  const uint32_t count = is_8bit_clut_index(psm) ? 256 : is_4bit_clut_index(psm) ? 16 : 0;
  const uint32_t first = wide ? (csa & 15) * 16 : csa * 16;
  for (uint32_t i = 0; i < count; ++i) put(wide, first + i, read(cpsm, tc.cbw(), tc.cou() * 16 + i, tc.cov()));
}

// Cross-check, not proof: Clut reads a load again through the addresses it kept from the last load with the same
// fields; after the memory changes between loads, and among loads with other fields, it must write what a load
// worked out afresh writes (the fields come from a small set so that loads repeat).
TEST(GsClutCrossCheck, LoadsThroughAKeptPlanMatchLoadsWorkedOutAfresh) {
  std::mt19937 random(2112);
  LocalMemory memory;
  for (uint8_t& byte : memory.bytes()) byte = static_cast<uint8_t>(random());
  const uint32_t psms[] = {0x13, 0x14, 0x1b, 0x24, 0x2c, 0x15, 0x03, 0x0b};
  const uint32_t cpsms[] = {0, 1, 2, 0xa, 8, 0xe};
  const uint32_t cbps[] = {0, kCbp, 16383};
  // Loads pick their fields from a pool a little larger than the plans Clut keeps, so that they both repeat and
  // replace plans; the pool changes now and then.
  std::vector<std::pair<Tex0, Texclut>> pool(6);
  auto refill = [&](std::pair<Tex0, Texclut>& fields) {
    fields.first = tex0(psms[random() % 8], cbps[random() % 3], cpsms[random() % 6], random() % 2, random() % 32, 1);
    fields.second = texclut(random() % 4, random() % 2, random() % 3);
  };
  for (auto& fields : pool) refill(fields);
  Clut clut;
  std::array<uint16_t, 1024> expected{};
  for (int step = 0; step < 3000; ++step) {
    if (random() % 64 == 0) refill(pool[random() % pool.size()]);
    // Plain variables, not a structured binding: clang before 16 cannot capture a binding in the lambda below.
    const std::pair<Tex0, Texclut>& pooled = pool[random() % pool.size()];
    Tex0 t = pooled.first;
    Texclut tc = pooled.second;
    // Half the loads differ from a pooled one in one field: a plan must not serve fields it was not made for.
    auto set = [&](int at, int width, uint32_t value) {
      t.raw = (t.raw & ~(((uint64_t{1} << width) - 1) << at)) | (uint64_t{value} << at);
    };
    switch (random() % 12) {
      case 0: set(20, 6, psms[random() % 8]); break;
      case 1: set(37, 14, cbps[random() % 3]); break;
      case 2: set(51, 4, cpsms[random() % 6]); break;
      case 3: set(55, 1, random() % 2); break;
      case 4: set(56, 5, random() % 32); break;
      case 5: tc = texclut(random() % 4, random() % 2, random() % 3); break;
      default: break;
    }
    if (random() % 4 == 0) {  // change some of what the loads read
      for (int i = 0; i < 64; ++i) memory.bytes()[(t.cbp() * 256 + random() % 8192) % (4u << 20)] ^= 0x5a;
    }
    clut.write_tex0(t, tc, memory);
    if ((t.psm() & 7) >= 3) reference_load(t, tc, memory, expected);
    for (uint32_t i = 0; i < 512; ++i) ASSERT_EQ(clut.entries()[i], expected[i]) << "step " << step << " entry " << i;
    // Entries 512 and on (16-bit CLUTs at CSA 16-31) show only through a palette.
    const Tex0 overflow = tex0(0x13, 0, 2, 0, 31, 0);
    std::array<uint32_t, 256> palette{};
    clut.read_palette(overflow, texa(0, false, 0), palette);
    for (uint32_t i = 0; i < 256; ++i) {
      ASSERT_EQ(palette[i], expand16(expected[496 + i], texa(0, false, 0))) << "step " << step << " entry " << 496 + i;
    }
  }
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
