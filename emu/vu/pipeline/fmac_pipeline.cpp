#include "emu/vu/pipeline/fmac_pipeline.hpp"

#include <algorithm>

namespace gcvu::vu {

uint64_t FmacPipeline::ready_cycle(uint8_t reg, FieldMask fields) const {
  uint64_t ready = 0;
  if (reg == 0) return 0;  // VF00 is constant: nothing to wait for
  for (size_t n = 0; n < count_; ++n) {
    if (writes_[n].reg == reg && (writes_[n].fields & fields) != 0) ready = std::max(ready, writes_[n].ready);
  }
  return ready;
}

FieldMask FmacPipeline::pending_fields(uint8_t reg) const {
  FieldMask fields = 0;
  for (size_t n = 0; n < count_; ++n) {
    if (writes_[n].reg == reg) fields |= writes_[n].fields;
  }
  return fields;
}

void FmacPipeline::issue(uint8_t reg, FieldMask fields, uint64_t cycle) {
  if (reg == 0 || fields == 0) return;
  if (count_ == kCapacity) {
    // Cannot happen while callers retire every cycle; keep the newest writes rather than overflow.
    std::copy(writes_.begin() + 1, writes_.end(), writes_.begin());
    --count_;
  }
  writes_[count_++] = FmacWrite{reg, fields, cycle, cycle + kLatency};
}

void FmacPipeline::retire(uint64_t cycle) {
  size_t kept = 0;
  for (size_t n = 0; n < count_; ++n) {
    if (writes_[n].ready > cycle) writes_[kept++] = writes_[n];
  }
  count_ = kept;
}

uint64_t FmacPipeline::drain_cycle() const {
  uint64_t last = 0;
  for (size_t n = 0; n < count_; ++n) last = std::max(last, writes_[n].ready);
  return last;
}

}  // namespace gcvu::vu
