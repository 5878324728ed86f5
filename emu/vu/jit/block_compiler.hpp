#pragma once
// The JIT: one block (block.hpp), run whole from a quiet entry, as straight-line x86-64 host code (xbyak).
//
// Everything the block runner (block_runner.cpp) looks up per pair is baked in: the issue cycle relative to entry,
// the stall and its cause, which halves run, the lower and upper handlers (the upper one already specialised for
// the pair's FlagUse), their decoded operands, the I-bit word and the next PC. The generated code does, pair by
// pair and in the same order, exactly what Vu1::run_plain_pair does, and hands the pairs that are not plain to
// execute_pair through a hook. ADD/SUB/MUL/MADD/MSUB (every form) and the lower ops' VF writes are done inline:
// operand and destination addresses, dest mask, ACC-overflow, FMAC scoreboard and dead flags in the generated code,
// the arithmetic in one call to the op's fmac_kernel.hpp kernel (the interpreter's own vector code). So it is exact
// by construction; tests/vu/block_cross_test.cpp holds it to the per-pair interpreter, with deliberately broken
// variants (Vu1Config::jit_fault) to show the check can fail.
//
// Only one entry-state class is compiled: the block entered quietly (its deadlines met), not as a delay slot or
// after an E bit, with every pair's come-up cycle before the run's limit. Its stall schedule is then fixed and its
// flag liveness applies (Block::whole_run_pairs). Anything else runs through the block runner.
//
// W^X: the code is generated into read-write pages of a CodeArena, which are then made read-execute; they are never
// writable and executable at once.

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "emu/vu/interpreter/block.hpp"
#include "emu/vu/interpreter/decoded_micro.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"
#include "emu/vu/jit/code_arena.hpp"
#include "emu/vu/jit/vu_abi.hpp"

namespace gcvu::vu::jit {

// Runs the block's pairs from `entry`; returns how many pairs ran (all of them unless one stopped the program or
// the block ends early at a taken branch's delay slot).
using BlockCode = uint64_t (*)(Vu1* vu, uint64_t entry);

// A block's code, in the arena it was compiled into (which must outlive it and not be reset while it is called).
class CompiledBlock {
 public:
  CompiledBlock(std::vector<BlockPair> pairs, BlockCode entry, const uint8_t* code, size_t bytes)
      : pairs_(std::move(pairs)), entry_(entry), code_(code), bytes_(bytes) {}

  uint64_t run(Vu1& vu, uint64_t entry) const { return entry_(&vu, entry); }
  size_t pair_count() const { return pairs_.size(); }
  uint32_t first_pc() const { return pairs_.front().pc; }
  uint32_t last_pc() const { return pairs_.back().pc; }
  const void* code_address() const { return code_; }
  size_t code_bytes() const { return bytes_; }

 private:
  std::vector<BlockPair> pairs_;  // the generated code points into these (for the pairs that are not plain)
  BlockCode entry_;
  const uint8_t* code_;
  size_t bytes_;
};

// Compiles `pairs` (a block's pairs, with the FlagUse of a whole run) into `arena`. nullptr if it cannot: the arena
// is full (the cache then starts over), the host refuses executable pages, or the host is not x86-64; the block
// runner then runs the block.
std::unique_ptr<CompiledBlock> compile_block(std::span<const BlockPair> pairs, const DecodedMicro& program,
                                             const VuAbi& abi, JitFault fault, CodeArena& arena);

}  // namespace gcvu::vu::jit
