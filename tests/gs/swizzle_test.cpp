// The swizzle tables and pixel addresses against the layout rules of reference/gs.md §1, worked by hand.
#include <gtest/gtest.h>

#include <vector>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/pixel_access.hpp"
#include "emu/gs/memory/pixel_address.hpp"
#include "emu/gs/memory/swizzle_tables.hpp"

namespace gcvu::gs {
namespace {

TEST(GsSwizzle, BlockTablesAsDocumented) {
  EXPECT_EQ(kBlockTable32[0], (std::array<uint8_t, 8>{0, 1, 4, 5, 16, 17, 20, 21}));
  EXPECT_EQ(kBlockTable16s[0], (std::array<uint8_t, 4>{0, 2, 16, 18}));
  EXPECT_EQ(kBlockTable16s[1], (std::array<uint8_t, 4>{1, 3, 17, 19}));
  EXPECT_EQ(kBlockTable16s[2], (std::array<uint8_t, 4>{8, 10, 24, 26}));
  // 32-bit blocks: the bits of the block number interleave x0 y0 x1 y1 x2 (8x4 blocks per page).
  for (uint32_t by = 0; by < 4; ++by) {
    for (uint32_t bx = 0; bx < 8; ++bx) {
      uint32_t want = (bx & 1) | (by & 1) << 1 | (bx & 2) << 1 | (by & 2) << 2 | (bx & 4) << 2;
      EXPECT_EQ(kBlockTable32[by][bx], want) << bx << "," << by;
      EXPECT_EQ(kBlockTable8[by][bx], want);
    }
  }
  // 16-bit blocks: y0 x0 y1 x1 y2 (4x8 blocks per page).
  for (uint32_t by = 0; by < 8; ++by) {
    for (uint32_t bx = 0; bx < 4; ++bx) {
      uint32_t want = (by & 1) | (bx & 1) << 1 | (by & 2) << 1 | (bx & 2) << 2 | (by & 4) << 2;
      EXPECT_EQ(kBlockTable16[by][bx], want) << bx << "," << by;
      EXPECT_EQ(kBlockTable4[by][bx], want);
    }
  }
}

TEST(GsSwizzle, ZTablesFlipBlockBits3And4) {
  EXPECT_EQ(kBlockTable32z[0], (std::array<uint8_t, 8>{24, 25, 28, 29, 8, 9, 12, 13}));
  EXPECT_EQ(kBlockTable16z[0], (std::array<uint8_t, 4>{24, 26, 16, 18}));
  EXPECT_EQ(kBlockTable16sz[0], (std::array<uint8_t, 4>{24, 26, 8, 10}));
}

TEST(GsSwizzle, ColumnTable32IsTwoRowColumnsOfPairs) {
  // A 32-bit block is 4 columns of 8x2 pixels; within a column pixels go in 2x2 groups: {0,1 / 2,3}, {4,5 / 6,7}...
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 8; ++x) {
      uint32_t want = (y / 2) * 16 + (x / 2) * 4 + (y % 2) * 2 + x % 2;
      EXPECT_EQ(kColumnTable32[y][x], want) << x << "," << y;
    }
  }
  EXPECT_EQ(kColumnTable16[0][8], 1);  // the 16-bit column's right half interleaves with its left
  EXPECT_EQ(kColumnTable16[1][0], 4);
}

template <Psm kPsm>
void expect_page_is_a_permutation() {
  using Traits = PsmTraits<kPsm>;
  const PixelAddress<kPsm> page(0, Traits::kPageWidth / 64);
  const uint32_t elements = Traits::kPageWidth * Traits::kPageHeight;
  std::vector<int> seen(elements, 0);
  for (uint32_t y = 0; y < Traits::kPageHeight; ++y) {
    for (uint32_t x = 0; x < Traits::kPageWidth; ++x) {
      uint32_t address = page(x, y);
      ASSERT_LT(address, elements) << psm_name(kPsm);
      ++seen[address];
    }
  }
  for (uint32_t i = 0; i < elements; ++i) ASSERT_EQ(seen[i], 1) << psm_name(kPsm) << " element " << i;
}

TEST(GsSwizzle, EveryFormatFillsItsPageOnce) {
  expect_page_is_a_permutation<Psm::kCt32>();
  expect_page_is_a_permutation<Psm::kCt16>();
  expect_page_is_a_permutation<Psm::kCt16s>();
  expect_page_is_a_permutation<Psm::kT8>();
  expect_page_is_a_permutation<Psm::kT4>();
  expect_page_is_a_permutation<Psm::kZ32>();
  expect_page_is_a_permutation<Psm::kZ16>();
  expect_page_is_a_permutation<Psm::kZ16s>();
}

TEST(GsSwizzle, AddressFormulaByHand) {
  // CT32, BP 0, BW 2 (two pages per row): (8,0) is block 1; (64,0) the next page; (0,32) the page two on.
  const PixelAddress<Psm::kCt32> ct32(0, 2);
  EXPECT_EQ(ct32(0, 0), 0u);
  EXPECT_EQ(ct32(1, 0), 1u);
  EXPECT_EQ(ct32(0, 1), 2u);
  EXPECT_EQ(ct32(8, 0), 64u);
  EXPECT_EQ(ct32(0, 8), 2u * 64);
  EXPECT_EQ(ct32(64, 0), 2048u);
  EXPECT_EQ(ct32(0, 32), 2u * 2048);
  // BP counts blocks: 64 words each.
  EXPECT_EQ(PixelAddress<Psm::kCt32>(5, 1)(0, 0), 5u * 64);
  // Z32 at the same place: block number XOR 0x18 -> block 24 for (0,0).
  EXPECT_EQ(PixelAddress<Psm::kZ32>(0, 2)(0, 0), 24u * 64);
  EXPECT_EQ(PixelAddress<Psm::kZ16>(0, 1)(0, 0), 24u * 128);
  // CT16: (16,0) is block 2 of 128 halves; CT16S (32,0) is block 16.
  EXPECT_EQ(PixelAddress<Psm::kCt16>(0, 1)(16, 0), 2u * 128);
  EXPECT_EQ(PixelAddress<Psm::kCt16s>(0, 1)(32, 0), 16u * 128);
  // T8: 16x16 blocks of 256 bytes; (16,0) is block 1. T4: (32,0) is block 2 of 512 nibbles; (1,0) nibble 8.
  EXPECT_EQ(PixelAddress<Psm::kT8>(0, 2)(16, 0), 256u);
  EXPECT_EQ(PixelAddress<Psm::kT4>(0, 2)(32, 0), 2u * 512);
  EXPECT_EQ(PixelAddress<Psm::kT4>(0, 2)(1, 0), 8u);
  // T8H/T4HL/T4HH address like CT32.
  EXPECT_EQ(PixelAddress<Psm::kT8h>(0, 2)(8, 0), 64u);
}

TEST(GsSwizzle, OddWidthTruncatedForEightAndFourBit) {
  // T8 pages are 128 pixels wide: BW 3 is 1 page per row, like BW 2; page row 1 starts at 8192 bytes.
  EXPECT_EQ(PixelAddress<Psm::kT8>(0, 3)(0, 64), 8192u);
  EXPECT_EQ(PixelAddress<Psm::kT8>(0, 2)(0, 64), 8192u);
  EXPECT_EQ(PixelAddress<Psm::kT8>(0, 4)(0, 64), 2u * 8192);
  EXPECT_EQ(PixelAddress<Psm::kT4>(0, 3)(0, 128), 2u * 8192);
  // 32-bit BW 3 is 3 pages.
  EXPECT_EQ(PixelAddress<Psm::kCt32>(0, 3)(0, 32), 3u * 2048);
}

// A run of addresses crosses pages, the 2048-pixel x wrap and the 4 MiB wrap exactly as at() does pixel by pixel.
template <Psm kPsm>
void expect_run_matches_at(uint32_t base_block, uint32_t x0, uint32_t count) {
  const RowAddress<kPsm> row = PixelAddress<kPsm>(base_block, 10).row(37);
  std::vector<uint32_t> out(count);
  row.run(x0, count, out.data(), 2);
  for (uint32_t i = 0; i < count; i++) EXPECT_EQ(out[i], row.at(x0 + i) << 2) << psm_name(kPsm) << " " << x0 + i;
}
TEST(GsSwizzle, RowRunMatchesAtAcrossPagesAndWraps) {
  expect_run_matches_at<Psm::kCt32>(0, 5, 300);
  expect_run_matches_at<Psm::kZ32>(kBlockCount - 40, 1900, 400);
  expect_run_matches_at<Psm::kCt16>(100, 63, 130);
  expect_run_matches_at<Psm::kZ16s>(7, 2000, 100);
}

TEST(GsSwizzle, WrapsAtFourMegabytesWithoutError) {
  LocalMemory memory;
  // The last block plus one pixel-block to the right is block 0.
  BufferLayout last{kBlockCount - 1, 1, Psm::kCt32};
  memory.write_pixel(last, 8, 0, 0x11223344);
  EXPECT_EQ(memory.read32(0), 0x11223344u);
  EXPECT_EQ(memory.read_pixel(last, 8, 0), 0x11223344u);
  // Far-away pixels, huge BP and BW fields: masked, never out of range.
  BufferLayout wild{0xffffffff, 0xffffffff, Psm::kT4};
  memory.write_pixel(wild, 4095, 100000, 0xf);
  EXPECT_LE(memory.read_pixel(wild, 4095, 100000), 0xfu);
  // x wraps at 2048.
  BufferLayout frame{0, 10, Psm::kCt32};
  memory.write_pixel(frame, 2048 + 3, 0, 0xabcdef01);
  EXPECT_EQ(memory.read_pixel(frame, 3, 0), 0xabcdef01u);
  // Byte addresses wrap too.
  memory.write32(kLocalMemoryBytes + 4, 0x55667788);
  EXPECT_EQ(memory.read32(4), 0x55667788u);
  memory.write16(kLocalMemoryBytes * 3 + 2, 0x99aa);
  EXPECT_EQ(memory.read16(2), 0x99aau);
}

TEST(GsSwizzle, SubWordFormatsTouchOnlyTheirBits) {
  LocalMemory memory;
  BufferLayout ct32{0, 1, Psm::kCt32};
  memory.write_pixel(ct32, 0, 0, 0xaabbccdd);
  memory.write_pixel({0, 1, Psm::kCt24}, 0, 0, 0x11223344);
  EXPECT_EQ(memory.read32(0), 0xaa223344u);
  EXPECT_EQ(memory.read_pixel({0, 1, Psm::kCt24}, 0, 0), 0x223344u);
  memory.write_pixel({0, 1, Psm::kT8h}, 0, 0, 0x5e);
  EXPECT_EQ(memory.read32(0), 0x5e223344u);
  memory.write_pixel({0, 1, Psm::kT4hl}, 0, 0, 0x7);
  EXPECT_EQ(memory.read32(0), 0x57223344u);
  memory.write_pixel({0, 1, Psm::kT4hh}, 0, 0, 0x9);
  EXPECT_EQ(memory.read32(0), 0x97223344u);
  EXPECT_EQ(memory.read_pixel({0, 1, Psm::kT4hl}, 0, 0), 0x7u);
  EXPECT_EQ(memory.read_pixel({0, 1, Psm::kT4hh}, 0, 0), 0x9u);
  // T4: (1,0) is nibble 8, byte 4's low nibble; (0,2) is nibble 65, byte 32's high nibble.
  LocalMemory t4;
  t4.write_pixel({0, 2, Psm::kT4}, 1, 0, 0xc);
  EXPECT_EQ(t4.bytes()[4], 0x0c);
  t4.write_pixel({0, 2, Psm::kT4}, 0, 2, 0x3);
  EXPECT_EQ(t4.bytes()[32], 0x30);
}

TEST(GsSwizzle, PsmCodesAndNames) {
  EXPECT_EQ(psm_from_code(0x1b), Psm::kT8h);
  EXPECT_EQ(psm_from_code(0x3a), Psm::kZ16s);
  EXPECT_FALSE(psm_from_code(0x03).has_value());
  EXPECT_STREQ(psm_name(Psm::kT4hl), "PSMT4HL");
  EXPECT_STREQ(psm_name(Psm::kCt16s), "PSMCT16S");
  EXPECT_EQ(psm_or_ct32(0x05), Psm::kCt32);
}

}  // namespace
}  // namespace gcvu::gs
