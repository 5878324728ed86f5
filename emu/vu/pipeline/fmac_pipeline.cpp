#include "emu/vu/pipeline/fmac_pipeline.hpp"

#include <cstddef>

namespace gcvu::vu {

FieldMask FmacPipeline::pending_fields(uint8_t reg, uint64_t cycle) const {
  FieldMask fields = 0;
  const auto& ready = ready_[reg & 31];
  for (int lane = 0; lane < 4; ++lane) {
    if (ready[lane] > cycle) fields |= lane_field(lane);
  }
  return fields;
}

void FmacPipeline::clear() {
  ready_ = {};
  writes_ = {};
  newest_ = 0;
  last_ready_ = 0;
}

std::vector<FmacWrite> FmacPipeline::in_flight(uint64_t cycle) const {
  std::vector<FmacWrite> writes;
  for (size_t n = 1; n <= kCapacity; ++n) {
    const FmacWrite& write = writes_[(newest_ + n) % kCapacity];  // oldest first
    if (write.fields != 0 && write.ready > cycle) writes.push_back(write);
  }
  return writes;
}

FmacPipeline::Layout FmacPipeline::layout() {
  static_assert((kCapacity & (kCapacity - 1)) == 0);
  return Layout{static_cast<int32_t>(offsetof(FmacPipeline, ready_)), static_cast<int32_t>(offsetof(FmacPipeline, writes_)),
                static_cast<int32_t>(offsetof(FmacPipeline, newest_)),
                static_cast<int32_t>(offsetof(FmacPipeline, last_ready_))};
}

}  // namespace gcvu::vu
