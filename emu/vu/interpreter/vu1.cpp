#include "emu/vu/interpreter/vu1.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

namespace gcvu::vu {

const char* stop_reason_name(StopReason reason) {
  switch (reason) {
    case StopReason::kRunning: return "running";
    case StopReason::kEnded: return "ended";
    case StopReason::kDebugBreak: return "D-bit break";
    case StopReason::kTraceHalt: return "T-bit halt";
    case StopReason::kInvalidInstruction: return "invalid instruction";
    case StopReason::kCycleBudget: return "cycle budget exhausted";
    case StopReason::kNoPath1Port: return "XGKICK without a PATH1 receiver";
  }
  return "?";
}

IssuePlan Vu1::plan_issue(const DecodedBundle& bundle) {
  IssuePlan plan;
  for (const OpInfo* info : {&bundle.upper_info, &bundle.lower_info}) {
    for (const VfUse& read : info->vf_read) {
      if (read.used() && read.reg != 0) plan.vf_reads[plan.vf_read_count++] = read;
    }
  }
  const OpInfo& lower = bundle.lower_info;
  plan.vi_reads = lower.vi_read;
  if (lower.unit == Unit::kFdiv) {
    plan.wait = lower.is_wait ? IssuePlan::Wait::kWaitQ : IssuePlan::Wait::kFdiv;
  } else if (lower.unit == Unit::kEfu) {
    plan.wait = lower.is_wait ? IssuePlan::Wait::kWaitP : IssuePlan::Wait::kEfu;
  } else if (bundle.lower.op == Opcode::kXgkick) {
    plan.wait = IssuePlan::Wait::kXgkick;
  }
  if (lower.vi_write != 0 && lower.unit != Unit::kFlag) {
    plan.history_vi = static_cast<uint8_t>(std::countr_zero(lower.vi_write));
    plan.history_read_same = ((lower.vi_read >> plan.history_vi) & 1) != 0;
  }
  plan.invalid = !bundle.upper.valid() || !bundle.lower.valid();
  plan.loi = bundle.lower.op == Opcode::kLoi;
  plan.lower_idle =
      bundle.lower.op == Opcode::kNopLower || bundle.lower.op == Opcode::kWaitq || bundle.lower.op == Opcode::kWaitp;
  plan.clash = bundle.upper_info.vf_write.used() && lower.vf_write.used() &&
               bundle.upper_info.vf_write.reg == lower.vf_write.reg;
  plan.e_bit = (bundle.flags & upper_flag::kE) != 0;
  plan.d_bit = (bundle.flags & upper_flag::kD) != 0;
  plan.t_bit = (bundle.flags & upper_flag::kT) != 0;
  plan.upper_fn = upper_function(plan_upper(bundle.upper.op));
  return plan;
}

Vu1::Vu1(Vu1Config config) : config_(config) {
  DecodedBundle empty = decode_bundle(0);
  decoded_.fill(empty);
  plans_.fill(plan_issue(empty));
}

void Vu1::write_micro(uint32_t pc, uint64_t bundle) {
  micro_.write_instruction(pc, bundle);
  pc %= kMicroInstructions;
  decoded_[pc] = decode_bundle(bundle);
  plans_[pc] = plan_issue(decoded_[pc]);
}

void Vu1::load_micro(std::span<const uint8_t> bytes, uint32_t first_instruction) {
  micro_.load(bytes, first_instruction);
  size_t count = std::min<size_t>(bytes.size() / 8, kMicroInstructions);
  for (size_t n = 0; n < count; ++n) {
    uint32_t pc = static_cast<uint32_t>((first_instruction + n) % kMicroInstructions);
    decoded_[pc] = decode_bundle(micro_.instruction(pc));
    plans_[pc] = plan_issue(decoded_[pc]);
  }
}

void Vu1::start(uint32_t pc) {
  registers_.tpc = static_cast<uint16_t>(pc % kMicroInstructions);
  running_ = true;
  branch_pending_ = false;
  end_pending_ = false;
  start_cycle_ = cycle_;
  stop_reason_ = StopReason::kRunning;
  stop_message_.clear();
}

void Vu1::stop(StopReason reason, std::string message) {
  running_ = false;
  stop_reason_ = reason;
  stop_message_ = std::move(message);
}

void Vu1::retire_due(uint64_t cycle) {
  flags_.retire(cycle, registers_);
  fdiv_.retire(cycle, registers_);
  efu_.retire(cycle, registers_);
  if (xgkick_.busy() && path1_ != nullptr) xgkick_.advance(cycle, data_, *path1_);
  next_event_ = UINT64_MAX;
  if (uint64_t at = flags_.next_commit(); at != 0) note_event(at);
  if (uint64_t at = fdiv_.drain_cycle(); at != 0) note_event(at);
  if (uint64_t at = efu_.next_commit(); at != 0) note_event(at);
  if (xgkick_.busy()) note_event(xgkick_.next_cycle());
}

void Vu1::drain() {
  uint64_t last = std::max({cycle_, fmac_.drain_cycle(), flags_.drain_cycle(), fdiv_.drain_cycle(), efu_.drain_cycle(),
                            integer_loads_.drain_cycle()});
  retire_to(last);
  cycle_ = last;
}

bool Vu1::finish_xgkick() {
  // A transfer whose packets never set EOP would go round VU memory forever: the cycle budget bounds it too.
  const uint64_t limit = start_cycle_ + config_.max_cycles;
  while (xgkick_.busy() && path1_ != nullptr && xgkick_.next_cycle() <= limit) {
    xgkick_.advance(xgkick_.next_cycle(), data_, *path1_);
  }
  return !xgkick_.busy();
}

uint64_t Vu1::issue_cycle(const IssuePlan& plan) const {
  uint64_t ready = cycle_;
  for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
    ready = std::max(ready, fmac_.ready_cycle(plan.vf_reads[n].reg, plan.vf_reads[n].fields));
  }
  for (uint16_t reads = plan.vi_reads; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
    ready = std::max(ready, integer_loads_.ready_cycle(static_cast<uint8_t>(std::countr_zero(reads))));
  }
  switch (plan.wait) {
    case IssuePlan::Wait::kNone: break;
    case IssuePlan::Wait::kFdiv:
    case IssuePlan::Wait::kWaitQ: ready = std::max(ready, fdiv_.free_cycle()); break;
    case IssuePlan::Wait::kEfu:
    case IssuePlan::Wait::kWaitP: ready = std::max(ready, efu_.free_cycle()); break;
    // step() has played the previous transfer out (nothing else runs during the wait).
    case IssuePlan::Wait::kXgkick: ready = std::max(ready, xgkick_.free_cycle()); break;
  }
  return ready;
}

Stall Vu1::explain_stall(const IssuePlan& plan, uint64_t ready) const {
  // The same checks as issue_cycle, in the same order; the first hazard that reaches `ready` is the decisive one.
  auto stall = [&](StallCause cause, uint8_t reg, FieldMask fields) {
    return Stall{cause, static_cast<uint32_t>(ready - cycle_), reg, fields};
  };
  for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
    const VfUse& read = plan.vf_reads[n];
    if (fmac_.ready_cycle(read.reg, read.fields) == ready) {
      return stall(StallCause::kFmacVf, read.reg,
                   static_cast<FieldMask>(read.fields & fmac_.pending_fields(read.reg, cycle_)));
    }
  }
  for (uint16_t reads = plan.vi_reads; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
    auto vi = static_cast<uint8_t>(std::countr_zero(reads));
    if (integer_loads_.ready_cycle(vi) == ready) return stall(StallCause::kIntegerLoad, vi, 0);
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

StopReason Vu1::run() {
  while (step() == StopReason::kRunning) {
  }
  return stop_reason_;
}

StopReason Vu1::run_until(uint64_t cycle) {
  while (running_ && cycle_ < cycle) step();
  return running_ ? StopReason::kRunning : stop_reason_;
}

StopReason Vu1::step() {
  if (!running_) return stop_reason_;
  const uint32_t pc = registers_.tpc;
  const DecodedBundle& bundle = decoded_[pc];
  const IssuePlan& plan = plans_[pc];
  if (cycle_ - start_cycle_ >= config_.max_cycles) {
    stop(StopReason::kCycleBudget, fmt::format("the program ran {} cycles without ending (PC {:#06x}); raise the "
                                               "cycle budget if it is meant to run longer",
                                               config_.max_cycles, pc * 8));
    return stop_reason_;
  }
  if (plan.invalid) {
    const DecodedOp& bad = bundle.upper.valid() ? bundle.lower : bundle.upper;
    stop(StopReason::kInvalidInstruction,
         fmt::format("invalid {} instruction {:#010x} at PC {:#06x}: {}", bundle.upper.valid() ? "lower" : "upper",
                     bad.raw, pc * 8, invalid_reason_text(bad.reason)));
    return stop_reason_;
  }
  if (plan.wait == IssuePlan::Wait::kXgkick && path1_ == nullptr) {
    stop(StopReason::kNoPath1Port, fmt::format("XGKICK at PC {:#06x} with no PATH1 receiver attached", pc * 8));
    return stop_reason_;
  }

  if (plan.wait == IssuePlan::Wait::kXgkick && xgkick_.busy() && !finish_xgkick()) {
    stop(StopReason::kCycleBudget,
         fmt::format("the XGKICK transfer before PC {:#06x} did not end (no EOP packet) within the {}-cycle budget",
                     pc * 8, config_.max_cycles));
    return stop_reason_;
  }
  const uint64_t ready = issue_cycle(plan);
  Stall stall;
  if (ready != cycle_) {
    stall = explain_stall(plan, ready);
    cycle_ += stall.cycles;
    stats_.stall_cycles += stall.cycles;
    stats_.stall_cycles_by_cause[static_cast<size_t>(stall.cause)] += stall.cycles;
    branch_history_.break_chains(stats_.pairs);  // a stall breaks branch-VI chains
  }
  retire_to(cycle_);

  // The lower op runs first so it reads VF values from before the upper op's write; its own VF write waits.
  const bool skip_lower = plan.clash && config_.write_clash == WriteClash::kLowerSkipped;
  const uint16_t old_vi = registers_.vi(plan.history_vi);
  LowerResult lower;
  if (!skip_lower && !plan.loi && !plan.lower_idle) lower = execute_lower(bundle.lower, bundle.lower_info, pc);
  plan.upper_fn(*this, bundle.upper, bundle.upper_info);
  if (lower.vf_write.used() && !plan.clash) {
    registers_.write_vf(lower.vf_write.reg, lower.vf_write.fields, lower.vf_value);
    fmac_.issue(lower.vf_write.reg, lower.vf_write.fields, cycle_);
  }
  if (plan.loi) registers_.i = bundle.lower.raw;  // after the upper op, which saw the old I
  if (plan.history_vi != 0 && !skip_lower) {
    branch_history_.record(stats_.pairs, plan.history_vi, old_vi, plan.history_read_same);
  }

  if (observer_ != nullptr) observer_->on_pair(PairEvent{pc, &bundle, cycle_, stall});
  ++stats_.pairs;
  if (!running_) return stop_reason_;  // the lower op stopped the program

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
  end_pending_ = end_pending_ || plan.e_bit;
  registers_.tpc = static_cast<uint16_t>(next);
  ++cycle_;

  if (last) {
    drain();
    stop(StopReason::kEnded, "");
  } else if (plan.d_bit && config_.d_bit_enabled) {
    stop(StopReason::kDebugBreak, fmt::format("D bit at PC {:#06x}", pc * 8));
  } else if (plan.t_bit && config_.t_bit_enabled) {
    stop(StopReason::kTraceHalt, fmt::format("T bit at PC {:#06x}", pc * 8));
  }
  return stop_reason_;
}

}  // namespace gcvu::vu
