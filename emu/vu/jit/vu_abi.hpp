#pragma once
// What compiled blocks (block_compiler.hpp) need of a Vu1: where its state lies (byte offsets from the Vu1 object,
// the same for every instance) and the out-of-line steps they call. Vu1::jit_abi fills it in, so the compiler needs
// no access to Vu1's private members and Vu1 knows nothing of the host code.

#include <cstdint>

#include "emu/vu/interpreter/block.hpp"
#include "emu/vu/interpreter/issue_plan.hpp"

namespace gcvu::vu {
class Vu1;
}

namespace gcvu::vu::jit {

struct VuLayout {
  int32_t cycle = 0;           // uint64_t Vu1::cycle_
  int32_t next_event = 0;      // uint64_t: retire_due is needed once cycle_ reaches it
  int32_t running = 0;         // bool
  int32_t tpc = 0;             // uint16_t Registers::tpc
  int32_t i_register = 0;      // uint32_t Registers::i
  int32_t pairs = 0;           // uint64_t Vu1Stats::pairs
  int32_t stall_cycles = 0;    // uint64_t Vu1Stats::stall_cycles
  int32_t stall_by_cause = 0;  // uint64_t Vu1Stats::stall_cycles_by_cause[0]
  int32_t branch_pending = 0;  // bool: the pair just executed was a taken branch
  int32_t branch_target = 0;   // uint32_t
  // For the FMAC ops compiled inline (block_compiler.cpp):
  int32_t vf = 0;              // Vec4 VF[0]; VF[n] is 16 * n bytes on
  int32_t acc = 0;             // Vec4 ACC
  int32_t q = 0;               // uint32_t Q
  int32_t acc_overflow = 0;    // FieldMask Vu1::acc_overflow_
  int32_t dead_flags = 0;      // uint32_t Vu1::dead_flags_
  int32_t fmac = 0;            // the FmacPipeline; its own layout is FmacPipeline::layout()
  int32_t vi = 0;              // uint16_t VI[0]; VI[n] is 2 * n bytes on
  int32_t branch_history = 0;  // the BranchViHistory; its own layout is BranchViHistory::layout()
  // For the lower ops compiled inline:
  int32_t data = 0;  // Vec4 data memory qword 0; qword n is 16 * n bytes on (n < kDataQwords)
  int32_t integer_loads = 0;  // the IntegerLoadPipeline; its own layout is IntegerLoadPipeline::layout()
  int32_t mac = 0;            // uint16_t Registers::mac
  int32_t status = 0;         // uint16_t Registers::status
  int32_t clip = 0;           // uint32_t Registers::clip
  // For chaining (block_compiler.hpp):
  int32_t end_pending = 0;    // bool
  int32_t jit_limit = 0;      // uint64_t Vu1::jit_limit_: run_block's limit for the run
  int32_t chain_entries = 0;  // const void* CodeCache::chain_entries()[0]; PC n's is 8 * n bytes on
  int32_t block_entries = 0;  // uint64_t BlockStats::entries
  int32_t block_pairs = 0;    // uint64_t BlockStats::pairs
  int32_t block_dead = 0;     // uint64_t BlockStats::dead_flag_results
  int32_t block_chained = 0;  // uint64_t BlockStats::chained
  int32_t block_stalled = 0;  // uint64_t BlockStats::stalled_entries
  int32_t block_prefix = 0;   // uint64_t BlockStats::prefix_entries
  int32_t block_held = 0;     // uint64_t BlockStats::held_chained
  int32_t held_wanted = 0;    // uint32_t Vu1::jit_held_wanted_
  int32_t fdiv_busy = 0;      // bool FdivUnit::pending().busy
  int32_t fdiv_ready = 0;     // uint64_t FdivUnit::pending().ready
  int32_t fdiv_issue = 0;     // uint64_t FdivUnit::pending().issue
  int32_t fdiv_value = 0;     // uint32_t FdivUnit::pending().value
  int32_t fdiv_status = 0;    // uint16_t FdivUnit::pending().status_id
  int32_t efu_busy = 0;       // bool EfuUnit::pending().busy
  int32_t efu_ready = 0;      // uint64_t EfuUnit::pending().ready
};

// Each does exactly what the block runner's plain-pair handler (block_runner.cpp) does at that step.
struct VuHooks {
  // Vu1::retire_due at `cycle`, with the qwords of a running XGKICK transfer due by `xgkick_until` sent too (the
  // compiled code's horizon: block_compiler.cpp kick_horizon).
  void (*retire_due)(Vu1&, uint64_t cycle, uint64_t xgkick_until) = nullptr;
  void (*write_lower_vf)(Vu1&, const LowerResult&) = nullptr;  // the lower op's VF result, when it has one
  // A pair that is not plain (a branch, an E/D/T pair, a delay slot), through execute_pair; false when the block
  // must not go on after it.
  bool (*generic_pair)(Vu1&, const BlockPair&, uint64_t entry) = nullptr;
  // finish_upper's flag step for a live FMAC result (FlagUse::kLive, kLiveCarrying) issued at `cycle`, from its flag
  // word (the MAC value in bits 0-15, sticky Z/S/U/O in bits 16-19: fmac_kernel.hpp; for kLiveCarrying the dead
  // results' sticky bits it carries in bits 20-23).
  void (*issue_mac_at)(Vu1&, uint32_t flags, uint64_t cycle) = nullptr;
  // upper_other's CLIP step: the 6-bit judgement into the flag pipeline at `cycle`.
  void (*issue_clip_at)(Vu1&, uint32_t judgement, uint64_t cycle) = nullptr;
};

struct VuAbi {
  VuLayout layout;
  VuHooks hooks;
};

}  // namespace gcvu::vu::jit
