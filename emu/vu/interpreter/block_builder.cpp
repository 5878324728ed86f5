// build_block: a block's pairs and their quiet-entry schedule, from the stall rules run on scratch pipelines that
// start empty (block.hpp explains the deadlines).

#include <algorithm>
#include <bit>

#include "emu/vu/interpreter/block.hpp"
#include "emu/vu/interpreter/flag_liveness.hpp"
#include "emu/vu/interpreter/hazards.hpp"

namespace gcvu::vu {

namespace {

// The scratch pipelines, and which values the block has written so far (a later read of those is the block's own
// business, not a deadline).
class ScheduleSketch {
 public:
  PipelineView view() const { return {fmac_, integer_loads_, fdiv_, efu_, xgkick_}; }

  // Records the deadlines of the pair's reads of values from before the block.
  void note_reads(const IssuePlan& plan, uint16_t deadline, Block& block) {
    for (uint8_t n = 0; n < plan.vf_read_count; ++n) {
      const VfUse& read = plan.vf_reads[n];
      for (int lane = 0; lane < 4; ++lane) {
        if (!has_lane(read.fields, lane) || has_lane(vf_seen_[read.reg & 31], lane)) continue;
        vf_seen_[read.reg & 31] |= lane_field(lane);
        block.vf_deadlines.push_back({static_cast<uint8_t>(read.reg & 31), static_cast<uint8_t>(lane), deadline});
      }
    }
    for (uint16_t reads = plan.vi_reads & ~vi_seen_; reads != 0; reads &= static_cast<uint16_t>(reads - 1)) {
      block.vi_deadlines.push_back({static_cast<uint8_t>(std::countr_zero(reads)), deadline});
    }
    vi_seen_ |= plan.vi_reads;
    const bool fdiv = plan.wait == IssuePlan::Wait::kFdiv || plan.wait == IssuePlan::Wait::kWaitQ;
    const bool efu = plan.wait == IssuePlan::Wait::kEfu || plan.wait == IssuePlan::Wait::kWaitP;
    if (fdiv && !fdiv_seen_) block.fdiv_deadline = deadline;
    if (efu && !efu_seen_) block.efu_deadline = deadline;
    fdiv_seen_ = fdiv_seen_ || fdiv;
    efu_seen_ = efu_seen_ || efu;
  }

  // What the pair starts in the pipelines, as its execution does (pair_execution.hpp, lower_ops.cpp).
  void apply(const DecodedBundle& bundle, const IssuePlan& plan, WriteClash write_clash, uint64_t cycle) {
    const bool lower_runs = !(plan.clash && write_clash == WriteClash::kLowerSkipped) && !plan.loi && !plan.lower_idle;
    if (lower_runs) {
      const OpInfo& lower = bundle.lower_info;
      if (bundle.lower.op == Opcode::kIlw || bundle.lower.op == Opcode::kIlwr) {
        integer_loads_.issue(bundle.lower.it, cycle);
        vi_seen_ |= static_cast<uint16_t>(1u << (bundle.lower.it & 15));
      }
      if (lower.unit == Unit::kFdiv && !lower.is_wait) {
        fdiv_.start(cycle, lower.latency, 0, 0);
        fdiv_seen_ = true;
      }
      if (lower.unit == Unit::kEfu && !lower.is_wait) {
        efu_.start(cycle, lower.latency, 0);
        efu_seen_ = true;
      }
      if (lower.vf_write.used() && !plan.clash) write_vf(lower.vf_write, cycle);
    }
    if (bundle.upper_info.vf_write.used()) write_vf(bundle.upper_info.vf_write, cycle);
  }

 private:
  void write_vf(const VfUse& write, uint64_t cycle) {
    fmac_.issue(write.reg, write.fields, cycle);
    vf_seen_[write.reg & 31] |= write.fields;
  }

  FmacPipeline fmac_;
  IntegerLoadPipeline integer_loads_;
  FdivUnit fdiv_;
  EfuUnit efu_;
  XgkickUnit xgkick_;
  std::array<FieldMask, 32> vf_seen_{};  // fields read or written so far: a read of them is no new deadline
  uint16_t vi_seen_ = 0;
  bool fdiv_seen_ = false;
  bool efu_seen_ = false;
};

// Whether a pair can run in a block at all.
bool fits_block(const IssuePlan& plan) { return !plan.invalid && plan.wait != IssuePlan::Wait::kXgkick; }

// The pair_shape of a pair (block.hpp): kGeneric for branches, E/D/T-bit pairs and delay slots (`slot`).
uint8_t shape_of(const DecodedBundle& bundle, const IssuePlan& plan, bool slot, bool stalled) {
  namespace shape = pair_shape;
  if (slot || bundle.lower_info.is_branch || plan.e_bit || plan.d_bit || plan.t_bit || plan.stops) {
    return shape::kGeneric;
  }
  return pair_shape_bits(bundle, plan, stalled);
}

}  // namespace

uint8_t pair_shape_bits(const DecodedBundle& bundle, const IssuePlan& plan, bool stalled) {
  namespace shape = pair_shape;
  uint8_t bits = 0;
  if (stalled) bits |= shape::kStalled;
  if (plan.runs_lower) bits |= shape::kLower;
  if (!plan.upper_idle) bits |= shape::kUpper;
  if (plan.runs_lower && bundle.lower_info.vf_write.used() && !plan.clash) bits |= shape::kLowerVf;
  if (plan.loi) bits |= shape::kLoi;
  if (plan.records_history) bits |= shape::kHistory;
  return bits;
}

Block build_block(uint32_t pc, const std::array<IssuePlan, kMicroInstructions>& plans,
                  const std::array<DecodedBundle, kMicroInstructions>& decoded, const Vu1Config& config) {
  Block block;
  ScheduleSketch sketch;
  uint64_t cycle = 0;
  bool last = false;  // the pair just added was a branch's or an E bit's delay slot
  bool slot_next = false;
  while (!last && block.pairs.size() < Block::kMaxPairs) {
    const IssuePlan& plan = plans[pc];
    const DecodedBundle& bundle = decoded[pc];
    if (!fits_block(plan)) break;
    last = slot_next;
    slot_next = bundle.lower_info.is_branch || plan.e_bit;
    const uint64_t issue = issue_cycle(plan, sketch.view(), cycle);
    BlockPair pair;
    pair.pc = static_cast<uint16_t>(pc);
    pair.pre = static_cast<uint16_t>(cycle);
    pair.issue = static_cast<uint16_t>(issue);
    if (issue != cycle) pair.cause = explain_stall(plan, sketch.view(), cycle, issue).cause;
    pair.shape = shape_of(bundle, plan, last, issue != cycle);
    // A value from before the block that lands exactly when a stalled pair issues would take part in naming the
    // stall's cause: the deadline is a cycle earlier then.
    sketch.note_reads(plan, static_cast<uint16_t>(issue != cycle ? issue - 1 : issue), block);
    sketch.apply(bundle, plan, config.write_clash, issue);
    block.pairs.push_back(pair);
    cycle = issue + 1;
    pc = (pc + 1) % kMicroInstructions;
  }
  // Ascending deadlines let the entry check stop early (block_runner.cpp). They come out of the loop in that order
  // already (each pair issues after the one before); the sort keeps it so whatever the loop becomes.
  std::stable_sort(block.vf_deadlines.begin(), block.vf_deadlines.end(),
                   [](const FieldDeadline& a, const FieldDeadline& b) { return a.deadline < b.deadline; });
  std::stable_sort(block.vi_deadlines.begin(), block.vi_deadlines.end(),
                   [](const ViDeadline& a, const ViDeadline& b) { return a.deadline < b.deadline; });
  for (const FieldDeadline& d : block.vf_deadlines) block.vf_deadline_min = std::min(block.vf_deadline_min, d.deadline);
  for (const ViDeadline& d : block.vi_deadlines) block.vi_deadline_min = std::min(block.vi_deadline_min, d.deadline);
  if (config.flag_liveness != FlagLiveness::kOff && !block.pairs.empty()) {
    std::vector<BlockPair> whole = block.pairs;
    block.dead_flag_results = mark_flag_liveness(whole, plans, decoded, config.flag_liveness);
    if (block.dead_flag_results != 0) block.whole_run_pairs = std::move(whole);
  }
  return block;
}

Successors static_successors(const Block& block, const std::array<IssuePlan, kMicroInstructions>& plans,
                             const std::array<DecodedBundle, kMicroInstructions>& decoded) {
  Successors out;
  const uint32_t last = block.pairs.back().pc;
  if (plans[last].e_bit) return out;  // cut at kMaxPairs on the E bit: its delay slot is the program's last pair
  if (block.pairs.size() >= 2) {
    const uint32_t before = block.pairs[block.pairs.size() - 2].pc;
    if (plans[before].e_bit) return out;
    const DecodedOp& op = decoded[before].lower;
    if (decoded[before].lower_info.is_branch && op.op != Opcode::kJr && op.op != Opcode::kJalr) {
      out.pcs[out.count++] = relative_branch_target(before, op.imm);
      if (op.op == Opcode::kB) return out;
    }
  }
  out.pcs[out.count++] = (last + 1) % kMicroInstructions;
  return out;
}

}  // namespace gcvu::vu
