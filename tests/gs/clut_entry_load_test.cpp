// The portable copy of a 32-bit CLUT load's colours checked by hand, then a cross-check (two of gcvu's own builds):
// the AVX2 build gives the same entries as the portable one for random memory and word addresses (the memory's
// last word included), every count up to 256, and writes no entry beyond the count in either half.

#include "emu/gs/clut/clut_entry_load.hpp"

#include <array>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/memory/local_memory.hpp"

namespace gcvu::gs {
namespace {

TEST(ClutEntryLoad, PortableBuildSplitsEachColourIntoItsTwoHalves) {
  LocalMemory memory;
  const uint32_t colour = 0x8040c0ffu;  // word 5, little-endian
  for (int b = 0; b < 4; b++) memory.bytes()[20 + b] = static_cast<uint8_t>(colour >> (8 * b));
  const std::array<uint32_t, 2> addresses{5, 0};
  std::array<uint16_t, 512> entries{};
  entries.fill(0xeeee);
  load_wide_entries_portable(memory.bytes().data(), addresses.data(), 2, entries.data());
  EXPECT_EQ(entries[0], 0xc0ffu);
  EXPECT_EQ(entries[256], 0x8040u);
  EXPECT_EQ(entries[1], 0u);
  EXPECT_EQ(entries[257], 0u);
  EXPECT_EQ(entries[2], 0xeeeeu);
  EXPECT_EQ(entries[258], 0xeeeeu);
}

TEST(ClutEntryLoadCrossCheck, Avx2BuildMatchesPortableBuild) {
  if (!gcvu::cpu_has_avx2()) GTEST_SKIP() << "no AVX2 on this CPU";
  std::mt19937 random(256);
  LocalMemory memory;
  for (uint8_t& b : memory.bytes()) b = static_cast<uint8_t>(random());
  const uint32_t last_word = static_cast<uint32_t>(memory.bytes().size() / 4 - 1);
  for (uint32_t count = 0; count <= 256; count++) {
    std::vector<uint32_t> addresses(count);
    for (uint32_t& a : addresses) a = random() % 4 == 0 ? last_word : static_cast<uint32_t>(random()) % (last_word + 1);
    std::array<uint16_t, 512> portable{}, avx2{};
    portable.fill(0xeeee), avx2.fill(0xeeee);
    const uint32_t first = count <= 240 ? static_cast<uint32_t>(random()) % (256 - count + 1) : 256 - count;
    load_wide_entries_portable(memory.bytes().data(), addresses.data(), count, portable.data() + first);
    load_wide_entries_avx2(memory.bytes().data(), addresses.data(), count, avx2.data() + first);
    ASSERT_EQ(portable, avx2) << "count " << count;
    for (uint32_t i = first + count; i < 256; i++) ASSERT_EQ(avx2[i], 0xeeeeu);
  }
}

}  // namespace
}  // namespace gcvu::gs
