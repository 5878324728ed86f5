#pragma once
// `--shard I/N`: splits a sorted case list into N disjoint parts with no coordination between the runs. Shards are
// numbered from 1 (as Slurm arrays, GNU parallel's {%} and CI matrices usually count); with the cases sorted by
// path and counted from 0, case k belongs to shard (k mod N) + 1, so every case is in exactly one shard and each
// shard gets every N-th case (mixing the corpus's case families evenly).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

struct Shard {
  uint32_t index = 1;  // 1..count
  uint32_t count = 1;
};

// "I/N" with 1 <= I <= N <= 1000000, both decimal; nullopt for anything else.
std::optional<Shard> parse_shard(std::string_view text);

bool in_shard(size_t position, Shard shard);

// The cases (in the order given, which must be the sorted order) that belong to `shard`.
std::vector<RegressCase> select_shard(std::vector<RegressCase> cases, Shard shard);

}  // namespace gcvu::harness
