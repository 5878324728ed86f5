#pragma once
// What an instruction pair does once it has issued: both halves with the same-pair rules, the I bit, the branch
// history, the branch delay slot, the E bit and the D/T bits (reference/vu1.md §3). Shared by the per-pair issue
// loop (vu1.cpp) and the block runner (block_runner.cpp), so the two differ only in how they find the issue cycle.
// Include only from those two files.

#include "emu/vu/interpreter/vu1.hpp"

#include <fmt/format.h>

namespace gcvu::vu {

[[gnu::always_inline]] inline uint32_t Vu1::execute_pair(uint32_t pc, const Stall& stall, FlagUse use) {
  const DecodedBundle& bundle = program_->decoded[pc];
  const IssuePlan& plan = program_->plans[pc];
  if (stall.cycles != 0) {
    stats_.stall_cycles += stall.cycles;
    stats_.stall_cycles_by_cause[static_cast<size_t>(stall.cause)] += stall.cycles;
    branch_history_.break_chains(stats_.pairs);  // a stall breaks branch-VI chains
  }
  const bool commit_after = config_.commit_after_pair && stall.cycles == 0;
  if (!commit_after) {
    retire_to(cycle_);
  } else if (cycle_ != 0) {
    retire_to(cycle_ - 1);  // what lands on this cycle waits for the pair
  }

  // The lower op runs first so it reads VF values from before the upper op's write; its own VF write waits.
  const uint16_t old_vi = registers_.vi(plan.history_vi);
  LowerResult lower;
  if (plan.runs_lower) plan.lower_fn(*this, bundle.lower, bundle.lower_info, pc, lower);
  if (!plan.upper_idle) plan.upper_fns[static_cast<size_t>(use)](*this, bundle.upper, bundle.upper_info);
  if (lower.vf_write.used() && !plan.clash) {
    registers_.write_vf(lower.vf_write.reg, lower.vf_write.fields, lower.vf_value);
    fmac_.issue(lower.vf_write.reg, lower.vf_write.fields, cycle_);
  }
  if (plan.loi) registers_.i = bundle.lower.raw;  // after the upper op, which saw the old I
  if (plan.records_history) {
    branch_history_.record(stats_.pairs, plan.history_vi, old_vi, plan.history_read_same);
  }

  if (commit_after) [[unlikely]] retire_to(cycle_);
  if (observer_ != nullptr) observer_->on_pair(PairEvent{pc, &bundle, cycle_, stall});
  ++stats_.pairs;
  if (!running_) return registers_.tpc;  // the lower op stopped the program

  uint32_t next = (pc + 1) % kMicroInstructions;
  if (branch_pending_) {
    next = branch_target_;
    branch_pending_ = false;
  }
  if (lower.branch_taken) {
    branch_pending_ = true;
    branch_target_ = lower.branch_target % kMicroInstructions;
  }
  const bool last = end_pending_;
  end_pending_ = end_pending_ | plan.e_bit;
  registers_.tpc = static_cast<uint16_t>(next);
  ++cycle_;

  if (last) [[unlikely]] {
    drain();
    stop(StopReason::kEnded, "");
  } else if (plan.stops) [[unlikely]] {
    if (plan.d_bit && config_.d_bit_enabled) {
      stop(StopReason::kDebugBreak, fmt::format("D bit at PC {:#06x}", pc * 8));
    } else {
      stop(StopReason::kTraceHalt, fmt::format("T bit at PC {:#06x}", pc * 8));
    }
  }
  return next;
}

}  // namespace gcvu::vu
