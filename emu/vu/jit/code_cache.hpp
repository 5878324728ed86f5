#pragma once
// Compiled blocks by start PC, for the one entry-state class block_compiler.hpp compiles. Bounded: when full, the
// oldest block is evicted (FIFO). Invalidated exactly where micro memory is written: a block goes when a write
// lands on one of its pairs or on the pair just after it (whose plan decided where the block ends).
//
// The code points into the decoded program it was compiled from, so the cache remembers that program (by owner,
// through a weak_ptr, so a later program at the same address is never taken for it) and the settings the code
// depends on; Vu1 empties it when either differs. Copying a Vu1 onto another (a benchmark's fresh start, a
// snapshot restored) therefore keeps the target's code while the program is the same object.

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "emu/vu/interpreter/decoded_micro.hpp"
#include "emu/vu/jit/block_compiler.hpp"
#include "emu/vu/jit/code_arena.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vu::jit {

// A block to compile: its pairs (with the FlagUse of a whole run), the block they came from, and whether its code
// gets a held entry (block_compiler.hpp).
struct CompileRequest {
  std::span<const BlockPair> pairs;
  const Block* block = nullptr;
  bool held_entry = false;
};

class CodeCache {
 public:
  // `code_bytes`: the arena's size (0: CodeArena::kDefaultBytes).
  explicit CodeCache(size_t capacity = 512, size_t code_bytes = 0)
      : capacity_(capacity == 0 ? 1 : capacity), code_bytes_(code_bytes == 0 ? CodeArena::kDefaultBytes : code_bytes) {}
  // A copy starts empty: code is never shared between two VUs. Assigning keeps this cache's own code, which
  // Vu1::run_compiled checks against the program and settings before it runs any (compiled_for).
  CodeCache(const CodeCache& other) : CodeCache(other.capacity_, other.code_bytes_) {}
  // No moves (a move is a copy): a defaulted move would take the code but leave the source's chain_ pointing at it.
  CodeCache& operator=(const CodeCache&) { return *this; }

  // Compiles the block into this cache's arena and keeps it (nullptr if it cannot be compiled). A full arena empties
  // the cache and starts over. Once it is compiled, `ahead(limit)` names up to `limit` blocks likely to run soon,
  // which are compiled with it where they are not cached yet and there is room, so that the arena makes the code
  // executable once for all of them (CodeArena). The limit is up to half the cache's capacity. Where `ahead` may
  // name blocks that never ran (`ahead_has_run` false: the pure JIT), it also grows with the cache (as many as it
  // holds): a program that runs few blocks (a short test, a fuzz input) compiles few it never runs, one with many
  // seals a handful of times. Where it names only blocks that have run (tiered), the first compile takes them all
  // at once: a cold start then seals fewer times (8 rather than 10 for the cold demo frame; each seal a TLB flush).
  // A seal the host refuses loses the batch; later compiles retry.
  using AheadFn = std::function<std::vector<CompileRequest>(size_t limit)>;
  const CompiledBlock* compile(const CompileRequest& block, const AheadFn& ahead, bool ahead_has_run,
                               const DecodedMicro& program, const VuAbi& abi, JitFault fault);
  // Whether the cached code was compiled from `program` with settings `key`; retarget empties the cache for them.
  bool compiled_for(const std::shared_ptr<DecodedMicro>& program, uint32_t key) const {
    return key == key_ && !program_.owner_before(program) && !program.owner_before(program_);
  }
  void retarget(const std::shared_ptr<DecodedMicro>& program, uint32_t key) {
    clear();
    program_ = program;
    key_ = key;
  }

  const CompiledBlock* find(uint32_t pc) const { return by_pc_[pc % kMicroInstructions].get(); }
  // Tiered compiling (Vu1Config::jit_compile_after): whether a block entry of the JIT's entry class at `pc` runs
  // compiled code, because code is cached there or the block runner has taken `compile_after` such entries at the PC
  // already; if not, counts this one, which the runner then takes. The counts (saturating) are kept through clear
  // and retarget (a PC that was hot is compiled again at once), and like the code through an assignment: a
  // benchmark's fresh copy of a prepared VU keeps what its warm-up run counted. They, entered_otherwise_ and
  // entered_held_ are kept through invalidate too, on purpose: they only decide when and how a block is compiled,
  // never what it computes, and microcode that DMA uploads in turn with other code at the same address is then
  // compiled again at once.
  bool entry_compiles(uint32_t pc, uint8_t compile_after) {
    if (find(pc) != nullptr) return true;
    uint8_t& entries = runner_entries_[pc % kMicroInstructions];
    if (entries >= compile_after) return true;
    ++entries;
    return false;
  }
  // A block entry at `pc` the runner takes that is not of the JIT's class (a held prefix): it does not count
  // towards compiling the block, but the block has run, for ran_in_runner.
  void note_other_entry(uint32_t pc) { entered_otherwise_[pc % kMicroInstructions] = true; }
  // A block entry at `pc` the runner took with a held prefix or a stalled first pair (Vu1::held_entry): such a block
  // is compiled with its held entry from the start, since its code will likely be entered chained and not quiet too
  // (the same wait on the block before), and compiling it without would only be done again (Vu1::run_compiled).
  void note_held_entry(uint32_t pc) { entered_held_[pc % kMicroInstructions] = true; }
  bool entered_held(uint32_t pc) const { return entered_held_[pc % kMicroInstructions]; }
  // Whether the runner has taken an entry at `pc`: the JIT's compiles ahead take only such blocks (Vu1::blocks_ahead).
  bool ran_in_runner(uint32_t pc) const {
    return runner_entries_[pc % kMicroInstructions] != 0 || entered_otherwise_[pc % kMicroInstructions];
  }
  // Each cached block's chained entry (CompiledBlock::chain_entry) by start PC, nullptr where none is cached: what
  // compiled code reads to go straight on into the next block. Kept in step with by_pc_ by every insert, eviction,
  // invalidation and clear, so it never points at code that is gone. Code cached at a PC always comes from the
  // block built there (invalidation covers a block's pairs and the pair after it, which decided where it ends, and
  // flag liveness looks only inside the block), so a chained entry needs no check that the two still match.
  const std::array<const void*, kMicroInstructions>& chain_entries() const { return chain_; }
  const CompiledBlock* insert(std::unique_ptr<CompiledBlock> block);  // evicts the oldest when full
  // Drops every block with a pair in [first, first + count) (modulo micro memory) or whose next pair is there.
  void invalidate(uint32_t first, uint32_t count);
  void clear();

  size_t size() const { return order_.size(); }
  uint64_t compiled() const { return compiled_; }
  uint64_t evicted() const { return evicted_; }
  uint64_t invalidated() const { return invalidated_; }
  uint64_t flushes() const { return flushes_; }  // times a full arena emptied the cache
  size_t seals() const { return arena_ == nullptr ? 0 : arena_->seals(); }  // times code was made executable

 private:
  size_t capacity_;
  size_t code_bytes_;                 // the arena's size
  std::unique_ptr<CodeArena> arena_;  // mapped at the first compile
  std::weak_ptr<DecodedMicro> program_;
  uint32_t key_ = 0;
  std::array<std::unique_ptr<CompiledBlock>, kMicroInstructions> by_pc_{};
  std::array<const void*, kMicroInstructions> chain_{};
  std::array<uint8_t, kMicroInstructions> runner_entries_{};  // entry_compiles
  std::array<bool, kMicroInstructions> entered_otherwise_{};  // note_other_entry
  std::array<bool, kMicroInstructions> entered_held_{};       // note_held_entry
  std::deque<uint32_t> order_;  // start PCs, oldest first
  uint64_t compiled_ = 0;
  uint64_t evicted_ = 0;
  uint64_t invalidated_ = 0;
  uint64_t flushes_ = 0;
};

}  // namespace gcvu::vu::jit
