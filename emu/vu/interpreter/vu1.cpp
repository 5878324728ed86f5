#include "emu/vu/interpreter/vu1.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "emu/vu/interpreter/pair_execution.hpp"

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

IssuePlan Vu1::plan_issue(const DecodedBundle& bundle, const Vu1Config& config) {
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
  const bool skipped = plan.clash && config.write_clash == WriteClash::kLowerSkipped;
  plan.runs_lower = !skipped && !plan.loi && !plan.lower_idle;
  plan.records_history = plan.history_vi != 0 && !skipped;
  plan.stops = (plan.d_bit && config.d_bit_enabled) || (plan.t_bit && config.t_bit_enabled);
  const UpperPlan upper = plan_upper(bundle.upper.op);
  for (size_t use = 0; use < kFlagUseCount; ++use) plan.upper_fns[use] = upper_function(upper, static_cast<FlagUse>(use));
  plan.upper_idle = plan.upper_fns[0] == &Vu1::upper_nop;
  plan.lower_fn = lower_function(bundle.lower.op);
  return plan;
}

Vu1::Vu1(Vu1Config config)
    : config_(config),
      program_(std::make_shared<DecodedMicro>()),
      jit_(config.jit_cache_blocks, config.jit_code_bytes) {
  DecodedBundle empty = decode_bundle(0);
  program_->decoded.fill(empty);
  program_->plans.fill(plan_issue(empty, config_));
}

DecodedMicro& Vu1::writable_program() {
  if (program_.use_count() != 1) program_ = std::make_shared<DecodedMicro>(*program_);
  return *program_;
}

void Vu1::write_micro(uint32_t pc, uint64_t bundle) {
  // Rewriting a word with what it holds changes nothing the engines derive from it (the decode and plan are
  // functions of the word and the config), so compiled code stays: a frame's DMA chain uploads the same
  // microprograms by MPG every frame.
  if (program_->micro.instruction(pc) == bundle) return;
  const DecodedMicro* before = program_.get();
  DecodedMicro& program = writable_program();
  invalidate_compiled(pc, 1, &program != before);
  program.micro.write_instruction(pc, bundle);
  pc %= kMicroInstructions;
  program.decoded[pc] = decode_bundle(bundle);
  program.plans[pc] = plan_issue(program.decoded[pc], config_);
  blocks_.clear();
  cut_block_.block = nullptr;  // it pointed into the cache
}

void Vu1::load_micro(std::span<const uint8_t> bytes, uint32_t first_instruction) {
  if (program_->micro.holds(bytes, first_instruction)) return;  // as in write_micro
  const DecodedMicro* before = program_.get();
  DecodedMicro& program = writable_program();
  invalidate_compiled(first_instruction, static_cast<uint32_t>(std::min<size_t>((bytes.size() + 7) / 8, kMicroInstructions)),
                      &program != before);
  program.micro.load(bytes, first_instruction);
  size_t count = std::min<size_t>(bytes.size() / 8, kMicroInstructions);
  for (size_t n = 0; n < count; ++n) {
    uint32_t pc = static_cast<uint32_t>((first_instruction + n) % kMicroInstructions);
    program.decoded[pc] = decode_bundle(program.micro.instruction(pc));
    program.plans[pc] = plan_issue(program.decoded[pc], config_);
  }
  blocks_.clear();
  cut_block_.block = nullptr;  // it pointed into the cache
}

void Vu1::start(uint32_t pc) {
  registers_.tpc = static_cast<uint16_t>(pc % kMicroInstructions);
  running_ = true;
  branch_pending_ = false;
  end_pending_ = false;
  start_cycle_ = cycle_;
  waiting_ = false;
  cut_block_.block = nullptr;
  stop_reason_ = StopReason::kRunning;
  stop_message_.clear();
}

void Vu1::seed_q_in_flight(uint32_t q, uint16_t status_id, uint32_t cycles) {
  fdiv_.start(cycle_, cycles, q, status_id);
  note_event(cycle_ + cycles);
}

void Vu1::seed_p_in_flight(uint32_t p, uint32_t cycles) {
  efu_.start(cycle_, cycles, p);
  note_event(cycle_ + cycles);
}

void Vu1::seed_branch_delay_slot(uint32_t target) {
  branch_pending_ = true;
  branch_target_ = target % kMicroInstructions;
}

void Vu1::stop(StopReason reason, std::string message) {
  running_ = false;
  stop_reason_ = reason;
  stop_message_ = std::move(message);
}

void Vu1::retire_due(uint64_t cycle, uint64_t xgkick_until) {
  // XGKICK first: the units share no state (flags, Q and P commit to registers; XGKICK reads data memory for the
  // port), so the order is free, and this way xgkick_until need not outlive a call (a cheaper prologue).
  if (xgkick_.busy() && path1_ != nullptr) xgkick_.advance(std::max(cycle, xgkick_until), data_, *path1_);
  flags_.retire(cycle, registers_);
  fdiv_.retire(cycle, registers_);
  efu_.retire(cycle, registers_);
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

StopReason Vu1::run() {
  while (running_) {
    if (!run_block(UINT64_MAX)) step();
  }
  return stop_reason_;
}

StopReason Vu1::run_until(uint64_t cycle) {
  while (running_ && cycle_ < cycle) {
    if (config_.stall_in_place) {
      issue_before(cycle);
    } else if (!run_block(cycle)) {
      step();
    }
  }
  return running_ ? StopReason::kRunning : stop_reason_;
}

StopReason Vu1::step() { return issue_before(UINT64_MAX); }

bool Vu1::come_up() {
  const uint32_t pc = registers_.tpc;
  const DecodedBundle& bundle = program_->decoded[pc];
  const IssuePlan& plan = program_->plans[pc];
  if (cycle_ - start_cycle_ >= config_.max_cycles) {
    stop(StopReason::kCycleBudget, fmt::format("the program ran {} cycles without ending (PC {:#06x}); raise the "
                                               "cycle budget if it is meant to run longer",
                                               config_.max_cycles, pc * 8));
    return false;
  }
  if (plan.invalid) {
    const DecodedOp& bad = bundle.upper.valid() ? bundle.lower : bundle.upper;
    stop(StopReason::kInvalidInstruction,
         fmt::format("invalid {} instruction {:#010x} at PC {:#06x}: {}", bundle.upper.valid() ? "lower" : "upper",
                     bad.raw, pc * 8, invalid_reason_text(bad.reason)));
    return false;
  }
  if (plan.wait == IssuePlan::Wait::kXgkick && path1_ == nullptr) {
    stop(StopReason::kNoPath1Port, fmt::format("XGKICK at PC {:#06x} with no PATH1 receiver attached", pc * 8));
    return false;
  }

  if (plan.wait == IssuePlan::Wait::kXgkick && xgkick_.busy() && !finish_xgkick()) {
    stop(StopReason::kCycleBudget,
         fmt::format("the XGKICK transfer before PC {:#06x} did not end (no EOP packet) within the {}-cycle budget",
                     pc * 8, config_.max_cycles));
    return false;
  }
  // Nothing else touches the pipelines while the pair waits, so its issue cycle is settled now.
  waiting_issue_ = issue_cycle(plan, pipelines(), cycle_);
  waiting_stall_ = waiting_issue_ != cycle_ ? explain_stall(plan, pipelines(), cycle_, waiting_issue_) : Stall{};
  waiting_ = true;
  return true;
}

StopReason Vu1::issue_before(uint64_t hold_from) {
  if (!running_) return stop_reason_;
  if (!waiting_ && !come_up()) return stop_reason_;
  if (waiting_issue_ >= hold_from) {
    // With commit_after_pair, what lands on the cycle a pair issues without a stall waits for that pair.
    const bool pair_due_now = waiting_issue_ == hold_from && waiting_stall_.cycles == 0;
    if (!config_.commit_after_pair || !pair_due_now) {
      retire_to(hold_from);
    } else if (hold_from != 0) {
      retire_to(hold_from - 1);
    }
    cycle_ = std::max(cycle_, hold_from);
    return stop_reason_;
  }
  waiting_ = false;
  cycle_ = waiting_issue_;
  execute_pair(registers_.tpc, waiting_stall_);
  return stop_reason_;
}

Stall Vu1::pending_stall() const {
  if (!running_) return {};
  if (waiting_) {
    if (waiting_issue_ <= cycle_) return {};
    Stall stall = waiting_stall_;
    stall.cycles = static_cast<uint32_t>(waiting_issue_ - cycle_);
    if (stall.cause == StallCause::kFmacVf) {
      stall.fields = static_cast<FieldMask>(stall.fields & fmac_.pending_fields(stall.reg, cycle_));
    }
    return stall;
  }
  const IssuePlan& plan = program_->plans[registers_.tpc];
  if (plan.invalid) return {};
  if (plan.wait == IssuePlan::Wait::kXgkick && xgkick_.busy()) {
    // At least until the transfer's next qword has gone: a new XGKICK issues the cycle after the last one.
    const uint64_t earliest = std::max(xgkick_.next_cycle() + 1, cycle_);
    return Stall{StallCause::kXgkickBusy, static_cast<uint32_t>(earliest - cycle_)};
  }
  const uint64_t ready = issue_cycle(plan, pipelines(), cycle_);
  if (ready == cycle_) return {};
  return explain_stall(plan, pipelines(), cycle_, ready);
}

}  // namespace gcvu::vu
