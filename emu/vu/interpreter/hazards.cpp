#include "emu/vu/interpreter/hazards.hpp"

namespace gcvu::vu {

Stall explain_stall(const IssuePlan& plan, const PipelineView& units, uint64_t cycle, uint64_t ready) {
  auto stall = [&](StallCause cause, uint8_t reg, FieldMask fields) {
    return Stall{cause, static_cast<uint32_t>(ready - cycle), reg, fields};
  };
  for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
    const VfUse& read = plan.vf_reads[n];
    if (units.fmac.ready_cycle(read.reg, read.fields) == ready) {
      return stall(StallCause::kFmacVf, read.reg,
                   static_cast<FieldMask>(read.fields & units.fmac.pending_fields(read.reg, cycle)));
    }
  }
  for (uint16_t reads = plan.vi_reads; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
    auto vi = static_cast<uint8_t>(std::countr_zero(reads));
    if (units.integer_loads.ready_cycle(vi) == ready) return stall(StallCause::kIntegerLoad, vi, 0);
  }
  switch (plan.wait) {
    case IssuePlan::Wait::kFdiv: return stall(StallCause::kFdivBusy, 0, 0);
    case IssuePlan::Wait::kWaitQ: return stall(StallCause::kWaitQ, 0, 0);
    case IssuePlan::Wait::kEfu: return stall(StallCause::kEfuBusy, 0, 0);
    case IssuePlan::Wait::kWaitP: return stall(StallCause::kWaitP, 0, 0);
    case IssuePlan::Wait::kXgkick: return stall(StallCause::kXgkickBusy, 0, 0);
    case IssuePlan::Wait::kNone: break;
  }
  return stall(StallCause::kNone, 0, 0);
}

}  // namespace gcvu::vu
