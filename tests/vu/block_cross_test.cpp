// Consistency check of the block runner (Vu1Config::engine kBlocks) and the JIT (kJit, emu/vu/jit) against the
// per-pair issue loop (kInterp), which the hand-worked and hardware timing tests hold to their independent sources.
// All three paths run the same programs from the same state and must leave everything the same: registers, data
// memory, cycle counts, stats (stall cycles by cause), pipeline contents, XGKICK qword streams with their cycles,
// stop reasons and messages. The programs: the three benchmark workloads, seeded random microprograms (random upper
// and lower rows of the opcode table, random flags, branches into the program, budgets that stop runaway loops,
// write_micro patches between two runs), and the same again driven by run_until in uneven slices as a clocked
// system would. Every program in tests/vu that goes through run_vsm is also cross-run (vu_program.cpp).

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "emu/vu/isa/decoded_op.hpp"
#include "harness/bench/demo_frame_workloads.hpp"
#include "harness/bench/workloads.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/assembler/assembler.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/vu/random_program.hpp"
#include "tests/vu/sweep_size.hpp"
#include "tests/vu/vu_program.hpp"
#include "tests/vu/vu_snapshot.hpp"

namespace gcvu::test {
namespace {

// Deliberately broken variants of the compared engine's outcome, to show the comparison can fail: each changes one
// thing the check must notice, just before every snapshot of the engine's side.
enum class Sabotage { kNone, kVfBit, kStickyStatus, kQ, kDataWord, kKickCycle, kKickValue, kEndCycle };

void sabotage(Sabotage kind, vu::Vu1& vu, RecordingPath1& path1) {
  switch (kind) {
    case Sabotage::kNone: break;
    case Sabotage::kVfBit: {
      vu::Vec4 value = vu.registers().vf(5);
      value[2] ^= 1;
      vu.registers().write_vf(5, vu::kFieldsXyzw, value);
      break;
    }
    case Sabotage::kStickyStatus: vu.registers().status ^= 0x40; break;
    case Sabotage::kQ: vu.registers().q ^= 0x80000000u; break;
    case Sabotage::kDataWord: vu.data().write_word(0x123, 1, vu.data().word(0x123, 1) ^ 0x10); break;
    case Sabotage::kKickCycle:
      if (!path1.qwords.empty()) ++path1.qwords.back().cycle;
      break;
    case Sabotage::kKickValue:
      if (!path1.qwords.empty()) path1.qwords.front().value[3] ^= 1;
      break;
    case Sabotage::kEndCycle: vu.idle_until(vu.cycle() + 1); break;  // only moves an idle VU's clock
  }
}

struct Outcome {
  std::vector<VuSnapshot> snapshots;  // after every slice, then after the XGKICK flush
  vu::BlockStats block_stats;
  uint64_t compiled_blocks = 0;  // blocks the JIT compiled
};

// Runs the case (twice when it has patches: the second run after write_micro, on the same VU with whatever is
// still in flight). With `slices`, run_until advances by the given numbers of cycles in turn instead of run().
// `compile_after`: Vu1Config::jit_compile_after for the JIT (0, the default here: the pure JIT, every block's code
// from its first entry; more: tiered, the block runner and the code mixed within one run).
Outcome run_case(const Case& c, vu::Engine engine, const std::vector<uint32_t>& slices = {},
                 Sabotage broken = Sabotage::kNone, uint8_t compile_after = 0) {
  vu::Vu1Config config = c.config;
  config.engine = engine;
  config.jit_compile_after = compile_after;
  VuRun run(config);
  run.vu.load_micro(c.code, c.base);
  run.vu.data().load(c.data);
  if (c.set_registers) run.vu.registers() = c.registers;
  Outcome out;
  auto play = [&](uint32_t pc) {
    run.vu.start(pc);
    if (slices.empty()) {
      run.vu.run();
    } else {
      for (size_t n = 0; run.vu.running(); ++n) {
        run.vu.run_until(run.vu.cycle() + slices[n % slices.size()]);
        out.snapshots.emplace_back(run.vu, &run.path1, false);
      }
    }
    sabotage(broken, run.vu, run.path1);
    out.snapshots.emplace_back(run.vu, &run.path1);
    run.vu.finish_xgkick();
    out.snapshots.emplace_back(run.vu, &run.path1);
  };
  play(c.base);
  if (!c.patches.empty()) {
    for (const auto& [pc, bundle] : c.patches) run.vu.write_micro(pc, bundle);
    play(c.second_start);
  }
  out.block_stats = run.vu.block_stats();
  out.compiled_blocks = run.vu.jit_cache().compiled();
  return out;
}

// The first difference between two outcomes, described ("" when they are the same).
std::string first_difference(const Outcome& reference, const Outcome& blocks) {
  if (reference.snapshots.size() != blocks.snapshots.size()) {
    return fmt::format("{} snapshots != {}", reference.snapshots.size(), blocks.snapshots.size());
  }
  for (size_t n = 0; n < reference.snapshots.size(); ++n) {
    const std::string difference = reference.snapshots[n].difference(blocks.snapshots[n]);
    if (!difference.empty()) return fmt::format("snapshot {}: {}", n, difference);
  }
  return "";
}

// What the block runner, the JIT and the tiered JIT did in the runs expect_same_runs compared.
struct EngineStats {
  vu::BlockStats blocks;
  vu::BlockStats jit;
  vu::BlockStats tiered;
  uint64_t compiled_blocks = 0;  // by the pure JIT
  uint64_t tiered_compiled_blocks = 0;
};

// The tiered JIT's setting in these checks: low, so that the short programs here switch from the block runner to
// compiled code within a run (a block's second whole quiet entry is its first compiled one).
constexpr uint8_t kTieredCompileAfter = 1;

// Runs the per-pair path, the block runner, the pure JIT and the tiered JIT (Vu1Config::jit_compile_after), and
// expects the same snapshots from all four.
EngineStats expect_same_runs(const Case& c, const std::string& what, const std::vector<uint32_t>& slices = {}) {
  const Outcome reference = run_case(c, vu::Engine::kInterp, slices);
  EXPECT_EQ(reference.block_stats.pairs, 0u) << what;
  EngineStats stats;
  struct Variant {
    vu::Engine engine;
    uint8_t compile_after;
    vu::BlockStats* stats;
    const char* name;
  };
  for (const Variant& variant : {Variant{vu::Engine::kBlocks, 0, &stats.blocks, "blocks"},
                                 Variant{vu::Engine::kJit, 0, &stats.jit, "jit"},
                                 Variant{vu::Engine::kJit, kTieredCompileAfter, &stats.tiered, "tiered jit"}}) {
    const Outcome outcome = run_case(c, variant.engine, slices, Sabotage::kNone, variant.compile_after);
    const std::string difference = first_difference(reference, outcome);
    if (!difference.empty()) ADD_FAILURE() << what << ", " << difference << " (interp vs " << variant.name << ")";
    *variant.stats = outcome.block_stats;
    (variant.stats == &stats.jit ? stats.compiled_blocks : stats.tiered_compiled_blocks) += outcome.compiled_blocks;
  }
  // The JIT runs the same blocks as the block runner, counted the same way, whether its code went back to the
  // runner's loop between them or chained on (block_compiler.hpp), in whole runs and in run_until slices alike.
  // Tiered, the runner's loop and the code count the same blocks the same way, whichever of them ran each.
  const auto expect_counts_as_blocks = [&](const auto& engine, const char* name) {
    EXPECT_EQ(engine.entries, stats.blocks.entries) << what << " (" << name << ")";
    EXPECT_EQ(engine.pairs, stats.blocks.pairs) << what << " (" << name << ")";
    EXPECT_EQ(engine.noisy_entries, stats.blocks.noisy_entries) << what << " (" << name << ")";
    EXPECT_EQ(engine.stalled_entries, stats.blocks.stalled_entries) << what << " (" << name << ")";
    EXPECT_EQ(engine.prefix_entries, stats.blocks.prefix_entries) << what << " (" << name << ")";
    EXPECT_EQ(engine.dead_flag_results, stats.blocks.dead_flag_results) << what << " (" << name << ")";
    EXPECT_EQ(engine.resumed_cuts, stats.blocks.resumed_cuts) << what << " (" << name << ")";
  };
  expect_counts_as_blocks(stats.jit, "jit");
  expect_counts_as_blocks(stats.tiered, "tiered jit");
  EXPECT_EQ(stats.blocks.chained, 0u) << what;
  return stats;
}

Case workload_case(const harness::Workload& workload) {
  Case c;
  c.code = workload.code;
  c.data = workload.data;
  return c;
}

TEST(VuBlockCross, BenchWorkloadsMatchThePerPairPath) {
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    const EngineStats stats = expect_same_runs(workload_case(workload), workload.name);
    // The block runner and the JIT really took (nearly) all of it.
    EXPECT_GT(stats.blocks.pairs, 0u) << workload.name;
    EXPECT_GT(stats.jit.pairs, 0u) << workload.name;
    EXPECT_GT(stats.compiled_blocks, 0u) << workload.name;
    // expect_same_runs compared the JIT's block counts with the block runner's; here the JIT also chains.
    EXPECT_GT(stats.jit.chained, 0u) << workload.name;
    // Tiered, the loops' blocks ran in the runner first and were then compiled, and their code chains too.
    EXPECT_GT(stats.tiered_compiled_blocks, 0u) << workload.name;
    EXPECT_GT(stats.tiered.chained, 0u) << workload.name;
  }
}

// A loop whose delay slot writes the VF register its first pair reads: the loop's block is entered quietly once
// (from the branch before it), so it is compiled, and then every chained entry into it finds an FMAC result still
// in flight and must not be taken as quiet (the chained entry's quiet test). The compiled code's held entry then
// enters it with its first pair stalled (Vu1::held_entry in host code, block_compiler.cpp), as the per-pair path
// stalls that pair. JitFault::kBrokenChainQuiet takes the chained entries as quiet anyway, and the comparison must
// see it in this program (the random sweep below meets such an entry only rarely).
TEST(VuBlockCross, AChainedEntryIntoAnFmacHazardIsRefused) {
  const char* source = R"(
        nop                         iaddiu VI01, VI00, 6
        nop                         b loop
        nop                         nop
loop:
        add.xyzw VF01, VF01, VF02   iaddi VI01, VI01, -1
        nop                         nop
        nop                         ibne VI01, VI00, loop
        add.xyzw VF01, VF01, VF02   nop
        nop[E]                      nop
        nop                         nop
)";
  Case c;
  c.code = microcode::assemble_source(source, "chain_hazard.vsm").code;
  const EngineStats stats = expect_same_runs(c, "chain hazard loop");
  EXPECT_EQ(stats.jit.noisy_entries, 0u);
  EXPECT_EQ(stats.jit.stalled_entries, 5u);  // every pass after the first
  // All but the first by the compiled code's held entry: the first asks for it (the block's code is compiled without
  // one until then) and is the loop's.
  EXPECT_EQ(stats.jit.held_chained, 4u);
  const Outcome reference = run_case(c, vu::Engine::kInterp);
  for (vu::JitFault fault : {vu::JitFault::kBrokenChainQuiet, vu::JitFault::kBrokenHeldCause}) {
    c.config.jit_fault = fault;
    EXPECT_NE(first_difference(reference, run_case(c, vu::Engine::kJit)), "");  // the check can fail
  }
}

// Held entries (Vu1::held_entry), the common case of real microcode: a loop whose first pair waits for the DIV of
// the pass before. Each pass after the first is entered with its WAITQ stalled; in run_until slices too, where a
// slice can end inside the stall (the block is then left to the per-pair path). A loop whose stall falls on its
// second pair runs its first pair alone (the block's quiet prefix), and the block from the second pair is then
// entered stalled. A loop whose first pair waits for an FMAC result and whose second then waits for the DIV does
// both: the first pair's stall is charged, it runs alone, and the block from the second pair is entered stalled.
// JitFault::kBrokenStalledEntry charges one stall cycle too few, JitFault::kBrokenHeldEntry lets the pair held
// back into the prefix, and the comparison must see both. Chained into, these entries are taken by the compiled
// code's held entry (block_compiler.cpp), held prefixes included, with the same counts as the runner's loop.
TEST(VuBlockCross, ALoopWaitingForItsDivIsEnteredStalled) {
  const char* waitq_first = R"(
        nop                         iaddiu VI01, VI00, 8
        nop                         b loop
        nop                         nop
loop:
        nop                         waitq
        mulq.xyzw VF03, VF01, Q     iaddi VI01, VI01, -1
        nop                         div Q, VF01x, VF02y
        nop                         ibne VI01, VI00, loop
        add.xyzw VF01, VF01, VF02   nop
        nop[E]                      nop
        nop                         nop
)";
  const char* waitq_second = R"(
        nop                         iaddiu VI01, VI00, 8
        nop                         b loop
        nop                         nop
loop:
        nop                         iaddi VI01, VI01, -1
        nop                         waitq
        mulq.xyzw VF03, VF01, Q     div Q, VF01x, VF02y
        nop                         ibne VI01, VI00, loop
        add.xyzw VF01, VF01, VF02   nop
        nop[E]                      nop
        nop                         nop
)";
  const char* fmac_then_waitq = R"(
        nop                         iaddiu VI01, VI00, 8
        nop                         b loop
        nop                         nop
loop:
        add.xyzw VF04, VF03, VF03   nop
        nop                         waitq
        mulq.xyzw VF05, VF01, Q     iaddi VI01, VI01, -1
        nop                         nop
        nop                         ibne VI01, VI00, loop
        ftoi4.xyzw VF03, VF02       div Q, VF01x, VF02y
        nop[E]                      nop
        nop                         nop
)";
  Case first;
  first.code = microcode::assemble_source(waitq_first, "waitq_first.vsm").code;
  first.set_registers = true;
  first.registers.write_vf(1, vu::kFieldsXyzw, vu::Vec4{0x3f800000u, 0x40000000u, 0x40400000u, 0x40800000u});
  first.registers.write_vf(2, vu::kFieldsXyzw, vu::Vec4{0x3fc00000u, 0x3fa00000u, 0x40a00000u, 0x3e800000u});
  const std::vector<std::vector<uint32_t>> slicings = {{1, 2, 3, 5, 7, 11}, {4, 4, 9}};
  EngineStats stats = expect_same_runs(first, "WAITQ first");
  EXPECT_EQ(stats.jit.stalled_entries, 7u);
  EXPECT_EQ(stats.jit.prefix_entries, 0u);
  EXPECT_EQ(stats.jit.noisy_entries, 0u);
  EXPECT_EQ(stats.jit.held_chained, 6u);  // the first asks for the held entry and is the loop's
  for (const std::vector<uint32_t>& slices : slicings) expect_same_runs(first, "WAITQ first, sliced", slices);
  Case second = first;
  second.code = microcode::assemble_source(waitq_second, "waitq_second.vsm").code;
  stats = expect_same_runs(second, "WAITQ second");
  EXPECT_EQ(stats.jit.stalled_entries, 7u);
  EXPECT_EQ(stats.jit.prefix_entries, 7u);
  EXPECT_EQ(stats.jit.noisy_entries, 0u);
  // Per pass: the prefix, then the block after it; but that block's first entry, which compiles it, is the loop's, and
  // so is the first held entry of the block that starts the loop, which asks for its code's held entry. The block
  // after the prefix has its held entry from its first compile: its first entry, the runner's, was a held one
  // (CodeCache::entered_held).
  EXPECT_EQ(stats.jit.held_chained, 12u);
  for (const std::vector<uint32_t>& slices : slicings) expect_same_runs(second, "WAITQ second, sliced", slices);
  Case both = first;
  both.code = microcode::assemble_source(fmac_then_waitq, "fmac_then_waitq.vsm").code;
  stats = expect_same_runs(both, "FMAC then WAITQ");
  EXPECT_EQ(stats.jit.stalled_entries, 14u);  // per pass after the first: the loop's first pair, then its second
  EXPECT_EQ(stats.jit.prefix_entries, 7u);
  EXPECT_EQ(stats.jit.noisy_entries, 0u);
  EXPECT_EQ(stats.jit.held_chained, 12u);  // likewise
  for (const std::vector<uint32_t>& slices : slicings) expect_same_runs(both, "FMAC then WAITQ, sliced", slices);
  // The prefix for a missed EFU deadline, and for two missed at once, where the earlier (an FMAC result read by the
  // second pair) is not the one found last (the DIV the fourth pair waits for).
  const char* waitp_second = R"(
        nop                         iaddiu VI01, VI00, 8
        nop                         b loop
        nop                         nop
loop:
        nop                         iaddi VI01, VI01, -1
        nop                         waitp
        nop                         mfp.x VF05x, P
        nop                         esqrt P, VF01x
        nop                         ibne VI01, VI00, loop
        nop                         nop
        nop[E]                      nop
        nop                         nop
)";
  const char* two_units = R"(
        nop                         iaddiu VI01, VI00, 8
        nop                         b loop
        nop                         nop
loop:
        nop                         iaddi VI01, VI01, -1
        add.xyzw VF04, VF03, VF03   nop
        nop                         nop
        nop                         waitq
        mulq.xyzw VF05, VF01, Q     nop
        nop                         ibne VI01, VI00, loop
        ftoi4.xyzw VF03, VF02       div Q, VF01x, VF02y
        nop[E]                      nop
        nop                         nop
)";
  struct HeldLoop {
    const char* name;
    const char* source;
    uint64_t prefix_entries;
  };
  // Per pass after the first: WAITP second, the first pair alone; two units, the first pair alone, then (entered
  // stalled) the FMAC reader alone, the block from the pair after it still waiting for the DIV.
  for (const HeldLoop& loop : {HeldLoop{"WAITP second", waitp_second, 7}, HeldLoop{"two units", two_units, 14}}) {
    const std::string name = loop.name;
    Case held = first;
    held.code = microcode::assemble_source(loop.source, "held.vsm").code;
    stats = expect_same_runs(held, name);
    EXPECT_EQ(stats.jit.prefix_entries, loop.prefix_entries) << name;
    EXPECT_EQ(stats.jit.noisy_entries, 0u) << name;
    for (const std::vector<uint32_t>& slices : slicings) expect_same_runs(held, name, slices);
  }

  const Outcome reference = run_case(first, vu::Engine::kInterp);
  first.config.jit_fault = vu::JitFault::kBrokenStalledEntry;
  EXPECT_NE(first_difference(reference, run_case(first, vu::Engine::kJit)), "");  // the check can fail
  for (Case* held : {&second, &both}) {
    const Outcome held_reference = run_case(*held, vu::Engine::kInterp);
    Case broken = *held;
    broken.config.jit_fault = vu::JitFault::kBrokenHeldCause;  // the compiled held entries, prefixes included
    EXPECT_NE(first_difference(held_reference, run_case(broken, vu::Engine::kJit)), "");
  }
  for (Case* held : {&second, &both}) {
    const Outcome held_reference = run_case(*held, vu::Engine::kInterp);
    held->config.jit_fault = vu::JitFault::kBrokenHeldEntry;
    for (vu::Engine engine : {vu::Engine::kBlocks, vu::Engine::kJit}) {
      EXPECT_NE(first_difference(held_reference, run_case(*held, engine)), "") << vu::engine_name(engine);
    }
  }
}

// Conditional branches compiled inline (block_compiler.cpp inline_conditional_branch) read the VI register itself,
// which is what the branch sees unless the pair right before it wrote that VI (the branch-VI history, vu1.md §3:
// that write is hidden from the branch). Loops count down VI01: one decrements it two pairs before its IBNE
// (compiled inline), the others in the pair right before their IBNE (VI01 as `it`) or IBGTZ (as `is`): the handler
// decides, and the loop runs one pass more. With JitFault::kBrokenInlineBranch those are compiled inline too, and
// the comparison must see it. (The random sweep meets such a pair only rarely.)
TEST(VuBlockCross, ABranchSeesTheVIThePairBeforeItWrote) {
  struct Loop {
    const char* name;
    const char* branch;  // the branch that closes the loop
    bool write_right_before;
  };
  for (const Loop& loop : {Loop{"VI written two pairs before IBNE", "ibne VI01, VI00, loop", false},
                           Loop{"VI written right before IBNE", "ibne VI01, VI00, loop", true},
                           Loop{"VI written right before IBGTZ", "ibgtz VI01, loop", true}}) {
    const std::string source = fmt::format(R"(
        nop                         iaddiu VI01, VI00, 5
        nop                         b loop
        nop                         nop
loop:
        add.xyzw VF01, VF01, VF02   {}
        nop                         {}
        nop                         {}
        nop                         iaddiu VI02, VI02, 1
        nop[E]                      nop
        nop                         nop
)",
                                           loop.write_right_before ? "nop" : "iaddi VI01, VI01, -1",
                                           loop.write_right_before ? "iaddi VI01, VI01, -1" : "nop", loop.branch);
    Case c;
    c.code = microcode::assemble_source(source, "branch_vi.vsm").code;
    const EngineStats stats = expect_same_runs(c, loop.name);
    EXPECT_GT(stats.jit.pairs, 0u) << loop.name;
    if (loop.write_right_before) {
      const Outcome reference = run_case(c, vu::Engine::kInterp);
      c.config.jit_fault = vu::JitFault::kBrokenInlineBranch;
      EXPECT_NE(first_difference(reference, run_case(c, vu::Engine::kJit)), "") << loop.name;  // the check can fail
    }
  }
}

// Compiled code sends a running XGKICK transfer's qwords ahead, up to the next pair that writes data memory
// (block_compiler.cpp kick_horizon). Here the block after the XGKICK stores into the packet's fifth qword three
// cycles before the transfer reads it: the stream must carry the stored value, as on the per-pair path, in whole
// runs and sliced. With the horizon running past the store (JitFault::kBrokenKickPastStore) the old value goes.
TEST(VuBlockCross, XgkickQwordsSentAheadStopAtAStore) {
  const char* store_into_packet = R"(
        nop                         iaddiu VI01, VI00, 0x100
        nop                         iaddiu VI02, VI00, 0x104
        nop                         xgkick VI01
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         sq.xyzw VF01, 0(VI02)
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         nop
        nop                         nop
        nop[E]                      nop
        nop                         nop
)";
  Case c;
  c.code = microcode::assemble_source(store_into_packet, "store_into_packet.vsm").code;
  c.data.assign(vu::kDataQwords * 16, 0);
  const std::array<uint32_t, 4> tag = harness::vertex_loop_giftag(7);  // EOP, PACKED, 7 qwords of data
  for (uint32_t q = 0; q < 8; ++q) {
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const uint32_t word = q == 0 ? tag[lane] : 0x1000 * q + lane;
      std::memcpy(&c.data[16 * (0x100 + q) + 4 * lane], &word, 4);
    }
  }
  c.set_registers = true;
  c.registers.write_vf(1, vu::kFieldsXyzw, vu::Vec4{0xaaaa0000u, 0xaaaa0001u, 0xaaaa0002u, 0xaaaa0003u});
  const EngineStats stats = expect_same_runs(c, "store into the packet");
  EXPECT_GT(stats.compiled_blocks, 0u);
  for (const std::vector<uint32_t>& slices : std::vector<std::vector<uint32_t>>{{1, 2, 3}, {5}, {2, 7}}) {
    expect_same_runs(c, "store into the packet, sliced", slices);
  }
  const Outcome reference = run_case(c, vu::Engine::kInterp);
  Case broken = c;
  broken.config.jit_fault = vu::JitFault::kBrokenKickPastStore;
  EXPECT_NE(first_difference(reference, run_case(broken, vu::Engine::kJit)), "");
}

// The check itself: every deliberately broken variant of the engine's outcome must be reported, naming the part
// that differs.
TEST(VuBlockCross, TheComparisonCatchesEachDeliberateBreak) {
  const harness::Workload vertex_loop = harness::builtin_workloads().front();
  const Outcome reference = run_case(workload_case(vertex_loop), vu::Engine::kInterp);
  const std::vector<std::pair<Sabotage, std::string>> breaks = {
      {Sabotage::kVfBit, "VF"},
      {Sabotage::kStickyStatus, "Q P I R MAC status clip TPC"},
      {Sabotage::kQ, "Q P I R MAC status clip TPC"},
      {Sabotage::kDataWord, "data memory word"},
      {Sabotage::kKickCycle, "XGKICK qword"},
      {Sabotage::kKickValue, "XGKICK qword"},
      {Sabotage::kEndCycle, "cycle start_cycle running stop_reason"},
  };
  for (vu::Engine engine : {vu::Engine::kBlocks, vu::Engine::kJit}) {
    for (const auto& [kind, section] : breaks) {
      const Outcome broken = run_case(workload_case(vertex_loop), engine, {}, kind);
      ASSERT_EQ(reference.snapshots.size(), broken.snapshots.size());
      const std::string difference = reference.snapshots.front().difference(broken.snapshots.front());
      EXPECT_NE(difference.find(section), std::string::npos) << section << ": " << difference;
    }
    const Outcome unbroken = run_case(workload_case(vertex_loop), engine);
    EXPECT_EQ(reference.snapshots.front().difference(unbroken.snapshots.front()), "");
  }
}

// The demo frame's tfrag, shrub and moby programs (the `gcvu bench` workloads tfrag_frame, shrub_frame,
// moby_frame), each kind run in order on one VU per engine, as the frame ran them: whatever one program leaves in
// flight meets the next. Compared after every program, with data memory and the XGKICK stream.
TEST(VuBlockCross, DemoFrameProgramsMatchThePerPairPath) {
  for (const harness::DemoFrameWorkload& workload : harness::demo_frame_workloads()) {
    const size_t count = workload.frame.programs.size();
    // Every program (up to 1000 of each kind; a tenth of that in unoptimised and sanitizer builds).
    const auto limit = static_cast<size_t>(std::max(1L, sweep_size("GCVU_BLOCK_CROSS_FRAME_PROGRAMS", 1000)));
    const size_t stride = std::max<size_t>(1, (count + limit - 1) / limit);
    // The per-pair path, the block runner, the pure JIT and the JIT tiered as by default (Vu1Config).
    std::vector<std::unique_ptr<VuRun>> runs;
    const std::array<const char*, 4> names = {"interp", "blocks", "jit", "tiered jit"};
    for (vu::Engine engine : {vu::Engine::kInterp, vu::Engine::kBlocks, vu::Engine::kJit, vu::Engine::kJit}) {
      vu::Vu1Config config;
      config.engine = engine;
      if (runs.size() == 2) config.jit_compile_after = 0;
      runs.push_back(std::make_unique<VuRun>(config));
      runs.back()->vu.load_micro(workload.frame.micro);
    }
    size_t compared = 0;
    for (size_t n = 0; n < count; n += stride) {
      const harness::CapturedProgram& program = workload.frame.programs[n];
      for (auto& run : runs) {
        run->vu.data().load(program.data);
        run->vu.registers() = program.registers;
        run->vu.set_top(program.top, program.itop);
        run->vu.start(program.registers.tpc);
        run->vu.run();
        run->vu.finish_xgkick();
      }
      const VuSnapshot reference(runs[0]->vu, &runs[0]->path1);
      for (size_t engine = 1; engine < runs.size(); ++engine) {
        expect_same(reference, VuSnapshot(runs[engine]->vu, &runs[engine]->path1),
                    fmt::format("{} program {} ({})", workload.name, n, names[engine]));
      }
      ++compared;
      if (testing::Test::HasFailure()) break;
    }
    EXPECT_GT(compared, 0u) << workload.name;
    EXPECT_GT(runs[1]->vu.block_stats().pairs, 0u) << workload.name;
    EXPECT_GT(runs[2]->vu.jit_cache().compiled(), 0u) << workload.name;
    EXPECT_GT(runs[3]->vu.jit_cache().compiled(), 0u) << workload.name;
    EXPECT_LT(runs[3]->vu.jit_cache().compiled(), runs[2]->vu.jit_cache().compiled()) << workload.name;
    EXPECT_EQ(runs[0]->vu.block_stats().pairs, 0u) << workload.name;
  }
}

// The whole demo frame through the clocked system (DMA, VIF1, VU1, GIF, GS) with each engine (the JIT pure and
// tiered as by default): the same GS memory byte for byte, and the same VU1 cycles.
TEST(VuBlockCross, DemoFrameGsMemoryIsTheSameWithEitherEngine) {
  const formats::rc2::Level& level = harness::demo_level();
  std::vector<harness::LevelRunResult> results;
  for (vu::Engine engine : {vu::Engine::kInterp, vu::Engine::kBlocks, vu::Engine::kJit, vu::Engine::kJit}) {
    harness::LevelRunRequest request;
    request.level = &level;
    request.program = &microcode::tfrag::tfrag_program();
    request.frame = harness::scene_frame_options(level, harness::overview_camera(level));
    request.source = "demo";
    request.config.vu.engine = engine;
    if (results.size() == 2) request.config.vu.jit_compile_after = 0;
    results.push_back(harness::run_level(request));
  }
  for (size_t n = 0; n < results.size(); ++n) ASSERT_EQ(results[n].frames.size(), 1u);
  EXPECT_GT(results[0].frames[0].vu_cycles, 0u);
  for (size_t n = 1; n < results.size(); ++n) {
    EXPECT_EQ(results[0].frames[0].vu_cycles, results[n].frames[0].vu_cycles) << n;
    EXPECT_TRUE(results[0].gs_memory == results[n].gs_memory) << "the GS memory differs between the engines " << n;
  }
}

TEST(VuBlockCross, BenchWorkloadsInRunUntilSlices) {
  const std::vector<uint32_t> slices = {1, 7, 3, 64, 2, 29, 5, 1000, 11};
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    const EngineStats stats = expect_same_runs(workload_case(workload), workload.name + " in slices", slices);
    // Slices cut blocks, and the runs after them went on with the cut blocks (Vu1::CutBlock): the comparison
    // covered that path.
    EXPECT_GT(stats.blocks.resumed_cuts, 0u) << workload.name;
  }
}

// Runs of one cycle, as the clocked system steps VU1 beside an active VIF1 (with a long one now and then, to keep
// the snapshots few): most runs go on with the block the one before cut (Vu1::CutBlock), and everything matches
// the per-pair path.
TEST(VuBlockCross, BenchWorkloadsOneCycleAtATime) {
  const std::vector<uint32_t> slices = {1, 1, 1, 1, 1, 1, 1, 1, 600};
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    const EngineStats stats = expect_same_runs(workload_case(workload), workload.name + " one cycle at a time", slices);
    EXPECT_GT(stats.blocks.resumed_cuts, 0u) << workload.name;
  }
}


TEST(VuBlockCross, RandomProgramsMatchThePerPairPath) {
  ProgramGenerator generator(0x5eed);
  const long count = sweep_size("GCVU_BLOCK_CROSS_PROGRAMS", 5000);
  uint64_t block_pairs = 0;
  uint64_t jit_pairs = 0;
  uint64_t compiled = 0;
  for (long n = 0; n < count; ++n) {
    const EngineStats stats = expect_same_runs(generator.next(), fmt::format("random program {}", n));
    block_pairs += stats.blocks.pairs;
    jit_pairs += stats.jit.pairs;
    compiled += stats.compiled_blocks;
    if (testing::Test::HasFailure()) break;
  }
  EXPECT_GT(block_pairs, 0u);
  EXPECT_GT(jit_pairs, 0u);
  EXPECT_GT(compiled, static_cast<uint64_t>(count));
}

TEST(VuBlockCross, RandomProgramsInRunUntilSlices) {
  ProgramGenerator generator(0xc10c);
  const long count = sweep_size("GCVU_BLOCK_CROSS_PROGRAMS", 5000) / 4;
  std::mt19937 rng(99);
  for (long n = 0; n < count; ++n) {
    std::vector<uint32_t> slices;
    for (int k = 0; k < 5; ++k) slices.push_back(1 + rng() % (k == 0 ? 3 : 60));
    expect_same_runs(generator.next(), fmt::format("random program {} in slices", n), slices);
    if (testing::Test::HasFailure()) break;
  }
}

// Uneven run_until slices for every second flag program (the others run whole).
std::vector<uint32_t> flag_program_slices(long n, std::mt19937& rng) {
  std::vector<uint32_t> slices;
  if (n % 2 == 1) {
    for (int k = 0; k < 5; ++k) slices.push_back(1 + rng() % (k == 0 ? 3 : 40));
  }
  return slices;
}

// Flag programs (see ProgramGenerator): the block runner, which leaves dead MAC/status results out of the flag
// pipeline (emu/vu/interpreter/flag_liveness.hpp), against the per-pair path, half of them in uneven run_until
// slices. The results it left out and the spread of read distances show the programs really test that.
TEST(VuBlockCross, RandomFlagProgramsMatchThePerPairPath) {
  ProgramGenerator generator(0xf1a9, true);
  const long count = sweep_size("GCVU_BLOCK_CROSS_PROGRAMS", 5000) / 2;
  std::mt19937 rng(7);
  uint64_t dead = 0;
  for (long n = 0; n < count; ++n) {
    const Case c = generator.next();
    dead += expect_same_runs(c, fmt::format("flag program {}", n), flag_program_slices(n, rng)).blocks.dead_flag_results;
    if (testing::Test::HasFailure()) break;
  }
  EXPECT_GT(dead, static_cast<uint64_t>(count)) << "results left out";
  const auto& distances = generator.read_distances();
  fmt::print("{} flag programs: {} MAC/status results left out; reads 1..8 and more pairs after a write: {}\n", count,
             dead, fmt::join(distances, " "));
  for (size_t d = 0; d < distances.size(); ++d) {
    EXPECT_GT(distances[d], static_cast<uint64_t>(count / 25)) << "MAC/status reads " << d + 1 << " pairs after a write";
  }
}

// The check itself, for liveness: each deliberately wrong liveness analysis (Vu1Config::flag_liveness kBroken*)
// must make some flag program come out differently from the per-pair path, within the same programs as above.
TEST(VuBlockCross, TheComparisonCatchesEachBrokenFlagLiveness) {
  const std::vector<std::pair<vu::FlagLiveness, std::string>> rules = {
      {vu::FlagLiveness::kBrokenIgnoresReads, "ignores reads"},
      {vu::FlagLiveness::kBrokenDropsExitWrites, "drops exit writes"},
      {vu::FlagLiveness::kBrokenLosesSticky, "loses sticky bits"},
      {vu::FlagLiveness::kBrokenWhenCut, "applies when cut"},
  };
  const long count = sweep_size("GCVU_BLOCK_CROSS_PROGRAMS", 5000) / 2;
  for (const auto& [rule, name] : rules) {
    ProgramGenerator generator(0xf1a9, true);
    std::mt19937 rng(7);
    long caught_at = -1;
    std::string difference;
    for (long n = 0; n < count && caught_at < 0; ++n) {
      Case c = generator.next();
      const std::vector<uint32_t> slices = flag_program_slices(n, rng);
      const Outcome reference = run_case(c, vu::Engine::kInterp, slices);
      c.config.flag_liveness = rule;
      difference = first_difference(reference, run_case(c, vu::Engine::kBlocks, slices));
      if (!difference.empty()) caught_at = n;
    }
    EXPECT_GE(caught_at, 0) << name << ": no flag program noticed it";
    if (caught_at >= 0) fmt::print("liveness that {}: caught at flag program {}, {}\n", name, caught_at, difference);
  }
}

// The check itself, for the JIT: each deliberately broken JIT (Vu1Config::jit_fault kBroken*) must make some random
// program come out differently from the per-pair path, within the same programs as RandomProgramsMatchThePerPairPath
// (whole runs, with write_micro patches between two runs), or, for the inline FMAC op's dead flags, as
// RandomFlagProgramsMatchThePerPairPath. (kBrokenDeadOverflow is not among them: these programs never read an
// overflowed ACC lane after a dead write to ACC. VuFlagLiveness.ADeadResultToAccKeepsItsOverflowForTheNextMadd
// catches it by hand. Nor is kBrokenKickPastStore: a random store seldom lands in the qwords a transfer has still to
// read; XgkickQwordsSentAheadStopAtAStore catches it by hand.)
TEST(VuBlockCross, TheComparisonCatchesEachBrokenJit) {
  struct Fault {
    vu::JitFault fault;
    std::string name;
    bool flag_programs;
  };
  const std::vector<Fault> faults = {
      {vu::JitFault::kBrokenStallStats, "stall count", false},
      {vu::JitFault::kBrokenSkipsRetire, "retire skipped when stalled", false},
      {vu::JitFault::kBrokenLastCycle, "last cycle", false},
      {vu::JitFault::kBrokenStaleCode, "stale code after write_micro", false},
      {vu::JitFault::kBrokenBranchTarget, "taken branch target", false},
      {vu::JitFault::kBrokenFmacFields, "inline FMAC writes every field", false},
      {vu::JitFault::kBrokenFmacReady, "inline FMAC result readable a cycle early", false},
      {vu::JitFault::kBrokenFmacFlags, "inline FMAC loses a dead result's sticky bits", true},
      {vu::JitFault::kBrokenKernelFlags, "inline FMAC builds only sticky bits for live results too", true},
      {vu::JitFault::kBrokenInlineInteger, "inline integer op writes its result plus one", false},
      {vu::JitFault::kBrokenInlineStore, "inline store writes every field", false},
      {vu::JitFault::kBrokenInlineLoad, "inline load reads the next qword", false},
      {vu::JitFault::kBrokenLaneFields, "inline MAX/MINI/ABS/ITOF/FTOI writes every field", false},
      {vu::JitFault::kBrokenInlineFtoi, "inline FTOI does not saturate", false},
      {vu::JitFault::kBrokenInlineFlagOp, "inline flag op writes its result plus one", true},
      {vu::JitFault::kBrokenChainQuiet, "chained entry skips the FMAC quiet test", false},
      {vu::JitFault::kBrokenDeferredCycle, "a flag hook sees an earlier pair's cycle", true},
      {vu::JitFault::kBrokenDeferredDrain, "deferred FMAC drain cycle never stored", false},
      {vu::JitFault::kBrokenStalledEntry, "stalled entry charges a cycle too few", false},
      {vu::JitFault::kBrokenHeldEntry, "held entry runs the pair held back", false},
      {vu::JitFault::kBrokenHeldCause, "compiled held entry charges its stall to no cause", false},
      {vu::JitFault::kBrokenHeldMac, "a live FMAC result held back commits a cycle early", true},
      {vu::JitFault::kBrokenHeldClip, "a CLIP judgement held back commits a cycle early", true},
      {vu::JitFault::kBrokenHeldFdiv, "a DIV/SQRT/RSQRT result held back commits a cycle early", true},
  };
  const long count = sweep_size("GCVU_BLOCK_CROSS_PROGRAMS", 5000);
  for (const auto& [fault, name, flag_programs] : faults) {
    ProgramGenerator generator(flag_programs ? 0xf1a9 : 0x5eed, flag_programs);
    long caught_at = -1;
    std::string difference;
    for (long n = 0; n < count && caught_at < 0; ++n) {
      Case c = generator.next();
      const Outcome reference = run_case(c, vu::Engine::kInterp);
      c.config.jit_fault = fault;
      difference = first_difference(reference, run_case(c, vu::Engine::kJit));
      if (!difference.empty()) caught_at = n;
    }
    EXPECT_GE(caught_at, 0) << name << ": no random program noticed it";
    if (caught_at >= 0) fmt::print("JIT with {}: caught at random program {}, {}\n", name, caught_at, difference);
  }
}

}  // namespace
}  // namespace gcvu::test
