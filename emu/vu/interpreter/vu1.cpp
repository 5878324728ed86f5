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

Vu1::Vu1(Vu1Config config) : config_(config) {
  DecodedBundle empty = decode_bundle(0);
  decoded_.fill(empty);
}

void Vu1::write_micro(uint32_t pc, uint64_t bundle) {
  micro_.write_instruction(pc, bundle);
  decoded_[pc % kMicroInstructions] = decode_bundle(bundle);
}

void Vu1::load_micro(std::span<const uint8_t> bytes, uint32_t first_instruction) {
  micro_.load(bytes, first_instruction);
  size_t count = std::min<size_t>(bytes.size() / 8, kMicroInstructions);
  for (size_t n = 0; n < count; ++n) {
    uint32_t pc = static_cast<uint32_t>((first_instruction + n) % kMicroInstructions);
    decoded_[pc] = decode_bundle(micro_.instruction(pc));
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

void Vu1::retire_to(uint64_t cycle) {
  fmac_.retire(cycle);
  flags_.retire(cycle, registers_);
  fdiv_.retire(cycle, registers_);
  efu_.retire(cycle, registers_);
  if (xgkick_.busy() && path1_ != nullptr) xgkick_.advance(cycle, data_, *path1_);
}

void Vu1::drain() {
  uint64_t last = std::max({cycle_, fmac_.drain_cycle(), flags_.drain_cycle(), fdiv_.drain_cycle(), efu_.drain_cycle(),
                            integer_loads_.drain_cycle()});
  retire_to(last);
  cycle_ = last;
}

void Vu1::finish_xgkick() {
  while (xgkick_.busy() && path1_ != nullptr) xgkick_.advance(xgkick_.next_cycle(), data_, *path1_);
}

Stall Vu1::find_stall(const DecodedBundle& bundle) {
  uint64_t ready = cycle_;
  Stall decisive;
  auto consider = [&](uint64_t at, StallCause cause, uint8_t reg, FieldMask fields) {
    if (at > ready) {
      ready = at;
      decisive = Stall{cause, 0, reg, fields};
    }
  };
  for (const OpInfo* info : {&bundle.upper_info, &bundle.lower_info}) {
    for (const VfUse& read : info->vf_read) {
      if (!read.used()) continue;
      consider(fmac_.ready_cycle(read.reg, read.fields), StallCause::kFmacVf, read.reg,
               static_cast<FieldMask>(read.fields & fmac_.pending_fields(read.reg)));
    }
  }
  const OpInfo& lower = bundle.lower_info;
  for (uint16_t reads = lower.vi_read; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
    auto vi = static_cast<uint8_t>(std::countr_zero(reads));
    consider(integer_loads_.ready_cycle(vi), StallCause::kIntegerLoad, vi, 0);
  }
  if (lower.unit == Unit::kFdiv) {
    consider(fdiv_.free_cycle(), lower.is_wait ? StallCause::kWaitQ : StallCause::kFdivBusy, 0, 0);
  } else if (lower.unit == Unit::kEfu) {
    consider(efu_.free_cycle(), lower.is_wait ? StallCause::kWaitP : StallCause::kEfuBusy, 0, 0);
  } else if (bundle.lower.op == Opcode::kXgkick && xgkick_.busy() && path1_ != nullptr) {
    // Nothing else runs during the wait, so the transfer can be played out now.
    finish_xgkick();
    consider(xgkick_.free_cycle(), StallCause::kXgkickBusy, 0, 0);
  }
  decisive.cycles = static_cast<uint32_t>(ready - cycle_);
  return decisive;
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
  if (cycle_ - start_cycle_ >= config_.max_cycles) {
    stop(StopReason::kCycleBudget, fmt::format("the program ran {} cycles without ending (PC {:#06x}); raise the "
                                               "cycle budget if it is meant to run longer",
                                               config_.max_cycles, pc * 8));
    return stop_reason_;
  }
  if (!bundle.upper.valid() || !bundle.lower.valid()) {
    const DecodedOp& bad = bundle.upper.valid() ? bundle.lower : bundle.upper;
    stop(StopReason::kInvalidInstruction,
         fmt::format("invalid {} instruction {:#010x} at PC {:#06x}: {}", bundle.upper.valid() ? "lower" : "upper",
                     bad.raw, pc * 8, invalid_reason_text(bad.reason)));
    return stop_reason_;
  }
  if (bundle.lower.op == Opcode::kXgkick && path1_ == nullptr) {
    stop(StopReason::kNoPath1Port, fmt::format("XGKICK at PC {:#06x} with no PATH1 receiver attached", pc * 8));
    return stop_reason_;
  }

  Stall stall = find_stall(bundle);
  if (stall.cycles != 0) {
    cycle_ += stall.cycles;
    stats_.stall_cycles += stall.cycles;
    stats_.stall_cycles_by_cause[static_cast<size_t>(stall.cause)] += stall.cycles;
    branch_history_.clear();  // a stall breaks branch-VI chains
  }
  retire_to(cycle_);

  // The lower op runs first so it reads VF values from before the upper op's write; its own VF write waits.
  const OpInfo& upper_info = bundle.upper_info;
  const OpInfo& lower_info = bundle.lower_info;
  const bool clash =
      upper_info.vf_write.used() && lower_info.vf_write.used() && upper_info.vf_write.reg == lower_info.vf_write.reg;
  const bool skip_lower = clash && config_.write_clash == WriteClash::kLowerSkipped;
  const bool is_loi = bundle.lower.op == Opcode::kLoi;

  uint8_t written_vi = 0;
  uint16_t old_vi = 0;
  if (lower_info.vi_write != 0 && lower_info.unit != Unit::kFlag) {
    written_vi = static_cast<uint8_t>(std::countr_zero(lower_info.vi_write));
    old_vi = registers_.vi(written_vi);
  }
  LowerResult lower;
  if (!skip_lower && !is_loi) lower = execute_lower(bundle.lower, lower_info, pc);
  execute_upper(bundle.upper, upper_info);
  if (lower.vf_write.used() && !clash) {
    registers_.write_vf(lower.vf_write.reg, lower.vf_write.fields, lower.vf_value);
    fmac_.issue(lower.vf_write.reg, lower.vf_write.fields, cycle_);
  }
  if (is_loi) registers_.i = bundle.lower.raw;  // after the upper op, which saw the old I
  if (skip_lower) written_vi = 0;
  branch_history_.record(written_vi, old_vi, written_vi != 0 && (lower_info.vi_read >> written_vi & 1) != 0);

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
  if ((bundle.flags & upper_flag::kE) != 0) end_pending_ = true;
  registers_.tpc = static_cast<uint16_t>(next);
  ++cycle_;

  if (last) {
    drain();
    stop(StopReason::kEnded, "");
  } else if ((bundle.flags & upper_flag::kD) != 0 && config_.d_bit_enabled) {
    stop(StopReason::kDebugBreak, fmt::format("D bit at PC {:#06x}", pc * 8));
  } else if ((bundle.flags & upper_flag::kT) != 0 && config_.t_bit_enabled) {
    stop(StopReason::kTraceHalt, fmt::format("T bit at PC {:#06x}", pc * 8));
  }
  return stop_reason_;
}

}  // namespace gcvu::vu
