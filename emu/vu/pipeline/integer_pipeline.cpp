#include "emu/vu/pipeline/integer_pipeline.hpp"

#include <cstddef>

namespace gcvu::vu {

uint16_t BranchViHistory::branch_value(uint64_t branch_pair, uint8_t vi, uint16_t current) const {
  vi &= 15;
  if (vi == 0) return current;
  uint16_t value = current;
  // The most recent instruction's write is always hidden from the branch. An earlier one is hidden too while it
  // and every instruction after it read the VI they rewrote: the chain of read-modify-writes.
  bool chain_open = true;
  for (size_t n = 0; n < kDepth && chain_open; ++n) {
    const Entry& entry = entries_[(newest_ + kDepth - n) % kDepth];
    uint64_t expected = branch_pair - 1 - n;  // the instructions right before the branch, newest first
    if (branch_pair < n + 1 || entry.pair != expected || entry.pair < barrier_ || entry.vi != vi) break;
    if (n > 0 && !entry.read_same) break;
    value = entry.old_value;
    chain_open = entry.read_same;
  }
  return value;
}

IntegerLoadPipeline::Layout IntegerLoadPipeline::layout() {
  return Layout{static_cast<int32_t>(offsetof(IntegerLoadPipeline, ready_)),
                static_cast<int32_t>(offsetof(IntegerLoadPipeline, last_ready_))};
}

BranchViHistory::Layout BranchViHistory::layout() {
  static_assert((kDepth & (kDepth - 1)) == 0);
  return Layout{static_cast<int32_t>(offsetof(BranchViHistory, entries_)),
                static_cast<int32_t>(offsetof(BranchViHistory, newest_)),
                static_cast<int32_t>(offsetof(BranchViHistory, barrier_))};
}

}  // namespace gcvu::vu
