// Vu1::hash_state: everything a run's future depends on (registers, both memories, every pipeline's contents, the
// XGKICK transfer, the branch and E-bit state, a pair held by stall_in_place), plus the clocks and counters. Not
// the block cache or next_event_ (derived from the rest) or the wiring (PATH1 port, observer).

#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::vu {

namespace {

void hash_pending(StateHasher& hasher, const PendingResult& result) {
  hasher.add(result.busy);
  hasher.add(result.issue);
  hasher.add(result.ready);
  hasher.add(result.value);
  hasher.add(result.status_id);
}

void hash_registers(StateHasher& hasher, const Registers& registers) {
  for (int vf = 0; vf < kVfCount; ++vf) hasher.add(registers.vf(vf));
  for (int vi = 0; vi < kViCount; ++vi) hasher.add(registers.vi(vi));
  hasher.add(registers.acc());
  for (uint32_t value : {registers.q, registers.p, registers.i, registers.r, registers.clip}) hasher.add(value);
  for (uint16_t value : {registers.mac, registers.status, registers.tpc}) hasher.add(value);
}

void hash_pipelines(StateHasher& hasher, const FmacPipeline& fmac, const FlagPipeline& flags, const FdivUnit& fdiv,
                    const EfuUnit& efu, const IntegerLoadPipeline& loads, const BranchViHistory& history) {
  for (uint8_t reg = 0; reg < kVfCount; ++reg) {
    for (int lane = 0; lane < 4; ++lane) hasher.add(fmac.lane_ready(reg, lane));
  }
  hasher.add(fmac.drain_cycle());
  for (const PendingFlags& entry : flags.in_flight()) {
    hasher.add(entry.issue);
    hasher.add(entry.ready);
    hasher.add(entry.sets_mac);
    hasher.add(entry.mac);
    hasher.add(entry.extra_sticky);
    hasher.add(entry.sets_clip);
    hasher.add(entry.clip_judgement);
    hasher.add(entry.status_bits);
  }
  hash_pending(hasher, fdiv.pending());
  hash_pending(hasher, efu.pending());
  hash_pending(hasher, efu.landing());
  for (uint8_t vi = 0; vi < kViCount; ++vi) hasher.add(loads.ready_cycle(vi));
  hasher.add(loads.drain_cycle());
  for (const BranchViHistory::Entry& entry : history.entries()) {
    hasher.add(entry.pair);
    hasher.add(entry.vi);
    hasher.add(entry.old_value);
    hasher.add(entry.read_same);
  }
  hasher.add(history.newest());
  hasher.add(history.barrier());
}

}  // namespace

void Vu1::hash_state(StateHasher& hasher) const {
  hash_registers(hasher, registers_);
  for (uint32_t qword = 0; qword < kDataQwords; ++qword) hasher.add(data_.qword(qword));
  for (uint32_t pc = 0; pc < kMicroInstructions; ++pc) hasher.add(program_->micro.instruction(pc));
  hash_pipelines(hasher, fmac_, flags_, fdiv_, efu_, integer_loads_, branch_history_);
  hasher.add(xgkick_.busy());
  hasher.add(xgkick_.next_address());
  hasher.add(xgkick_.next_cycle());
  hasher.add(xgkick_.free_cycle());
  hasher.add(xgkick_.qwords_sent());
  hasher.add(xgkick_.transfers());
  hasher.add(acc_overflow_);
  hasher.add(top_);
  hasher.add(itop_);
  hasher.add(cycle_);
  hasher.add(start_cycle_);
  hasher.add(running_);
  hasher.add(waiting_);
  // The come-up's issue cycle and stall mean something only while the pair waits: the per-pair path leaves the last
  // ones behind after the pair issues, the block engines never set them, and the two states are the same.
  if (waiting_) {
    hasher.add(waiting_issue_);
    hasher.add(waiting_stall_.cause);
    hasher.add(waiting_stall_.cycles);
    hasher.add(waiting_stall_.reg);
    hasher.add(waiting_stall_.fields);
  }
  hasher.add(branch_pending_);
  hasher.add(branch_target_);
  hasher.add(end_pending_);
  hasher.add(stop_reason_);
  hasher.add_text(stop_message_);
  hasher.add(stats_.pairs);
  hasher.add(stats_.stall_cycles);
  hasher.add(stats_.stall_cycles_by_cause);
  hasher.add(stats_.xgkicks);
}

}  // namespace gcvu::vu
