// The block runner: takes the pairs of a cached block at their precomputed issue cycles while the block's entry
// is quiet (block.hpp), doing for each exactly what the per-pair path does once a pair has issued.

#include <algorithm>
#include <array>
#include <utility>

#include "emu/vu/interpreter/pair_execution.hpp"
#include "emu/vu/jit/block_compiler.hpp"

namespace gcvu::vu {

// Vu1::execute_pair (pair_execution.hpp) for a pair that issues at entry + pair.issue, is neither a branch, nor an
// E/D/T-bit pair, nor a delay slot, and runs with no branch or E bit pending and no observer: what is left of
// execute_pair then, in the same order, with the shape's cases decided at compile time.
template <uint8_t kShape>
void Vu1::run_plain_pair(Vu1& vu, const BlockPair& pair, uint64_t entry) {
  namespace shape = pair_shape;
  const uint32_t pc = pair.pc;
  const DecodedBundle& bundle = vu.program_->decoded[pc];
  const IssuePlan& plan = vu.program_->plans[pc];
  vu.cycle_ = entry + pair.issue;
  if constexpr ((kShape & shape::kStalled) != 0) {
    const uint32_t cycles = static_cast<uint32_t>(pair.issue - pair.pre);
    vu.stats_.stall_cycles += cycles;
    vu.stats_.stall_cycles_by_cause[static_cast<size_t>(pair.cause)] += cycles;
    vu.branch_history_.break_chains(vu.stats_.pairs);
  }
  vu.retire_to(vu.cycle_);
  uint16_t old_vi = 0;
  if constexpr ((kShape & shape::kHistory) != 0) old_vi = vu.registers_.vi(plan.history_vi);
  LowerResult lower;
  if constexpr ((kShape & shape::kLower) != 0) plan.lower_fn(vu, bundle.lower, bundle.lower_info, pc, lower);
  if constexpr ((kShape & shape::kUpper) != 0) {
    plan.upper_fns[static_cast<size_t>(pair.flags)](vu, bundle.upper, bundle.upper_info);
  }
  if constexpr ((kShape & shape::kLowerVf) != 0) {
    if (lower.vf_write.used()) {
      vu.registers_.write_vf(lower.vf_write.reg, lower.vf_write.fields, lower.vf_value);
      vu.fmac_.issue(lower.vf_write.reg, lower.vf_write.fields, vu.cycle_);
    }
  }
  if constexpr ((kShape & shape::kLoi) != 0) vu.registers_.i = bundle.lower.raw;
  if constexpr ((kShape & shape::kHistory) != 0) {
    vu.branch_history_.record(vu.stats_.pairs, plan.history_vi, old_vi, plan.history_read_same);
  }
  ++vu.stats_.pairs;
  if (!vu.running_) return;  // the lower op stopped the program
  vu.registers_.tpc = static_cast<uint16_t>((pc + 1) % kMicroInstructions);
  ++vu.cycle_;
}


uint64_t Vu1::run_compiled(const Block& block, const BlockPair* pairs, uint64_t entry) {
  const jit::CompiledBlock* code = jit_.find(registers_.tpc);
  if (code == nullptr || code->pair_count() != block.pairs.size()) [[unlikely]] {
    const auto ahead = [this, &block](size_t limit) { return blocks_ahead(block, limit); };
    const bool held = jit_.entered_held(registers_.tpc);
    // Tiered, blocks_ahead takes only blocks that have run.
    const bool ahead_has_run = config_.jit_compile_after != 0;
    code = jit_.compile({{pairs, block.pairs.size()}, &block, held}, ahead, ahead_has_run, *program_, jit_abi(),
                        config_.jit_fault);
    if (code == nullptr) return 0;
  }
  const uint64_t ended = code->run(*this, entry);
  if (jit_held_wanted_ != 0) [[unlikely]] {
    compile_held_entry(jit_held_wanted_ - 1);
    jit_held_wanted_ = 0;
  }
  return ended;
}

// A block whose code has no held entry was entered chained and not quiet: its code is compiled again, with one
// (block_compiler.hpp). The code returned first, so none of it runs while it is replaced.
void Vu1::compile_held_entry(uint32_t pc) {
  const jit::CompiledBlock* code = jit_.find(pc);
  const Block* block = blocks_.find_or_build(pc, program_->plans, program_->decoded, config_);
  if (code == nullptr || code->has_held_entry() || block == nullptr || code->pair_count() != block->pairs.size()) {
    return;
  }
  const auto none = [](size_t) { return std::vector<jit::CompileRequest>{}; };
  jit_.compile({block->whole_run(), block, true}, none, /*ahead_has_run=*/true, *program_, jit_abi(),
               config_.jit_fault);
}

// Up to `limit` (at most 8) blocks the program can reach from `block` by its static successors (block.hpp), breadth
// first, that are not compiled yet: what the JIT compiles together with it, each with the pairs the JIT's entry
// class runs (whole runs). Building them leaves `block` in place (BlockCache keeps its blocks where they are).
std::vector<jit::CompileRequest> Vu1::blocks_ahead(const Block& block, size_t limit) {
  const size_t kAhead = std::min<size_t>(limit, 8);
  std::vector<jit::CompileRequest> ahead;
  std::array<bool, kMicroInstructions> seen{};
  seen[block.pairs.front().pc] = true;
  std::vector<const Block*> frontier{&block};
  for (size_t next = 0; next < frontier.size() && ahead.size() < kAhead; ++next) {
    const Successors successors = static_successors(*frontier[next], program_->plans, program_->decoded);
    for (size_t s = 0; s < successors.count; ++s) {
      uint32_t pc = successors.pcs[s];
      // A pair that goes per pair (an XGKICK) is followed by the block after it.
      if (blocks_.find_or_build(pc, program_->plans, program_->decoded, config_) == nullptr) {
        pc = (pc + 1) % kMicroInstructions;
      }
      if (seen[pc] || ahead.size() >= kAhead) continue;
      seen[pc] = true;
      const Block* successor = blocks_.find_or_build(pc, program_->plans, program_->decoded, config_);
      if (successor == nullptr) continue;
      frontier.push_back(successor);
      if (jit_.find(pc) != nullptr) continue;
      // Tiered, only blocks that have run: most never-run successors (error paths, other modes) never will.
      if (config_.jit_compile_after != 0 && !jit_.ran_in_runner(pc)) continue;
      ahead.push_back({successor->whole_run(), successor, jit_.entered_held(pc)});
    }
  }
  return ahead;
}

jit::VuAbi Vu1::jit_abi() {
  const auto offset = [this](const void* member) {
    return static_cast<int32_t>(static_cast<const char*>(member) - reinterpret_cast<const char*>(this));
  };
  jit::VuAbi abi;
  abi.layout.cycle = offset(&cycle_);
  abi.layout.next_event = offset(&next_event_);
  abi.layout.running = offset(&running_);
  abi.layout.tpc = offset(&registers_.tpc);
  abi.layout.i_register = offset(&registers_.i);
  abi.layout.pairs = offset(&stats_.pairs);
  abi.layout.stall_cycles = offset(&stats_.stall_cycles);
  abi.layout.stall_by_cause = offset(stats_.stall_cycles_by_cause.data());
  abi.layout.branch_pending = offset(&branch_pending_);
  abi.layout.branch_target = offset(&branch_target_);
  abi.layout.vf = offset(&registers_.vf(0));
  abi.layout.acc = offset(&registers_.acc());
  abi.layout.q = offset(&registers_.q);
  abi.layout.acc_overflow = offset(&acc_overflow_);
  abi.layout.dead_flags = offset(&dead_flags_);
  abi.layout.fmac = offset(&fmac_);
  abi.layout.vi = offset(registers_.vi_data());
  abi.layout.branch_history = offset(&branch_history_);
  abi.layout.data = offset(&data_.qword(0));
  abi.layout.integer_loads = offset(&integer_loads_);
  abi.layout.mac = offset(&registers_.mac);
  abi.layout.status = offset(&registers_.status);
  abi.layout.clip = offset(&registers_.clip);
  abi.layout.end_pending = offset(&end_pending_);
  abi.layout.jit_limit = offset(&jit_limit_);
  abi.layout.chain_entries = offset(jit_.chain_entries().data());
  abi.layout.block_entries = offset(&block_stats_.entries);
  abi.layout.block_pairs = offset(&block_stats_.pairs);
  abi.layout.block_dead = offset(&block_stats_.dead_flag_results);
  abi.layout.block_chained = offset(&block_stats_.chained);
  abi.layout.block_stalled = offset(&block_stats_.stalled_entries);
  abi.layout.block_prefix = offset(&block_stats_.prefix_entries);
  abi.layout.block_held = offset(&block_stats_.held_chained);
  abi.layout.fdiv_busy = offset(&fdiv_.pending().busy);
  abi.layout.fdiv_ready = offset(&fdiv_.pending().ready);
  abi.layout.fdiv_issue = offset(&fdiv_.pending().issue);
  abi.layout.fdiv_value = offset(&fdiv_.pending().value);
  abi.layout.fdiv_status = offset(&fdiv_.pending().status_id);
  abi.layout.held_wanted = offset(&jit_held_wanted_);
  abi.layout.efu_busy = offset(&efu_.pending().busy);
  abi.layout.efu_ready = offset(&efu_.pending().ready);
  abi.hooks.retire_due = [](Vu1& vu, uint64_t cycle, uint64_t xgkick_until) { vu.retire_due(cycle, xgkick_until); };
  abi.hooks.write_lower_vf = [](Vu1& vu, const LowerResult& lower) {
    vu.registers_.write_vf(lower.vf_write.reg, lower.vf_write.fields, lower.vf_value);
    vu.fmac_.issue(lower.vf_write.reg, lower.vf_write.fields, vu.cycle_);
  };
  // finish_upper<kLive> and <kLiveCarrying>'s flag step (upper_ops.cpp), the carried sticky bits taken out of
  // dead_flags_ by the compiled code (block_compiler.cpp hold_back_mac).
  abi.hooks.issue_mac_at = [](Vu1& vu, uint32_t flags, uint64_t cycle) {
    vu.flags_.issue_mac(cycle, static_cast<uint16_t>(flags), (flags >> 16) & 0xf, (flags >> 20) & 0xf);
    vu.note_event(cycle + FlagPipeline::kLatency);
  };
  abi.hooks.issue_clip_at = [](Vu1& vu, uint32_t judgement, uint64_t cycle) {
    vu.flags_.issue_clip(cycle, static_cast<uint8_t>(judgement));
    vu.note_event(cycle + FlagPipeline::kLatency);
  };
  abi.hooks.generic_pair = [](Vu1& vu, const BlockPair& pair, uint64_t entry) {
    vu.cycle_ = entry + pair.issue;
    const uint32_t next =
        vu.execute_pair(pair.pc, Stall{pair.cause, static_cast<uint32_t>(pair.issue - pair.pre)}, pair.flags);
    return vu.running_ && next == (pair.pc + 1u) % kMicroInstructions;
  };
  return abi;
}

void Vu1::invalidate_compiled(uint32_t first, uint32_t count, bool unshared) {
  if (config_.jit_fault == JitFault::kBrokenStaleCode) return;
  if (unshared) {
    jit_.clear();
  } else {
    jit_.invalidate(first, count);
  }
}

// The earliest deadline of the block (block.hpp) that what is in flight misses from `entry`, as an offset from it;
// kNoneMissed when the entry is quiet. jit/block_compiler.cpp (chained_entry) emits the quiet test for a chained
// entry: a rule added here goes there too.
int64_t Vu1::earliest_missed_deadline(const Block& block, uint64_t entry) const {
  int64_t missed = kNoneMissed;
  // Most entries find everything from before the block landed long ago: one compare per unit then. Otherwise only
  // the deadlines before the unit's drain cycle (the newest write's ready cycle, the latest of all) can be missed,
  // and the deadlines are in ascending order (build_block sorts them): the check stops at the first one past it,
  // and the first one missed is the unit's earliest.
  if (const uint64_t drain = fmac_.drain_cycle(); drain > entry + block.vf_deadline_min) {
    for (const FieldDeadline& d : block.vf_deadlines) {
      if (entry + d.deadline >= drain) break;
      if (fmac_.lane_ready(d.reg, d.lane) > entry + d.deadline) {
        missed = d.deadline;
        break;
      }
    }
  }
  if (const uint64_t drain = integer_loads_.drain_cycle(); drain > entry + block.vi_deadline_min) {
    for (const ViDeadline& d : block.vi_deadlines) {
      if (entry + d.deadline >= drain) break;
      if (integer_loads_.ready_cycle(d.vi) > entry + d.deadline) {
        missed = std::min<int64_t>(missed, d.deadline);
        break;
      }
    }
  }
  if (block.fdiv_deadline != Block::kNoDeadline &&
      fdiv_.free_cycle() > entry + static_cast<uint64_t>(block.fdiv_deadline)) {
    missed = std::min<int64_t>(missed, block.fdiv_deadline);
  }
  if (block.efu_deadline != Block::kNoDeadline &&
      efu_.free_cycle() > entry + static_cast<uint64_t>(block.efu_deadline)) {
    missed = std::min<int64_t>(missed, block.efu_deadline);
  }
  return missed;
}

bool Vu1::entry_is_quiet(const Block& block, uint64_t entry) const {
  return earliest_missed_deadline(block, entry) == kNoneMissed;
}

// How many of the block's leading pairs run as its schedule says from `entry` when some deadline is missed: those
// that issue before the earliest missed deadline. A deadline is the issue offset of the pair that reads the value,
// or one less when that pair stalls within the block; the pair before that reader issues the cycle before the reader
// comes up, so strictly before the deadline, and the reader and every pair after it issue at or after the deadline.
// So the pairs issuing strictly before the earliest missed deadline are a run of leading pairs that read nothing
// missed, and each issues where the schedule puts it, as the per-pair path would issue it.
size_t Vu1::quiet_prefix(const Block& block, uint64_t entry) const {
  int64_t missed = earliest_missed_deadline(block, entry);
  if (config_.jit_fault == JitFault::kBrokenHeldEntry && missed != kNoneMissed) ++missed;  // lets the reader in
  return block.pairs_issuing_before(missed);
}

// A block whose entry is not quiet, entered anyway where the per-pair path would do the same. Two cases, often one
// after the other in real microcode (a loop whose first pair waits for the pass before's FTOI, and whose second
// waits for its DIV):
//  * the first pair stalls for something from before the block: the per-pair path's first steps for it (come_up,
//    then execute_pair's stall accounting) are done here, and the block is entered at that pair's issue cycle (it
//    never stalls within the block), as each pair after it comes up the cycle after the one before;
//  * from that cycle (or from `entry` when the first pair is not held), a later deadline may still be missed: then
//    only the pairs before the one held back run (quiet_prefix), and the block from that pair is entered next.
// Returns the entry cycle and the number of pairs to run, or no pairs when the entry is not of this kind (the pair
// then goes per pair): a first pair that waits for an XGKICK or would issue at or past the run's limit.
// jit/block_compiler.cpp (held_entry) emits the same steps for a chained entry: a rule added here goes there too.
Vu1::HeldEntry Vu1::held_entry(const Block& block, uint64_t entry, uint64_t limit) {
  const IssuePlan& plan = program_->plans[block.pairs.front().pc];
  // (waiting_ only in case a pair held by stall_in_place ever reaches here: run_block returns before that today.)
  if (waiting_ || plan.invalid || plan.wait == IssuePlan::Wait::kXgkick) return {};
  const uint64_t issue = issue_cycle(plan, pipelines(), entry);
  if (issue >= limit) return {};
  const size_t pairs =
      issue == entry || !entry_is_quiet(block, issue) ? quiet_prefix(block, issue) : block.pairs.size();
  if (pairs == 0) return {};
  if (issue != entry) {
    const Stall stall = explain_stall(plan, pipelines(), entry, issue);
    const uint32_t charged = stall.cycles - (config_.jit_fault == JitFault::kBrokenStalledEntry ? 1u : 0u);
    stats_.stall_cycles += charged;
    stats_.stall_cycles_by_cause[static_cast<size_t>(stall.cause)] += charged;
    branch_history_.break_chains(stats_.pairs);
    ++block_stats_.stalled_entries;
  }
  if (pairs != block.pairs.size()) ++block_stats_.prefix_entries;
  return {issue, pairs};
}

Vu1::PairsRun Vu1::run_block_pairs(const BlockPair* pairs, size_t first, size_t count, uint64_t entry,
                                   uint64_t limit, bool generic_first) {
  static constexpr auto kPlainPairs = []<size_t... kShape>(std::index_sequence<kShape...>) {
    return std::array<PlainPairFn, sizeof...(kShape)>{&Vu1::run_plain_pair<static_cast<uint8_t>(kShape)>...};
  }(std::make_index_sequence<pair_shape::kCount>{});
  PairsRun run;
  for (size_t n = first; n < count; ++n) {
    const BlockPair& pair = pairs[n];
    if (entry + pair.pre >= limit) {
      run.cut_by_limit = running_;
      break;
    }
    ++run.ran;
    if (pair.shape != pair_shape::kGeneric && !generic_first) [[likely]] {
      kPlainPairs[pair.shape](*this, pair, entry);
      if (!running_) break;
      continue;
    }
    generic_first = false;
    cycle_ = entry + pair.issue;
    const uint32_t next =
        execute_pair(pair.pc, Stall{pair.cause, static_cast<uint32_t>(pair.issue - pair.pre)}, pair.flags);
    if (!running_ || next != (pair.pc + 1u) % kMicroInstructions) break;
  }
  return run;
}

bool Vu1::run_block(uint64_t until) {
  // A pair held by stall_in_place has come up already: it goes per pair, and so does everything after it.
  if (observer_ != nullptr || config_.engine == Engine::kInterp || config_.stall_in_place || config_.commit_after_pair) {
    return false;
  }
  // step() stops the program at the first pair that comes up with the budget spent: leave that pair to it.
  const uint64_t budget_end =
      config_.max_cycles > UINT64_MAX - start_cycle_ ? UINT64_MAX : start_cycle_ + config_.max_cycles;
  const uint64_t limit = std::min(until, budget_end);
  if (config_.engine == Engine::kJit) {
    // What the generated code depends on beyond the program: the settings block schedules and liveness depend on,
    // and the test-only faults. Neither changes while this call runs blocks.
    const uint32_t key = static_cast<uint32_t>(config_.flag_liveness) | static_cast<uint32_t>(config_.jit_fault) << 8 |
                         static_cast<uint32_t>(config_.write_clash) << 16;
    if (!jit_.compiled_for(program_, key)) [[unlikely]] jit_.retarget(program_, key);
  }
  bool ran_any = false;
  // The rest of a block the last call cut (CutBlock): no lookup and no entry check, the same schedule.
  if (at_cut_block()) {
    CutBlock& cut = cut_block_;
    // (Nothing runs only when the budget's end is the limit: the loop below leaves that pair to step() too.)
    if (const PairsRun run = run_block_pairs(cut.pairs, cut.next, cut.count, cut.entry, limit, false); run.ran != 0) {
      ++block_stats_.resumed_cuts;
      block_stats_.pairs += run.ran;
      if (run.cut_by_limit) {
        cut.next = static_cast<uint32_t>(cut.next + run.ran);
        cut.cycle = cycle_;
        cut.pairs_done = stats_.pairs;
        return true;
      }
      cut.block = nullptr;
      if (!running_ || cycle_ >= limit || cut.next + run.ran != cut.count) return true;
      ran_any = true;
    }
  }
  cut_block_.block = nullptr;
  // Block after block while each ends whole and its successor's entry is quiet; anything else goes back to the
  // caller, which takes the pair per pair (or calls again).
  for (;;) {
    const Block* block =
        blocks_.find_or_build(registers_.tpc, program_->plans, program_->decoded, config_);
    if (block == nullptr) return ran_any;
    uint64_t entry = cycle_;
    // A pair left waiting as a delay slot or after an E bit (a run_until that stopped mid-block) is not plain.
    bool generic_first = branch_pending_ || end_pending_;
    size_t count = block->pairs.size();
    if (!entry_is_quiet(*block, entry)) {
      const HeldEntry held = generic_first ? HeldEntry{} : held_entry(*block, entry, limit);
      if (held.pairs == 0) {
        if (!ran_any) ++block_stats_.noisy_entries;  // counted once, when the caller's next call finds it again
        return ran_any;
      }
      entry = held.cycle;
      count = held.pairs;
      if (config_.engine == Engine::kJit) jit_.note_held_entry(registers_.tpc);
    }
    const bool whole = count == block->pairs.size();
    // Flag liveness (flag_liveness.hpp) holds only for a run from the block's first pair to its end.
    const BlockPair* pairs = block->pairs.data();
    if (block->dead_flag_results != 0 && !generic_first &&
        ((whole && entry + block->pairs.back().pre < limit) || config_.flag_liveness == FlagLiveness::kBrokenWhenCut)) {
      pairs = block->whole_run_pairs.data();
      block_stats_.dead_flag_results += block->dead_flag_results;
    }
    // The JIT's one entry-state class (block_compiler.hpp): quiet, from the first pair, and run whole. The code
    // counts its blocks' entries and pairs, and may chain on into the blocks after it.
    const bool jit_class =
        config_.engine == Engine::kJit && whole && !generic_first && entry + block->pairs.back().pre < limit;
    if (jit_class && jit_.entry_compiles(registers_.tpc, config_.jit_compile_after)) {
      jit_limit_ = limit;
      if (const uint64_t ended = run_compiled(*block, pairs, entry); ended != 0) {
        ran_any = true;
        if (ended != jit::kBlockWhole || !running_ || cycle_ >= limit) return true;
        continue;
      }
    } else if (!jit_class && config_.engine == Engine::kJit && !generic_first) {
      // Tiered, a block entered otherwise (with a held prefix: its first pairs wait on the block before) has run
      // too: it is compiled ahead with the block before it, whose code then chains into it by its held entry, as
      // the pure JIT compiles it ahead.
      jit_.note_other_entry(registers_.tpc);
    }
    const PairsRun run = run_block_pairs(pairs, 0, count, entry, limit, generic_first);
    if (run.ran == 0) return ran_any;
    ran_any = true;
    ++block_stats_.entries;
    block_stats_.pairs += run.ran;
    if (run.cut_by_limit) {
      CutBlock& cut = cut_block_;
      cut.block = block;
      cut.pairs = pairs;
      cut.next = static_cast<uint32_t>(run.ran);
      cut.count = static_cast<uint32_t>(count);
      cut.entry = entry;
      cut.cycle = cycle_;
      cut.pairs_done = stats_.pairs;
      return true;
    }
    if (run.ran != count || !running_ || cycle_ >= limit) return true;
  }
}

}  // namespace gcvu::vu
