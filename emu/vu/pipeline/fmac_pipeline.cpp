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
  head_ = 0;
  count_ = 0;
}

std::vector<FmacWrite> FmacPipeline::in_flight() const {
  std::vector<FmacWrite> writes;
  for (size_t n = 0; n < count_; ++n) writes.push_back(writes_[(head_ + n) % kCapacity]);
  return writes;
}

}  // namespace gcvu::vu
