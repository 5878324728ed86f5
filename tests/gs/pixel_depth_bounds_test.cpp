// DepthBounds (gs/pixel/depth_bounds.hpp) and the Z test that uses them (gs/pixel/depth_test.hpp): a block's bound
// is its smallest stored value (masked to the format), a group whose largest source Z is below it fails GEQUAL
// without a load, and a bound that fell behind rising memory is taken again. Expected values follow the GEQUAL and
// GREATER rules (reference/gs.md §3) worked by hand.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/depth_test.hpp"

namespace gcvu::gs::pixel {
namespace {

constexpr uint32_t kBlock = 5;  // block 5: elements 320..383
constexpr uint32_t kFirstElement = kBlock * 64;

std::vector<uint8_t> memory_with_block(uint32_t value) {
  std::vector<uint8_t> vm(4u << 20, 0);
  for (uint32_t i = 0; i < 64; i++) std::memcpy(vm.data() + (kFirstElement + i) * 4, &value, 4);
  return vm;
}

void store(std::vector<uint8_t>& vm, uint32_t element, uint32_t value) {
  std::memcpy(vm.data() + element * 4, &value, 4);
}

TEST(DepthBounds, ABlockBoundIsItsSmallestMaskedValue) {
  std::vector<uint8_t> vm = memory_with_block(1000);
  store(vm, kFirstElement + 37, 400);
  store(vm, kFirstElement + 63, 0xff000007);  // 7 in 24 bits, the largest value in 32
  EXPECT_EQ(DepthBounds::block_minimum(vm.data(), kFirstElement + 12, 0xffffffffu), 400u);
  EXPECT_EQ(DepthBounds::block_minimum(vm.data(), kFirstElement, 0xffffffu), 7u);
  store(vm, kFirstElement + 1, 0x80000000u);  // unsigned: above everything else here
  EXPECT_EQ(DepthBounds::block_minimum(vm.data(), kFirstElement, 0xffffffffu), 400u);
}

// Cross-check between our two builds of the minimum (AVX2 against SSE2), on blocks whose smallest value sits in each
// word in turn, with values on both sides of the sign bit and of the 24-bit mask.
TEST(DepthBounds, TheAvx2MinimumMatchesThePortableOne) {
  if (!cpu_has_avx2()) GTEST_SKIP() << "no AVX2";
  std::vector<uint8_t> vm = memory_with_block(0);
  for (uint32_t width : {0xffffffffu, 0xffffffu}) {
    for (uint32_t low = 0; low < 64; low++) {
      for (uint32_t i = 0; i < 64; i++) store(vm, kFirstElement + i, 0x90ffff00u + i);
      store(vm, kFirstElement + low, 0x7f000100u + low);  // in 24 bits 0x100 + low, below every other word
      const uint32_t portable = DepthBounds::block_minimum(vm.data(), kFirstElement, width);
      EXPECT_EQ(portable, width == 0xffffffu ? 0x100u + low : 0x7f000100u + low);
      EXPECT_EQ(DepthBounds::block_minimum_avx2(vm.data(), kFirstElement + low, width), portable);
    }
  }
}

TEST(DepthBounds, ANewDrawForgetsAndARefreshRetakes) {
  std::vector<uint8_t> vm = memory_with_block(1000);
  DepthBounds bounds;
  bounds.begin();
  EXPECT_EQ(bounds.lower_bound(vm.data(), kFirstElement + 9, 0xffffffffu), 1000u);
  for (uint32_t i = 0; i < 64; i++) store(vm, kFirstElement + i, 2000);
  EXPECT_EQ(bounds.lower_bound(vm.data(), kFirstElement, 0xffffffffu), 1000u);  // kept within the draw
  bounds.refresh(vm.data(), kFirstElement, 0xffffffffu);
  EXPECT_EQ(bounds.lower_bound(vm.data(), kFirstElement, 0xffffffffu), 2000u);
  for (uint32_t i = 0; i < 64; i++) store(vm, kFirstElement + i, 3000);
  bounds.begin();
  EXPECT_EQ(bounds.lower_bound(vm.data(), kFirstElement, 0xffffffffu), 3000u);
}

// One aligned group of eight pixels whose buffer values are elements kFirstElement + 0..7 (the layout does not
// matter to the rule; a pixel's element is its index here).
struct Group {
  uint32_t fm[8], zm[8];
  uint8_t live[2] = {9, 9};
  int last = -2;
};

Group test_group(const std::vector<uint8_t>& vm, const uint32_t* zs, bool greater, DepthBounds* bounds) {
  Group g;
  auto element = [](int i) { return kFirstElement + uint32_t(i); };
  if (greater) {
    g.last = depth_test_span_column32<ZFmt::k32, true>(vm.data(), zs, 8, 0, 0, 0, g.fm, g.zm, g.live, element, bounds);
  } else {
    g.last = depth_test_span_column32<ZFmt::k32, false>(vm.data(), zs, 8, 0, 0, 0, g.fm, g.zm, g.live, element, bounds);
  }
  return g;
}

TEST(DepthBounds, AGroupBelowTheBoundFailsGequalWithoutItsValues) {
  // The buffer holds 1000 everywhere; the bound says so. Source Z 999 fails GEQUAL everywhere: the group is dead.
  std::vector<uint8_t> vm = memory_with_block(1000);
  DepthBounds bounds;
  bounds.begin();
  const uint32_t below[8] = {999, 999, 999, 999, 999, 999, 999, 999};
  Group g = test_group(vm, below, false, &bounds);
  EXPECT_EQ(g.last, -1);
  EXPECT_EQ(g.live[0], 0);
  // Equal values pass GEQUAL but not GREATER.
  const uint32_t equal[8] = {1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000};
  EXPECT_EQ(test_group(vm, equal, false, &bounds).last, 0);
  EXPECT_EQ(test_group(vm, equal, true, &bounds).last, -1);
  // One pixel above: the group lives and only that pixel passes (masks all ones where it fails).
  const uint32_t one_above[8] = {999, 999, 999, 1001, 999, 999, 999, 999};
  g = test_group(vm, one_above, true, &bounds);
  EXPECT_EQ(g.last, 0);
  for (int i = 0; i < 8; i++) EXPECT_EQ(g.zm[i], i == 3 ? 0u : 0xffffffffu) << i;
}

TEST(DepthBounds, ABoundBehindRisingMemoryGivesTheSameAnswerAndIsRetaken) {
  std::vector<uint8_t> vm = memory_with_block(1000);
  DepthBounds bounds;
  bounds.begin();
  (void)bounds.lower_bound(vm.data(), kFirstElement, 0xffffffffu);       // 1000
  for (uint32_t i = 0; i < 64; i++) store(vm, kFirstElement + i, 2000);  // the draw's own writes raise it
  const uint32_t between[8] = {1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500};
  const Group with = test_group(vm, between, false, &bounds);
  const Group without = test_group(vm, between, false, nullptr);
  EXPECT_EQ(with.last, -1);  // 1500 < 2000: every pixel fails, bound or not
  EXPECT_EQ(without.last, -1);
  EXPECT_EQ(bounds.lower_bound(vm.data(), kFirstElement, 0xffffffffu), 2000u);  // retaken after the miss
}

TEST(DepthBounds, PartialGroupsUseTheBoundToo) {
  // Pixels 3..7 of an aligned group (skip 3), then 2 pixels of the next group of the same block.
  std::vector<uint8_t> vm = memory_with_block(500);
  DepthBounds bounds;
  bounds.begin();
  uint32_t zs[7] = {400, 400, 400, 400, 400, 600, 400};
  uint32_t fm[7], zm[7];
  uint8_t live[2] = {9, 9};
  auto element = [](int i) { return kFirstElement + 3 + uint32_t(i); };
  const int last =
      depth_test_span_column32<ZFmt::k32, false>(vm.data(), zs, 7, 3, 0, 0, fm, zm, live, element, &bounds);
  EXPECT_EQ(live[0], 0);  // pixels 0..4: all 400 < 500
  EXPECT_EQ(live[1], 1);  // pixel 5: 600 >= 500
  EXPECT_EQ(last, 1);
  EXPECT_EQ(zm[5], 0u);
  EXPECT_EQ(zm[6], 0xffffffffu);
}

}  // namespace
}  // namespace gcvu::gs::pixel
