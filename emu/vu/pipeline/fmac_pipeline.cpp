#include "emu/vu/pipeline/fmac_pipeline.hpp"

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

}  // namespace gcvu::vu
