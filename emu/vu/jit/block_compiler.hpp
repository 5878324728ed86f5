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
// Only one entry-state class is compiled as a block's body: the block entered quietly (its deadlines met), not as a
// delay slot or after an E bit, with every pair's come-up cycle before the run's limit. Its stall schedule is then
// fixed and its flag liveness applies (Block::whole_run_pairs). A chained entry that is not quiet takes Vu1::held_entry
// in host code: a first pair stalled by something from before the block enters the body at its issue cycle, and a
// held prefix of up to a few plain pairs runs as its own copy with every flag result live (Block::pairs), as the
// runner's loop would run them. Anything else runs through the block runner. A block is first compiled without the
// held entry (most blocks never need it, and it costs more to compile than the rest), unless the runner has taken a
// held entry there (CodeCache::entered_held): its first chained entry that is not quiet refuses and asks for it
// (Vu1::jit_held_wanted_), and Vu1::run_compiled compiles the block again with it once the code has returned.
//
// Live MAC/status results and CLIP judgements are held back in the code's frame and committed by the code itself at
// the first pair issuing 4 or more cycles later, or put in the flag pipeline before anything could look at it
// (block_compiler.cpp PendingMac argues why that is exact). DIV/SQRT/RSQRT are compiled inline too: the FDIV unit is
// started in memory, and the code commits Q itself at the first pair issuing at or after its ready cycle instead of
// leaving that to retire_due (block_compiler.cpp inline_fdiv argues why). FTOI is compiled to SSE2 in place
// (block_compiler.cpp inline_ftoi). Each retire check tells retire_due how far a running XGKICK transfer's qwords may
// go ahead: up to the next pair that writes data memory or after which the code may leave (block_compiler.cpp
// kick_horizon argues why), so a transfer costs a call per run of such pairs, not per qword.
//
// Chaining: a block that ran whole goes on straight into the next block's compiled code, instead of returning to
// Vu1::run_block's loop, when that loop would have run that code next: the program still runs, the clock is before
// the run's limit (Vu1::jit_limit_), no branch or E bit is pending, and code is cached for the PC
// (CodeCache::chain_entries). The next block's chained entry then makes the rest of the loop's checks for its own
// entry state class, with its deadlines baked in: its last pair comes up before the limit, and the entry is quiet
// by the cheap test of Vu1::entry_is_quiet (each unit's newest result lands by the earliest deadline on it). Where
// that test is not met the code returns (kBlockWhole) and the loop makes the full check, so chaining never takes a
// block the loop would not have run the same way. Each block's BlockStats entry, pairs and dead results are counted
// by its code.
//
// W^X: the code is generated into a CodeArena's read-write view of its pages, for the read-execute view it runs from
// (or, where the host refuses two views, into read-write pages then made read-execute); CodeArena::seal, once for a
// block and the blocks compiled ahead with it, lets it run. No mapping is writable and executable at once.

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

// Runs the block's pairs from `entry`, and then, while it can, the blocks after it (chaining, below). Returns how
// the last block it ran ended: kBlockCut if it stopped before its last pair (the program stopped, or a taken
// branch's delay slot ended it early), kBlockWhole if it ran whole.
using BlockCode = uint64_t (*)(Vu1* vu, uint64_t entry);
inline constexpr uint64_t kBlockCut = 1;
inline constexpr uint64_t kBlockWhole = 2;

// A block's code, in the arena it was compiled into (which must outlive it and not be reset while it is called).
class CompiledBlock {
 public:
  CompiledBlock(std::vector<BlockPair> pairs, BlockCode entry, const void* chain_entry, const uint8_t* code,
                size_t bytes, bool held_entry)
      : pairs_(std::move(pairs)),
        entry_(entry),
        chain_entry_(chain_entry),
        code_(code),
        bytes_(bytes),
        held_entry_(held_entry) {}

  uint64_t run(Vu1& vu, uint64_t entry) const { return entry_(&vu, entry); }
  size_t pair_count() const { return pairs_.size(); }
  uint32_t first_pc() const { return pairs_.front().pc; }
  uint32_t last_pc() const { return pairs_.back().pc; }
  const void* code_address() const { return code_; }
  // Where the block before jumps in (with its stack frame and the Vu1 in rbx), for CodeCache::chain_entries.
  const void* chain_entry() const { return chain_entry_; }
  size_t code_bytes() const { return bytes_; }
  bool has_held_entry() const { return held_entry_; }

 private:
  std::vector<BlockPair> pairs_;  // the generated code points into these (for the pairs that are not plain)
  BlockCode entry_;
  const void* chain_entry_;
  const uint8_t* code_;
  size_t bytes_;
  bool held_entry_;
};

// The arena room compile_block reserves for a block of `pair_count` pairs: far above the longest pair's code and a
// chained entry's test per deadline (a bound xbyak enforces).
// With a held entry: its tests per deadline and the copies of its held prefixes (at most 1 + 2 + 3 + 4 pairs).
inline size_t code_room(size_t pair_count, const Block& block, bool held_entry) {
  const size_t deadlines = block.vf_deadlines.size() + block.vi_deadlines.size();
  if (!held_entry) return 2048 + 512 * pair_count + 48 * deadlines;
  return 2048 + 512 * (pair_count + 10) + 96 * deadlines;
}

// Compiles `pairs` (`block`'s pairs, with the FlagUse of a whole run) into `arena`; `block` gives the deadlines and
// dead results of its chained entry. The code may run once the arena has been sealed after it (CodeArena::seal).
// nullptr if it cannot: the arena is full (the cache then starts over) or the host is not x86-64; the block runner
// then runs the block.
std::unique_ptr<CompiledBlock> compile_block(std::span<const BlockPair> pairs, const Block& block, bool held_entry,
                                             const DecodedMicro& program, const VuAbi& abi, JitFault fault,
                                             CodeArena& arena);

}  // namespace gcvu::vu::jit
