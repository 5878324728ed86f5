// --shard I/N: the parse rules (1-based, 1 <= I <= N) and the partition (every case in exactly one shard, the same
// shards on every run, case k of the sorted list in shard (k mod N) + 1).

#include "harness/regress/shard.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>

#include <fmt/format.h>

namespace gcvu::harness {
namespace {

std::vector<RegressCase> numbered_cases(size_t count) {
  std::vector<RegressCase> cases;
  for (size_t k = 0; k < count; ++k) cases.push_back({.name = fmt::format("case{:03}", k)});
  return cases;
}

TEST(RegressShard, ParsesOneBasedIndexOverCount) {
  ASSERT_TRUE(parse_shard("1/1"));
  const auto shard = parse_shard("2/4");
  ASSERT_TRUE(shard);
  EXPECT_EQ(shard->index, 2u);
  EXPECT_EQ(shard->count, 4u);
  EXPECT_TRUE(parse_shard("4/4"));
}

TEST(RegressShard, RejectsEverythingElse) {
  for (const char* text : {"3/2", "0/0", "0/2", "1/0", "junk", "", "/", "1/", "/2", "1/2/3", "-1/2", "1/-2", " 1/2",
                           "1/2 ", "0x1/2", "1.5/2", "2", "1/1000001", "99999999999999999999/1"}) {
    EXPECT_FALSE(parse_shard(text)) << "'" << text << "'";
  }
}

TEST(RegressShard, EveryCaseInExactlyOneShard) {
  for (size_t count : {0u, 1u, 5u, 23u}) {
    const auto cases = numbered_cases(count);
    for (uint32_t shards = 1; shards <= 7; ++shards) {
      std::map<std::string, int> seen;
      size_t smallest = SIZE_MAX, largest = 0;
      for (uint32_t index = 1; index <= shards; ++index) {
        const auto selected = select_shard(cases, {index, shards});
        EXPECT_EQ(selected.size(), select_shard(cases, {index, shards}).size());  // the same on every run
        smallest = std::min(smallest, selected.size());
        largest = std::max(largest, selected.size());
        for (const auto& c : selected) ++seen[c.name];
      }
      EXPECT_EQ(seen.size(), count) << count << " cases, " << shards << " shards";
      for (const auto& [name, times] : seen) EXPECT_EQ(times, 1) << name;
      EXPECT_LE(largest - smallest, 1u) << "shards are balanced";
    }
  }
}

TEST(RegressShard, CaseKGoesToShardKModNPlusOne) {
  const auto cases = numbered_cases(10);
  const auto second = select_shard(cases, {2, 3});  // k = 1, 4, 7
  ASSERT_EQ(second.size(), 3u);
  EXPECT_EQ(second[0].name, "case001");
  EXPECT_EQ(second[1].name, "case004");
  EXPECT_EQ(second[2].name, "case007");
  EXPECT_TRUE(in_shard(0, {1, 3}));
  EXPECT_TRUE(in_shard(5, {3, 3}));
  EXPECT_FALSE(in_shard(5, {1, 3}));
}

}  // namespace
}  // namespace gcvu::harness
