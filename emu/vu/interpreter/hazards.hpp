#pragma once
// The stall rules of one instruction pair (reference/vu1.md §3) as pure functions of the pipelines: the cycle the
// pair can issue at, and the decisive hazard when that is later than the cycle it came up. The per-pair issue loop
// asks them of the live pipelines; the block builder asks them of scratch pipelines to precompute a schedule.

#include <algorithm>
#include <bit>
#include <cstdint>

#include "emu/vu/interpreter/issue_plan.hpp"
#include "emu/vu/pipeline/fdiv_unit.hpp"
#include "emu/vu/pipeline/fmac_pipeline.hpp"
#include "emu/vu/pipeline/integer_pipeline.hpp"
#include "emu/vu/pipeline/stall.hpp"
#include "emu/vu/xgkick/xgkick_unit.hpp"

namespace gcvu::vu {

struct PipelineView {
  const FmacPipeline& fmac;
  const IntegerLoadPipeline& integer_loads;
  const FdivUnit& fdiv;
  const EfuUnit& efu;
  const XgkickUnit& xgkick;
};

// The cycle the pair can issue at (`cycle` when nothing holds it).
inline uint64_t issue_cycle(const IssuePlan& plan, const PipelineView& units, uint64_t cycle) {
  uint64_t ready = cycle;
  for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
    ready = std::max(ready, units.fmac.ready_cycle(plan.vf_reads[n].reg, plan.vf_reads[n].fields));
  }
  for (uint16_t reads = plan.vi_reads; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
    ready = std::max(ready, units.integer_loads.ready_cycle(static_cast<uint8_t>(std::countr_zero(reads))));
  }
  switch (plan.wait) {
    case IssuePlan::Wait::kNone: break;
    case IssuePlan::Wait::kFdiv:
    case IssuePlan::Wait::kWaitQ: ready = std::max(ready, units.fdiv.free_cycle()); break;
    case IssuePlan::Wait::kEfu:
    case IssuePlan::Wait::kWaitP: ready = std::max(ready, units.efu.free_cycle()); break;
    // The issue loop has played the previous transfer out (nothing else runs during the wait).
    case IssuePlan::Wait::kXgkick: ready = std::max(ready, units.xgkick.free_cycle()); break;
  }
  return ready;
}

// The same checks as issue_cycle, in the same order; the first hazard that reaches `ready` is the decisive one.
Stall explain_stall(const IssuePlan& plan, const PipelineView& units, uint64_t cycle, uint64_t ready);

}  // namespace gcvu::vu
