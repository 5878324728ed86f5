// ZeroedBytes hands out zero-filled buffers of the asked size, whether small (calloc) or mapped on huge-page
// boundaries (2 MiB and more), and keeps its bytes through copies and moves.

#include "emu/common/zeroed_bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>

namespace gcvu {
namespace {

bool all_zero(const ZeroedBytes& bytes) {
  return std::all_of(bytes.data(), bytes.data() + bytes.size(), [](uint8_t byte) { return byte == 0; });
}

TEST(ZeroedBytes, SmallAndHugePageSizedBuffersStartZero) {
  for (const size_t size : {size_t{16} << 10, size_t{2} << 20, (size_t{32} << 20) + 4096}) {
    ZeroedBytes bytes(size);
    EXPECT_EQ(bytes.size(), size);
    EXPECT_TRUE(all_zero(bytes)) << size;
    bytes.data()[0] = 1;
    bytes.data()[size - 1] = 2;
  }
}

TEST(ZeroedBytes, CopiesAndMovesKeepTheBytes) {
  ZeroedBytes bytes(size_t{4} << 20);
  bytes.data()[12345] = 7;
  ZeroedBytes copy(bytes);
  EXPECT_EQ(copy.data()[12345], 7);
  EXPECT_NE(copy.data(), bytes.data());
  const uint8_t* storage = bytes.data();
  ZeroedBytes moved(std::move(bytes));
  EXPECT_EQ(moved.data(), storage);
  EXPECT_EQ(moved.data()[12345], 7);
  ZeroedBytes small(64);
  small = std::move(moved);
  EXPECT_EQ(small.data(), storage);
  EXPECT_EQ(small.size(), size_t{4} << 20);
  small = copy;
  EXPECT_EQ(small.data()[12345], 7);
  EXPECT_NE(small.data(), copy.data());
}

// Assigning a buffer of the same size writes into the pages the target already has (a fuzz target resets its GS
// from a saved copy for every input; a fresh buffer each time cost 20 times the inputs a second under ASan).
TEST(ZeroedBytes, AssigningTheSameSizeKeepsTheTargetsBuffer) {
  ZeroedBytes source(size_t{4} << 20);
  source.data()[4096] = 9;
  ZeroedBytes target(size_t{4} << 20);
  target.data()[100] = 1;
  const uint8_t* storage = target.data();
  target = source;
  EXPECT_EQ(target.data(), storage);
  EXPECT_EQ(target.data()[4096], 9);
  EXPECT_EQ(target.data()[100], 0);
}

}  // namespace
}  // namespace gcvu
