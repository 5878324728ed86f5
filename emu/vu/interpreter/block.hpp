#pragma once
// Blocks: runs of micro memory from a start PC to the delay slot of the first branch or E bit, with the stall
// schedule of their pairs worked out once.
//
// Within a block, when each pair issues depends only on the block's own pairs and on what was in flight when the
// block was entered. If nothing from before the block holds any pair back (a quiet entry), the schedule is the
// same every time: build_block works it out once with the stall rules of hazards.hpp on empty scratch pipelines,
// and records, for every value the block reads before writing it, the latest cycle (relative to entry) at which
// it must be ready for the entry to count as quiet. That deadline is the reading pair's issue offset, or one
// cycle less if that pair stalls (so a value from outside landing exactly then cannot be named as the decisive
// hazard instead of the block's own). At entry the runner checks the deadlines against the live pipelines; if any
// is missed it takes the pair with the per-pair path instead, which is always exact, unless the first pair issues
// (after a stall for something from before the block, charged as the per-pair path charges it) and the pairs before
// the first one still held back can run as scheduled from there (Vu1::held_entry).
//
// Pairs that need the per-pair path's own handling end a block before them: XGKICK (it plays out the previous
// transfer and may find no PATH1 receiver) and invalid instructions.

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "emu/vu/interpreter/issue_plan.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"
#include "emu/vu/pipeline/stall.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vu {

// What a plain pair does, worked out when the block is built, so the runner calls a handler specialised for it
// (block_runner.cpp) instead of testing each case per pair. A plain pair is neither a branch, nor an E/D/T-bit pair,
// nor the delay slot of either: those go through the shared per-pair code (pair_execution.hpp) in full.
namespace pair_shape {
inline constexpr uint8_t kStalled = 1 << 0;       // issues after the cycle it comes up
inline constexpr uint8_t kLower = 1 << 1;         // IssuePlan::runs_lower
inline constexpr uint8_t kUpper = 1 << 2;         // the upper op is not NOP
inline constexpr uint8_t kLowerVf = 1 << 3;       // the lower op runs and writes a VF register that is not clashed
inline constexpr uint8_t kLoi = 1 << 4;           // the I bit: the lower word goes to I
inline constexpr uint8_t kHistory = 1 << 5;       // IssuePlan::records_history
inline constexpr uint8_t kCount = 1 << 6;         // handler instances
inline constexpr uint8_t kGeneric = 0xff;         // not plain: the full per-pair code
}  // namespace pair_shape

// The pair_shape bits of what a pair does once issued (never kGeneric): for a plain pair, and for the JIT's own
// handling of branches and delay slots (emu/vu/jit/block_compiler.cpp).
uint8_t pair_shape_bits(const DecodedBundle& bundle, const IssuePlan& plan, bool stalled);

struct BlockPair {
  uint16_t pc = 0;
  uint16_t pre = 0;    // cycles after entry at which the pair comes up (the cycle counter before its stall)
  uint16_t issue = 0;  // cycles after entry at which it issues
  StallCause cause = StallCause::kNone;  // when issue > pre
  uint8_t shape = pair_shape::kGeneric;  // pair_shape bits of a plain pair, or kGeneric
  FlagUse flags = FlagUse::kLive;        // what its upper op does with a MAC/status result (flag_liveness.hpp)
};

// A VF field, VI register (ILW) or unit the block reads before writing it: ready by entry + deadline for a quiet
// entry.
struct FieldDeadline {
  uint8_t reg = 0;
  uint8_t lane = 0;
  uint16_t deadline = 0;
};
struct ViDeadline {
  uint8_t vi = 0;
  uint16_t deadline = 0;
};

struct Block {
  static constexpr size_t kMaxPairs = 64;
  static constexpr int32_t kNoDeadline = -1;

  std::vector<BlockPair> pairs;  // every BlockPair::flags kLive: for a run cut short, or entered mid-branch
  // The same pairs with the FlagUse of a run of the whole block (flag_liveness.hpp), and how many results they leave
  // out; empty when they would leave out none.
  std::vector<BlockPair> whole_run_pairs;
  uint16_t dead_flag_results = 0;
  // The pairs of a run of the whole block: whole_run_pairs, or `pairs` where liveness left nothing out.
  const std::vector<BlockPair>& whole_run() const { return dead_flag_results != 0 ? whole_run_pairs : pairs; }
  // How many of the pairs issue before `cycle` (an offset from the entry): the quiet prefix of an entry whose
  // earliest missed deadline is there (Vu1::quiet_prefix, and the JIT's held entry).
  size_t pairs_issuing_before(int64_t cycle) const {
    size_t count = 0;
    while (count < pairs.size() && pairs[count].issue < cycle) ++count;
    return count;
  }
  std::vector<FieldDeadline> vf_deadlines;
  std::vector<ViDeadline> vi_deadlines;
  uint16_t vf_deadline_min = UINT16_MAX;  // the earliest of vf_deadlines (UINT16_MAX when empty)
  uint16_t vi_deadline_min = UINT16_MAX;
  int32_t fdiv_deadline = kNoDeadline;  // FDIV ops and WAITQ before the block's first FDIV op
  int32_t efu_deadline = kNoDeadline;   // EFU ops and WAITP before the block's first EFU op
};

// Works out the block starting at `pc` from the issue plans of micro memory. Empty (no pairs) when the pair at
// `pc` itself must take the per-pair path.
Block build_block(uint32_t pc, const std::array<IssuePlan, kMicroInstructions>& plans,
                  const std::array<DecodedBundle, kMicroInstructions>& decoded, const Vu1Config& config);

// Where the program can go after the block runs whole, as far as micro memory tells: the pair after its last one
// (a conditional branch not taken, a BAL or JALR returning, a block cut at kMaxPairs or before a per-pair pair) and
// a B, BAL or IBxx branch's target; nothing after an E bit. For the JIT, which compiles these ahead of their first
// run.
struct Successors {
  std::array<uint32_t, 2> pcs{};
  size_t count = 0;
};
Successors static_successors(const Block& block, const std::array<IssuePlan, kMicroInstructions>& plans,
                             const std::array<DecodedBundle, kMicroInstructions>& decoded);

// The blocks built so far, by start PC. Any micro-memory write empties it (the next run rebuilds what it needs).
class BlockCache {
 public:
  BlockCache() { index_.fill(kUnbuilt); }
  // A copy starts empty: a copied Vu1 (a system snapshot, a benchmark's fresh start) rebuilds the blocks it runs,
  // and a snapshot stays cheap. No moves (a move is a copy): a defaulted one would leave the source's index_
  // pointing into blocks_ it no longer has.
  BlockCache(const BlockCache&) : BlockCache() {}
  BlockCache& operator=(const BlockCache&) {
    clear();
    return *this;
  }
  // The block at `pc`, built now if it was not yet; nullptr when the pair there takes the per-pair path.
  const Block* find_or_build(uint32_t pc, const std::array<IssuePlan, kMicroInstructions>& plans,
                             const std::array<DecodedBundle, kMicroInstructions>& decoded, const Vu1Config& config) {
    const int32_t index = index_[pc % kMicroInstructions];
    if (index >= 0) [[likely]]
      return &blocks_[static_cast<size_t>(index)];
    if (index == kPerPair) return nullptr;
    return insert(pc % kMicroInstructions, build_block(pc % kMicroInstructions, plans, decoded, config));
  }
  void clear();
  size_t size() const { return blocks_.size(); }

 private:
  static constexpr int32_t kUnbuilt = -1;
  static constexpr int32_t kPerPair = -2;
  const Block* insert(uint32_t pc, Block block);
  std::array<int32_t, kMicroInstructions> index_{};
  std::deque<Block> blocks_;  // a deque: building a block leaves the others in place (the JIT builds ahead)
  bool any_ = false;  // some index_ entry is not kUnbuilt
};

// How the block runner has fared: for tuning and for the cross-test to see that it really ran.
struct BlockStats {
  uint64_t entries = 0;        // blocks entered quietly
  uint64_t pairs = 0;          // pairs they ran
  uint64_t noisy_entries = 0;  // block entries refused for a missed deadline (the pair ran per pair)
  // Of `entries`, those whose first pair stalled for something from before the block (Vu1::held_entry).
  uint64_t stalled_entries = 0;
  // Of `entries`, those that ran only the pairs before the first one a missed deadline holds back (Vu1::held_entry),
  // where those pairs would otherwise have gone per pair.
  uint64_t prefix_entries = 0;
  uint64_t dead_flag_results = 0;  // MAC/status results left out of the flag pipeline (flag_liveness.hpp)
  // Of `entries`, those the JIT's compiled code took straight from the block before (block_compiler.hpp: chaining),
  // without going back to the runner's loop. Always 0 for the block runner.
  uint64_t chained = 0;
  // Of `chained`, those whose entry was held (Vu1::held_entry), taken by the compiled code's own held entry
  // (block_compiler.hpp) rather than by the runner's loop. Always 0 for the block runner.
  uint64_t held_chained = 0;
  // Runs that went on with the rest of a block the run before stopped in at its limit (Vu1::CutBlock), on the
  // schedule of that block's entry; their pairs count in `pairs`, not in `entries`.
  uint64_t resumed_cuts = 0;
};

}  // namespace gcvu::vu
