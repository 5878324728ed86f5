#pragma once
// `gcvu trace-diff`: runs gcvu's VU1 in lockstep with a vutrace trace and finds the first pair after which the two
// states differ.
//
// Lockstep semantics. A vutrace snapshot is PCSX2's VU1 state right after its interpreter executed one instruction
// pair; its TPC is the pair that runs next. Both PCSX2's interpreter and gcvu write a pair's VF, VI and ACC results
// and its memory stores when the pair issues (the pipeline latency shows as stalls of later readers, not as late
// writes), and both commit Q, P and the MAC/status/clip flags when their pipeline latency has passed, counted in
// cycles including stalls, checked as each pair issues. So the natural common point is: step k executes the pair
// at snapshot k-1's TPC through Vu1::step() (its stall, the commits due by its issue cycle, the pair itself) and
// then compares gcvu's architectural state with snapshot k. Nothing in flight is compared: a result whose latency
// has not passed is invisible on both sides. Where the two latency models disagree (which cycle a DIV's Q or an
// FMAC's flags become visible), the difference shows in q, p or the flags at the step where one side commits.
//
// The start. The state of snapshot `start` is loaded (registers, data and micro memory) and gcvu starts at its TPC.
// Versions 1 and 2 record the interpreter's own state in every 'R' packet (formats/pcsx2/vutrace.hpp
// VutraceInterpreterState): there `start` is the first snapshot, a pending branch goes on to its target after the
// delay slot, and a DIV or EFU result in flight is seeded to land when PCSX2's counters say (seed_snapshot_work).
// Version 3 records none of it: `start` is the first snapshot whose pair is not a branch (after a branch the next
// pair is a delay slot followed by a jump whose target the trace does not record), and work in flight at the start
// is lost. Version 1 is compared with the one-step shift of its interpreter (vu_config_for). In every version FMAC
// flag results in flight and the TOP/ITOP that XTOP/XITOP read (given by options)
// are not recorded.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/trace_diff/ignore_set.hpp"

namespace gcvu::harness {

struct TraceDiffOptions {
  IgnoreSet ignore;
  // VF and ACC lanes, Q and P match when their PS2-float bit patterns are at most this many representable values
  // apart (sign and magnitude ordered, so +0 and -0 are 1 apart). 0: bit for bit.
  uint32_t float_ulps = 0;
  uint64_t max_steps = UINT64_MAX;
  vu::Vu1Config config = [] {
    vu::Vu1Config config;
    config.write_clash = vu::WriteClash::kLowerSkipped;  // as PCSX2's interpreter, which made the trace
    config.engine = vu::Engine::kInterp;
    return config;
  }();
  uint16_t top = 0;
  uint16_t itop = 0;
  size_t max_listed_words = 32;  // differing memory words listed (all are counted)
};

struct StateMismatch {
  std::string name;  // "vf03.y", "vi05", "acc.w", "q", "status", "tpc", "mem 0x01a4"
  uint32_t trace_value = 0;
  uint32_t our_value = 0;
  bool is_float = false;
};

struct TraceDiffResult {
  size_t snapshots = 0;
  size_t start = 0;    // the snapshot loaded as the initial state
  uint64_t steps = 0;  // steps run (the last one is the diverging one, if any)
  bool diverged = false;
  bool cut_short = false;  // max_steps ended the comparison before the trace did
  // Where it diverged: step index = snapshot index; the byte PC and bundle of the pair that step executed.
  size_t step = 0;
  uint32_t pc = 0;
  uint64_t bundle = 0;
  std::vector<StateMismatch> mismatches;
  size_t memory_mismatches = 0;  // every differing data word (mismatches lists max_listed_words of them)
  std::string stop;              // why gcvu's VU1 stopped before the trace ended, if it did
  std::vector<std::string> seeded;  // the start snapshot's work in flight given to gcvu (seed_snapshot_work)
  bool commit_after_pair = false;   // compared with version 1's one-step shift (vu_config_for)
};

TraceDiffResult diff_trace(const formats::VutraceTrace& trace, const TraceDiffOptions& options);

// The pieces of diff_trace, for a debugger that runs the trace's program itself (gcvu debug --vutrace):
// the snapshot diff_trace starts from; a snapshot's registers and memories loaded into a VU (not started: its TPC
// is registers.tpc() / 8); and the comparison of a step, which appends to result.mismatches (and counts memory words
// in result.memory_mismatches) and says whether anything differed.
size_t first_clean_snapshot(const formats::VutraceTrace& trace);
void load_snapshot_state(vu::Vu1& vu, const formats::VutraceSnapshot& snapshot);
// VU1's options for comparing with `trace`: options.config, with Vu1Config::commit_after_pair for a version 1
// trace (its interpreter committed Q, P and flag results after the pair that issued on their cycle).
vu::Vu1Config vu_config_for(const formats::VutraceTrace& trace, const TraceDiffOptions& options);
// After vu.start(): seeds the pending branch and the DIV/EFU results in flight that a version 1 or 2 snapshot
// records; returns one line for each.
std::vector<std::string> seed_snapshot_work(vu::Vu1& vu, const formats::VutraceTrace& trace, size_t index);
bool compare_with_snapshot(const vu::Vu1& vu, const formats::VutraceSnapshot& snapshot,
                           const TraceDiffOptions& options, TraceDiffResult& result);

// The byte PC of the pair whose execution produced snapshot `index` (the TPC before it; for the first, 8 bytes
// before its TPC), and the instruction pair (lower word low) at byte `pc` of a micro memory image.
uint32_t producing_pc(const formats::VutraceTrace& trace, size_t index);
uint64_t bundle_at(const formats::VutraceMemory& micro, uint32_t pc);

// How far apart two PS2 float bit patterns are, in representable values (sign-magnitude order).
uint64_t float_distance(uint32_t a, uint32_t b);

}  // namespace gcvu::harness
