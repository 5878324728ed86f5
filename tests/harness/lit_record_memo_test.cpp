// LitRecordMemo against std::map on the same keys (our table against the standard library's): every key keeps
// its colour through the table's growth, a key is added once, and reserve keeps slots where they are.

#include <gtest/gtest.h>

#include <cstdint>
#include <map>

#include "harness/frame/lit_record_memo.hpp"

namespace gcvu::harness::frame {
namespace {

// Keys as lit_key makes them: 48 bits, many sharing their low bytes.
uint64_t key_of(uint64_t n) { return (n * 0x10001ull + (n >> 3)) & 0xffffffffffffull; }

TEST(LitRecordMemo, KeepsEveryColourThroughGrowthAsAMapDoes) {
  LitRecordMemo memo;
  std::map<uint64_t, uint32_t> expected;
  for (uint64_t n = 0; n < 5000; ++n) {
    const uint64_t key = key_of(n % 3000);  // the last 2000 repeat earlier keys
    const LitRecordMemo::Found found = memo.find_or_add(key);
    const auto [at, inserted] = expected.try_emplace(key, static_cast<uint32_t>(n * 7 + 1));
    ASSERT_EQ(found.added, inserted) << "key " << key;
    if (found.added) memo.colour(found.slot) = at->second;
  }
  EXPECT_EQ(memo.size(), expected.size());
  for (const auto& [key, colour] : expected) {
    const LitRecordMemo::Found found = memo.find_or_add(key);
    EXPECT_FALSE(found.added);
    EXPECT_EQ(memo.colour(found.slot), colour) << "key " << key;
  }
  memo.clear();
  EXPECT_EQ(memo.size(), 0u);
  EXPECT_TRUE(memo.find_or_add(key_of(1)).added);
}

TEST(LitRecordMemo, ReservedSlotsStayPut) {
  LitRecordMemo memo;
  memo.reserve(1000);
  const LitRecordMemo::Found first = memo.find_or_add(key_of(0));
  memo.colour(first.slot) = 42;
  for (uint64_t n = 1; n < 1000; ++n) memo.find_or_add(key_of(n));
  const LitRecordMemo::Found again = memo.find_or_add(key_of(0));
  EXPECT_EQ(again.slot, first.slot);
  EXPECT_EQ(memo.colour(first.slot), 42u);
}

}  // namespace
}  // namespace gcvu::harness::frame
