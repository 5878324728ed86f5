// CoverageMask (gs/pixel/coverage_mask.hpp): a span gets back exactly its pixels that no earlier span covered,
// as runs, and they become covered. Expected runs are worked by hand from the spans.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "emu/gs/pixel/coverage_mask.hpp"

namespace gcvu::gs::pixel {
namespace {

using Runs = std::vector<std::pair<int, int>>;

Runs take(CoverageMask& mask, int y, int x, int count) {
  Runs runs;
  mask.take_uncovered(y, x, count, [&](int begin, int end) { runs.emplace_back(begin, end); });
  return runs;
}

TEST(CoverageMask, HandsOutOnlyPixelsNoEarlierSpanCovered) {
  CoverageMask mask;
  mask.reset(0, 0, 200, 4);
  EXPECT_EQ(take(mask, 1, 10, 20), (Runs{{0, 20}}));           // pixels 10..29
  EXPECT_EQ(take(mask, 1, 0, 40), (Runs{{0, 10}, {30, 40}}));  // 0..9 and 30..39 are new
  EXPECT_EQ(take(mask, 1, 0, 40), Runs{});                     // all covered now
  EXPECT_EQ(take(mask, 1, 35, 165), (Runs{{5, 165}}));         // 40..199, across three words
  EXPECT_EQ(take(mask, 0, 0, 200), (Runs{{0, 200}}));          // other rows are untouched
}

TEST(CoverageMask, RunsCrossWordBoundaries) {
  CoverageMask mask;
  mask.reset(0, 0, 256, 1);
  EXPECT_EQ(take(mask, 0, 60, 10), (Runs{{0, 10}}));            // 60..69 straddles bits 63/64
  EXPECT_EQ(take(mask, 0, 50, 30), (Runs{{0, 10}, {20, 30}}));  // 50..59 and 70..79
  EXPECT_EQ(take(mask, 0, 127, 2), (Runs{{0, 2}}));             // 127..128
  EXPECT_EQ(take(mask, 0, 0, 256), (Runs{{0, 50}, {80, 127}, {129, 256}}));
}

TEST(CoverageMask, TheRectangleNeedNotStartAtZero) {
  CoverageMask mask;
  mask.reset(70, 5, 100, 7);  // bits start at x = 64
  EXPECT_EQ(take(mask, 5, 70, 30), (Runs{{0, 30}}));
  EXPECT_EQ(take(mask, 6, 80, 5), (Runs{{0, 5}}));
  EXPECT_EQ(take(mask, 6, 70, 30), (Runs{{0, 10}, {15, 30}}));
  EXPECT_EQ(take(mask, 4, 70, 30), Runs{});  // rows outside the rectangle hand out nothing
}

TEST(CoverageMask, ARectangleIsCoveredOnlyWhenEveryPixelIs) {
  CoverageMask mask;
  mask.reset(0, 0, 128, 8);
  for (int y = 2; y < 6; ++y) take(mask, y, 10, 100);  // pixels 10..109 of rows 2..5
  EXPECT_TRUE(mask.all_covered(10, 2, 110, 6));
  EXPECT_TRUE(mask.all_covered(60, 3, 70, 5));
  EXPECT_FALSE(mask.all_covered(9, 2, 110, 6));   // pixel 9
  EXPECT_FALSE(mask.all_covered(10, 2, 111, 6));  // pixel 110
  EXPECT_FALSE(mask.all_covered(10, 1, 110, 6));  // row 1
  EXPECT_FALSE(mask.all_covered(10, 2, 110, 7));  // row 6
  EXPECT_FALSE(mask.all_covered(10, 6, 110, 9));  // rows past the rectangle
}

}  // namespace
}  // namespace gcvu::gs::pixel
