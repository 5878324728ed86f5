// The block runner: takes the pairs of a cached block at their precomputed issue cycles while the block's entry
// is quiet (block.hpp), doing for each exactly what the per-pair path does once a pair has issued.

#include <algorithm>

#include "emu/vu/interpreter/pair_execution.hpp"

namespace gcvu::vu {

bool Vu1::entry_is_quiet(const Block& block, uint64_t entry) const {
  // Most entries find everything from before the block landed long ago: one compare per unit then.
  if (fmac_.drain_cycle() > entry + block.vf_deadline_min) {
    for (const FieldDeadline& d : block.vf_deadlines) {
      if (fmac_.lane_ready(d.reg, d.lane) > entry + d.deadline) return false;
    }
  }
  if (integer_loads_.drain_cycle() > entry + block.vi_deadline_min) {
    for (const ViDeadline& d : block.vi_deadlines) {
      if (integer_loads_.ready_cycle(d.vi) > entry + d.deadline) return false;
    }
  }
  if (block.fdiv_deadline != Block::kNoDeadline &&
      fdiv_.free_cycle() > entry + static_cast<uint64_t>(block.fdiv_deadline)) {
    return false;
  }
  if (block.efu_deadline != Block::kNoDeadline &&
      efu_.free_cycle() > entry + static_cast<uint64_t>(block.efu_deadline)) {
    return false;
  }
  return true;
}

bool Vu1::run_block(uint64_t until) {
  // A pair held by stall_in_place has come up already: it goes per pair, and so does everything after it.
  if (observer_ != nullptr || !config_.block_execution || config_.stall_in_place) return false;
  const Block* block = blocks_.find_or_build(registers_.tpc, program_->plans, program_->decoded, config_.write_clash);
  if (block == nullptr) return false;
  const uint64_t entry = cycle_;
  if (!entry_is_quiet(*block, entry)) {
    ++block_stats_.noisy_entries;
    return false;
  }
  // step() stops the program at the first pair that comes up with the budget spent: leave that pair to it.
  const uint64_t budget_end =
      config_.max_cycles > UINT64_MAX - start_cycle_ ? UINT64_MAX : start_cycle_ + config_.max_cycles;
  const uint64_t limit = std::min(until, budget_end);
  uint64_t ran = 0;
  for (const BlockPair& pair : block->pairs) {
    if (entry + pair.pre >= limit) break;
    cycle_ = entry + pair.issue;
    const uint32_t next = execute_pair(pair.pc, Stall{pair.cause, static_cast<uint32_t>(pair.issue - pair.pre)});
    ++ran;
    if (!running_ || next != (pair.pc + 1u) % kMicroInstructions) break;
  }
  if (ran == 0) return false;
  ++block_stats_.entries;
  block_stats_.pairs += ran;
  return true;
}

}  // namespace gcvu::vu
