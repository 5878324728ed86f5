#pragma once
// Where a compiled block prefetches the reciprocal-table line its DIVs will read. The table (reciprocal_table.hpp)
// is 1 MiB read at near-random divisors, so at most DIVs of a demo frame its line was a cache miss, the DIV's whole
// cost. A DIV's divisor is often written a few pairs before it (tfrag: MADDW then DIV Q, VF00w, VFnw four pairs
// later), so the block loads the line as soon as the divisor is in the register file: after the last pair of the
// block before the DIV that writes it, or at the block's start. Only a hint: the DIV still reads the table itself.

#include <cstdint>
#include <span>
#include <vector>

#include "emu/vu/interpreter/block.hpp"
#include "emu/vu/interpreter/decoded_micro.hpp"

namespace gcvu::vu::jit {

struct DivisorLane {
  uint8_t reg = 0;
  uint8_t lane = 0;  // 0 = x
};

// For each point of the block (0: its start; n + 1: after pair n), the divisor lanes to prefetch there.
std::vector<std::vector<DivisorLane>> plan_divisor_prefetches(std::span<const BlockPair> pairs,
                                                             const DecodedMicro& program);

}  // namespace gcvu::vu::jit
