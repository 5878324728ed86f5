#include "emu/vu/pipeline/integer_pipeline.hpp"

#include <algorithm>

namespace gcvu::vu {

uint64_t IntegerLoadPipeline::drain_cycle() const { return *std::max_element(ready_.begin(), ready_.end()); }

void BranchViHistory::record(uint8_t vi, uint16_t old_value, bool read_same) {
  std::copy_backward(entries_.begin(), entries_.end() - 1, entries_.end());
  entries_[0] = Entry{static_cast<uint8_t>(vi & 15), old_value, read_same};
  count_ = std::min(count_ + 1, kDepth);
}

uint16_t BranchViHistory::branch_value(uint8_t vi, uint16_t current) const {
  vi &= 15;
  uint16_t value = current;
  // The most recent instruction's write is always hidden from the branch. An earlier one is hidden too while it
  // and every instruction after it read the VI they rewrote: the chain of read-modify-writes.
  for (size_t n = 0; n < count_; ++n) {
    const Entry& entry = entries_[n];
    if (entry.vi != vi || vi == 0) break;
    if (n > 0 && !(entry.read_same && entries_[n - 1].read_same)) break;
    value = entry.old_value;
  }
  return value;
}

}  // namespace gcvu::vu
