#include "emu/vu/jit/block_compiler.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <utility>

#include <xbyak/xbyak.h>

#include "emu/vu/float/fdiv_kernel.hpp"
#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/lane_kernel.hpp"
#include "emu/vu/float/reciprocal_table.hpp"
#include "emu/vu/interpreter/upper_plan.hpp"
#include "emu/vu/jit/divisor_prefetch.hpp"
#include "emu/vu/pipeline/flag_pipeline.hpp"
#include "emu/vu/pipeline/fmac_pipeline.hpp"
#include "emu/vu/pipeline/integer_pipeline.hpp"

namespace gcvu::vu::jit {

#if defined(__x86_64__)
namespace {

// inline_ftoi's constants for one n, lane for lane (16-byte aligned memory operands for the SSE2 instructions).
struct alignas(16) FtoiConstants {
  std::array<uint32_t, 4> exponent_mask;
  std::array<uint32_t, 4> last_unsaturated;  // 0x9D - n: the largest exponent field that does not saturate
  std::array<uint32_t, 4> scale;             // n << 23: added to a float's bits, multiplies it by 2^n
  std::array<uint32_t, 4> saturated;         // 0x7FFFFFFF: plus the sign bit, FTOI's saturated value
};
constexpr FtoiConstants ftoi_constants(uint32_t n) {
  const auto lanes = [](uint32_t v) { return std::array<uint32_t, 4>{v, v, v, v}; };
  return {lanes(0xff), lanes(0x9d - n), lanes(n << 23), lanes(0x7fffffff)};
}
constexpr std::array<FtoiConstants, 4> kFtoiConstants = {ftoi_constants(0), ftoi_constants(4), ftoi_constants(12),
                                                         ftoi_constants(15)};
constexpr size_t ftoi_format_index(FixedPoint fixed) {
  switch (fixed) {
    case FixedPoint::k0: return 0;
    case FixedPoint::k4: return 1;
    case FixedPoint::k12: return 2;
    case FixedPoint::k15: return 3;
  }
  return 0;
}
// Per FieldMask (x = bit 3 .. w = bit 0), all ones in the lanes it selects.
struct alignas(16) LaneMask {
  std::array<uint32_t, 4> lanes;
};
constexpr std::array<LaneMask, 16> field_lane_masks() {
  std::array<LaneMask, 16> masks{};
  for (uint32_t fields = 0; fields < 16; ++fields) {
    for (int lane = 0; lane < 4; ++lane) {
      masks[fields].lanes[static_cast<size_t>(lane)] = has_lane(static_cast<FieldMask>(fields), lane) ? ~0u : 0u;
    }
  }
  return masks;
}
constexpr std::array<LaneMask, 16> kFieldLaneMasks = field_lane_masks();

// The System V calling convention: arguments in rdi, rsi, rdx, rcx, r8; rbx, r12, r13 survive calls.
// Held for the whole block: rbx = the Vu1, r12 = the entry cycle, r13d = the old VI of a history pair; [rsp] is the
// pair's LowerResult.
class BlockEmitter : public Xbyak::CodeGenerator {
 public:
  // The code is written at `buffer` and runs `run_offset` bytes from there (CodeArena::run_address).
  BlockEmitter(size_t bytes, uint8_t* buffer, ptrdiff_t run_offset, const VuAbi& abi, JitFault fault, bool held_entry)
      : Xbyak::CodeGenerator(bytes, buffer),
        run_offset_(run_offset),
        abi_(abi),
        fault_(fault),
        with_held_entry_(held_entry) {}

  void block(std::span<const BlockPair> pairs, std::span<const BlockPair> kept, const Block& info,
             const DecodedMicro& program) {
    push(rbx);
    push(r12);
    push(r13);
    sub(rsp, kFrame);  // three pushes and the return address: rsp stays 16-byte aligned at each call
    mov(rbx, rdi);
    mov(r12, rsi);
    Xbyak::Label body;
    jmp(body, T_NEAR);
    // The ways out, ahead of the code that takes them, so that jumps to them go back (cheaper for xbyak to emit:
    // chained_entry). Restore and return eax:
    L(return_);
    add(rsp, kFrame);
    pop(r13);
    pop(r12);
    pop(rbx);
    ret();
    // The block stopped after eax pairs, before its last.
    L(cut_);
    count_block_eax();
    mov(eax, static_cast<uint32_t>(kBlockCut));
    jmp(return_, T_NEAR);
    if (with_held_entry_) plan_held_prefixes(info);
    chained_entry(pairs, info, program, body);
    L(body);
    const std::vector<std::vector<DivisorLane>> prefetches = plan_divisor_prefetches(pairs, program);
    prefetch_divisor_lines(prefetches.front());
    bool after_branch = false;  // the pair before was a branch: this one is its delay slot
    bool after_end = false;     // an E bit came before: execute_pair's end handling applies
    for (size_t n = 0; n < pairs.size(); ++n) {
      const BlockPair& pair = pairs[n];
      const DecodedBundle& bundle = program.decoded[pair.pc];
      const IssuePlan& plan = program.plans[pair.pc];
      const bool branch = bundle.lower_info.is_branch;
      const bool own_rules = !after_end && !plan.e_bit && !plan.d_bit && !plan.t_bit && !plan.stops;
      const bool last = n + 1 == pairs.size();
      bool generic = false;
      if (pair.shape != pair_shape::kGeneric) {
        plain_pair(pair, pair.shape, bundle, plan, n, pairs.size());
        deferred_.tpc = static_cast<uint16_t>((pair.pc + 1) % kMicroInstructions);
      } else if (own_rules && branch && !after_branch) {
        plain_pair(pair, pair_shape_bits(bundle, plan, pair.issue != pair.pre), bundle, plan, n, pairs.size());
        branch_taken();
        deferred_.tpc = static_cast<uint16_t>((pair.pc + 1) % kMicroInstructions);
      } else if (own_rules && !branch && after_branch) {
        plain_pair(pair, pair_shape_bits(bundle, plan, pair.issue != pair.pre), bundle, plan, n, pairs.size());
        delay_slot_done(pair, n, pairs.size());
      } else {
        generic_pair(kept[n], n, pairs.size());
        generic = true;
      }
      // cycle_ counts up after the pair (execute_pair does it for a generic one); the next pair sets it to its own
      // issue cycle anyway.
      if (last && !generic && fault_ != JitFault::kBrokenLastCycle) deferred_.cycle = pair.issue + 1;
      after_branch = branch;
      after_end = after_end || plan.e_bit;
      previous_history_ = plan.records_history ? plan.history_vi & 15 : kNoHistory;
      prefetch_divisor_lines(prefetches[n + 1]);
    }
    resolve_kick_horizons(pairs.back().issue);
    flush();
    // The block ran whole (here, or from a pair that ended it at its last pair).
    L(whole_);
    count_block(static_cast<uint32_t>(pairs.size()));
    chain_on();
    held_prefixes(info, program);
  }

  const void* chain_entry() const { return chain_entry_; }

 private:
  // [rsp]: the pair's LowerResult; [rsp + kScratch]: where an inline FMAC op with VF00 as destination writes;
  // [rsp + kPendingMacs]: the flag words of the live results held back (PendingMac), one uint32_t per slot.
  static constexpr uint32_t kScratch = (sizeof(LowerResult) + 15) / 16 * 16;
  static constexpr uint32_t kPendingMacs = kScratch + 16;
  static constexpr uint32_t kPendingSlots = 4;
  static constexpr uint32_t kFrame = kPendingMacs + 4 * kPendingSlots;
  static_assert(kFrame % 16 == 0);
  static_assert(kFrame <= 80);
  static constexpr uint32_t kLowerFields = offsetof(LowerResult, vf_write) + offsetof(VfUse, fields);
  static constexpr uint32_t kBranchTaken = offsetof(LowerResult, branch_taken);
  static constexpr uint32_t kLowerReg = offsetof(LowerResult, vf_write) + offsetof(VfUse, reg);
  static constexpr uint32_t kLowerValue = offsetof(LowerResult, vf_value);
  static constexpr uint32_t kBranchTarget = offsetof(LowerResult, branch_target);

  Xbyak::Address vu(int32_t offset, size_t width) {
    switch (width) {
      case 1: return byte[rbx + offset];
      case 2: return word[rbx + offset];
      case 4: return dword[rbx + offset];
      default: return qword[rbx + offset];
    }
  }
  // Where the next byte written will run. Only absolute targets need it: xbyak's labels are relative within the code.
  const uint8_t* run_position() const { return getCurr() + run_offset_; }
  // A direct call (rel32) when the arena lies within ±2 GiB of the target, as CodeArena tries to arrange; else through
  // rax. The displacement is from where the code runs.
  template <typename Fn>
  void call_fn(Fn* fn) {
    const auto target = reinterpret_cast<intptr_t>(fn);
    const intptr_t displacement = target - reinterpret_cast<intptr_t>(run_position() + 5);
    if (displacement >= INT32_MIN && displacement <= INT32_MAX) {
      db(0xe8);
      dd(static_cast<uint32_t>(static_cast<int32_t>(displacement)));
    } else {
      mov(rax, static_cast<uint64_t>(target));
      call(rax);
    }
  }
  // A forward `jb` over a few bytes of code, without an Xbyak::Label: a label goes through xbyak's hash maps (several
  // hundred host instructions to define, use and destroy), and the retire check, in every pair, was most of a cold
  // compile's labels. The jump is relative, so the rel8 is patched where it was written once the code it
  // skips is written; land() checks that it fits.
  struct ShortJump {
    size_t at = 0;  // the offset of the jump's rel8 byte
  };
  ShortJump jump_short_if_below() {
    db(0x72);  // jb rel8
    db(0);
    return {getSize() - 1};
  }
  void land(const ShortJump& jump) {
    const size_t distance = getSize() - (jump.at + 1);
    if (distance > 127) throw Xbyak::Error(Xbyak::ERR_LABEL_IS_TOO_FAR);
    const_cast<uint8_t*>(getCode())[jump.at] = static_cast<uint8_t>(distance);
  }

  // Stores the code leaves out until something can see them (each pair's cycle_, Vu1Stats::pairs and next PC, and
  // the FMAC drain cycle of its newest VF write): nothing compiled inline reads them, no kernel does (fmac_kernel.hpp,
  // lane_kernel.hpp: lanes in, lanes out), and retire_due does not (it is given the cycle, and commits flags, Q, P
  // and XGKICK qwords). So each is stored before the next call that may read it (a handler or a hook) and on every
  // way out of the block, not at every pair: at those points memory holds what run_plain_pair leaves there.
  struct Deferred {
    std::optional<uint32_t> cycle;       // cycle_ = entry + this
    uint32_t pairs = 0;                  // still to add to Vu1Stats::pairs
    std::optional<uint16_t> tpc;         // Registers::tpc
    std::optional<uint32_t> last_ready;  // FmacPipeline's drain cycle = entry + this
  };
  // Emits `d`'s stores (r11 is the only register it uses).
  void store(const Deferred& d) {
    if (d.cycle) {
      lea(r11, ptr[r12 + *d.cycle]);
      mov(vu(abi_.layout.cycle, 8), r11);
    }
    if (d.pairs != 0) add(vu(abi_.layout.pairs, 8), d.pairs);
    if (d.tpc) mov(vu(abi_.layout.tpc, 2), *d.tpc);
    if (d.last_ready && fault_ != JitFault::kBrokenDeferredDrain) {
      lea(r11, ptr[r12 + *d.last_ready]);
      mov(qword[rbx + abi_.layout.fmac + FmacPipeline::layout().last_ready], r11);
    }
  }
  Deferred cycle_only() const {
    Deferred d;
    d.cycle = deferred_.cycle;
    return d;
  }
  Deferred drain_only() const {
    Deferred d;
    d.last_ready = deferred_.last_ready;
    return d;
  }
  // Vu1Stats::pairs as run_plain_pair would have it now, in rax.
  void pairs_in_rax() {
    mov(rax, vu(abi_.layout.pairs, 8));
    if (deferred_.pairs != 0) add(rax, deferred_.pairs);
  }
  // Before a call that may read or change any of them (a handler, generic_pair), and at the block's end; the live
  // results held back go into the flag pipeline first (PendingMac).
  void flush() {
    push_pending_macs();
    pending_macs_.clear();
    hand_over_fdiv();
    held_fdiv_.reset();
    store(deferred_);
    deferred_ = {};
  }
  // Leaves the block after pair n (of `count`), with the deferred stores `d`: whole if it was the last, else cut short
  // after n + 1 pairs. The code that goes on (a pair that did not leave) keeps its own deferred stores and results
  // held back.
  void leave_after(size_t n, size_t count) { leave_after(n, count, deferred_); }
  void leave_after(size_t n, size_t count, const Deferred& d) {
    resolve_kick_horizons(current_issue_);
    push_pending_macs();
    hand_over_fdiv();
    store(d);
    if (n + 1 == count && !in_prefix_) {
      jmp(whole_, T_NEAR);
    } else {
      mov(eax, static_cast<uint32_t>(n + 1));
      jmp(cut_, T_NEAR);
    }
  }
  void return_if_stopped(size_t n, size_t count) {
    Xbyak::Label go_on;
    cmp(vu(abi_.layout.running, 1), 0);
    jne(go_on, T_NEAR);
    leave_after(n, count);
    L(go_on);
  }

  // run_block's count of a block it ran: one entry, and its pairs (`pairs`, or eax for count_block_eax).
  void count_block(uint32_t pairs) {
    inc(qword[rbx + abi_.layout.block_entries]);
    add(qword[rbx + abi_.layout.block_pairs], pairs);
  }
  void count_block_eax() {
    inc(qword[rbx + abi_.layout.block_entries]);
    add(qword[rbx + abi_.layout.block_pairs], rax);  // eax was written as a 32-bit value: rax holds it
  }

  // After a whole block: run_block's loop would go on to the block at the PC if the program still runs, the clock
  // is before the limit, and no delay slot or E-bit pair is left waiting (generic_first); if code is cached there,
  // jump into its chained entry, which checks the rest. Else return kBlockWhole (return_whole_).
  void chain_on() {
    const VuLayout& at = abi_.layout;
    Xbyak::Label& no = return_whole_;
    cmp(vu(at.running, 1), 0);
    je(no, T_NEAR);
    mov(rax, vu(at.jit_limit, 8));
    cmp(vu(at.cycle, 8), rax);
    jae(no, T_NEAR);
    cmp(vu(at.branch_pending, 1), 0);
    jne(no, T_NEAR);
    cmp(vu(at.end_pending, 1), 0);
    jne(no, T_NEAR);
    movzx(eax, vu(at.tpc, 2));
    and_(eax, kMicroInstructions - 1);
    mov(rax, qword[rbx + rax * 8 + at.chain_entries]);
    test(rax, rax);
    jz(no, T_NEAR);
    jmp(rax);
  }

  // Where the block before jumps in (chain_on), with this code's stack frame and rbx set: run_block's checks for
  // this block from the entry at cycle_, as far as they are cheap, then its dead-result count, then the pairs.
  // When a check fails it returns kBlockWhole (for the block before), and run_block's loop makes the full check.
  // The quiet test is Vu1::entry_is_quiet's (block_runner.cpp) in host code: a rule added there goes here too. Every
  // block shares one prologue and kFrame, which is what lets the block before jump in with its own frame.
  void chained_entry(std::span<const BlockPair> pairs, const Block& info, const DecodedMicro& program,
                     Xbyak::Label& body) {
    const VuLayout& at = abi_.layout;
    Xbyak::Label not_quiet;
    // The deadline tests jump back to this jump on, and every refusal (and chain_on's) back to the return below it
    // (neither reachable but by jumps): a jump to a label already defined costs xbyak one lookup, one to a label
    // still to come a record in its table of pending jumps and a fix-up when the label is defined.
    Xbyak::Label to_not_quiet;
    L(to_not_quiet);
    jmp(not_quiet, T_NEAR);
    Xbyak::Label& refuse = return_whole_;
    L(refuse);
    mov(eax, static_cast<uint32_t>(kBlockWhole));
    jmp(return_, T_NEAR);
    chain_entry_ = run_position();
    mov(r12, vu(at.cycle, 8));  // the entry cycle
    // rdx = r12 + offset, unless it holds that already (deadlines come in ascending order, often several alike).
    std::optional<int64_t> in_rdx;
    const auto entry_plus_in_rdx = [&](int64_t offset) {
      if (in_rdx == offset) return;
      lea(rdx, ptr[r12 + offset]);
      in_rdx = offset;
    };
    // Whole-run liveness and the JIT's entry-state class: the last pair comes up before the limit.
    lea(rdx, ptr[r12 + pairs.back().pre]);
    cmp(rdx, vu(at.jit_limit, 8));
    jae(refuse, T_NEAR);
    // entry_is_quiet per unit: when something in flight lands after the block's earliest deadline on it (the
    // unit's drain cycle, its newest write's ready cycle, is the latest of them), each deadline's own field or VI
    // must be ready by it. (entry_is_quiet stops at the first deadline at or past the drain cycle: every later one
    // is met, as no field is ready after the drain cycle.)
    // Here only a deadline below the unit's latency - 1 can be missed, so the others are not tested: every write in
    // flight was issued by a pair before the entry, at entry - 1 or earlier (the code before leaves cycle_ one past
    // its last pair's issue, as execute_pair does), so it is ready by entry - 1 + latency at the latest (the FMAC and
    // integer-load pipelines' ready cycle is issue + kLatency).
    static_assert(FmacPipeline::kLatency == IntegerLoadPipeline::kLatency);
    const auto missable = [](uint32_t deadline) { return deadline + 1 < FmacPipeline::kLatency; };
    if (!info.vf_deadlines.empty() && missable(info.vf_deadline_min) && fault_ != JitFault::kBrokenChainQuiet) {
      const FmacPipeline::Layout in = FmacPipeline::layout();
      Xbyak::Label quiet;
      entry_plus_in_rdx(info.vf_deadline_min);
      cmp(qword[rbx + at.fmac + in.last_ready], rdx);
      jbe(quiet, T_NEAR);
      for (const FieldDeadline& d : info.vf_deadlines) {
        if (!missable(d.deadline)) break;  // nor any after it (ascending)
        entry_plus_in_rdx(d.deadline);
        cmp(qword[rbx + at.fmac + in.ready + 8 * static_cast<int32_t>(4 * (d.reg & 31) + (d.lane & 3))], rdx);
        ja(to_not_quiet, T_NEAR);
      }
      L(quiet);  // reached with rdx = r12 + vf_deadline_min or from the last test: not known here
      in_rdx.reset();
    }
    if (!info.vi_deadlines.empty() && missable(info.vi_deadline_min)) {
      const IntegerLoadPipeline::Layout in = IntegerLoadPipeline::layout();
      Xbyak::Label quiet;
      entry_plus_in_rdx(info.vi_deadline_min);
      cmp(qword[rbx + at.integer_loads + in.last_ready], rdx);
      jbe(quiet, T_NEAR);
      for (const ViDeadline& d : info.vi_deadlines) {
        if (!missable(d.deadline)) break;
        if (d.vi == 0) continue;  // IntegerLoadPipeline::ready_cycle: VI00 is always ready
        entry_plus_in_rdx(d.deadline);
        cmp(qword[rbx + at.integer_loads + in.ready + 8 * static_cast<int32_t>(d.vi & 15)], rdx);
        ja(to_not_quiet, T_NEAR);
      }
      L(quiet);
      in_rdx.reset();
    }
    // FdivUnit::free_cycle (busy ? ready : 0) and EfuUnit::free_cycle (busy ? ready - 1 : 0) by the deadline.
    if (info.fdiv_deadline != Block::kNoDeadline) {
      refuse_if_busy_past(at.fdiv_busy, at.fdiv_ready, info.fdiv_deadline, to_not_quiet);
    }
    if (info.efu_deadline != Block::kNoDeadline) {
      refuse_if_busy_past(at.efu_busy, at.efu_ready, info.efu_deadline + 1, to_not_quiet);
    }
    inc(qword[rbx + at.block_chained]);
    if (info.dead_flag_results != 0) add(qword[rbx + at.block_dead], static_cast<uint32_t>(info.dead_flag_results));
    jmp(body, T_NEAR);
    L(not_quiet);
    if (with_held_entry_) {
      held_entry(pairs, info, program, body, refuse);  // which ends in a jump to refuse
    } else {
      want_held_entry(info, program);
      jmp(refuse, T_NEAR);
    }
  }

  // A chained entry that is not quiet: Vu1::held_entry (block_runner.cpp) in host code, step by step, for the
  // cases it enters the block with no per-pair step in between: the block's first pair issues at r8 (issue_cycle,
  // after a stall for something from before the block, its decisive hazard explain_stall's: the first in the same
  // order to reach r8), and from r8 either every deadline is met (the whole block runs from r8, and its flag
  // liveness holds as the runner's loop would apply it: its last pair comes up before the limit) or the pairs before
  // the earliest missed one run alone (quiet_prefix: a held prefix, compiled as its own copy of those pairs with
  // every flag result live, as the loop runs Block::pairs then; held_prefixes). The stall, the stalled and prefix
  // entries and BlockStats are charged as held_entry and the loop charge them. Anything else (a prefix with no
  // copy, a limit in the way) goes to `refuse`, having changed nothing, and the loop decides. A rule added to
  // held_entry goes here too.
  void held_entry(std::span<const BlockPair> pairs, const Block& info, const DecodedMicro& program, Xbyak::Label& body,
                  Xbyak::Label& refuse) {
    const VuLayout& at = abi_.layout;
    const IssuePlan& plan = program.plans[info.pairs.front().pc];
    if (plan.invalid || plan.wait == IssuePlan::Wait::kXgkick) {  // held_entry never enters these
      jmp(refuse, T_NEAR);
      return;
    }
    // issue_cycle and explain_stall: r8 = the issue cycle, r9d = the decisive hazard's StallCause.
    mov(r8, r12);
    mov(r9d, static_cast<uint32_t>(StallCause::kNone));
    const auto hazard = [&](StallCause cause) {  // rax: the hazard's ready cycle
      Xbyak::Label not_later;
      cmp(rax, r8);
      jbe(not_later);
      mov(r8, rax);
      mov(r9d, static_cast<uint32_t>(cause));
      L(not_later);
    };
    const FmacPipeline::Layout fmac = FmacPipeline::layout();
    for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
      const VfUse& read = plan.vf_reads[n];  // FmacPipeline::ready_cycle: the latest of the fields' lanes
      xor_(eax, eax);
      for (int lane = 0; lane < 4; ++lane) {
        if (!has_lane(read.fields, lane)) continue;
        mov(rcx, qword[rbx + at.fmac + fmac.ready + 8 * static_cast<int32_t>(4 * (read.reg & 31) + lane)]);
        cmp(rax, rcx);
        cmovb(rax, rcx);
      }
      hazard(StallCause::kFmacVf);
    }
    const IntegerLoadPipeline::Layout loads = IntegerLoadPipeline::layout();
    for (uint16_t reads = plan.vi_reads; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
      const int vi = std::countr_zero(reads);
      if ((vi & 15) == 0) continue;  // VI00 is always ready
      mov(rax, qword[rbx + at.integer_loads + loads.ready + 8 * (vi & 15)]);
      hazard(StallCause::kIntegerLoad);
    }
    const auto unit_free = [&](int32_t busy, int32_t ready, bool efu, StallCause cause) {
      Xbyak::Label idle;  // FdivUnit::free_cycle (busy ? ready : 0), EfuUnit::free_cycle (busy ? ready - 1 : 0)
      xor_(eax, eax);
      cmp(vu(busy, 1), 0);
      je(idle);
      mov(rax, vu(ready, 8));
      if (efu) dec(rax);
      L(idle);
      hazard(cause);
    };
    switch (plan.wait) {
      case IssuePlan::Wait::kFdiv: unit_free(at.fdiv_busy, at.fdiv_ready, false, StallCause::kFdivBusy); break;
      case IssuePlan::Wait::kWaitQ: unit_free(at.fdiv_busy, at.fdiv_ready, false, StallCause::kWaitQ); break;
      case IssuePlan::Wait::kEfu: unit_free(at.efu_busy, at.efu_ready, true, StallCause::kEfuBusy); break;
      case IssuePlan::Wait::kWaitP: unit_free(at.efu_busy, at.efu_ready, true, StallCause::kWaitP); break;
      default: break;
    }
    cmp(r8, vu(at.jit_limit, 8));  // a first pair issuing at or past the limit is left to the per-pair path
    jae(refuse, T_NEAR);
    // quiet_prefix from r8: r10d = the pairs issuing before the earliest deadline missed (all of them if none is).
    const uint32_t all = static_cast<uint32_t>(info.pairs.size());
    mov(r10d, all);
    const auto fewer = [&](uint32_t count) {  // r10d = min(r10d, count)
      mov(eax, count);
      cmp(r10d, eax);
      cmova(r10d, eax);
    };
    if (!info.vf_deadlines.empty()) {  // ascending: the first missed is the earliest on the FMAC
      Xbyak::Label done;
      lea(rdx, ptr[r8 + info.vf_deadline_min]);
      cmp(qword[rbx + at.fmac + fmac.last_ready], rdx);
      jbe(done, T_NEAR);
      for (const FieldDeadline& d : info.vf_deadlines) {
        Xbyak::Label met;
        lea(rdx, ptr[r8 + d.deadline]);
        cmp(qword[rbx + at.fmac + fmac.ready + 8 * static_cast<int32_t>(4 * (d.reg & 31) + (d.lane & 3))], rdx);
        jbe(met);
        fewer(pairs_before(info, d.deadline));
        jmp(done, T_NEAR);
        L(met);
      }
      L(done);
    }
    if (!info.vi_deadlines.empty()) {
      Xbyak::Label done;
      lea(rdx, ptr[r8 + info.vi_deadline_min]);
      cmp(qword[rbx + at.integer_loads + loads.last_ready], rdx);
      jbe(done, T_NEAR);
      for (const ViDeadline& d : info.vi_deadlines) {
        if ((d.vi & 15) == 0) continue;
        Xbyak::Label met;
        lea(rdx, ptr[r8 + d.deadline]);
        cmp(qword[rbx + at.integer_loads + loads.ready + 8 * static_cast<int32_t>(d.vi & 15)], rdx);
        jbe(met);
        fewer(pairs_before(info, d.deadline));
        jmp(done, T_NEAR);
        L(met);
      }
      L(done);
    }
    const auto unit_deadline = [&](int32_t busy, int32_t ready, int32_t deadline, int32_t missed_at) {
      Xbyak::Label met;
      cmp(vu(busy, 1), 0);
      je(met);
      lea(rdx, ptr[r8 + missed_at]);
      cmp(vu(ready, 8), rdx);
      jbe(met);
      fewer(pairs_before(info, deadline));
      L(met);
    };
    if (info.fdiv_deadline != Block::kNoDeadline) {
      unit_deadline(at.fdiv_busy, at.fdiv_ready, info.fdiv_deadline, info.fdiv_deadline);
    }
    if (info.efu_deadline != Block::kNoDeadline) {
      unit_deadline(at.efu_busy, at.efu_ready, info.efu_deadline, info.efu_deadline + 1);
    }
    // The whole block from r8, where held_entry would run it whole and the loop take the compiled code: the first
    // pair stalled, and the last comes up before the limit.
    Xbyak::Label prefix;
    cmp(r10d, all);
    jne(prefix, T_NEAR);
    cmp(r8, r12);
    je(refuse, T_NEAR);
    lea(rdx, ptr[r8 + pairs.back().pre]);
    cmp(rdx, vu(at.jit_limit, 8));
    jae(refuse, T_NEAR);
    charge_held_stall();
    inc(qword[rbx + at.block_chained]);
    inc(qword[rbx + at.block_held]);
    if (info.dead_flag_results != 0) add(qword[rbx + at.block_dead], static_cast<uint32_t>(info.dead_flag_results));
    mov(r12, r8);
    jmp(body, T_NEAR);
    // A held prefix with a compiled copy, all of whose pairs come up before the limit (the loop would cut it).
    L(prefix);
    for (HeldPrefix& copy : prefixes_) {
      Xbyak::Label other;
      cmp(r10d, copy.pairs);
      jne(other, T_NEAR);
      lea(rdx, ptr[r8 + info.pairs[copy.pairs - 1].pre]);
      cmp(rdx, vu(at.jit_limit, 8));
      jae(refuse, T_NEAR);
      Xbyak::Label not_stalled;
      cmp(r8, r12);
      je(not_stalled, T_NEAR);
      charge_held_stall();
      L(not_stalled);
      inc(qword[rbx + at.block_prefix]);
      inc(qword[rbx + at.block_chained]);
      inc(qword[rbx + at.block_held]);
      mov(r12, r8);
      jmp(copy.code, T_NEAR);
      L(other);
    }
    jmp(refuse, T_NEAR);
  }

  // Code compiled without a held entry (most blocks are never entered chained and not quiet, and the held entry's
  // tests and prefix copies cost more to compile than the rest of a block) asks for one, unless held_entry would
  // refuse anyway: Vu1::run_compiled then compiles the block again with it. Either way this entry refuses.
  void want_held_entry(const Block& info, const DecodedMicro& program) {
    const IssuePlan& plan = program.plans[info.pairs.front().pc];
    if (plan.invalid || plan.wait == IssuePlan::Wait::kXgkick) return;
    mov(dword[rbx + abi_.layout.held_wanted], info.pairs.front().pc + 1);
  }

  // held_entry's charge for a first pair held from r12 to r8 by the hazard r9d: its stall, the branch-history
  // barrier (Vu1Stats::pairs is stored: the block before flushed its deferred stores) and the stalled entry.
  void charge_held_stall() {
    const VuLayout& at = abi_.layout;
    mov(rax, r8);
    sub(rax, r12);
    if (fault_ == JitFault::kBrokenStalledEntry) dec(rax);
    if (fault_ == JitFault::kBrokenHeldCause) xor_(r9d, r9d);
    add(vu(at.stall_cycles, 8), rax);
    add(qword[rbx + r9 * 8 + at.stall_by_cause], rax);
    mov(rax, vu(at.pairs, 8));
    mov(vu(at.branch_history + BranchViHistory::layout().barrier, 8), rax);
    inc(qword[rbx + at.block_stalled]);
  }

  // quiet_prefix for a deadline missed at `deadline`: the pairs issuing before it.
  uint32_t pairs_before(const Block& info, int64_t deadline) const {
    if (fault_ == JitFault::kBrokenHeldEntry) ++deadline;  // as Vu1::quiet_prefix: lets the reader in
    return static_cast<uint32_t>(info.pairs_issuing_before(deadline));
  }

  // The held prefixes compiled as their own copies: every length quiet_prefix can give for one of the block's
  // deadlines, up to kMaxPrefixPairs pairs, whose pairs are all plain (the copy has no branch or E-bit handling).
  // Real microcode's common case is one pair (tfrag: the pair before a WAITQ, after a stall on an FTOI result).
  static constexpr uint32_t kMaxPrefixPairs = 4;
  struct HeldPrefix {
    uint32_t pairs = 0;
    Xbyak::Label code;
  };
  void plan_held_prefixes(const Block& info) {
    std::vector<int64_t> deadlines;
    for (const FieldDeadline& d : info.vf_deadlines) deadlines.push_back(d.deadline);
    for (const ViDeadline& d : info.vi_deadlines) {
      if ((d.vi & 15) != 0) deadlines.push_back(d.deadline);
    }
    if (info.fdiv_deadline != Block::kNoDeadline) deadlines.push_back(info.fdiv_deadline);
    if (info.efu_deadline != Block::kNoDeadline) deadlines.push_back(info.efu_deadline);
    std::array<bool, kMaxPrefixPairs + 1> wanted{};
    for (int64_t deadline : deadlines) {
      const uint32_t count = pairs_before(info, deadline);
      if (count == 0 || count > kMaxPrefixPairs || count >= info.pairs.size()) continue;
      bool plain = true;
      for (uint32_t n = 0; n < count; ++n) plain = plain && info.pairs[n].shape != pair_shape::kGeneric;
      wanted[count] = wanted[count] || plain;
    }
    for (uint32_t count = 1; count <= kMaxPrefixPairs; ++count) {
      if (wanted[count]) prefixes_.emplace_back().pairs = count;
    }
  }

  // Each held prefix's copy (held_entry jumps in with r12 = its entry cycle, stats charged): Vu1::run_block's loop
  // running the block's first pairs from Block::pairs (every flag result live) by run_plain_pair, then counting the
  // entry and going on to the block at the PC, as after a whole block (chain_on).
  void held_prefixes(const Block& info, const DecodedMicro& program) {
    in_prefix_ = true;
    for (HeldPrefix& copy : prefixes_) {
      L(copy.code);
      deferred_ = {};
      previous_history_ = kUnknownHistory;
      for (uint32_t n = 0; n < copy.pairs; ++n) {
        const BlockPair& pair = info.pairs[n];
        const IssuePlan& plan = program.plans[pair.pc];
        plain_pair(pair, pair.shape, program.decoded[pair.pc], plan, n, copy.pairs);
        deferred_.tpc = static_cast<uint16_t>((pair.pc + 1) % kMicroInstructions);
        previous_history_ = plan.records_history ? plan.history_vi & 15 : kNoHistory;
      }
      if (fault_ != JitFault::kBrokenLastCycle) deferred_.cycle = info.pairs[copy.pairs - 1].issue + 1;
      resolve_kick_horizons(info.pairs[copy.pairs - 1].issue);
      flush();
      count_block(copy.pairs);
      chain_on();
    }
  }

  // To `refuse` when the unit (its busy flag and ready cycle at these offsets) is busy and ready after the entry
  // cycle (r12) plus `deadline`.
  void refuse_if_busy_past(int32_t busy, int32_t ready, int32_t deadline, Xbyak::Label& refuse) {
    Xbyak::Label idle;
    cmp(vu(busy, 1), 0);
    je(idle, T_NEAR);
    lea(rdx, ptr[r12 + deadline]);
    cmp(vu(ready, 8), rdx);
    ja(refuse, T_NEAR);
    L(idle);
  }

  // XGKICK qwords sent ahead. retire_due sends each qword of a running transfer at the first retire check at or after
  // its cycle, reading data memory before that check's pair runs; per qword, a call out of the code. The check here
  // also gives retire_due a horizon: the qwords due by then go in the same call (hooks.retire_due). A qword due at t
  // and read at an earlier check of this code's pair p (issue c < t <= horizon) reads what it would have read at t,
  // and the transfer's state matches the per-pair path wherever anything can look at it, because:
  //  - no pair issuing in [c, t) writes data memory: the horizon stops at the next pair whose op may (OpInfo writes
  //    special::kMemory: a store, inline or by its handler) and at any pair generic_pair runs, whose own reads come
  //    before its write, as retire_due's do;
  //  - no way out of the code lies in [c, horizon): it stops at the pair after which the code may leave
  //    (leave_after, generic_pair, the end of a block or held prefix), and by the time the code leaves, every
  //    qword due by then has gone in either case and none after it (the last pair's own check sends those due at
  //    its issue), so the unit, next_event aside, is as the per-pair path leaves it;
  //  - in between, nothing else reads the XGKICK unit (XGKICK pairs never join a block; the handlers called from
  //    here do not look at it) and the PATH1 port is called by nothing else, so it sees the same qwords, addresses
  //    and cycles in the same order. next_event is a lower bound, not state (vu1_state_hash.cpp).
  // The horizon is only known when the code reaches its end, so each check's `lea rdx, [r12 + disp32]` is patched
  // then (resolve_kick_horizons); until then it holds the check's own issue (nothing sent ahead).
  // The lea is written as bytes (as call_fn and jump_short_if_below write theirs): it is in every pair, and xbyak's
  // encoder costs a cold compile far more per instruction.
  void kick_horizon(uint32_t issue) {
    db(0x49);  // lea rdx, [r12 + disp32]: REX.W + REX.B (r12),
    db(0x8d);
    db(0x94);  // ModRM: disp32, rdx, SIB follows,
    db(0x24);  // SIB: base r12, no index
    dd(issue);
    kick_patches_.push_back(getSize() - 4);
  }
  void patch_kick_horizon(size_t at, uint32_t issue) {
    const auto value = static_cast<int32_t>(issue);
    std::memcpy(const_cast<uint8_t*>(getCode()) + at, &value, sizeof(value));
  }
  void resolve_kick_horizons(uint32_t issue) {
    for (size_t at : kick_patches_) patch_kick_horizon(at, issue);
    kick_patches_.clear();
  }

  // Vu1::run_plain_pair for this pair, step by step.
  // Everything execute_pair does for the pair up to its stop check, for shape bits `s` (pair_shape_bits), with no
  // branch or E bit pending from before it.
  void plain_pair(const BlockPair& pair, uint8_t s, const DecodedBundle& bundle, const IssuePlan& plan, size_t n,
                  size_t count) {
    namespace shape = pair_shape;
    const VuLayout& at = abi_.layout;
    deferred_.cycle = pair.issue;
    if ((s & shape::kStalled) != 0) {
      uint32_t cycles = static_cast<uint32_t>(pair.issue - pair.pre);
      add(vu(at.stall_cycles, 8), cycles + (fault_ == JitFault::kBrokenStallStats ? 1u : 0u));
      add(vu(at.stall_by_cause + 8 * static_cast<int32_t>(pair.cause), 8), cycles);
      pairs_in_rax();  // BranchViHistory::break_chains(pairs)
      mov(vu(at.branch_history + BranchViHistory::layout().barrier, 8), rax);
    }
    current_issue_ = pair.issue;
    if (!((s & shape::kStalled) != 0 && fault_ == JitFault::kBrokenSkipsRetire)) {
      lea(rsi, ptr[r12 + pair.issue]);
      cmp(rsi, vu(at.next_event, 8));
      const ShortJump nothing_due = jump_short_if_below();
      mov(rdi, rbx);
      kick_horizon(pair.issue);
      call_fn(abi_.hooks.retire_due);
      land(nothing_due);
    }
    // Its XGKICK reads happen before it writes data memory: the horizon of the checks before it stops here.
    const bool writes_data = ((bundle.lower_info.writes | bundle.upper_info.writes) & special::kMemory) != 0;
    if (writes_data && fault_ != JitFault::kBrokenKickPastStore) resolve_kick_horizons(pair.issue);
    commit_due_macs(pair.issue);
    commit_due_fdiv(pair.issue);
    if ((s & shape::kHistory) != 0) movzx(r13d, word[rbx + at.vi + 2 * (plan.history_vi & 15)]);  // the old VI
    if (bundle.lower_info.is_branch) mov(byte[rsp + kBranchTaken], 0);  // read by branch_taken()
    const bool lower_inline = (s & shape::kLower) != 0 && inline_lower(pair, bundle.lower, bundle.lower_info, s);
    if ((s & shape::kLower) != 0 && !lower_inline) {
      // The handler gets a fresh LowerResult in run_plain_pair. Lower handlers only write it (lower_ops.cpp: a VF
      // result sets vf_write and vf_value together, a branch its two fields), and of a plain pair only vf_write is
      // read afterwards, so clearing vf_write's field mask is the same as a fresh one.
      if ((s & shape::kLowerVf) != 0) mov(byte[rsp + kLowerFields], 0);
      flush();
      mov(rdi, rbx);
      mov(rsi, reinterpret_cast<uintptr_t>(&bundle.lower));
      mov(rdx, reinterpret_cast<uintptr_t>(&bundle.lower_info));
      mov(ecx, pair.pc);
      mov(r8, rsp);
      call_fn(plan.lower_fn);
    }
    if ((s & shape::kUpper) != 0 && !inline_fmac(pair, bundle.upper, bundle.upper_info) &&
        !inline_lane_op(pair, bundle.upper, bundle.upper_info) && !inline_clip(pair, bundle.upper)) {
      flush();
      mov(rdi, rbx);
      mov(rsi, reinterpret_cast<uintptr_t>(&bundle.upper));
      mov(rdx, reinterpret_cast<uintptr_t>(&bundle.upper_info));
      call_fn(plan.upper_fns[static_cast<size_t>(pair.flags)]);
    }
    if ((s & shape::kLowerVf) != 0) {
      if (lower_inline) {
        inline_lower_vf_write(pair, bundle.lower_info.vf_write);
      } else {
        lower_vf_write(pair, bundle.lower_info.vf_write);
      }
    }
    if ((s & shape::kLoi) != 0) mov(vu(at.i_register, 4), bundle.lower.raw);
    if ((s & shape::kHistory) != 0) record_history(plan);
    ++deferred_.pairs;
    // Only a lower op's handler can stop the program; the ones compiled inline never do.
    if ((s & shape::kLower) != 0 && !lower_inline) return_if_stopped(n, count);
  }

  // The reciprocal-table lines of these divisor lanes (divisor_prefetch.hpp), between two pairs: nothing is held in
  // rax there, and r11 is store()'s scratch. rax is kept anyway, as this code changes no state.
  void prefetch_divisor_lines(const std::vector<DivisorLane>& lanes) {
    if (lanes.empty()) return;
    push(rax);
    mov(r11, reinterpret_cast<uint64_t>(kReciprocalRoundsUp.data()));
    for (const DivisorLane& divisor : lanes) {
      mov(eax, vf_lane(divisor.reg, divisor.lane));
      and_(eax, kFractionMask);
      shr(eax, 6);  // the word of the fraction's bit (reciprocal_rounds_up)
      prefetcht0(ptr[r11 + rax * 8]);
    }
    pop(rax);
  }
  Xbyak::Address vi_at(uint32_t index) { return word[rbx + abi_.layout.vi + 2 * static_cast<int32_t>(index & 15)]; }
  Xbyak::Address vf_lane(uint32_t reg, int lane) {
    return dword[rbx + abi_.layout.vf + 16 * static_cast<int32_t>(reg & 31) + 4 * lane];
  }
  // Registers::write_vi: VI00 ignores writes.
  void write_vi(uint32_t index, const Xbyak::Reg16& value) {
    if ((index & 15) != 0) mov(vi_at(index), value);
  }
  // eax, a qword address, becomes its byte offset in data memory (DataMemory: the address wraps at kDataQwords), in
  // rax; a data-memory word is then at rbx + rax + layout.data + 4 * lane.
  void data_offset(bool broken) {
    static_assert((kDataQwords & (kDataQwords - 1)) == 0);
    if (broken) inc(eax);
    and_(eax, kDataQwords - 1);
    shl(eax, 4);
  }
  Xbyak::Address data_lane(int lane) { return dword[rbx + rax + abi_.layout.data + 4 * lane]; }
  // eax = VI `index` + `imm`, a qword address for data_offset (no add for an offset of 0: nothing reads its flags).
  void address_to_eax(uint32_t index, uint32_t imm) {
    movzx(eax, vi_at(index));
    if (imm != 0) add(eax, imm);
  }
  // DataMemory::write_word for each field of `dest` (the store lambda of lower_ops.cpp), from ecx (`from_ecx`, ISW's
  // broadcast VI) or from VF `fs`'s lanes.
  void store_fields(FieldMask dest, bool from_ecx, uint32_t fs) {
    if (fault_ == JitFault::kBrokenInlineStore) dest = kFieldsXyzw;
    if (!from_ecx && (dest & kFieldsXyzw) == kFieldsXyzw) {  // the four words as one qword: the same bytes
      movdqu(xmm0, ptr[rbx + abi_.layout.vf + 16 * static_cast<int32_t>(fs & 31)]);
      movdqu(ptr[rbx + rax + abi_.layout.data], xmm0);
      return;
    }
    for (int lane = 0; lane < 4; ++lane) {
      if (!has_lane(dest, lane)) continue;
      if (!from_ecx) mov(ecx, vf_lane(fs, lane));
      mov(data_lane(lane), ecx);
    }
  }

  // Vu1::lower_op (lower_ops.cpp) for the common lower ops that touch only VI, data memory, the committed flags and a
  // VF result (and, for ILW, the integer-load scoreboard): the integer ALU ops, ILW, MTIR, SQ/SQI/ISW, LQ/LQI,
  // MOVE/MR32 and the flag ops (inline_flag_op), step by step as their case there, with the register numbers,
  // immediate and dest mask baked in; and B and the conditional branches (inline_conditional_branch), whose outcome
  // goes to the LowerResult as the handler's does. A VF result goes to the LowerResult's vf_value ([rsp +
  // kLowerValue]) before the upper op runs, as the handler's would, and inline_lower_vf_write writes it after (only
  // with the kLowerVf shape bit: a clashed lower write is dropped, as run_plain_pair drops it). The upper op reads and
  // writes no VI, no data memory and no committed flag (its flags go into the flag pipeline), so nothing it does can
  // change what these read. Emits nothing and returns false for any other op (its handler is called) and for a VF
  // result to VF00 (the hook's general path handles it).
  bool inline_lower(const BlockPair& pair, const DecodedOp& op, const OpInfo& info, uint8_t s) {
    const bool vf_result = (s & pair_shape::kLowerVf) != 0;
    if (vf_result && ((info.vf_write.reg & 31) == 0 || info.vf_write.fields > kFieldsXyzw)) return false;
    const bool broken_int = fault_ == JitFault::kBrokenInlineInteger;
    const bool broken_load = fault_ == JitFault::kBrokenInlineLoad;
    const auto imm = static_cast<uint32_t>(op.imm);
    const auto finish_int = [&](uint32_t index) {
      if (broken_int) inc(eax);
      write_vi(index, ax);
    };
    const auto stash_value = [&]() { movdqu(ptr[rsp + kLowerValue], xmm0); };
    switch (op.op) {
      case Opcode::kIadd:
      case Opcode::kIsub:
      case Opcode::kIand:
      case Opcode::kIor:
        movzx(eax, vi_at(op.is));
        movzx(ecx, vi_at(op.it));
        if (op.op == Opcode::kIadd) add(eax, ecx);
        if (op.op == Opcode::kIsub) sub(eax, ecx);
        if (op.op == Opcode::kIand) and_(eax, ecx);
        if (op.op == Opcode::kIor) or_(eax, ecx);
        finish_int(op.id);
        return true;
      case Opcode::kIaddi:
      case Opcode::kIaddiu:
      case Opcode::kIsubiu:
        movzx(eax, vi_at(op.is));
        if (op.op == Opcode::kIaddi) add(eax, imm);
        if (op.op == Opcode::kIaddiu) add(eax, imm & 0x7fff);
        if (op.op == Opcode::kIsubiu) sub(eax, imm & 0x7fff);
        finish_int(op.it);
        return true;
      case Opcode::kIlw: {
        address_to_eax(op.is, imm);
        data_offset(false);
        int lane = 0;  // first_lane (lower_ops.cpp): the first field set in dest, x first; x when none is
        for (int candidate = 3; candidate >= 0; --candidate) {
          if (has_lane(static_cast<FieldMask>(op.dest), candidate)) lane = candidate;
        }
        mov(eax, data_lane(lane));
        finish_int(op.it);
        if (op.it != 0) {  // IntegerLoadPipeline::issue(it, cycle_)
          const IntegerLoadPipeline::Layout in = IntegerLoadPipeline::layout();
          const int32_t loads = abi_.layout.integer_loads;
          lea(rdx, ptr[r12 + pair.issue + IntegerLoadPipeline::kLatency]);
          mov(qword[rbx + loads + in.ready + 8 * static_cast<int32_t>(op.it & 15)], rdx);
          mov(qword[rbx + loads + in.last_ready], rdx);
        }
        return true;
      }
      case Opcode::kMtir:
        mov(eax, vf_lane(op.fs, op.fsf & 3));
        finish_int(op.it);
        return true;
      case Opcode::kSq:
        address_to_eax(op.it, imm);
        data_offset(false);
        store_fields(static_cast<FieldMask>(op.dest), false, op.fs);
        return true;
      case Opcode::kSqi:
        movzx(eax, vi_at(op.it));
        lea(edx, ptr[eax + 1]);  // the VI after the store
        data_offset(false);
        store_fields(static_cast<FieldMask>(op.dest), false, op.fs);
        write_vi(op.it, dx);
        return true;
      case Opcode::kIsw:
        movzx(ecx, vi_at(op.it));  // broadcast(vi(it)): the VI zero-extended in every field
        address_to_eax(op.is, imm);
        data_offset(false);
        store_fields(static_cast<FieldMask>(op.dest), true, 0);
        return true;
      case Opcode::kLq:
        if (!vf_result) return true;  // the load's only effect is its VF result
        address_to_eax(op.is, imm);
        data_offset(broken_load);
        movdqu(xmm0, ptr[rbx + rax + abi_.layout.data]);
        stash_value();
        return true;
      case Opcode::kLqi:
        movzx(eax, vi_at(op.is));
        lea(edx, ptr[eax + 1]);  // the VI after the load
        if (vf_result) {
          data_offset(broken_load);
          movdqu(xmm0, ptr[rbx + rax + abi_.layout.data]);
          stash_value();
        }
        write_vi(op.is, dx);
        return true;
      case Opcode::kMove:
      case Opcode::kMr32:
        if (!vf_result) return true;
        movdqu(xmm0, ptr[rbx + abi_.layout.vf + 16 * static_cast<int32_t>(op.fs & 31)]);
        if (op.op == Opcode::kMr32) pshufd(xmm0, xmm0, 0x39);  // {y, z, w, x}
        stash_value();
        return true;
      case Opcode::kFsand:
      case Opcode::kFseq:
      case Opcode::kFsor:
      case Opcode::kFmand:
      case Opcode::kFmeq:
      case Opcode::kFmor:
      case Opcode::kFcand:
      case Opcode::kFceq:
      case Opcode::kFcor:
      case Opcode::kFcget:
      case Opcode::kFcset: inline_flag_op(op); return true;
      case Opcode::kB:
        mov(byte[rsp + kBranchTaken], 1);
        mov(dword[rsp + kBranchTarget], relative_branch_target(pair.pc, op.imm));
        return true;
      case Opcode::kIbeq:
      case Opcode::kIbne:
      case Opcode::kIbltz:
      case Opcode::kIbgtz:
      case Opcode::kIblez:
      case Opcode::kIbgez: return inline_conditional_branch(pair, op);
      case Opcode::kDiv: inline_fdiv(pair, op, info, FdivKernelOp::kDiv); return true;
      case Opcode::kSqrt: inline_fdiv(pair, op, info, FdivKernelOp::kSqrt); return true;
      case Opcode::kRsqrt: inline_fdiv(pair, op, info, FdivKernelOp::kRsqrt); return true;
      default: return false;
    }
  }

  // The flag ops (lower_ops.cpp FSAND ... FCSET): they read or set the flags as committed when the pair issued, which
  // is where this runs (plain_pair's retire_due has committed what lands by then), and write VI (it, or VI01).
  void inline_flag_op(const DecodedOp& op) {
    static constexpr uint32_t kClipBits = 0xffffff;
    const VuLayout& at = abi_.layout;
    const auto imm = static_cast<uint32_t>(op.imm);
    const auto finish = [&](uint32_t index) {
      if (fault_ == JitFault::kBrokenInlineFlagOp) inc(eax);
      write_vi(index, ax);
    };
    const auto equal_to_eax = [&]() {  // eax = (eax == ecx)
      cmp(eax, ecx);
      sete(al);
      movzx(eax, al);
    };
    switch (op.op) {
      case Opcode::kFsand:
      case Opcode::kFseq:
      case Opcode::kFsor:
        movzx(eax, word[rbx + at.status]);
        and_(eax, 0xfff);
        if (op.op == Opcode::kFsand) and_(eax, imm);
        if (op.op == Opcode::kFsor) {
          or_(eax, imm);
          and_(eax, 0xfff);
        }
        if (op.op == Opcode::kFseq) {
          mov(ecx, imm);
          equal_to_eax();
        }
        finish(op.it);
        return;
      case Opcode::kFmand:
      case Opcode::kFmeq:
      case Opcode::kFmor:
        movzx(eax, word[rbx + at.mac]);
        movzx(ecx, vi_at(op.is));
        if (op.op == Opcode::kFmand) and_(eax, ecx);
        if (op.op == Opcode::kFmor) or_(eax, ecx);
        if (op.op == Opcode::kFmeq) equal_to_eax();
        finish(op.it);
        return;
      case Opcode::kFcand:
        mov(eax, dword[rbx + at.clip]);
        xor_(ecx, ecx);
        test(eax, imm & kClipBits);
        setne(cl);
        mov(eax, ecx);
        finish(1);
        return;
      case Opcode::kFceq:
        mov(eax, dword[rbx + at.clip]);
        mov(ecx, imm & kClipBits);
        equal_to_eax();
        finish(1);
        return;
      case Opcode::kFcor:
        mov(eax, dword[rbx + at.clip]);
        or_(eax, imm);
        and_(eax, kClipBits);
        mov(ecx, kClipBits);
        equal_to_eax();
        finish(1);
        return;
      case Opcode::kFcget:
        mov(eax, dword[rbx + at.clip]);
        and_(eax, 0xfff);
        finish(op.it);
        return;
      default:  // FCSET
        mov(dword[rbx + at.clip], imm & kClipBits);
        return;
    }
  }

  // The conditional branches (lower_ops.cpp IBEQ ... IBGEZ) when the VI they read is the register's value: the pair
  // before the branch, in this block, does not write it (BranchViHistory::branch_value: the newest history entry is
  // then not the write of the pair right before, and no earlier write is hidden). Else the handler decides.
  bool inline_conditional_branch(const BlockPair& pair, const DecodedOp& op) {
    const bool two_registers = op.op == Opcode::kIbeq || op.op == Opcode::kIbne;
    const auto hidden_write = [&](uint32_t vi) {
      return (vi & 15) != 0 && previous_history_ == static_cast<int>(vi & 15) &&
             fault_ != JitFault::kBrokenInlineBranch;
    };
    if (previous_history_ == kUnknownHistory || hidden_write(op.is) || (two_registers && hidden_write(op.it))) {
      return false;
    }
    if (two_registers) {
      movzx(eax, vi_at(op.it));
      movzx(ecx, vi_at(op.is));
      cmp(eax, ecx);
      if (op.op == Opcode::kIbeq) sete(byte[rsp + kBranchTaken]);
      if (op.op == Opcode::kIbne) setne(byte[rsp + kBranchTaken]);
    } else {
      movsx(eax, vi_at(op.is));  // the VI as a signed 16-bit value
      test(eax, eax);
      if (op.op == Opcode::kIbltz) setl(byte[rsp + kBranchTaken]);
      if (op.op == Opcode::kIbgtz) setg(byte[rsp + kBranchTaken]);
      if (op.op == Opcode::kIblez) setle(byte[rsp + kBranchTaken]);
      if (op.op == Opcode::kIbgez) setge(byte[rsp + kBranchTaken]);
    }
    mov(dword[rsp + kBranchTarget], relative_branch_target(pair.pc, op.imm));
    return true;
  }

  // write_lower_vf for a lower op compiled inline (inline_lower): its register and fields are the decoder's
  // (`expected`, reg 1-31), so the lanes are copied and the scoreboard set with no test.
  void inline_lower_vf_write(const BlockPair& pair, const VfUse& expected) {
    copy_lower_value(expected);
    fmac_issue(pair, expected.reg & 31, expected.fields);
  }
  // Registers::write_vf of the LowerResult's vf_value to `expected`'s fields (reg 1-31): lane by lane, or all four
  // as one qword (the same bytes, in two instructions instead of eight).
  void copy_lower_value(const VfUse& expected) {
    if ((expected.fields & kFieldsXyzw) == kFieldsXyzw) {
      movdqu(xmm0, ptr[rsp + kLowerValue]);
      movdqu(ptr[rbx + abi_.layout.vf + 16 * static_cast<int32_t>(expected.reg & 31)], xmm0);
      return;
    }
    for (int lane = 0; lane < 4; ++lane) {
      if (!has_lane(expected.fields, lane)) continue;
      mov(eax, dword[rsp + kLowerValue + 4 * lane]);
      mov(vf_lane(expected.reg, lane), eax);
    }
  }

  // Vu1::upper_fmac and finish_upper (upper_ops.cpp) for ADD/SUB/MUL/MADD/MSUB in all their forms (vector,
  // broadcast, Q, I; to a VF or to ACC), step by step, with the operand and destination addresses, the dest mask
  // and the pair's FlagUse baked in. The arithmetic is fmac_kernel.hpp's kernel for the op: the same vector_lanes.hpp
  // body, fast paths and model fallbacks as add4 ... msub4, which upper_fmac calls. So what this leaves out is only
  // the generic part: reading the decoded op, building the broadcast in memory, the Vec4Result round trip and the
  // FlagUse and dest tests. Emits nothing and returns false for any other upper op (its handler is called).
  bool inline_fmac(const BlockPair& pair, const DecodedOp& op, const OpInfo& info) {
    const UpperPlan plan = plan_upper(op.op);
    if (plan.kind != UpperKind::kFmac) return false;
    FmacKernelOp kernel_op{};
    switch (plan.form.arith) {
      case Arith::kAdd: kernel_op = FmacKernelOp::kAdd; break;
      case Arith::kSub: kernel_op = FmacKernelOp::kSub; break;
      case Arith::kMul: kernel_op = FmacKernelOp::kMul; break;
      case Arith::kMadd: kernel_op = FmacKernelOp::kMadd; break;
      case Arith::kMsub: kernel_op = FmacKernelOp::kMsub; break;
      default: return false;  // MAX, MINI
    }
    const bool to_acc = plan.form.to_acc;
    const bool writes_vf = info.vf_write.used();
    // upper_fmac writes op.dest's fields; finish_upper writes and scoreboards vf_write's. They agree for every FMAC
    // row (the decoder reports fd with the dest mask, and nothing for VF00); anything else keeps the handler.
    if (to_acc ? writes_vf : (writes_vf && info.vf_write.fields != op.dest)) return false;
    const VuLayout& at = abi_.layout;
    const bool broadcast = plan.form.second != Second::kVector;
    operand_addresses(op, plan.form.second);
    if (to_acc) {
      lea(rdx, ptr[rbx + at.acc]);
    } else if (writes_vf) {
      lea(rdx, ptr[rbx + at.vf + 16 * (info.vf_write.reg & 31)]);
    } else {
      lea(rdx, ptr[rsp + kScratch]);  // VF00: computed for its flags, written nowhere
    }
    // ACC and its overflow bits are read by MADD and MSUB only (fmac_kernel.hpp): the other kernels get no such
    // arguments.
    if (kernel_op == FmacKernelOp::kMadd || kernel_op == FmacKernelOp::kMsub) {
      lea(rcx, ptr[rbx + at.acc]);
      movzx(r8d, byte[rbx + at.acc_overflow]);
    }
    mov(r9d, fault_ == JitFault::kBrokenFmacFields ? uint32_t{kFieldsXyzw} : uint32_t{op.dest});
    call_fn(fmac_kernel(kernel_op, broadcast, kernel_flags(pair.flags, info.sets_mac_status, to_acc)));
    // eax: the MAC value in bits 0-15 (for a dead result only its O bits, and those only for ACC), the sticky
    // Z/S/U/O in bits 16-19.
    if (to_acc) {  // ACC-overflow persistence: acc_overflow = (acc_overflow & ~dest) | (MAC's O bits & dest)
      mov(ecx, eax);
      shr(ecx, 12);
      and_(ecx, uint32_t{op.dest});
      if (op.dest != kFieldsXyzw) {  // else no lane keeps its bit
        movzx(edx, byte[rbx + at.acc_overflow]);
        and_(edx, ~uint32_t{op.dest} & 0xffu);
        or_(ecx, edx);
      }
      mov(byte[rbx + at.acc_overflow], cl);
    }
    if (info.sets_mac_status) {
      switch (pair.flags) {
        case FlagUse::kDead:
          if (fault_ == JitFault::kBrokenFmacFlags) and_(eax, 0xffff);
          or_(dword[rbx + at.dead_flags], eax);
          break;
        case FlagUse::kLive:
        case FlagUse::kLiveCarrying: hold_back_mac(pair, pair.flags == FlagUse::kLiveCarrying); break;
      }
    }
    if (!to_acc && writes_vf) fmac_issue(pair, info.vf_write.reg & 31, info.vf_write.fields);
    return true;
  }

  // Live MAC/status results held back. finish_upper puts a live result in the flag pipeline at its issue cycle a, and
  // the first retire at a cycle >= a + 4 commits it (FlagPipeline::commit: MAC = its MAC, status bits 0-3 = its
  // Z/S/U/O, its sticky bits ORed into bits 6-9). Compiled code instead keeps its flag word (the kernel's MAC and
  // sticky bits, and, for kLiveCarrying, the dead results' sticky bits taken from dead_flags at issue, as
  // issue_mac_carrying takes them) in a frame slot, and
  //  - commits it itself right after the retire check of the first pair issuing at or after a + 4, or
  //  - puts it in the flag pipeline (hooks.issue_mac_at, with its issue cycle a) before anything else could see the
  //    pipeline: before any call but the retire check, the kernels and write_lower_vf (flush), and on every way out
  //    of the block (leave_after, the block's end).
  // Exact because nothing between a and either point reads or changes the flag pipeline but that retire check, and
  // no entry enters the pipeline after a while the result is held (every push comes from a call, and the results
  // held are pushed first, in issue order): so every retire between a and the commit point sees only entries older
  // than the result, as the pipeline would have them, and commits each of them before the result's own commit (their
  // ready cycles are earlier, and the retire check at the commit point commits all due by then, as retire_due
  // orders them). The one retire_due call this can leave out (for the result alone) does nothing else: FDIV, EFU and
  // XGKICK work due by then set next_event to it themselves; next_event, a lower bound on the next due cycle, is not
  // state (vu1_state_hash.cpp). MAC and clip commits touch different registers, and FDIV's only status bits 4-5 and
  // 10-11, so they commute with this one. Inline flag ops (FSAND ... FCGET) read the registers after the commit.
  struct PendingMac {
    uint32_t issue = 0;  // its pair's issue offset
    uint32_t slot = 0;   // [rsp + kPendingMacs + 4 * slot]
    bool clip = false;   // a CLIP judgement (inline_clip) instead of an FMAC flag word
  };
  // The kernel's flag word in eax (fmac_kernel.hpp: MAC in bits 0-15, sticky Z/S/U/O in 16-19) is held back, with the
  // carried sticky bits in 20-23.
  void hold_back_mac(const BlockPair& pair, bool carrying) {
    const uint32_t slot = free_slot();
    and_(eax, 0xfffff);
    if (carrying) {  // issue_mac_carrying's carried bits, and dead_flags emptied
      mov(ecx, dword[rbx + abi_.layout.dead_flags]);
      shr(ecx, 16);
      and_(ecx, 0xf);
      shl(ecx, 20);
      or_(eax, ecx);
      mov(dword[rbx + abi_.layout.dead_flags], 0);
    }
    mov(dword[rsp + kPendingMacs + 4 * slot], eax);
    pending_macs_.push_back({pair.issue, slot, false});
  }
  // A CLIP judgement in eax, held back as a live FMAC result is (the same argument: a clip commit only shifts the
  // clip register, which no MAC commit touches).
  void hold_back_clip(const BlockPair& pair) {
    const uint32_t slot = free_slot();
    mov(dword[rsp + kPendingMacs + 4 * slot], eax);
    pending_macs_.push_back({pair.issue, slot, true});
  }
  uint32_t free_slot() {
    if (pending_macs_.size() == kPendingSlots) {  // cannot happen (one result a cycle, committed 4 cycles later)
      push_pending_macs();
      pending_macs_.clear();
    }
    const auto used = [&](uint32_t slot) {
      return std::any_of(pending_macs_.begin(), pending_macs_.end(),
                         [&](const PendingMac& held) { return held.slot == slot; });
    };
    uint32_t slot = 0;
    while (used(slot)) ++slot;
    return slot;
  }
  // FlagPipeline::commit for the results held back that are due at a pair issuing at `issue`, oldest first.
  void commit_due_macs(uint32_t issue) {
    const auto latency = [&](const PendingMac& held) {
      const bool early = fault_ == (held.clip ? JitFault::kBrokenHeldClip : JitFault::kBrokenHeldMac);
      return FlagPipeline::kLatency - (early ? 1 : 0);
    };
    while (!pending_macs_.empty() && pending_macs_.front().issue + latency(pending_macs_.front()) <= issue) {
      const VuLayout& at = abi_.layout;
      mov(eax, dword[rsp + kPendingMacs + 4 * pending_macs_.front().slot]);
      if (pending_macs_.front().clip) {  // FlagPipeline::commit: clip = (clip << 6 | judgement) & kClipMask
        mov(ecx, dword[rbx + at.clip]);
        shl(ecx, 6);
        or_(ecx, eax);
        and_(ecx, kClipMask);
        mov(dword[rbx + at.clip], ecx);
        pending_macs_.erase(pending_macs_.begin());
        continue;
      }
      movzx(ecx, ax);
      mov(word[rbx + at.mac], cx);
      // status_from_mac: bit 4n of the folded MAC is the OR of nibble n. Those four bits (mask 0x1111) times 0x1248
      // land in bits 12-15 in order: bit 4n's partial products sit at 4n + 3, 4n + 6, 4n + 9 and 4n + 12, the one in
      // 12-15 being 12 + n, and no two of the sixteen share a bit, so nothing carries.
      mov(edx, ecx);
      shr(edx, 1);
      or_(ecx, edx);
      mov(edx, ecx);
      shr(edx, 2);
      or_(ecx, edx);
      and_(ecx, 0x1111);
      imul(edx, ecx, 0x1248);
      shr(edx, 12);
      and_(edx, 0xf);  // edx: Z/S/U/O
      // The sticky bits: Z/S/U/O, the multiply stage's and the carried ones, in bits 6-9.
      mov(ecx, eax);
      shr(ecx, 16);
      shr(eax, 20);
      or_(ecx, eax);
      and_(ecx, 0xf);
      or_(ecx, edx);
      shl(ecx, 6);
      or_(edx, ecx);
      movzx(eax, word[rbx + at.status]);
      and_(eax, ~0xfu);
      or_(eax, edx);
      mov(word[rbx + at.status], ax);
      pending_macs_.erase(pending_macs_.begin());
    }
  }
  // The results held back into the flag pipeline, oldest first, as finish_upper would have issued them (the list is
  // kept: the code after a conditional way out still holds them).
  void push_pending_macs() {
    for (const PendingMac& held : pending_macs_) {
      mov(rdi, rbx);
      mov(esi, dword[rsp + kPendingMacs + 4 * held.slot]);
      if (fault_ == JitFault::kBrokenDeferredCycle) {
        mov(rdx, vu(abi_.layout.cycle, 8));  // whatever cycle_ holds: an earlier pair's
      } else {
        lea(rdx, ptr[r12 + held.issue]);
      }
      if (held.clip) {
        call_fn(abi_.hooks.issue_clip_at);
      } else {
        call_fn(abi_.hooks.issue_mac_at);
      }
    }
  }

  // Vu1::upper_other's CLIP: the judgement from clip_kernel (compare.hpp clip, the interpreter's function), held
  // back (hold_back_clip) instead of issue_clip and note_event. Emits nothing and returns false for any other op.
  bool inline_clip(const BlockPair& pair, const DecodedOp& op) {
    if (plan_upper(op.op).kind != UpperKind::kClip) return false;
    lea(rdi, ptr[rbx + abi_.layout.vf + 16 * (op.fs & 31)]);
    lea(rsi, ptr[rbx + abi_.layout.vf + 16 * (op.ft & 31)]);
    call_fn(&clip_kernel);
    hold_back_clip(pair);
    return true;
  }

  // A DIV, SQRT or RSQRT result held back. lower_op starts the FDIV unit (FdivUnit::start: busy, issue, ready, value,
  // status I/D) and notes its ready cycle as an event, so the first retire check at or past it calls retire_due,
  // whose FdivUnit::retire commits Q and status bits 4-5 and 10-11. Compiled code starts the unit the same way, in
  // memory (held entries, quiet tests and handlers read it there), but does not note the event: it commits the result
  // itself (FdivUnit::commit, if the unit is still busy) right after the retire check of the first pair issuing at or
  // after the ready cycle, and notes the event (hand_over_fdiv) before anything else could retire it: before any call
  // but the retire check and the kernels (flush), and on every way out of the block (leave_after, the block's end).
  // Exact because the retire checks it lets pass call retire_due only for work of its own (flags, EFU, XGKICK), a
  // retire_due that does run commits the result as it would have (the inline commit then finds the unit idle), FDIV
  // commits touch only Q and status bits 4-5 and 10-11, which no flag, EFU or XGKICK commit touches, and a new FDIV
  // op issues only once the unit is free (its stall is in the schedule), after the commit. next_event is a lower
  // bound on the next due cycle, not state (vu1_state_hash.cpp).
  void inline_fdiv(const BlockPair& pair, const DecodedOp& op, const OpInfo& info, FdivKernelOp kernel) {
    const VuLayout& at = abi_.layout;
    if (held_fdiv_) {  // not due: lower_op's start overwrites it unretired too
      hand_over_fdiv();
      held_fdiv_.reset();
    }
    mov(edi, vf_lane(op.fs, op.fsf & 3));
    mov(esi, vf_lane(op.ft, op.ftf & 3));
    call_fn(fdiv_kernel(kernel));
    // rax: Q's value in bits 0-31, FdivResult::flags from bit 32.
    lea(rdx, ptr[r12 + pair.issue]);
    mov(vu(at.fdiv_issue, 8), rdx);
    add(rdx, uint32_t{info.latency});
    mov(vu(at.fdiv_ready, 8), rdx);
    mov(vu(at.fdiv_value, 4), eax);
    shr(rax, 32);
    shl(eax, 4);
    and_(eax, 0x30);  // FdivUnit::start's status I/D
    mov(vu(at.fdiv_status, 2), ax);
    mov(vu(at.fdiv_busy, 1), 1);
    held_fdiv_ = pair.issue + info.latency;
  }
  // FdivUnit::retire at a pair issuing at `issue`, for the result held back.
  void commit_due_fdiv(uint32_t issue) {
    const uint32_t early = fault_ == JitFault::kBrokenHeldFdiv ? 1 : 0;
    if (!held_fdiv_ || *held_fdiv_ - early > issue) return;
    const VuLayout& at = abi_.layout;
    Xbyak::Label idle;
    cmp(vu(at.fdiv_busy, 1), 0);
    je(idle, T_NEAR);
    mov(eax, vu(at.fdiv_value, 4));
    mov(vu(at.q, 4), eax);
    movzx(ecx, vu(at.fdiv_status, 2));
    movzx(eax, vu(at.status, 2));
    and_(eax, ~0x30u);
    or_(eax, ecx);
    shl(ecx, 6);
    or_(eax, ecx);
    mov(vu(at.status, 2), ax);
    mov(vu(at.fdiv_busy, 1), 0);
    L(idle);
    held_fdiv_.reset();
  }
  // note_event(ready) for the result held back: next_event = min(next_event, entry + ready).
  void hand_over_fdiv() {
    if (!held_fdiv_) return;
    lea(rax, ptr[r12 + *held_fdiv_]);
    mov(rcx, vu(abi_.layout.next_event, 8));
    cmp(rcx, rax);
    cmova(rcx, rax);
    mov(vu(abi_.layout.next_event, 8), rcx);
  }

  // Vu1::upper_fmac (MAX, MINI) and upper_other (ABS, ITOF, FTOI) with finish_upper, for these ops that set no
  // MAC/status: the lanes of the decoder's vf_write from lane_kernel.hpp's kernel for the op (the interpreter's own
  // functions), then the FMAC scoreboard. With no VF written (VF00) the op does nothing at all. Emits nothing and
  // returns false for any other upper op.
  // A kernel's first two arguments (fmac_kernel.hpp, lane_kernel.hpp): fs's address in rdi, and in rsi ft's, its
  // broadcast lane's, Q's or I's.
  void operand_addresses(const DecodedOp& op, Second second) {
    const VuLayout& at = abi_.layout;
    lea(rdi, ptr[rbx + at.vf + 16 * (op.fs & 31)]);
    switch (second) {
      case Second::kVector: lea(rsi, ptr[rbx + at.vf + 16 * (op.ft & 31)]); break;
      case Second::kBroadcast: lea(rsi, ptr[rbx + at.vf + 16 * (op.ft & 31) + 4 * (op.bc & 3)]); break;
      case Second::kQ: lea(rsi, ptr[rbx + at.q]); break;
      case Second::kI: lea(rsi, ptr[rbx + at.i_register]); break;
    }
  }

  bool inline_lane_op(const BlockPair& pair, const DecodedOp& op, const OpInfo& info) {
    const UpperPlan plan = plan_upper(op.op);
    LaneKernelOp kernel_op{};
    bool broadcast = false;
    switch (plan.kind) {
      case UpperKind::kFmac:
        if (plan.form.to_acc || (plan.form.arith != Arith::kMax && plan.form.arith != Arith::kMini)) return false;
        kernel_op = plan.form.arith == Arith::kMax ? LaneKernelOp::kMax : LaneKernelOp::kMini;
        broadcast = plan.form.second != Second::kVector;
        break;
      case UpperKind::kAbs: kernel_op = LaneKernelOp::kAbs; break;
      case UpperKind::kItof: kernel_op = LaneKernelOp::kItof; break;
      case UpperKind::kFtoi: kernel_op = LaneKernelOp::kFtoi; break;
      default: return false;
    }
    if (info.sets_mac_status) return false;
    if (!info.vf_write.used()) return true;
    if ((info.vf_write.reg & 31) == 0 || info.vf_write.fields > kFieldsXyzw) return false;
    const VuLayout& at = abi_.layout;
    const uint32_t fields = fault_ == JitFault::kBrokenLaneFields ? uint32_t{kFieldsXyzw} : info.vf_write.fields;
    if (kernel_op == LaneKernelOp::kFtoi) {
      inline_ftoi(op.fs, info.vf_write.reg, fields, plan.fixed);
    } else {
      operand_addresses(op, plan.form.second);
      lea(rdx, ptr[rbx + at.vf + 16 * (info.vf_write.reg & 31)]);
      mov(ecx, fields);
      call_fn(lane_kernel(kernel_op, broadcast, plan.fixed));
    }
    fmac_issue(pair, info.vf_write.reg & 31, info.vf_write.fields);
    return true;
  }

  // FTOIn in host code: convert_vector.hpp's ftoi4 (the lane kernel's body) as SSE2 instructions, with the VF
  // registers, the dest mask and n baked in, instead of a call to the kernel (FTOI4 is in every vertex of
  // vertex-transform microcode). The same argument holds, with one step left out: ftoi4 clears the lanes whose
  // exponent field is 0, but this conversion gives 0 there already. Such a lane's scaled value has exponent field n
  // (a denormal or, for n > 0, 1.f * 2^(n - 127)), below 1 in magnitude, and cvttps2dq truncates it to 0 (a denormal
  // input gives 0 with or without DAZ); its saturation test (exponent + n > 0x9D) is false. Every other lane is
  // ftoi4's lane for lane. Unselected fields are written back unchanged (a blend with the destination's old value).
  void inline_ftoi(uint32_t fs, uint32_t fd, uint32_t fields, FixedPoint fixed) {
    const FtoiConstants& c = kFtoiConstants[ftoi_format_index(fixed)];
    const auto vf = [&](uint32_t reg) { return xword[rbx + abi_.layout.vf + 16 * static_cast<int32_t>(reg & 31)]; };
    mov(rax, reinterpret_cast<uintptr_t>(&c));
    movdqu(xmm0, vf(fs));
    movdqa(xmm1, xmm0);
    psrld(xmm1, 23);
    pand(xmm1, xword[rax + offsetof(FtoiConstants, exponent_mask)]);
    pcmpgtd(xmm1, xword[rax + offsetof(FtoiConstants, last_unsaturated)]);  // saturates: exponent > 0x9D - n
    movdqa(xmm2, xmm0);
    paddd(xmm2, xword[rax + offsetof(FtoiConstants, scale)]);  // x * 2^n
    cvttps2dq(xmm2, xmm2);
    if (fault_ == JitFault::kBrokenInlineFtoi) {
      movdqa(xmm0, xmm2);
    } else {
      psrld(xmm0, 31);
      paddd(xmm0, xword[rax + offsetof(FtoiConstants, saturated)]);  // 0x7FFFFFFF + sign bit
      pand(xmm0, xmm1);
      pandn(xmm1, xmm2);
      por(xmm0, xmm1);
    }
    if ((fields & kFieldsXyzw) != kFieldsXyzw) {
      mov(rax, reinterpret_cast<uintptr_t>(&kFieldLaneMasks[fields & kFieldsXyzw]));
      movdqa(xmm1, xword[rax]);
      pand(xmm0, xmm1);
      movdqu(xmm2, vf(fd));
      pandn(xmm1, xmm2);
      por(xmm0, xmm1);
    }
    movdqu(vf(fd), xmm0);
  }

  // Which of the kernel's flag bits the code after it reads (fmac_kernel.hpp FmacFlags), a compile-time fact from
  // the pair's FlagUse. The rule: a live result (kLive, kLiveCarrying) goes to the flag pipeline whole, MAC and
  // sticky bits. A dead one (flag_liveness.hpp: its MAC and status bits 0-3 are overwritten before anything looks)
  // only ORs its sticky bits into dead_flags, and issue_mac_carrying folds them into the next live result; its own
  // Z/S/U/O are in those sticky bits, so its MAC value is not built. ACC-overflow persistence still reads the MAC's
  // O bits of an op to ACC. An op that sets no MAC/status (none of the inline ops today) is treated as dead.
  FmacFlags kernel_flags(FlagUse use, bool sets_mac_status, bool to_acc) const {
    const bool live = sets_mac_status && use != FlagUse::kDead && fault_ != JitFault::kBrokenKernelFlags;
    if (live) return FmacFlags::kMacAndSticky;
    return to_acc && fault_ != JitFault::kBrokenDeadOverflow ? FmacFlags::kStickyAndOverflow : FmacFlags::kSticky;
  }

  // A ring's index (a size_t at rbx + offset) moves on: index = (index + 1) % size, for a power-of-two size; the new
  // index is left in rax.
  void advance_ring(int32_t offset, size_t size) {
    mov(rax, qword[rbx + offset]);
    inc(rax);
    and_(eax, static_cast<uint32_t>(size - 1));
    mov(qword[rbx + offset], rax);
  }

  // FmacPipeline::issue(reg, fields, entry + pair.issue), for reg 1-31 and fields not 0; its drain cycle deferred
  // (Deferred) unless `store_drain`.
  void fmac_issue(const BlockPair& pair, uint32_t reg, uint32_t fields, bool store_drain = false) {
    const FmacPipeline::Layout in = FmacPipeline::layout();
    const int32_t fmac = abi_.layout.fmac;
    const int32_t writes = fmac + in.writes;
    advance_ring(fmac + in.newest, FmacPipeline::kCapacity);
    static_assert(sizeof(FmacWrite) == 24);
    lea(rax, ptr[rax + rax * 2]);  // rbx + rax * 8 + writes: writes_[newest_]
    const auto write_field = [&](size_t offset) { return rbx + rax * 8 + writes + static_cast<int32_t>(offset); };
    // reg and fields are neighbours: one store writes both.
    static_assert(offsetof(FmacWrite, fields) == offsetof(FmacWrite, reg) + 1 && sizeof(FieldMask) == 1);
    mov(word[write_field(offsetof(FmacWrite, reg))], static_cast<uint16_t>((reg & 0xff) | ((fields & 0xff) << 8)));
    lea(rdx, ptr[r12 + pair.issue]);
    mov(qword[write_field(offsetof(FmacWrite, issue))], rdx);
    const uint32_t latency = FmacPipeline::kLatency - (fault_ == JitFault::kBrokenFmacReady ? 1 : 0);
    add(rdx, latency);
    mov(qword[write_field(offsetof(FmacWrite, ready))], rdx);
    if (store_drain) {
      mov(qword[rbx + fmac + in.last_ready], rdx);
    } else {
      deferred_.last_ready = pair.issue + latency;
    }
    for (int lane = 0; lane < 4; ++lane) {
      if (has_lane(static_cast<FieldMask>(fields), lane)) {
        mov(qword[rbx + fmac + in.ready + 8 * static_cast<int32_t>(4 * reg + static_cast<uint32_t>(lane))], rdx);
      }
    }
  }

  // The lower op's VF result (write_lower_vf: Registers::write_vf, then FmacPipeline::issue), when it has one. The
  // handler reports the register and fields it writes in the LowerResult; where they are the ones the decoder
  // reported for the op (always, for the ops that write a VF), the lanes are copied and the scoreboard set inline,
  // else (and for VF00, which write_vf ignores) the hook does it.
  // The hook sets the drain cycle itself, and only on one of the three paths: a deferred one from before is stored
  // first, and the inline path stores its own.
  void lower_vf_write(const BlockPair& pair, const VfUse& expected) {
    store(drain_only());
    deferred_.last_ready.reset();
    Xbyak::Label done;  // no write, or written
    cmp(byte[rsp + kLowerFields], 0);
    je(done, T_NEAR);
    if ((expected.reg & 31) != 0 && expected.fields != 0 && expected.fields <= kFieldsXyzw) {
      Xbyak::Label other;
      static_assert(offsetof(VfUse, fields) == offsetof(VfUse, reg) + 1);
      cmp(word[rsp + kLowerReg], static_cast<uint16_t>(expected.reg | (expected.fields << 8)));
      jne(other, T_NEAR);
      copy_lower_value(expected);
      fmac_issue(pair, expected.reg & 31, expected.fields, true);
      jmp(done, T_NEAR);
      L(other);
    }
    if (fault_ != JitFault::kBrokenDeferredCycle) store(cycle_only());  // this path only
    mov(rdi, rbx);
    mov(rsi, rsp);
    call_fn(abi_.hooks.write_lower_vf);
    L(done);
  }

  // BranchViHistory::record(pairs, vi, old VI (r13d), read_same), before ++pairs.
  void record_history(const IssuePlan& plan) {
    using Entry = BranchViHistory::Entry;
    const BranchViHistory::Layout in = BranchViHistory::layout();
    const int32_t history = abi_.layout.branch_history;
    const int32_t entries = history + in.entries;
    advance_ring(history + in.newest, BranchViHistory::kDepth);
    static_assert(sizeof(Entry) == 16);
    shl(eax, 4);  // rbx + rax + entries: entries_[newest_]
    mov(rdx, qword[rbx + abi_.layout.pairs]);
    if (deferred_.pairs != 0) add(rdx, deferred_.pairs);
    mov(qword[rbx + rax + entries + static_cast<int32_t>(offsetof(Entry, pair))], rdx);
    mov(byte[rbx + rax + entries + static_cast<int32_t>(offsetof(Entry, vi))],
        static_cast<uint8_t>(plan.history_vi & 15));
    mov(word[rbx + rax + entries + static_cast<int32_t>(offsetof(Entry, old_value))], r13w);
    mov(byte[rbx + rax + entries + static_cast<int32_t>(offsetof(Entry, read_same))], plan.history_read_same ? 1 : 0);
  }

  // execute_pair after a branch's lower op: a taken branch makes the next pair its delay slot.
  void branch_taken() {
    static_assert((kMicroInstructions & (kMicroInstructions - 1)) == 0);
    Xbyak::Label not_taken;
    cmp(byte[rsp + kBranchTaken], 0);
    je(not_taken);
    mov(vu(abi_.layout.branch_pending, 1), 1);
    mov(eax, dword[rsp + kBranchTarget]);
    if (fault_ == JitFault::kBrokenBranchTarget) inc(eax);
    and_(eax, kMicroInstructions - 1);
    mov(vu(abi_.layout.branch_target, 4), eax);
    L(not_taken);
  }

  // execute_pair at the end of a delay slot: after a taken branch the block ends here and the PC is the target;
  // otherwise the program goes on with the next pair.
  void delay_slot_done(const BlockPair& pair, size_t n, size_t count) {
    Xbyak::Label not_taken;
    cmp(vu(abi_.layout.branch_pending, 1), 0);
    je(not_taken, T_NEAR);
    mov(vu(abi_.layout.branch_pending, 1), 0);
    mov(eax, vu(abi_.layout.branch_target, 4));
    mov(vu(abi_.layout.tpc, 2), ax);
    Deferred taken = deferred_;
    taken.tpc.reset();
    if (fault_ != JitFault::kBrokenLastCycle) taken.cycle = pair.issue + 1;
    leave_after(n, count, taken);
    L(not_taken);
    deferred_.tpc = static_cast<uint16_t>((pair.pc + 1) % kMicroInstructions);
  }

  void generic_pair(const BlockPair& kept, size_t n, size_t count) {
    Xbyak::Label go_on;
    current_issue_ = kept.issue;
    resolve_kick_horizons(kept.issue);
    flush();
    mov(rdi, rbx);
    mov(rsi, reinterpret_cast<uintptr_t>(&kept));
    mov(rdx, r12);
    call_fn(abi_.hooks.generic_pair);
    test(al, al);
    jnz(go_on, T_NEAR);
    leave_after(n, count);
    L(go_on);
  }

  // The VI the pair emitted last records in the branch history (kNoHistory: none), or kUnknownHistory before the
  // block's first pair (the pair before it ran elsewhere).
  static constexpr int kNoHistory = 16;
  static constexpr int kUnknownHistory = -1;
  int previous_history_ = kUnknownHistory;
  uint32_t current_issue_ = 0;        // the issue offset of the pair being emitted
  std::vector<size_t> kick_patches_;  // retire checks whose XGKICK horizon is still open (kick_horizon)
  Deferred deferred_;
  std::vector<PendingMac> pending_macs_;  // oldest first
  std::optional<uint32_t> held_fdiv_;     // the ready offset of an FDIV result held back (inline_fdiv)
  std::deque<HeldPrefix> prefixes_;  // a deque: labels stay where they are
  bool in_prefix_ = false;           // emitting a held prefix's copy: a stop after any of its pairs is a cut

  ptrdiff_t run_offset_;
  VuAbi abi_;
  JitFault fault_;
  bool with_held_entry_;
  Xbyak::Label whole_;   // the block ran whole: count it, chain on or return kBlockWhole
  Xbyak::Label cut_;     // the block stopped after eax pairs: count them, return kBlockCut
  Xbyak::Label return_;  // restore and return eax
  Xbyak::Label return_whole_;  // return kBlockWhole: before the chained entry, so jumps to it go back
  const void* chain_entry_ = nullptr;
};

}  // namespace

std::unique_ptr<CompiledBlock> compile_block(std::span<const BlockPair> pairs, const Block& block, bool held_entry,
                                             const DecodedMicro& program, const VuAbi& abi, JitFault fault,
                                             CodeArena& arena) {
  if (pairs.empty()) return nullptr;
  const size_t room = code_room(pairs.size(), block, held_entry);
  uint8_t* buffer = arena.reserve(room);
  if (buffer == nullptr) return nullptr;
  std::vector<BlockPair> kept(pairs.begin(), pairs.end());
  size_t used = 0;
  const void* chain_entry = nullptr;
  try {
    BlockEmitter emitter(room, buffer, arena.run_address(buffer) - buffer, abi, fault, held_entry);
    emitter.block(pairs, kept, block, program);
    used = emitter.getSize();
    chain_entry = emitter.chain_entry();
  } catch (const Xbyak::Error&) {
    used = 0;
  }
  arena.commit(buffer, used);
  if (used == 0) return nullptr;
  const uint8_t* runs_at = arena.run_address(buffer);
  return std::make_unique<CompiledBlock>(std::move(kept), reinterpret_cast<BlockCode>(const_cast<uint8_t*>(runs_at)),
                                         chain_entry, runs_at, used, held_entry);
}

#else

std::unique_ptr<CompiledBlock> compile_block(std::span<const BlockPair>, const Block&, bool, const DecodedMicro&,
                                             const VuAbi&, JitFault, CodeArena&) {
  return nullptr;
}

#endif

}  // namespace gcvu::vu::jit
