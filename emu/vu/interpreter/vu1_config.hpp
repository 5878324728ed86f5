#pragma once
// Options that select between documented behaviours where the references disagree, and the run limits.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace gcvu::vu {

// The real VU1 clock (the EE core's 294.912 MHz): what "real time" means in every speed ratio gcvu reports.
inline constexpr double kVu1ClockHz = 294'912'000.0;

// Both halves of a pair write the same VF register: the upper write always wins (reference/vu1.md §3). What happens
// to the lower op is unresolved on hardware:
enum class WriteClash : uint8_t {
  kLowerWriteDiscarded,  // the lower op runs (its VI, memory, Q... effects happen) but its VF write is dropped
  kLowerSkipped,         // the whole lower op is skipped, as PCSX2's interpreter does
};

// How VU1 executes micro code. Every engine gives the same bits, flags and cycles (tests/vu/block_cross_test.cpp
// holds each to the per-pair interpreter); they differ only in speed.
enum class Engine : uint8_t {
  kInterp,  // every pair through the per-pair issue loop: the reference and the readable definition of the VU
  kBlocks,  // cached blocks run with a precomputed stall schedule where their entry is quiet (block.hpp)
  kJit,     // as kBlocks, with blocks run whole compiled to host code (emu/vu/jit/block_compiler.hpp)
};

// The engine's command-line name ("interp", "blocks") and back (nullopt for an unknown name).
constexpr std::string_view engine_name(Engine engine) {
  switch (engine) {
    case Engine::kInterp: return "interp";
    case Engine::kBlocks: return "blocks";
    case Engine::kJit: return "jit";
  }
  return "blocks";
}
constexpr std::optional<Engine> engine_from_name(std::string_view name) {
  if (name == "interp") return Engine::kInterp;
  if (name == "blocks") return Engine::kBlocks;
  if (name == "jit") return Engine::kJit;
  return std::nullopt;
}

// Flag liveness in the block engine (flag_liveness.hpp): MAC/status results that no instruction and no observer can
// see are left out of the flag pipeline. On by default; it never changes a result, flag or cycle.
enum class FlagLiveness : uint8_t {
  kOn,
  kOff,  // every result goes through the flag pipeline (for bisecting and for measuring what liveness saves)
  // Deliberately wrong analyses, only so tests/vu/block_cross_test.cpp can show that the engine cross-test notices a
  // liveness bug. Never use them.
  kBrokenIgnoresReads,     // FMxxx/FSxxx reads and FSSET do not keep a result live
  kBrokenDropsExitWrites,  // results still in flight when the block exits may be left out too
  kBrokenLosesSticky,      // a left-out result's sticky bits are not carried into the next one
  kBrokenWhenCut,          // left out even when run_until or the cycle budget cuts the block short
};

// Deliberately broken JIT variants, only so tests/vu/jit_cross_test.cpp can show that the engine cross-test notices
// a JIT bug. Never use them.
enum class JitFault : uint8_t {
  kNone,
  kBrokenStallStats,     // a stalled pair adds one cycle too many to Vu1Stats::stall_cycles
  kBrokenSkipsRetire,    // a stalled pair does not commit the results that land before it issues
  kBrokenLastCycle,      // the cycle counter does not count up after a block's last pair
  kBrokenStaleCode,      // micro-memory writes leave the compiled code in place
  kBrokenBranchTarget,   // a taken branch compiled inline goes one pair past its target
  kBrokenFmacFields,     // an FMAC op compiled inline writes all four fields of its destination, whatever its dest
  kBrokenFmacReady,      // an FMAC op compiled inline makes its result readable one cycle early (FMAC scoreboard)
  kBrokenFmacFlags,      // an FMAC op compiled inline leaves its sticky bits out of a dead result
  kBrokenKernelFlags,    // every FMAC op compiled inline takes the dead-result kernel, live results too (MAC lost)
  kBrokenDeadOverflow,   // a dead result to ACC takes the kernel without MAC O bits (ACC-overflow persistence lost)
  kBrokenInlineInteger,  // an integer op compiled inline (IADD ... ISUBIU, ILW, MTIR) writes its result plus one
  kBrokenInlineStore,    // a store compiled inline (SQ, SQI, ISW) writes all four fields, whatever its dest
  kBrokenInlineLoad,     // a load compiled inline (LQ, LQI) reads the qword after its address
  kBrokenLaneFields,     // MAX/MINI/ABS/ITOF/FTOI compiled inline write all four fields of their destination
  kBrokenInlineFtoi,     // an FTOI compiled inline does not saturate (gives cvttps2dq's 0x80000000 there)
  kBrokenInlineFlagOp,   // a flag op compiled inline (FSAND ... FCGET) writes its result plus one
  kBrokenChainQuiet,     // a chained block entry skips the FMAC part of its quiet-entry test
  kBrokenDeferredCycle,  // a hook called from compiled code for a live FMAC result sees the cycle of an earlier pair
  kBrokenDeferredDrain,  // compiled code never stores the FMAC drain cycle it defers (block_compiler.cpp Deferred)
  // These two break the block runner too (Engine::kBlocks), whose entries the JIT shares.
  kBrokenStalledEntry,   // a block entered with its first pair stalled charges one stall cycle too few
  kBrokenHeldEntry,      // a block entered with a deadline missed also runs the pairs issuing on that deadline
  kBrokenInlineBranch,   // a conditional branch compiled inline reads its VI even when the pair before wrote it
  kBrokenHeldCause,      // a block entered held by compiled code charges its first pair's stall to no cause
  kBrokenHeldMac,        // a live FMAC result held back by compiled code is committed a cycle early
  kBrokenHeldClip,       // a CLIP judgement held back by compiled code is committed a cycle early
  kBrokenHeldFdiv,       // a DIV/SQRT/RSQRT result held back by compiled code is committed a cycle early
  kBrokenKickPastStore,  // compiled code sends XGKICK qwords ahead past a pair that writes data memory
};

struct Vu1Config {
  // A program that has not ended after this many cycles stops with an error.
  uint64_t max_cycles = 50'000'000;
  WriteClash write_clash = WriteClash::kLowerWriteDiscarded;
  // FBRST.DE1 / TE1: whether the D and T bits stop the program (off, as after a reset, by default).
  bool d_bit_enabled = false;
  bool t_bit_enabled = false;
  // The execution engine (the fastest by default: the JIT runs fewer host instructions per pair than the block
  // runner on every built-in workload, callgrind, and was level or ahead in `gcvu bench`; issue19-note). An attached
  // observer (tracer, debugger, Chrome trace) always gets the per-pair loop, whatever the engine.
  Engine engine = Engine::kJit;
  FlagLiveness flag_liveness = FlagLiveness::kOn;
  // Engine::kJit: how many compiled blocks are kept (the oldest is evicted beyond), how many bytes of host code they
  // may take (0: CodeArena's default; a full arena empties the cache and starts over, so a small one only to test
  // that), and the test-only faults.
  size_t jit_cache_blocks = 512;
  size_t jit_code_bytes = 0;
  // Tiered: the block runner takes a block's first `jit_compile_after` whole quiet entries (the JIT's entry class)
  // at a PC, and only then is it compiled. Compiling a block costs as much as dozens of runner runs of it, and most
  // of a cold run's blocks run a few times or never (ahead compiles); 0 compiles at the first entry.
  uint8_t jit_compile_after = 16;
  JitFault jit_fault = JitFault::kNone;
  // For a debugger that watches stalls cycle by cycle: run_until(c) never issues a pair whose issue cycle (after
  // its stall) is c or later; the clock moves to c (retiring what is due) and the pair waits, still at the PC.
  // Its stall is measured from the cycle it came up, so PairEvent::stall and Vu1Stats are as without the option.
  // Pairs then go one by one (no blocks). step() and run() still issue the next pair whatever its stall.
  bool stall_in_place = false;
  // PCSX2's VU1 interpreter before 2022 (vutrace format 1's captures): it ran a pair, then committed the Q, P and
  // flag results due by the pair's cycle, then counted the cycle up, so a pair that issues without a stall on the
  // cycle a result lands still reads the old value (a stalled pair waited the result out, and sees it). Off: the
  // hardware's rule, results land before the pair issuing on their cycle. Per-pair loop only (no blocks).
  bool commit_after_pair = false;
};

}  // namespace gcvu::vu
