// The pages a buffer write touches (gs/pixel/written_pages.hpp): worked cases, and a cross-check of the page-at-a-
// time walk against the block-by-block reference walk (both our own code).

#include <algorithm>
#include <array>
#include <random>

#include <gtest/gtest.h>

#include "emu/gs/pixel/written_pages.hpp"

namespace gcvu::test {
namespace {

using gs::pixel::PageSet;
using gs::pixel::PageWalk;
using gs::pixel::TexelRect;
using gs::pixel::written_pages;

constexpr std::array<uint32_t, 13> kPsms = {0x00, 0x01, 0x02, 0x0a, 0x13, 0x14, 0x1b,
                                            0x24, 0x2c, 0x30, 0x31, 0x32, 0x3a};

TEST(WrittenPages, AFullScreenCt32FrameTouchesItsTenByFourteenPages) {
  // 640x448 CT32 at page 0, FBW 10: pages are 64x32, so 10 pages a row and 14 rows of them, pages 0..139.
  const auto pages = written_pages(0, 10, 0x00, TexelRect{0, 0, 640, 448});
  EXPECT_EQ(pages.pages.count(), 140u);
  EXPECT_TRUE(pages.contains(0));
  EXPECT_TRUE(pages.contains(139));
  EXPECT_FALSE(pages.contains(140));
  EXPECT_EQ(pages.groups, (uint64_t{1} << 18) - 1);  // groups of 8 pages: 0..135 and 136..139
}

TEST(WrittenPages, AnUnalignedBufferAlsoTouchesThePageAfterItsBlocks) {
  // An 8x8 CT32 write at block 31 (the last block of page 0, width 1): its one block is in page 0. A 16x8 write
  // also takes the block to its right, block 31 + 1 = 32 in page 1 (blockTable32 row 0: 0, 1).
  EXPECT_EQ(written_pages(31, 1, 0x00, TexelRect{0, 0, 8, 8}).pages.count(), 1u);
  const auto pages = written_pages(31, 1, 0x00, TexelRect{0, 0, 16, 8});
  EXPECT_TRUE(pages.contains(0));
  EXPECT_TRUE(pages.contains(1));
}

// Random rectangles of every format over page-aligned and unaligned bases, widths 1..63 (wrapping at 2048 and at
// the end of memory included).
void expect_walks_agree(PageWalk walk, int& differences) {
  std::mt19937 random(21);
  PageSet previous;
  for (int i = 0; i < 20000; i++) {
    const uint32_t psm = kPsms[random() % kPsms.size()];
    const uint32_t base_block = random() % 2 ? (random() % 512) * 32 : random() % 16384;
    const uint32_t width_64 = 1 + random() % 63;
    // Edges may start left of or above the buffer (clamped at 0); they end inside it or past 2048.
    const int32_t left = int32_t(random() % 2100) - 20, top = int32_t(random() % 2100) - 20;
    const TexelRect rect{left, top, std::max(left + 1 + int32_t(random() % 300), 1),
                         std::max(top + 1 + int32_t(random() % 300), 1)};
    const auto reference = written_pages(base_block, width_64, psm, rect, PageWalk::kBlockByBlock);
    if (written_pages(base_block, width_64, psm, rect, walk) != reference) differences++;
    // The group summary only speeds the overlap test up: it answers as the pages do.
    EXPECT_EQ(reference.overlaps(previous), (reference.pages & previous.pages).any());
    previous = reference;
  }
}

TEST(WrittenPagesCrossCheck, PageWalkMatchesTheBlockByBlockReferenceWalk) {
  int differences = 0;
  expect_walks_agree(PageWalk::kFastest, differences);
  EXPECT_EQ(differences, 0);
}

TEST(WrittenPagesCrossCheck, TheComparisonCatchesPageWalksOfUnalignedBuffers) {
  int differences = 0;
  expect_walks_agree(PageWalk::kPageByPage, differences);
  EXPECT_GT(differences, 0);
}

}  // namespace
}  // namespace gcvu::test
