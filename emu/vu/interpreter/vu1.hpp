#pragma once
// VU1 in micro mode: registers, both memories, the pipelines, and the loop that issues one instruction pair per
// cycle with the stalls of reference/vu1.md §3. Micro memory is decoded once when written; execution never decodes.
//
// File map: vu1.cpp (issue plans, the per-pair issue loop), hazards.hpp (stall rules), pair_execution.hpp (what an
// issued pair does: both halves, branches, E bit), block*.{hpp,cpp} (cached blocks with a precomputed schedule),
// upper_plan.hpp (upper-op forms), upper_ops.cpp (FMAC semantics), lower_ops.cpp (lower-word semantics).
//
// Two ways to run, which give the same results bit for bit and cycle for cycle: pair by pair (step(), the
// reference, always used with an observer attached or with Vu1Config::engine kInterp), and by blocks, whose
// stall schedule is worked out once and reused while their entry is quiet (block.hpp). tests/vu/
// block_cross_test.cpp holds the two to each other.

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "emu/common/state_hasher.hpp"
#include "emu/vu/interpreter/block.hpp"
#include "emu/vu/interpreter/decoded_micro.hpp"
#include "emu/vu/interpreter/hazards.hpp"
#include "emu/vu/interpreter/issue_plan.hpp"
#include "emu/vu/interpreter/run_state.hpp"
#include "emu/vu/interpreter/upper_plan.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"
#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/jit/code_cache.hpp"
#include "emu/vu/jit/vu_abi.hpp"
#include "emu/vu/pipeline/fdiv_unit.hpp"
#include "emu/vu/pipeline/flag_pipeline.hpp"
#include "emu/vu/pipeline/fmac_pipeline.hpp"
#include "emu/vu/pipeline/integer_pipeline.hpp"
#include "emu/vu/state/memory.hpp"
#include "emu/vu/state/registers.hpp"
#include "emu/vu/xgkick/xgkick_unit.hpp"

namespace gcvu::vu {

class Vu1 {
 public:
  explicit Vu1(Vu1Config config = {});

  Registers& registers() { return registers_; }
  const Registers& registers() const { return registers_; }
  DataMemory& data() { return data_; }
  const DataMemory& data() const { return data_; }
  const MicroMemory& micro() const { return program_->micro; }
  const DecodedBundle& decoded(uint32_t pc) const { return program_->decoded[pc % kMicroInstructions]; }
  // Per ACC field (FieldMask), whether its last write overflowed: what MADD/MSUB's ACC-overflow persistence reads.
  FieldMask acc_overflow() const { return acc_overflow_; }
  const Vu1Config& config() const { return config_; }

  // Micro memory writes decode the instruction as they store it.
  void write_micro(uint32_t pc, uint64_t bundle);
  void load_micro(std::span<const uint8_t> bytes, uint32_t first_instruction = 0);

  void set_path1(Path1Port* port) { path1_ = port; }
  void set_observer(PairObserver* observer) { observer_ = observer; }
  PairObserver* observer() const { return observer_; }
  // TOP and ITOP as VIF1 set them at MSCAL; read by XTOP/XITOP.
  void set_top(uint16_t top, uint16_t itop) {
    top_ = top & 0x3ff;
    itop_ = itop & 0x3ff;
  }
  uint16_t top() const { return top_; }
  uint16_t itop() const { return itop_; }

  // Starts a microprogram at `pc` (MSCAL): clears the branch and E-bit state; pipelines keep whatever is in flight.
  void start(uint32_t pc);
  bool running() const { return running_; }
  // Work begun before a run that starts mid-program (a save state, a trace snapshot), so the program finds it as it
  // was: a DIV/SQRT/RSQRT result landing in Q (with status I/D from `status_id` bits 4-5) and an EFU result landing
  // in P, visible to a pair issuing `cycles` cycles from now or later; and, after start(), a taken branch to
  // `target` whose delay slot is the pair at the PC.
  void seed_q_in_flight(uint32_t q, uint16_t status_id, uint32_t cycles);
  void seed_p_in_flight(uint32_t p, uint32_t cycles);
  void seed_branch_delay_slot(uint32_t target);
  // Issues one instruction pair (after its stall). Returns kRunning while the program goes on.
  StopReason step();
  // Runs until the program stops.
  StopReason run();
  // Runs pairs while the cycle counter is below `cycle` (for a clocked system); kRunning if the target was reached.
  // With Vu1Config::stall_in_place a pair that would issue at `cycle` or later waits, with the clock at `cycle`.
  StopReason run_until(uint64_t cycle);
  // Lets an idle VU's clock catch up with the clocked system's (a running XGKICK transfer goes on meanwhile).
  void idle_until(uint64_t cycle) {
    if (running_ || cycle <= cycle_) return;
    retire_to(cycle);
    cycle_ = cycle;
  }

  uint64_t cycle() const { return cycle_; }
  uint64_t start_cycle() const { return start_cycle_; }
  const Vu1Stats& stats() const { return stats_; }
  // How much of the run the block runner took (block.hpp); not part of the program's results.
  const BlockStats& block_stats() const { return block_stats_; }
  // The compiled blocks of Engine::kJit (emu/vu/jit/code_cache.hpp): for the cross-test and the bench.
  const jit::CodeCache& jit_cache() const { return jit_; }
  StopReason stop_reason() const { return stop_reason_; }
  const std::string& stop_message() const { return stop_message_; }
  const XgkickUnit& xgkick() const { return xgkick_; }
  // Sends the rest of an XGKICK transfer still running (after the program ended, say), within the cycle budget
  // counted from the program's start. Returns false if the transfer had not ended when the budget ran out.
  bool finish_xgkick();

  // Pipeline state, for the debugger's `pipe` view.
  const FmacPipeline& fmac() const { return fmac_; }
  const FlagPipeline& flags() const { return flags_; }
  const FdivUnit& fdiv() const { return fdiv_; }
  const EfuUnit& efu() const { return efu_; }
  const IntegerLoadPipeline& integer_loads() const { return integer_loads_; }
  // Why the pair at the PC waits as of cycle(): the decisive hazard and the cycles still to wait (kNone with 0 when
  // it issues at cycle(), or when no program runs). Exact for a pair that has come up (one held by stall_in_place)
  // and for every hazard but one: an XGKICK behind a transfer still running, before the pair has come up, gets a
  // lower bound, as the transfer's end is only known once it has been played out (when the pair comes up).
  Stall pending_stall() const;
  // Feeds every piece of the VU's state to `hasher` (vu1_state_hash.cpp), for system::state_hash.
  void hash_state(StateHasher& hasher) const;

 private:
  // vu1.cpp
  PipelineView pipelines() const { return {fmac_, integer_loads_, fdiv_, efu_, xgkick_}; }
  // Commits the flag, Q and P results due by `cycle` and sends the XGKICK qwords due by then. Cheap when nothing
  // is due: units that start work call note_event with the first cycle they need attention.
  void retire_to(uint64_t cycle) {
    if (cycle >= next_event_) retire_due(cycle);
  }
  void retire_due(uint64_t cycle) { retire_due(cycle, cycle); }
  // And the XGKICK qwords due by `xgkick_until` (if later): for compiled code, which knows when that is exact.
  void retire_due(uint64_t cycle, uint64_t xgkick_until);
  void note_event(uint64_t cycle) { next_event_ = std::min(next_event_, cycle); }
  void stop(StopReason reason, std::string message);
  // The decoded micro memory, unshared first if a copy of this Vu1 shares it.
  DecodedMicro& writable_program();
  // The pair at the PC comes up at cycle_: the checks that may stop the program (cycle budget, invalid encoding,
  // no PATH1 receiver, an earlier XGKICK transfer that never ends), then its issue cycle and stall, kept in
  // waiting_*. False if the program stopped.
  bool come_up();
  // Issues the pair at the PC (coming up first if it has not) unless its issue cycle is `hold_from` or later: then
  // the clock moves to hold_from and the pair keeps waiting (stall_in_place).
  StopReason issue_before(uint64_t hold_from);
  void drain();
  static IssuePlan plan_issue(const DecodedBundle& bundle, const Vu1Config& config);
  // pair_execution.hpp: everything a pair does once it has issued at cycle_ (after `stall`), shared by step()
  // and the block runner. Returns the PC of the next pair.
  // `use` is the block's FlagUse for the pair (flag_liveness.hpp); always kLive outside blocks.
  uint32_t execute_pair(uint32_t pc, const Stall& stall, FlagUse use = FlagUse::kLive);
  // block_runner.cpp: runs the cached block at the PC if its entry is quiet (or held: held_entry), up to `until`;
  // false if it ran nothing (step() then takes the pair).
  bool run_block(uint64_t until);
  static constexpr int64_t kNoneMissed = INT64_MAX;
  // The earliest deadline of the block missed from `entry` (kNoneMissed: a quiet entry).
  int64_t earliest_missed_deadline(const Block& block, uint64_t entry) const;
  bool entry_is_quiet(const Block& block, uint64_t entry) const;
  // Where a block whose entry is not quiet is entered anyway (cycle, after its first pair's stall) and how many of
  // its pairs then run; no pairs when it cannot be.
  struct HeldEntry {
    uint64_t cycle = 0;
    size_t pairs = 0;
  };
  HeldEntry held_entry(const Block& block, uint64_t entry, uint64_t limit);
  // block_runner.cpp: pairs [first, count) of a block entered at `entry`, each that comes up before `limit`.
  struct PairsRun {
    size_t ran = 0;
    bool cut_by_limit = false;  // stopped before a pair that comes up at `limit` or later, the program still running
  };
  PairsRun run_block_pairs(const BlockPair* pairs, size_t first, size_t count, uint64_t entry, uint64_t limit,
                           bool generic_first);
  // A block run that `until` cut before its end, for the next run_block to go on with at the pair it stopped
  // before, on the same schedule (the clocked system steps VU1 one cycle at a time beside an active VIF1): the
  // schedule of a block depends only on what was in flight at its entry and on its own pairs, so the rest of the
  // block issues as it would have in one run. Valid only while the VU is exactly where the cut left it (the same
  // cycle, pair count and PC), which anything else that runs a pair changes; emptying the block cache drops it, and
  // a copy starts without one (as BlockCache does: the block belongs to the other Vu1's cache).
  struct CutBlock {
    CutBlock() = default;
    CutBlock(const CutBlock&) {}
    CutBlock& operator=(const CutBlock&) {
      block = nullptr;
      return *this;
    }
    const Block* block = nullptr;  // none
    const BlockPair* pairs = nullptr;  // its pairs or its whole_run_pairs, as the run took them
    uint32_t next = 0;   // the index of the pair it stopped before
    uint32_t count = 0;  // the pairs the entry was to run (fewer than the block's after a held entry)
    uint64_t entry = 0;
    uint64_t cycle = 0;  // cycle_ and stats_.pairs when it stopped
    uint64_t pairs_done = 0;
  };
  // Whether the VU is still where the last run_block's cut left it.
  bool at_cut_block() const {
    const CutBlock& cut = cut_block_;
    return cut.block != nullptr && cut.cycle == cycle_ && cut.pairs_done == stats_.pairs && running_ && !waiting_ &&
           cut.pairs[cut.next].pc == registers_.tpc;
  }
  // The leading pairs that issue before the earliest missed deadline.
  size_t quiet_prefix(const Block& block, uint64_t entry) const;
  // block_runner.cpp: execute_pair for a plain pair of a block (block.hpp's pair_shape), with every case the shape
  // rules out left out at compile time; one instance per shape.
  template <uint8_t kShape>
  static void run_plain_pair(Vu1& vu, const BlockPair& pair, uint64_t entry);
  using PlainPairFn = void (*)(Vu1&, const BlockPair&, uint64_t);
  // block_runner.cpp: the whole block from a quiet entry as compiled host code (Engine::kJit), and the blocks it
  // chains into; 0 if it cannot be compiled (the loop runs it then), else how the last block ended (kBlockCut,
  // kBlockWhole: block_compiler.hpp). The code counts the blocks' BlockStats entries and pairs.
  uint64_t run_compiled(const Block& block, const BlockPair* pairs, uint64_t entry);
  std::vector<jit::CompileRequest> blocks_ahead(const Block& block, size_t limit);
  void compile_held_entry(uint32_t pc);
  // What compiled code needs of this Vu1 (emu/vu/jit/vu_abi.hpp), and the steps it calls out of line.
  jit::VuAbi jit_abi();
  // Micro memory at [first, first + count) changed: the compiled blocks on it go (all of them if the program was
  // unshared, since every compiled block points into the program it was compiled from).
  void invalidate_compiled(uint32_t first, uint32_t count, bool unshared);
  // upper_ops.cpp: one function per FMAC form, other upper op and FlagUse (template instances).
  static UpperFn upper_function(const UpperPlan& plan, FlagUse use);
  template <Arith kArith, Second kSecond, bool kToAcc, FlagUse kUse>
  static void upper_fmac(Vu1& vu, const DecodedOp& op, const OpInfo& info);
  template <UpperKind kKind, FixedPoint kFixed, FlagUse kUse>
  static void upper_other(Vu1& vu, const DecodedOp& op, const OpInfo& info);
  static void upper_nop(Vu1&, const DecodedOp&, const OpInfo&) {}
  template <FlagUse kUse>
  void finish_upper(const OpInfo& info, const Vec4& result, uint16_t mac, uint8_t sticky);
  // lower_ops.cpp: one function per opcode. VF results are returned in `out` rather than written, so the upper
  // op's write can win.
  static LowerFn lower_function(Opcode op);
  template <Opcode kOp>
  static void lower_op(Vu1& vu, const DecodedOp& op, const OpInfo& info, uint32_t pc, LowerResult& out);
  void start_efu(const OpInfo& info, uint32_t p);

  Vu1Config config_;
  Registers registers_;
  DataMemory data_;
  // Shared with copies of this Vu1 until one of them writes micro memory (decoded_micro.hpp).
  std::shared_ptr<DecodedMicro> program_;
  BlockCache blocks_;  // a copy of the Vu1 starts with an empty cache (block.hpp)
  jit::CodeCache jit_;  // likewise

  FmacPipeline fmac_;
  FlagPipeline flags_;
  FdivUnit fdiv_;
  EfuUnit efu_;
  IntegerLoadPipeline integer_loads_;
  BranchViHistory branch_history_;
  XgkickUnit xgkick_;
  FieldMask acc_overflow_ = 0;  // per ACC field: its last write overflowed (ACC-overflow persistence)
  // The MAC/status results left out as dead, for the sticky bits of the kLiveCarrying result after them
  // (flag_liveness.hpp): the OR of their sticky Z/S/U/O in bits 16-19 (a result's sticky bits hold its own Z/S/U/O
  // and its multiply stage's: FmacResult::sticky). Bits 0-15 mean nothing (the JIT's dead ops to ACC leave their MAC
  // O bits there).
  // Only a run of a whole block sets it, and that block's own kLiveCarrying op empties it again before the block
  // ends: it is 0 whenever anything outside a block can look.
  uint32_t dead_flags_ = 0;

  Path1Port* path1_ = nullptr;
  PairObserver* observer_ = nullptr;
  uint16_t top_ = 0;
  uint16_t itop_ = 0;

  uint64_t cycle_ = 0;
  uint64_t start_cycle_ = 0;
  uint64_t next_event_ = 0;  // no flag/FDIV/EFU commit or XGKICK qword is due before this cycle
  bool running_ = false;
  bool waiting_ = false;         // the pair at the PC has come up and not issued yet
  uint64_t waiting_issue_ = 0;   // the cycle it issues at
  Stall waiting_stall_;          // its stall, measured from the cycle it came up
  bool branch_pending_ = false;  // the pair just executed was a taken branch: the next one is its delay slot
  uint32_t branch_target_ = 0;
  bool end_pending_ = false;  // the pair just executed had the E bit: the next one is the last
  StopReason stop_reason_ = StopReason::kRunning;
  std::string stop_message_;
  Vu1Stats stats_;
  BlockStats block_stats_;
  CutBlock cut_block_;
  uint64_t jit_limit_ = 0;  // run_block's limit while compiled code runs (for chaining: block_compiler.hpp)
  // Set by compiled code with no held entry (block_compiler.hpp) whose chained entry was refused as not quiet: the
  // block's start PC + 1, for run_compiled to compile it again with its held entry. 0 whenever no code runs.
  uint32_t jit_held_wanted_ = 0;
};

}  // namespace gcvu::vu
