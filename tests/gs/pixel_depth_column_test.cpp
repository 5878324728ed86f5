// Cross-check (two of gcvu's own builds): the Z test of 32-bit swizzled buffers through whole-column loads
// (depth_test_span_column32) gives the same write masks, live groups and last live group as the Z test through a
// list of byte addresses loaded pixel by pixel (depth_test_span), on random buffers and spans of every start x & 7
// and length 1-40, for GEQUAL and GREATER, 24- and 32-bit Z, on PSMZ32 and PSMCT32 layouts.

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

#include "emu/gs/memory/pixel_address.hpp"
#include "emu/gs/pixel/depth_test.hpp"

namespace gcvu::gs::pixel {
namespace {

struct DepthTestOutcome {
  std::vector<uint32_t> fm, zm;
  std::vector<uint8_t> live;
  int last = -2;
};

template <Psm kAddr, ZFmt kZ, bool kGreater>
void compare_spans(std::mt19937& random, const std::vector<uint8_t>& vm) {
  const PixelAddress<kAddr> address(32, 10);  // base block 32, 640 pixels wide
  constexpr uint32_t kFm0 = 0x00ff0000u, kZm0 = 0;
  for (int trial = 0; trial < 400; trial++) {
    const uint32_t y = random() % 300, x = random() % 600;
    const int count = 1 + static_cast<int>(random() % 40);
    const int skip = static_cast<int>(x & 7);
    const RowAddress<kAddr> row = address.row(y);
    std::vector<uint32_t> zs(count), bytes(count);
    for (int i = 0; i < count; i++) {
      bytes[i] = row.at(x + static_cast<uint32_t>(i)) << 2;
      uint32_t stored;
      std::memcpy(&stored, vm.data() + bytes[i], 4);
      // Source Z around the stored value (equal, just above, just below) or anything.
      const uint32_t near = kZ == ZFmt::k24 ? stored & 0xffffffu : stored;
      const uint32_t choice = random() % 4;
      zs[i] = choice == 0 ? near : choice == 1 ? near + 1 : choice == 2 ? near - 1 : static_cast<uint32_t>(random());
      if (kZ == ZFmt::k24) zs[i] &= 0xffffffu;
    }
    DepthTestOutcome column, listed;
    for (DepthTestOutcome* o : {&column, &listed}) o->fm.assign(count, 7), o->zm.assign(count, 7), o->live.assign(8, 9);
    column.last = depth_test_span_column32<kZ, kGreater>(vm.data(), zs.data(), count, skip, kFm0, kZm0,
                                                         column.fm.data(), column.zm.data(), column.live.data(),
                                                         [&](int i) { return row.at(x + static_cast<uint32_t>(i)); });
    listed.last = depth_test_span<kZ, kGreater>(vm.data(), zs.data(), bytes.data(), count, skip, kFm0, kZm0,
                                                listed.fm.data(), listed.zm.data(), listed.live.data());
    ASSERT_EQ(column.last, listed.last) << "x " << x << " y " << y << " count " << count;
    ASSERT_EQ(column.live, listed.live) << "x " << x << " y " << y << " count " << count;
    // Masks matter only in live groups (the later passes skip dead ones).
    for (int i = 0; i < count; i++) {
      if (!listed.live[static_cast<size_t>((i + skip) / 8)]) continue;
      ASSERT_EQ(column.fm[i], listed.fm[i]) << "pixel " << i << " x " << x << " y " << y << " count " << count;
      ASSERT_EQ(column.zm[i], listed.zm[i]) << "pixel " << i << " x " << x << " y " << y << " count " << count;
    }
  }
}

TEST(DepthColumnCrossCheck, WholeColumnLoadsMatchPixelByPixelLoads) {
  std::mt19937 random(2121);
  std::vector<uint8_t> vm(4u << 20);
  // Stored Z values close to each other, a third of them 0 (a cleared buffer, where GEQUAL passes any source Z).
  for (size_t word = 0; word < vm.size() / 4; word++) {
    const uint32_t value = random() % 3 == 0 ? 0 : static_cast<uint32_t>(random() & 0x3f3f3f3f);
    std::memcpy(vm.data() + word * 4, &value, 4);
  }
  compare_spans<Psm::kZ32, ZFmt::k32, false>(random, vm);
  compare_spans<Psm::kZ32, ZFmt::k32, true>(random, vm);
  compare_spans<Psm::kZ32, ZFmt::k24, false>(random, vm);
  compare_spans<Psm::kZ32, ZFmt::k24, true>(random, vm);
  compare_spans<Psm::kCt32, ZFmt::k24, false>(random, vm);
  compare_spans<Psm::kCt32, ZFmt::k32, true>(random, vm);
}

}  // namespace
}  // namespace gcvu::gs::pixel
